"""pequenas-guerras (seed 001): "Pequenas Guerras", squad skirmish for 2–4 players."""

from skirmtui.systems.pequenas_guerras.system import PequenasGuerras

SYSTEM = PequenasGuerras()

__all__ = ["SYSTEM"]
