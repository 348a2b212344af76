"""The arithmetic of regole-base (seed 000), free of prompts and battle state, so each
rule is one small function a fixed-dice test can hold to the seed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from skirmtui.systems.regole_base.tables import Weapon, armour_scores, shield_bonus


def attacks_per_model(c: int) -> int:
    """Seed: "un numero di attacchi pari al suo valore di C / 2"; RB-6: max(1, ⌊C/2⌋)."""
    return max(1, c // 2)


def initiative_v(
    v: int, weapon: Weapon, *, charged: bool, first_phase: bool, charge_v: int = 1
) -> int:
    """RB-6/RB-15: the V that orders attacks: the charger's +1, the weapon's bonus
    (Lancia and Picca only in the melee's first Assault phase)."""
    bonus = weapon.initiative if (first_phase or not weapon.initiative_first) else 0
    return v + bonus + (charge_v if charged else 0)


class Fighter(NamedTuple):
    unit: str
    side: str
    v: int


def attack_order(fighters: Sequence[Fighter], sides: Sequence[str]) -> list[list[Fighter]]:
    """Seed: "attacca per primo il modello con la V più alta, quindi a scendere"; RB-6:
    ties go to the initiative side first (`sides` is the round's order). Returns groups
    of one side's models tied at one V, in order; RB-13: each side orders its own ties."""
    rank = {side: i for i, side in enumerate(sides)}
    ordered = sorted(fighters, key=lambda f: (-f.v, rank.get(f.side, len(rank))))
    groups: list[list[Fighter]] = []
    for fighter in ordered:
        last = groups[-1] if groups else None
        if last and last[0].v == fighter.v and last[0].side == fighter.side:
            last.append(fighter)
        else:
            groups.append([fighter])
    return groups


def wounds(f: int, r: int, critical: bool = False) -> int:
    """Seed: a success inflicts a wound, "per ogni 2 punti di cui la F dell'attacco
    surclassa la R del difensore viene inflitta una ferita extra", and a critical
    success "infligge un danno extra" (RB-8: +1 per full 2 points, +1 on a critical)."""
    return 1 + max(0, f - r) // 2 + (1 if critical else 0)


def shield_counts(shield: bool, two_handed: bool) -> bool:
    """RB-7: a shield counts while the model does not hold a two-handed weapon."""
    return shield and not two_handed


def armour_score(armour: str, shield: bool, two_handed: bool) -> int:
    """RB-7: the armour's score, + the shield's unless a two-handed weapon is in hand."""
    score = armour_scores().get(armour, 0)
    if shield_counts(shield, two_handed):
        score += shield_bonus()
    return score


def save_target(score: int, weapon: Weapon, shield_counts: bool, half_range: bool) -> int:
    """RB-7: 1d6 ≤ armour − penetration (negative penetration raises it); RB-10: beyond
    half range the penetration is 1 lower."""
    penetration = weapon.penetration_against(shield_counts)
    if half_range:
        penetration -= 1
    return score - penetration


def rapid_fire_attacks(weapon: Weapon, engaged_in_assault: bool, moved: bool) -> int:
    """Seed (Tiro rapido): two shots if the model did not fight in the Assault phase or
    did not move, three if it did neither; RB-10: 1 + each of the two."""
    if not weapon.rapid_fire:
        return 1
    return 1 + (not engaged_in_assault) + (not moved)


def shaken_by_shooting(r: int, starting_r: int) -> bool:
    """Seed: "se alla fine della fase di tiro un modello ha visto la propria R
    dimezzata"; RB-11: at half its starting R or less."""
    return r > 0 and 2 * r <= starting_r


def losing_side(lost: dict[str, int]) -> str | None:
    """RB-9: the side that lost more R in a melee tests; equal (or none lost): no test.
    With three sides or more (ours), the one that lost most, if alone."""
    if not lost:
        return None
    most = max(lost.values())
    top = [side for side, value in lost.items() if value == most]
    return top[0] if most > 0 and len(top) == 1 else None
