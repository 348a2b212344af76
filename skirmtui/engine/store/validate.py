"""Validating a parsed save: the setup and every answer's type, with one-line errors,
so nothing unhashable or oddly typed reaches the rules."""

from __future__ import annotations

from datetime import datetime
from sys import intern
from typing import Any

from skirmtui.engine.core import app_rolls
from skirmtui.engine.core.app_rolls import APP_ROLLS
from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.items import (
    BY_AI,
    BY_APP,
    BY_TABLE,
    GM_ADD,
    GM_AI,
    GM_END,
    GM_KEYS,
    GM_NOTE,
    GM_REMOVE,
    GM_RESTORE,
    GM_SET,
    Item,
)
from skirmtui.engine.core.system import RuleSystem, Setup, SetupError, UnitSpec
from skirmtui.engine.store.format import FORMAT, MORE, OLDEST_WORDING, WORDING_KEY, SaveError

#: Most answers a save may hold (2.5 times the longest battle `sim` lets run).
MAX_SAVE_ANSWERS = 50_000
#: Deepest nesting of an answer's value (a GM's new unit: a table holding a table).
_MAX_DEPTH = 4


def setup_from_document(doc: dict[str, Any], systems: dict[str, RuleSystem]) -> Setup:
    """Validate the setup part of a save and build it."""
    version = doc.get("format")
    if version is None or "system" not in doc:
        raise SaveError("not a skirmtui save (it has no `format` and `system` keys)")
    if type(version) is not int or version != FORMAT:  # not 1.0, not true
        raise SaveError(f"unknown save format {version!r} (this skirmtui reads format {FORMAT})")
    system_id = doc.get("system")
    if system_id not in systems:
        known = ", ".join(sorted(systems))
        raise SaveError(f"unknown system {system_id!r} (known: {known})")
    seed = doc.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveError("seed must be a whole number")
    sides = []
    for i, raw in enumerate(_list(doc, "sides")):
        sides.append(Side(_text(raw, "id", f"sides[{i}]"), _text(raw, "name", f"sides[{i}]")))
    side_ids = {s.id for s in sides}
    if len(side_ids) != len(sides):
        raise SaveError("two sides share an id")
    units = []
    seen: set[str] = set()
    for i, raw in enumerate(_list(doc, "units")):
        where = f"units[{i}]"
        unit_id = _text(raw, "id", where)
        side = _text(raw, "side", where)
        if side not in side_ids:
            raise SaveError(f"{where} ({unit_id}): side {side!r} does not exist")
        if unit_id in seen:
            raise SaveError(f"{where}: unit id {unit_id!r} is used twice")
        seen.add(unit_id)
        profile = raw.get("profile", {})
        if not isinstance(profile, dict):
            raise SaveError(f"{where} ({unit_id}): profile must be a table")
        problem = profile_problem(profile)
        if problem:
            raise SaveError(f"{where} ({unit_id}): {problem}")
        units.append(UnitSpec(unit_id, side, _text(raw, "name", where), profile))
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("options must be a table")
    title = doc.get("title", "")
    if not isinstance(title, str):
        raise SaveError("title must be text")
    created = doc.get("created", "")
    if not isinstance(created, str | datetime):
        raise SaveError("created must be a date or text")
    wording = doc.get(WORDING_KEY, OLDEST_WORDING)
    if type(wording) is not int or wording < 0:  # not 1.0, not true
        raise SaveError(f"{WORDING_KEY} must be a whole number (0 or more)")
    if APP_ROLLS in options:
        try:
            app_rolls.checked(options[APP_ROLLS], [s.id for s in sides])
        except ValueError as error:
            raise SaveError(f"options: {error}") from None
    setup = Setup(str(system_id), title, seed, sides, units, options)
    try:
        systems[str(system_id)].check_setup(setup)
    except SetupError as error:
        raise SaveError(f"setup refused: {error}") from None
    return setup


def items_from_document(doc: dict[str, Any], unit_ids: set[str]) -> list[Item]:
    items = []
    known = set(unit_ids)
    answers = _list(doc, "answers") + _list(doc, MORE)
    if len(answers) > MAX_SAVE_ANSWERS:
        raise SaveError(f"{len(answers)} answers: a save may hold {MAX_SAVE_ANSWERS}")
    for i, raw in enumerate(answers):
        if not isinstance(raw, dict) or not isinstance(raw.get("key"), str) or "value" not in raw:
            raise SaveError(f"answer {i}: needs a key and a value")
        key, value = raw["key"], raw["value"]
        problem = _value_problem(key, value)
        if problem:
            raise SaveError(f"answer {i} ({key}): {problem}")
        if isinstance(value, dict):
            unit = value.get("unit")
            if unit is not None and unit not in known:
                raise SaveError(f"answer {i} ({key}): unit {unit!r} does not exist")
            if key == GM_ADD:
                known.add(value["id"])
        by = raw.get("by")
        if by is not None and by not in (BY_APP, BY_TABLE, BY_AI):
            raise SaveError(f"answer {i} ({key}): by must be {BY_APP!r}, {BY_TABLE!r} or {BY_AI!r}")
        if isinstance(value, list):
            value = tuple(value)
        elif type(value) is str:
            value = intern(value)  # the same few option values, again and again (memory)
        if by == BY_AI:
            items.append(_ai_item(i, intern(key), value, raw))
            continue
        items.append(Item(intern(key), value, by if by is None else intern(by)))
    return items


def _ai_item(i: int, key: str, value: Any, raw: dict[str, Any]) -> Item:
    """An answer the app gave for a side it plays: its persona and reason are text."""
    persona, reason = raw.get("persona"), raw.get("reason", "")
    if not isinstance(persona, str) or not isinstance(reason, str):
        raise SaveError(f"answer {i} ({key}): an AI answer names its persona and reason")
    return Item(key, value, BY_AI, intern(persona), reason)


#: The text fields each GM entry must have (`True`) or may have (`False`).
_GM_TEXT: dict[str, dict[str, bool]] = {
    GM_SET: {"unit": True, "field": True},
    GM_REMOVE: {"unit": True},
    GM_RESTORE: {"unit": True},
    GM_ADD: {"id": True, "side": True, "name": False},
    GM_NOTE: {"text": True, "unit": False},
    GM_AI: {"side": True, "persona": True},
    GM_END: {"winner": False, "reason": False},
}


_SCALARS = frozenset({str, bool, int})


def _settable(value: Any) -> bool:
    """A `gm.set` value: a scalar, or a list of unit ids (a `tuple` field: a melee's
    opponents), checked against the battle's units on replay."""
    if isinstance(value, bool | int | str):
        return True
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _value_problem(key: str, value: Any) -> str | None:
    """What is wrong with the type of an answer's value (its rules check the rest on
    replay), or None. A GM entry is a table with its text fields as text, so nothing
    unhashable or oddly typed reaches the rules."""
    if type(value) in _SCALARS:  # most answers: no nesting to walk (load time)
        return "a GM entry's value must be a table" if key in GM_KEYS else None
    if _depth(value) > _MAX_DEPTH:
        return "value nested too deeply"
    if key in GM_KEYS and not isinstance(value, dict):
        return "a GM entry's value must be a table"
    fields = _GM_TEXT.get(key, {"unit": False})  # any table's unit is a unit id
    if not isinstance(value, dict):
        return None
    for name, required in fields.items():
        if (required or name in value) and not isinstance(value.get(name), str):
            return f"{name} must be text"
    if key == GM_SET and not _settable(value.get("value")):
        return "value must be a number, yes/no, text or a list of unit ids"
    if key == GM_ADD:
        profile = value.get("profile", {})
        return (
            "profile must be a table" if not isinstance(profile, dict) else profile_problem(profile)
        )
    return None


#: What a profile's values may be (`UnitSpec.profile`: the rules hash and compare them).
_PROFILE_VALUES = (str, int, bool, float)


def profile_problem(profile: dict[str, Any]) -> str | None:
    """A unit profile's first value that is not text, a number or yes/no (a list or a
    table there reached the rules: an unhashable value in a cached constructor)."""
    for name, value in profile.items():
        if not isinstance(value, _PROFILE_VALUES):
            return f"profile value {name!r} must be a number, yes/no or text"
    return None


def _depth(value: Any) -> int:
    """Nesting depth of lists and tables (iterative: a hostile file cannot recurse us)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > _MAX_DEPTH:
                return depth
            deepest = max(deepest, depth)
            stack.extend(
                (v, depth + 1) for v in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


def _list(doc: dict[str, Any], key: str) -> list[Any]:
    value = doc.get(key, [])
    if not isinstance(value, list):
        raise SaveError(f"{key} must be a list of tables")
    return value


def _text(raw: Any, key: str, where: str) -> str:
    if not isinstance(raw, dict) or not isinstance(raw.get(key), str) or not raw[key]:
        raise SaveError(f"{where}: missing {key}")
    return str(raw[key])
