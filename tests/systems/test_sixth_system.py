"""The sixth-system experiment (issue 22): a one-page game written against the rule
author's API alone (`skirmtui.engine.rules`) plays through the engine like the five."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from skirmtui.engine.core.session import Session
from skirmtui.engine.play.sim import play_random
from tests.systems.sixth.system import DuelOfSixes

SOURCE = Path(__file__).parent / "sixth" / "system.py"


def test_it_is_short_and_imports_from_one_module() -> None:
    text = SOURCE.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 120
    tree = ast.parse(text)
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module != "__future__"
    }
    assert imported == {"skirmtui.engine.rules"}
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.Import)]


@pytest.mark.parametrize("seed", range(8))
def test_random_battles_end_replay_and_undo_exactly(seed: int) -> None:
    system = DuelOfSixes()
    played = play_random(system, system.demo_setup(), random.Random(seed))
    battle = played.battle
    assert battle.result is not None and battle.result.winner in ("red", "blue")
    assert not battle.on_table("red") or not battle.on_table("blue")
    replayed = Session(system, system.demo_setup(), played.items)
    assert [e.text for e in replayed.battle.log] == [e.text for e in battle.log]
    cut = len(played.items) // 2
    partial = Session(system, system.demo_setup(), played.items[:cut])
    played.seek(cut)
    assert [e.text for e in played.battle.log] == [e.text for e in partial.battle.log]


def test_a_hit_fills_a_box_and_the_third_removes_the_unit() -> None:
    """The game's rule: 1d6 ≤ Fight hits; the third wound removes the unit."""
    system = DuelOfSixes()
    session = Session(system, system.demo_setup())
    turns = [("r1", "b2", 1), ("b1", "r2", 1), ("r2", "b2", 3), ("b2", "r1", 6)]
    turns += [("r1", "b2", 2)]  # round 2: Knight 1 (Fight 3) hits with a 2
    for attacker, target, face in turns:
        session.answer(attacker)
        session.answer(target)
        session.answer([face])
    battle = session.battle
    assert battle.units["r2"].stats["wounds"] == 1
    assert battle.units["b2"].removed and battle.round == 2
