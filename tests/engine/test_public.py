"""Issue 27: `export SAVE --format toml --public -o COPY.toml` — a save to share without
the GM's private notes, which replays identically (`check` exit 0)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from skirmtui.cli import main
from skirmtui.engine.core.session import Session
from skirmtui.engine.store.saves import load_session, save_session
from skirmtui.systems.registry import systems

SECRET = "the ambush waits at the ford"


def _played_with_notes(path: Path) -> Session:
    system = systems()["wargaming-introduttivo"]
    session = Session(system, system.demo_setup())
    session.gm("gm.note", text=SECRET, private=True)
    for _ in range(6):
        assert session.prompt is not None
        session.answer(session.prompt.random_answer(random.Random(len(session.items))))
    session.gm("gm.note", text="Welcome, players")
    session.gm("gm.note", text=f"{SECRET}, again", private=True)
    session.answer(session.prompt.random_answer(random.Random(1)))  # type: ignore[union-attr]
    save_session(session, path, "2026-01-01T00:00:00")
    return session


def test_a_public_copy_has_no_private_note_and_replays_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save, copy = tmp_path / "battle.toml", tmp_path / "copy.toml"
    original = _played_with_notes(save)
    assert SECRET in save.read_text(encoding="utf-8")  # in the answers and the log
    code = main(["export", str(save), "--format", "toml", "--public", "-o", str(copy)])
    assert code == 0
    text = copy.read_text(encoding="utf-8")
    assert SECRET not in text and "Welcome, players" in text
    assert main(["check", str(copy)]) == 0
    shared, created = load_session(copy, systems())
    assert created == "2026-01-01T00:00:00"
    mine, theirs = original.battle, shared.battle
    assert {u: x.stats for u, x in mine.units.items()} == {
        u: x.stats for u, x in theirs.units.items()
    }
    assert (mine.round, mine.phase, mine.result) == (theirs.round, theirs.phase, theirs.result)
    assert [e.text for e in mine.log if not e.private] == [e.text for e in theirs.log]
    assert shared.prompt is not None and original.prompt is not None
    assert shared.prompt.key == original.prompt.key
    capsys.readouterr()


def test_without_public_the_toml_copy_keeps_everything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save, copy = tmp_path / "battle.toml", tmp_path / "copy.toml"
    _played_with_notes(save)
    assert main(["export", str(save), "--format", "toml", "-o", str(copy)]) == 0
    assert copy.read_text(encoding="utf-8") == save.read_text(encoding="utf-8")
    assert main(["export", str(save), "--format", "json", "--public"]) == 0
    assert SECRET not in capsys.readouterr().out
