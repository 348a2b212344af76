"""combattimento-gdr (seed 003): a role-playing combat chapter (rulings CG-1..CG-16)."""

from skirmtui.systems.combattimento_gdr.system import CombattimentoGdr

SYSTEM = CombattimentoGdr()
