"""Saves played before issue 25 (the example battles of that time, kept here) load and
replay to their end: their logs answer the questions asked then, one at a time, so the
session replays them with `questions = "one at a time"` (engine/core/asking.py) in the
systems that ask less since; the other systems' saves replay as they are."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems

SAVES = Path(__file__).parent / "saves" / "before-issue-25"
ASKING_LESS = {
    "wargaming-introduttivo",
    "pequenas-guerras",
    "cape-et-epee",
    "regole-base",
    "combattimento-gdr",
}


@pytest.mark.parametrize("path", sorted(SAVES.glob("*.toml")), ids=lambda p: p.stem)
def test_a_save_from_before_issue_25_replays_to_its_end(path: Path) -> None:
    session, _ = load_session(path, systems())
    assert session.battle.result is not None and session.prompt is None
    older = session.setup.options.get("questions")
    assert older == ("one at a time" if path.stem in ASKING_LESS else None)
