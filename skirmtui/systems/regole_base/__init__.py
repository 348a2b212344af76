"""regole-base (seed 000): single-model fantasy/historical skirmish on 2d6 Confronti."""

from skirmtui.systems.regole_base.system import RegoleBase

SYSTEM = RegoleBase()

__all__ = ["SYSTEM"]
