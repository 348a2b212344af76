"""Who the app rolls for: every side, some sides or no one (a per-battle setting).

The table's time goes on decisions, not on rolling dice it does not care to roll: the
rolls of the sides named here are rolled by the app with no keypress (`Session.
auto_roll`); the table types the faces of the others. The setting starts in the setup's
options (`app_rolls`, so the save keeps it) and is changed mid-battle by a GM entry
(`gm.app_rolls`), so undo, redo and replay know it at every point of the log.

A setting is `"all"`, `"none"` or a tuple of side ids. A roll that belongs to no side
(a table roll) is the app's only when it rolls for everyone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

from skirmtui.engine.core.battle import Battle

#: The option of the setup (and the field of the GM entry) that holds the setting.
APP_ROLLS = "app_rolls"
EVERYONE = "all"
NO_ONE = "none"

#: "all", "none", or the side ids the app rolls for (in the battle's side order).
AppRolls: TypeAlias = str | tuple[str, ...]


def checked(value: object, side_ids: Sequence[str]) -> AppRolls:
    """`value` (from a save, a form, a GM entry) as a setting; `ValueError` naming what
    is wrong. A list naming every side is "all"; an empty one is "none"."""
    if value in (EVERYONE, NO_ONE):
        return str(value)
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise ValueError(f"{APP_ROLLS} is {EVERYONE!r}, {NO_ONE!r} or a list of side ids")
    unknown = [v for v in value if v not in side_ids]
    if unknown:
        raise ValueError(f"{APP_ROLLS}: no side {unknown[0]!r}")
    chosen = tuple(s for s in side_ids if s in value)
    if not chosen:
        return NO_ONE
    return EVERYONE if len(chosen) == len(side_ids) else chosen


def rolls_for(setting: AppRolls, side: str | None) -> bool:
    """Whether the app rolls, with no keypress, a roll of `side` (None: the table's)."""
    if setting == EVERYONE:
        return True
    if setting == NO_ONE or side is None:
        return False
    return side in setting


def partial(setting: AppRolls) -> bool:
    """Some sides but not all: the table has said it types the others' faces."""
    return isinstance(setting, tuple)


def stored(setting: AppRolls) -> str | list[str]:
    """The setting as TOML holds it (a list, not a tuple)."""
    return list(setting) if isinstance(setting, tuple) else setting


def describe(setting: AppRolls, names: Iterable[tuple[str, str]]) -> str:
    """`everyone`, `no one`, or the sides' names (`Red and Blue`); `names` gives
    (side id, side name) pairs."""
    if setting == EVERYONE:
        return "everyone"
    if setting == NO_ONE:
        return "no one"
    chosen = [name for side, name in names if side in setting]
    if len(chosen) <= 1:
        return "".join(chosen)
    return ", ".join(chosen[:-1]) + " and " + chosen[-1]


def now(battle: Battle) -> AppRolls:
    """Who the app rolls for at this point of the battle (the last `gm.app_rolls` entry
    applied, else the setup's option), for a rule that asks the rolls of several sides
    in one prompt only when one party rolls them all (issue 25)."""
    if battle.app_rolls is not None:
        return battle.app_rolls
    try:
        return checked(battle.options.get(APP_ROLLS, NO_ONE), [s.id for s in battle.sides])
    except ValueError:
        return NO_ONE


def one_party(setting: AppRolls, sides: Iterable[str]) -> bool:
    """Whether one roll for all of `sides` (a roll of no side) is rolled by whoever
    rolls each of them: the app rolls for everyone, or for none of them."""
    return setting == EVERYONE or not any(rolls_for(setting, side) for side in sides)
