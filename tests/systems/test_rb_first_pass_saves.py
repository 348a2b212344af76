"""regole-base saves played with issue 25's first pass (2026-11-25, the questions asked
before the system asked less again) load and replay unchanged: the same stored log, the
same result. Kept here as they were written: one battle played by the table, one with a
side played by the app (its decisions stored with `by = "ai"`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.engine.store.compare import replay_differences
from skirmtui.engine.store.reader import load_with_document
from skirmtui.systems.registry import systems

SAVES = Path(__file__).parent / "saves" / "first-pass"


@pytest.mark.parametrize("path", sorted(SAVES.glob("regole-base*.toml")), ids=lambda p: p.stem)
def test_a_first_pass_save_replays_its_stored_log_and_result(path: Path) -> None:
    session, _, doc = load_with_document(path, systems())
    assert session.battle.result is not None and session.prompt is None
    assert doc.get("log"), "the save keeps its rendered log to compare with"
    assert replay_differences(doc, session) == []
