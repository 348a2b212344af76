"""Issue 27: every unit that leaves the table knows why, from the rule that removed it.

Random battles of every system: each removal in the export carries a `cause` naming an
earlier entry whose rule made it (the attacker's roll, the failed test, the fall, the
choice to flee, the GM entry), and the report's "who destroyed whom" is that cause."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.causes import ATTACK, FALL, FLED, GM, KINDS, ROUT, SELF
from skirmtui.engine.play.sim import play_random
from skirmtui.engine.report.export import export_document
from skirmtui.engine.report.report import losses
from skirmtui.systems.registry import systems
from tests.property.test_every_system import SYSTEMS, short_setup

FEW = settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _named(entry: dict[str, Any]) -> set[str]:
    """Every unit an exported entry names."""
    found = {entry["actor"], entry["target"]}
    for key in ("actors", "targets"):
        found |= {u["id"] for u in entry.get(key, [])}
    return {u for u in found if u is not None}


def check_cause(doc: dict[str, Any], entry: dict[str, Any], effect: dict[str, Any]) -> None:
    """The cause of one removal names an earlier entry whose rule made it."""
    sides = {u["id"]: u["side"] for u in doc["units"]}
    victim = effect["unit"]
    cause = effect.get("cause")
    assert cause is not None, f"no cause for {victim} removed at entry {entry['index']}"
    assert cause["kind"] in KINDS
    assert 0 <= cause["entry"] <= entry["index"]
    made = doc["entries"][cause["entry"]]
    named = _named(made)
    kind, by = cause["kind"], cause.get("unit")
    if kind == ATTACK:
        # The attacker is a unit (an enemy, or a friend under a regole-base template);
        # its entry is the attack's (names the victim, and the attacker or its side).
        assert by in sides
        assert victim in named
        assert by in named or made["side"] == sides[by]
    elif kind == ROUT:
        assert victim in named or made["side"] == sides[victim]
    elif kind == FALL:
        assert victim in named
    elif kind in (FLED, SELF):
        assert by == victim and victim in named
    elif kind == GM:
        assert made["kind"] == "override"


@pytest.mark.parametrize("system_id", SYSTEMS)
@FEW
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_every_removal_names_the_entry_whose_rule_made_it(
    system_id: str, seed: int, players: int
) -> None:
    system = systems()[system_id]
    session = play_random(system, short_setup(system, seed, players, seed), random.Random(seed))
    doc = export_document(session)
    removals = [
        (entry, effect)
        for entry in doc["entries"]
        for effect in entry["effects"]
        if effect["field"] == "removed" and effect["to"] is True
    ]
    for entry, effect in removals:
        check_cause(doc, entry, effect)
    # The report reads the same causes: its losses are exactly the units off the table.
    lost = losses(session.battle)
    assert {loss.unit for loss in lost} == {
        u.id for u in session.battle.units.values() if u.removed
    }
    for loss in lost:
        assert loss.cause is not None
        assert doc["entries"][loss.entry]["effects"]
