"""cape-et-epee (seed 004): "A la Guerre… de cape et d'épée"."""

from skirmtui.systems.cape_et_epee.system import CapeEtEpee

SYSTEM = CapeEtEpee()

__all__ = ["SYSTEM"]
