"""Checks as rolls (CG-2, CG-9, CG-10, CG-15): the wound penalty and the attacker's
bonus that go to a roller's total, and `check`, which yields the Roll and names its
parts for the export (each die with its faces, the shared difficulty's parts)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.dice import group_faces, parse_expr
from skirmtui.engine.core.kit import annotate
from skirmtui.engine.core.prompts import Compare, Prompt, Roll, RollResult
from skirmtui.systems.combattimento_gdr import profile as p
from skirmtui.systems.combattimento_gdr.tables import modifiers


def wound_mods(unit: Unit) -> list[tuple[str, int]]:
    """CG-15: the lowest full section's penalty, on every check of this combatant."""
    found = p.penalty(unit)
    return [(f"wounds: {found[0]}", found[1])] if found else []


def target_bonus(target: Unit) -> list[tuple[str, int]]:
    """CG-10: the attacker's bonus against a stunned, prone or helpless target (the GM
    sets prone and helpless on the sheet); ours: the best one only, they do not add."""
    rows = modifiers()["attacker"]
    found = [rows[flag] for flag in ("stunned", "prone", "helpless") if target.flag(flag)]
    if not found:
        return []
    best = max(found, key=lambda row: int(row["value"]))
    return [(str(best["label"]), int(best["value"]))]


def check(
    b: Battle,
    unit: Unit,
    key: str,
    text: str,
    dice: str,
    difficulty: int,
    mods: list[tuple[str, int]],
    target: Unit | None,
    compare: Compare | None = ">=",
    *,
    labels: tuple[str, ...] = (),
    difficulty_parts: list[tuple[str, int]] | None = None,
) -> Generator[Prompt, Any, tuple[int, tuple[int, ...]]]:
    """A check (CG-2): yields the Roll and returns (total, faces). No die left: total =
    the modifiers alone (CG-9), logged without a roll. The Roll's compare/threshold say
    what the roll decides, so the odds shown are that chance (G-2). The roll's entry
    names its parts (export `roll.parts`): each die (`labels`, in order) with its faces,
    and the parts of a shared difficulty (`difficulty_parts`: DP, range, cover …)."""
    if not dice:
        total = sum(v for _, v in mods)
        b.record("info", f"{text}: no die to roll, total {total}", actor=unit.id)
        return total, ()
    result: RollResult = yield Roll(
        key=key,
        text=text,
        dice=dice,
        compare=compare,
        threshold=difficulty if compare else None,
        modifiers=mods,
        side=unit.side,
        actor=unit.id,
        target=target.id if target else None,
    )
    groups = group_faces(parse_expr(dice), result.faces)
    parts: list[dict[str, Any]] = [
        {"role": "die", "label": label, "die": f"d{sides}", "faces": list(faces)}
        for label, sides, faces in zip(labels, _sides(dice), groups, strict=False)
    ]
    parts += [
        {"role": "difficulty", "label": label, "value": value}
        for label, value in difficulty_parts or ()
    ]
    if parts:
        annotate(b, roll={"parts": parts})
    return result.total, result.faces


def _sides(dice: str) -> list[int]:
    """The sides of each die of a check's expression (`1d8!+1d6!` → 8, 6)."""
    return [int(d.split("d")[1].rstrip("!")) for d in dice.split("+")]
