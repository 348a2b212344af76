"""The battle in a page (issue 27): the turning points that changed the outcome most,
and a short paragraph per round, built from the recorded causes of every loss and
the rolls, never from the log's words.

A turning point's weight is the share of its side's strength a loss took away (its
points, or one unit where profiles carry none): losing a 40-point leader out of 120 is
a bigger swing than a 10-point recruit. At most five are shown, in the order they
happened.
"""

from __future__ import annotations

from collections import Counter

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.text import plural
from skirmtui.engine.report.losses import Loss, cell, fate_words, loss_phrase, worth

#: Turning points shown at most.
TURNING_POINTS = 5


def strength(battle: Battle, unit_id: str) -> int:
    """What a unit is worth to its side: its points, or 1."""
    return worth(battle.units[unit_id]) or 1


def side_strength(battle: Battle) -> dict[str, int]:
    total: Counter[str] = Counter()
    for unit in battle.units.values():
        total[unit.side] += strength(battle, unit.id)
    return dict(total)


def turning_points(battle: Battle, names: dict[str, str], lost: list[Loss]) -> list[str]:
    """The ≤ 5 losses that took the largest share of a side's strength, in order."""
    total = side_strength(battle)
    weighed = [
        (strength(battle, loss.unit) / max(1, total[battle.units[loss.unit].side]), loss)
        for loss in lost
    ]
    biggest = sorted(weighed, key=lambda pair: (-pair[0], pair[1].entry))[:TURNING_POINTS]
    out = []
    for share, loss in sorted(biggest, key=lambda pair: pair[1].entry):
        unit = battle.units[loss.unit]
        side = cell(battle.side_name(unit.side))
        fate = fate_words(battle, names, loss)
        out.append(
            f"{battle.round_word} {loss.round}: {cell(names[unit.id])} ({side}) {fate} "
            f"— {share:.0%} of {side}'s strength."
        )
    return out


def round_paragraphs(
    battle: Battle, names: dict[str, str], lost: list[Loss]
) -> list[tuple[int, str]]:
    """(round, paragraph) for every round played: who each side lost and to what, how
    the dice went, and what was left standing; the result in the last."""
    by_round: dict[int, list[Loss]] = {}
    for loss in lost:
        by_round.setdefault(loss.round, []).append(loss)
    fielded = Counter(u.side for u in battle.units.values())
    rolls: dict[int, Counter[tuple[str, bool]]] = {}
    gone: set[str] = set()
    standing: dict[int, dict[str, int]] = {}
    for entry in battle.log:
        for effect in entry.effects:
            if effect.field == "removed" and effect.unit is not None:
                (gone.add if effect.after else gone.discard)(effect.unit)
        if entry.roll is not None and entry.roll.get("success") is not None:
            side = entry.side or (battle.units[entry.actor].side if entry.actor else None)
            if side is not None:
                tally = rolls.setdefault(entry.round, Counter())
                tally[side, bool(entry.roll["success"])] += 1
        left = Counter(u.side for uid, u in battle.units.items() if uid not in gone)
        standing[entry.round] = {s.id: left[s.id] for s in battle.sides}
    out = []
    for number in range(1, battle.round + 1):
        parts = [_losses_sentence(battle, names, by_round.get(number, []))]
        dice = _dice_sentence(battle, rolls.get(number, Counter()))
        if dice:
            parts.append(dice)
        if number in standing:
            after = ", ".join(
                f"{cell(s.name)} {standing[number][s.id]} of {plural(fielded[s.id], 'unit')}"
                for s in battle.sides
            )
            parts.append(f"Standing at its end: {after}.")
        result = battle.result
        if result is not None and result.round == number:
            who = f"{cell(battle.side_name(result.winner))} won" if result.winner else "A draw"
            parts.append(f"{who}: {cell(result.reason)}.")
        out.append((number, " ".join(parts)))
    return out


def _losses_sentence(battle: Battle, names: dict[str, str], lost: list[Loss]) -> str:
    if not lost:
        return "No unit was lost."
    per_side: dict[str, list[str]] = {}
    for loss in lost:
        unit = battle.units[loss.unit]
        how = loss_phrase(battle, names, loss)
        per_side.setdefault(unit.side, []).append(f"{cell(names[unit.id])} ({how})")
    said = []
    for side in battle.sides:
        if side.id in per_side:
            said.append(f"{cell(side.name)} lost {_and(per_side[side.id])}")
    return "; ".join(said) + "."


def _dice_sentence(battle: Battle, tally: Counter[tuple[str, bool]]) -> str:
    said = []
    for side in battle.sides:
        made = tally[side.id, True] + tally[side.id, False]
        if made:
            said.append(
                f"{cell(side.name)} {tally[side.id, True]} of {plural(made, 'roll')} succeeded"
            )
    return f"Dice: {', '.join(said)}." if said else ""


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
