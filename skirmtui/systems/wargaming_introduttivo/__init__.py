"""wargaming-introduttivo (seed 002): "Wargaming introduttivo: rapido e semplice"."""

from skirmtui.systems.wargaming_introduttivo.system import WargamingIntroduttivo

SYSTEM = WargamingIntroduttivo()

__all__ = ["SYSTEM"]
