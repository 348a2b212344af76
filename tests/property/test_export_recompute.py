"""docs/export.md promises that a battle can be recomputed from its log alone: for every
system, a reader holding only the JSON export (each unit's `start`, then every entry's
`effects` and `state` in order) finds every unit's final state and every tracked field
of the position equal to the battle's."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.causes import ATTACKS
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.sim import MAX_ANSWERS
from skirmtui.engine.report.export import export_document
from skirmtui.systems.registry import systems
from skirmtui.systems.regole_base.dice import cell as rb_cell
from tests.property.test_every_system import SYSTEMS, short_setup


def recompute(doc: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Units' stats (with `removed`) and the position's tracked fields, from the export."""
    units = {u["id"]: {**u["start"], "removed": False} for u in doc["units"]}
    state: dict[str, Any] = {}
    for entry in doc["entries"]:
        for effect in entry["effects"]:
            stats = units[effect["unit"]]
            assert stats[effect["field"]] == effect["from"], (entry["index"], effect)
            stats[effect["field"]] = effect["to"]
        for change in entry.get("state", []):
            if change["field"] in state:
                assert state[change["field"]] == change["from"], (entry["index"], change)
            state[change["field"]] = change["to"]
    return units, state


def check_details(doc: dict[str, Any]) -> None:
    """The additive keys of issue 24 hold what docs/export.md says: a choice's value is
    one of the enabled options it offered; a part's base plus its mods is its value; a
    Confronto's target is the cell of its operands; a check's dice parts hold its faces
    in order and its difficulty parts add up to its target; attacks name a known kind."""
    units = {u["id"] for u in doc["units"]}
    for entry in doc["entries"]:
        if entry["kind"] in ("choose", "pick") and entry["answer"] is not None:
            offered = {o["value"]: o for o in entry["options"]}
            values = entry["value"] if isinstance(entry["value"], list) else [entry["value"]]
            for value in values:
                assert offered[value]["disabled"] is False, (entry["index"], value)
            for option in entry["options"]:
                assert option["disabled"] is ("reason" in option)
        roll = entry["roll"]
        for part in (roll or {}).get("parts", []):
            if "base" in part:
                assert part["base"] + sum(m["value"] for m in part["mods"]) == part["value"]
        if roll and "cell" in roll:
            own, against = (p["value"] for p in roll["parts"])
            assert roll["target"] == rb_cell(own, against).target, entry["index"]
        dice = [p for p in (roll or {}).get("parts", []) if p["role"] == "die"]
        if dice and len(dice) == roll["dice"].count("+") + 1:
            assert [f for p in dice for f in p["faces"]] == roll["faces"], entry["index"]
        shared = [p["value"] for p in (roll or {}).get("parts", []) if p["role"] == "difficulty"]
        if shared and roll["target"] is not None:
            assert sum(shared) == roll["target"], entry["index"]
        if "attack" in entry:
            assert entry["attack"]["kind"] in ATTACKS and entry["attack"]["weapon"]
        if "skipped" in entry:
            assert entry["skipped"]["what"] in ("attack", "question")
            assert entry["key"] == f"skip.{entry['skipped']['what']}"
        if "group" in entry:
            assert len(entry["group"]) > 1 and set(entry["group"]) <= units
        assert entry.get("held", True) is True


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def play(session: Session, rng: random.Random, overrides: bool) -> None:
    """Random play; with `overrides`, a GM now and then sets, removes and restores."""
    while session.prompt is not None:
        assert len(session.items) < MAX_ANSWERS, "a loop, not a long battle"
        assert len(session.items) < MAX_ANSWERS, "the battle does not end"
        battle = session.battle
        if overrides and rng.random() < 0.02:
            unit = rng.choice(list(battle.units.values()))
            if unit.removed:
                session.gm("gm.restore", unit=unit.id)
            elif rng.random() < 0.5:
                session.gm("gm.remove", unit=unit.id)
            continue
        session.answer(session.prompt.random_answer(rng))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SYSTEMS), st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.booleans())
def test_every_units_final_state_follows_from_the_exported_effects(
    system_id: str, seed: int, players: int, overrides: bool
) -> None:
    system = systems()[system_id]
    session = Session(system, short_setup(system, seed, players))
    play(session, random.Random(seed), overrides)
    doc = plain(export_document(session))
    check_details(doc)
    units, state = recompute(doc)
    battle = session.battle
    for unit in battle.units.values():
        expected = plain({**unit.stats, "removed": unit.removed})
        assert units[unit.id] == expected, unit.id
    if attrs.has(type(battle.pos)):
        for field, value in state.items():
            assert plain(getattr(battle.pos, field)) == value, field


def test_every_system_announces_its_order_structured() -> None:
    """The play order / initiative of each round is an entry's `order`, not only text."""
    for system_id in SYSTEMS:
        system = systems()[system_id]
        session = Session(system, attrs.evolve(system.demo_setup(), seed=3))
        rng = random.Random(3)
        while session.prompt is not None and session.battle.round < 3:
            session.answer(session.prompt.random_answer(rng))
        orders = [e["order"] for e in export_document(session)["entries"] if "order" in e]
        known = {s.id for s in session.battle.sides} | set(session.battle.units)
        flat = [
            x for o in orders for item in o for x in (item if isinstance(item, list) else [item])
        ]
        assert orders and set(flat) <= known, system_id


def test_rolls_carry_the_chance_shown_and_what_each_modifier_moves() -> None:
    system = systems()["wargaming-introduttivo"]
    session = Session(system, system.demo_setup())
    session.roll()
    entry = export_document(session)["entries"][-1]
    assert entry["roll"]["by"] == "app" and entry["roll"]["chance"] is None  # a roll-off
    rng = random.Random(1)
    while session.prompt is not None and session.prompt.key != "activation.roll":
        session.answer(session.prompt.random_answer(rng))
    session.answer((2,))
    entry = export_document(session)["entries"][-1]
    unit = session.battle.units[entry["actor"]]
    # G-2: the exact chance, the full double (it was rounded to 6 decimals: 0.666667).
    assert entry["roll"]["chance"] == int(unit.profile["abi"]) / 6
    assert entry["roll"]["by"] == "table" and entry["value"] == [2]
    assert entry["roll"]["mods"] == []
