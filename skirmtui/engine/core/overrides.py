"""GM overrides and notes (G-4), applied at their place in the answer log."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core import app_rolls, conditions
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.causes import GM
from skirmtui.engine.core.items import (
    GM_ADD,
    GM_AI,
    GM_APP_ROLLS,
    GM_CONDITION,
    GM_END,
    GM_NOTE,
    GM_REMOVE,
    GM_RESTORE,
    GM_SET,
    GM_UNCONDITION,
    Item,
)
from skirmtui.engine.core.prompts import AnswerError
from skirmtui.engine.core.system import FieldSpec, RuleSystem, SetupError, UnitSpec


def apply_override(system: RuleSystem, battle: Battle, item: Item) -> None:
    """Apply one GM entry to `battle`, logging it; raise `AnswerError` if it cannot be."""
    data: dict[str, Any] = item.value if isinstance(item.value, dict) else {}
    battle.current = None
    if item.key == GM_NOTE:
        text = str(data.get("text", "")).strip()
        if not text:
            raise AnswerError("a note needs some text")
        entry = battle.record("note", text, key=item.key)
        entry.private = data.get("private") is True
    elif item.key == GM_CONDITION:
        conditions.add(battle, _unit(battle, data), data)
    elif item.key == GM_UNCONDITION:
        conditions.remove(battle, _unit(battle, data), data)
    elif item.key == GM_SET:
        unit = _unit(battle, data)
        field = str(data.get("field", ""))
        spec = next((f for f in system.unit_fields if f.name == field), None)
        if spec is None:
            names = ", ".join(f.name for f in system.unit_fields)
            raise AnswerError(f"{field!r} is not a field of {system.id} units ({names})")
        value = data.get("value")
        if spec.kind is bool:
            if not isinstance(value, bool):
                raise AnswerError(f"{field} is yes/no")
        elif spec.kind is int:
            value = _whole(value, spec, field, f"{field} must be")
        elif spec.kind is tuple:
            if not isinstance(value, list | tuple) or any(v not in battle.units for v in value):
                raise AnswerError(f"{field} is a list of unit ids")
            value = tuple(value)
        elif not isinstance(value, str):
            raise AnswerError(f"{field} must be text")
        battle.record(
            "override",
            f"GM sets {unit.label}'s {spec.label} to {spec.show(value)}",
            key=item.key,
            target=unit.id,
        )
        battle.set(unit, field, value)
    elif item.key == GM_REMOVE:
        unit = _unit(battle, data)
        if unit.removed:
            raise AnswerError(f"{unit.label} is not on the table")
        battle.record("override", f"GM removes {unit.label}", key=item.key, target=unit.id)
        battle.remove(unit, battle.cause(GM))
    elif item.key == GM_RESTORE:
        unit = _unit(battle, data)
        if not unit.removed:
            raise AnswerError(f"{unit.label} is already on the table")
        back = system.restore_field(battle, unit)
        level = _restore_level(back, data.get("value"))
        said = "" if level is None else f" ({back.label} {level})"
        battle.record("override", f"GM puts {unit.label} back{said}", key=item.key, target=unit.id)
        battle.restore(unit)
        # G-4: back alive by its system's rules, not in the state it was taken out in.
        system.restore_unit(battle, unit, level)
    elif item.key == GM_ADD:
        unit_id = str(data.get("id", ""))
        if not unit_id or unit_id in battle.units:
            raise AnswerError(f"unit id {unit_id!r} is empty or already used")
        side = str(data.get("side", ""))
        if side not in {s.id for s in battle.sides}:
            raise AnswerError(f"no side {side!r}")
        profile = data.get("profile", {})
        if not isinstance(profile, dict):
            raise AnswerError("a unit's profile is a table of values")
        try:
            unit = system.make_unit(
                UnitSpec(unit_id, side, str(data.get("name", unit_id)), profile)
            )
        except SetupError as error:
            raise AnswerError(str(error)) from None
        battle.add_unit(unit)
        battle.record(
            "override",
            f"GM adds {unit.label} to {battle.side_name(side)}",
            key=item.key,
            target=unit.id,
        )
    elif item.key == GM_AI:
        _play_side(battle, data)
    elif item.key == GM_END:
        winner = data.get("winner") or None
        if winner is not None and winner not in {s.id for s in battle.sides}:
            raise AnswerError(f"no side {winner!r}")
        if battle.over:
            raise AnswerError("the battle is already over")
        battle.end(winner, str(data.get("reason") or "the GM ended the battle"))
    elif item.key == GM_APP_ROLLS:
        side_ids = [s.id for s in battle.sides]
        try:
            setting = app_rolls.checked(data.get(app_rolls.APP_ROLLS), side_ids)
        except ValueError as refused:  # (not `error`: the SetupError above, to mypyc)
            raise AnswerError(str(refused)) from None
        battle.app_rolls = setting
        who = app_rolls.describe(setting, ((s.id, s.name) for s in battle.sides))
        battle.record("override", f"GM sets who the app rolls for: {who}", key=item.key)
    else:
        raise AnswerError(f"unknown GM entry {item.key!r}")
    battle.current = None


def hoisted(item: Item, battle: Battle, since: int) -> bool:
    """Whether a GM entry made while a step waits counts from the step's start (the
    runner plays the step again after it, docs/architecture.md): taking a unit out,
    putting one back, adding one, setting a value. Not when it corrects what the step
    itself did since log index `since` (putting back a unit the step took out, setting a
    value the step changed): that applies where it stands. Notes, conditions and the end
    change nothing a step reads. A unit put back that the step did anything to (hits held
    and applied, a wound) is put back where it stands too: counted from the step's start,
    the step's own effects would land on it again after the GM said how it stands."""
    if item.key in (GM_REMOVE, GM_ADD):
        return True
    if item.key not in (GM_RESTORE, GM_SET):
        return False
    data: dict[str, Any] = item.value if isinstance(item.value, dict) else {}
    unit = str(data.get("unit", ""))
    field = None if item.key == GM_RESTORE else str(data.get("field", ""))
    for entry in battle.log[since:]:
        if entry.key.startswith("gm."):
            continue
        for effect in entry.effects:
            if effect.unit == unit and field in (None, effect.field):
                return False
    return True


def _play_side(battle: Battle, data: dict[str, Any]) -> None:
    """Who plays a side from here on: the app with a persona, or the table ("")."""
    side = str(data.get("side", ""))
    if side not in {s.id for s in battle.sides}:
        raise AnswerError(f"no side {side!r}")
    persona = str(data.get("persona") or "")
    if persona == battle.ai.get(side, ""):
        raise AnswerError(f"{battle.side_name(side)} is already played that way")
    name = battle.side_name(side)
    if persona:
        battle.ai[side] = persona
        battle.record("override", f"The app plays {name} ({persona})", key=GM_AI, side=side)
    else:
        del battle.ai[side]
        battle.record("override", f"The table plays {name}", key=GM_AI, side=side)


def _unit(battle: Battle, data: dict[str, Any]) -> Any:
    unit_id = str(data.get("unit", ""))
    unit = battle.units.get(unit_id)
    if unit is None:
        raise AnswerError(f"no unit {unit_id!r}")
    return unit


def _restore_level(spec: FieldSpec, value: object) -> int | None:
    """The GM's value for a restored unit (None when not given), within `spec`'s bounds."""
    if value is None:
        return None
    return _whole(value, spec, spec.label, f"a unit put back has {spec.label}")


def _whole(value: object, spec: FieldSpec, name: str, bounds: str) -> int:
    """`value` if it is a whole number within `spec`'s bounds; else an `AnswerError`
    naming it (`name`) or its bounds (`bounds` "at least …")."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise AnswerError(f"{name} must be a whole number")
    if spec.minimum is not None and value < spec.minimum:
        raise AnswerError(f"{bounds} at least {spec.minimum}")
    if spec.maximum is not None and value > spec.maximum:
        raise AnswerError(f"{bounds} at most {spec.maximum}")
    return value
