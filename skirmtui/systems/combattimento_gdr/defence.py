"""Which defence a target uses against an attack (CG-6, CG-13, seed "Difendersi contro
più attacchi").

Melee: against each attack a defence skill not yet used this turn; when none is left
(or it has none) AGI alone, one die lower per attacker beyond the first (min d4).
Ranged: one defence a turn (dodge or shield), separate from melee; after it the target
counts as unaware of further shots.
"""

from __future__ import annotations

from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.text import plural
from skirmtui.systems.combattimento_gdr.checks import check_dice, lower
from skirmtui.systems.combattimento_gdr.tables import rules

AGI_ONLY = "agi"


@frozen_record
class Defence:
    """One way to defend: `skill` ("agi" for AGI alone), its dice expression and label;
    `dice_labels` names each die of `dice` in order (export `roll.parts`)."""

    skill: str
    dice: str
    label: str
    dice_labels: tuple[str, ...] = ()


def skills_ready(skills: dict[str, int], shield: bool, weapon: bool, ranged: bool) -> list[str]:
    """The defence skills a combatant has and can use now (CG-13's needs: a readied
    shield, a readied melee weapon; parrying with a weapon is melee only)."""
    out = []
    for name, spec in rules()["defences"].items():
        if skills.get(name, 0) == 0:
            continue
        if ranged and not spec["ranged"]:
            continue
        if spec["needs"] == "shield" and not shield:
            continue
        if spec["needs"] == "weapon" and not weapon:
            continue
        out.append(name)
    return out


def choices(
    skills: dict[str, int],
    characteristics: dict[str, int],
    ready: list[str],
    used: list[str],
    attackers: int,
) -> list[Defence]:
    """The defences left against one more melee attack (`attackers`: distinct attackers
    this turn, this one included). The unused skills, else AGI alone stepped down."""
    left = [s for s in ready if s not in used]
    if left:
        return [_skill_defence(name, skills, characteristics) for name in left]
    steps = max(attackers - 1, 0)
    agi = lower(characteristics["agi"], steps)
    # "2 die lower" read as a plural: the die steps down its ladder (CG-6)
    label = "AGI alone" + (f", the die {plural(steps, 'step')} lower" if steps else "")
    return [Defence(AGI_ONLY, check_dice(agi), label, ("AGI",) if agi else ())]


def ranged_choices(
    skills: dict[str, int], characteristics: dict[str, int], ready: list[str]
) -> list[Defence]:
    """The one ranged defence of the turn: dodge or shield, else AGI alone (CG-6)."""
    out = [_skill_defence(name, skills, characteristics) for name in ready]
    agi = characteristics["agi"]
    return out or [Defence(AGI_ONLY, check_dice(agi), "AGI alone", ("AGI",) if agi else ())]


def _skill_defence(name: str, skills: dict[str, int], characteristics: dict[str, int]) -> Defence:
    """A defence skill with the characteristic the rules pair it with."""
    spec = rules()["defences"][name]
    char = str(spec["characteristic"])
    named = ((characteristics[char], char.upper()), (skills[name], str(spec["label"])))
    return Defence(
        name,
        check_dice(characteristics[char], skills[name]),
        f"{spec['label']} ({char.upper()} + skill)",
        tuple(label for sides, label in named if sides),
    )
