"""What the table says before a shot: how many of the shooter's models have the target
in range and in sight, and where the target stands (G-1, PG-5; issue 25's merged
questions). The answers keep the order the app's look-ahead reads: likely first."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

from skirmtui.engine.core.battle import Unit
from skirmtui.engine.core.kit import about
from skirmtui.engine.core.prompts import Ask, Choose, Option, Prompt
from skirmtui.systems.pequenas_guerras.profile import Weapon

T = TypeVar("T")
#: A step's sub-generator (as `combat.Sub`, which imports this module).
Sub = Generator[Prompt, Any, T]


def models_in_range(shooter: Unit, target: Unit, weapon: Weapon) -> Sub[int]:
    """G-1: the table says how many models have the target in range and in sight."""
    models = shooter.num("models")
    if models > 1:
        count = yield about(
            Ask,
            shooter,
            target=target,
            key="shoot.models",
            text=f"How many of {shooter.label}'s {models} models have {target.label} within "
            f"{weapon.range_cm} cm and in line of sight?",
            minimum=0,
            maximum=models,
        )
        return int(count)
    seen = yield about(
        Ask,
        shooter,
        target=target,
        key="shoot.in_range",
        text=f"Is {target.label} within {weapon.range_cm} cm of {shooter.label} and in its "
        "line of sight?",
    )
    return 1 if seen else 0


#: Between the models that see the target and where the target stands, in an answer to
#: `shoot.sight` ("3|cover"); "0": none of them.
SEP = "|"


def sight_and_cover(shooter: Unit, target: Unit, weapon: Weapon) -> Sub[tuple[int, bool]]:
    """G-1 and PG-5: how many of the shooter's models have the target in range and in
    sight, and whether most of the target's models are in or behind cover — one answer
    (the same facts `shoot.in_range`/`shoot.models` and `shoot.cover` asked apart). The
    likely answer first: the app's look-ahead reads on with it (engine/play/)."""
    models = shooter.num("models")
    where = f"most of {target.label}'s models"
    if models > 1:
        text = (
            f"How many of {shooter.label}'s {models} models have {target.label} within "
            f"{weapon.range_cm} cm and in line of sight, and are {where} in or behind cover?"
        )
        options = [
            Option(f"{n}{SEP}{cover}", f"{n} of {models} models; {where} {place}", group=group)
            for n, cover, place, group in _sights(models)
        ]
        options.append(Option("0", "none of them: it cannot shoot"))
    else:
        text = (
            f"Is {target.label} within {weapon.range_cm} cm of {shooter.label} and in its "
            f"line of sight, and are {where} in or behind cover?"
        )
        options = [
            Option(f"1{SEP}open", f"in range and sight; {where} in the open"),
            Option(f"1{SEP}cover", f"in range and sight; {where} in or behind cover"),
            Option("0", "out of range or out of sight: it cannot shoot"),
        ]
    answer = yield about(
        Choose, shooter, target=target, key="shoot.sight", text=text, options=options
    )
    count, _, where_it_is = str(answer).partition(SEP)
    return int(count), where_it_is == "cover"


def sight_in_cover(shooter: Unit, target: Unit, weapon: Weapon, reaction: bool) -> Sub[int]:
    """G-1: how many of the shooter's models have the target in range and in sight,
    when its cover is known already (it took cover; an overwatch shot: it counts as in
    cover) — `shoot.sight` with only the answers "in cover", one key (was
    `shoot.models`, a number typed, or `shoot.in_range`)."""
    models = shooter.num("models")
    why = "it counts as in cover" if reaction else "it took cover"
    if models > 1:
        text = (
            f"How many of {shooter.label}'s {models} models have {target.label} within "
            f"{weapon.range_cm} cm and in line of sight? ({why})"
        )
        options = [
            Option(f"{n}{SEP}cover", f"{n} of {models} models") for n in range(models, 0, -1)
        ]
        options.append(Option("0", "none of them: it cannot shoot"))
    else:
        text = (
            f"Is {target.label} within {weapon.range_cm} cm of {shooter.label} and in its "
            f"line of sight? ({why})"
        )
        options = [
            Option(f"1{SEP}cover", "in range and sight"),
            Option("0", "out of range or out of sight: it cannot shoot"),
        ]
    answer = yield about(
        Choose, shooter, target=target, key="shoot.sight", text=text, options=options
    )
    return int(str(answer).partition(SEP)[0])


#: Options the number keys reach; a longer sight list is grouped (see `_sights`).
_KEYS = 9


def _sights(models: int) -> list[tuple[int, str, str, str | None]]:
    """`shoot.sight`'s answers for a unit of `models` models, likely first: each count
    in the open, then in cover. Past the number keys (five models or more) each count is
    a group, so any answer is two keys (the count's number, then open or cover), not
    the arrows past the ninth; the same values in the same order either way."""
    grouped = 2 * models + 1 > _KEYS
    return [
        (n, cover, place, f"{n} of {models}" if grouped else None)
        for n in range(models, 0, -1)
        for cover, place in (("open", "in the open"), ("cover", "in or behind cover"))
    ]
