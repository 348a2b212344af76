"""The autosave's incremental writer writes exactly what a full save writes."""

from __future__ import annotations

import random
from pathlib import Path

from skirmtui.engine.core.items import GM_NOTE
from skirmtui.engine.store.saves import (
    SaveWriter,
    dumps,
    load_session,
    read_document,
    snapshot,
    snapshot_document,
)
from skirmtui.systems.registry import systems
from tests.tui.helpers import demo_session

STAMP = "2026-01-01T00:00:00Z"


def test_incremental_text_equals_a_full_save_through_answers_undo_redo_and_notes(
    tmp_path: Path,
) -> None:
    session = demo_session()
    writer = SaveWriter()
    rng = random.Random(5)
    notes = ["plain note", "a note with ''' quotes", "a tab\there", "bell \x07 and \x7f"]
    for step in range(300):
        if session.prompt is None:
            break
        move = rng.random()
        if move < 0.15 and session.can_undo:
            for _ in range(rng.randint(1, 4)):
                if session.can_undo:
                    session.undo()
        elif move < 0.25 and session.can_redo:
            session.redo()
        elif move < 0.3:
            session.gm(GM_NOTE, text=notes[step % len(notes)])
        else:
            session.answer(session.prompt.random_answer(rng))
        snap = snapshot(session, STAMP)
        assert writer.text(snap) == dumps(snapshot_document(snap)), f"step {step}"
    path = tmp_path / "b.toml"
    writer.write(snapshot(session, STAMP), path)
    loaded, _ = load_session(path, systems())
    assert loaded.items == session.items
    assert read_document(path)["log"].count("\n") == sum(1 for e in session.battle.log if e.text)


def test_a_new_session_in_the_same_writer_starts_afresh() -> None:
    writer = SaveWriter()
    first, second = demo_session(), demo_session()
    first.answer(first.prompt.random_answer(random.Random(1)))  # type: ignore[union-attr]
    writer.text(snapshot(first, STAMP))
    snap = snapshot(second, "2026-02-02T00:00:00Z")
    assert writer.text(snap) == dumps(snapshot_document(snap))
