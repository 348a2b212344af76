"""Issue 14, items 4–6: an outside edit stops autosave instead of being overwritten;
quitting with answers not on disk asks and can save elsewhere; answers are appended to
the save, which stays valid TOML after each one and loads whole."""

from __future__ import annotations

import random
import threading
import time
import tomllib
from pathlib import Path

from textual.widgets import Button, Input

from skirmtui.engine.store.saves import MORE, load_session, save_session, snapshot
from skirmtui.systems.registry import systems
from skirmtui.tui import autosave
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.autosave import Autosaver
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.screens.unsaved import UnsavedScreen
from tests.engine.test_cli import run
from tests.tui.helpers import SIZE, demo_session

STAMP = "2026-01-01T00:00:00Z"


def play(session, answers: int, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    for _ in range(answers):
        if session.prompt is not None:
            session.answer(session.prompt.random_answer(rng))


def test_an_outside_edit_stops_autosave_until_the_user_chooses(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    reports: list[str | None] = []
    saver = Autosaver(path, reports.append)
    session = demo_session()
    rng = random.Random(2)
    play(session, 5, rng)
    saver.submit(snapshot(session, STAMP))
    assert saver.flush(10)
    edited = path.read_text(encoding="utf-8").replace("Demo:", "Edited by hand:")
    time.sleep(0.01)
    path.write_text(edited, encoding="utf-8")
    play(session, 3, rng)
    saver.submit(snapshot(session, STAMP))
    assert not saver.flush(10)
    assert saver.stopped is not None and "changed by another program" in saver.stopped
    assert reports[-1] == saver.stopped
    assert path.read_text(encoding="utf-8") == edited  # not clobbered
    play(session, 2, rng)
    saver.submit(snapshot(session, STAMP))  # later answers do not write either
    assert not saver.flush(10)
    assert path.read_text(encoding="utf-8") == edited
    saver.overwrite()  # the user's choice
    assert saver.flush(10)
    assert load_session(path, systems())[0].items == session.items


def test_appended_answers_keep_a_valid_save_that_loads_whole(  # type: ignore[no-untyped-def]
    tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.setattr(autosave, "IDLE_COMPACT_S", 60.0)  # no folding in midway
    path = tmp_path / "b.toml"
    saver = Autosaver(path, lambda error: None)
    session = demo_session()
    rng = random.Random(3)
    play(session, 3, rng)
    saver.submit(snapshot(session, STAMP))
    for _ in range(12):
        play(session, 1, rng)
        saver.submit(snapshot(session, STAMP))
        assert saver._idle.wait(10)
        text = path.read_text(encoding="utf-8")
        tomllib.loads(text)  # valid after every answer
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert doc.get(MORE), "answers are appended, not rewritten"
    assert load_session(path, systems())[0].items == session.items
    code, _, err = run(capsys, "check", str(path))  # the log stops where the records start
    assert code == 0, err
    assert saver.flush(10)  # quitting folds them in
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert MORE not in doc and len(doc["answers"]) == len(session.items)
    assert run(capsys, "check", str(path))[0] == 0


def test_an_old_save_gets_answers_appended_after_one_whole_write(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    session = demo_session()
    rng = random.Random(4)
    play(session, 4, rng)
    save_session(session, path, STAMP)  # the layout every earlier skirmtui wrote
    loaded, created = load_session(path, systems())
    saver = Autosaver(path, lambda error: None)
    for _ in range(3):
        play(loaded, 1, rng)
        saver.submit(snapshot(loaded, created))
        time.sleep(0.05)
    assert load_session(path, systems())[0].items == loaded.items


async def test_quitting_with_answers_not_on_disk_asks_and_saves_elsewhere(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the save's folder should be")
    app = SkirmApp(session=demo_session(), path=blocker / "b.toml", created=STAMP)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in ("r", "r"):
            await pilot.press(key)
            await pilot.pause()
        assert app._saver is not None
        done = threading.Event()
        threading.Thread(target=lambda: (app._saver.flush(10), done.set())).start()  # type: ignore[union-attr]
        done.wait(10)
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedScreen), "quit did not ask"
        assert app.return_code is None
        elsewhere = tmp_path / "rescued.toml"
        app.screen.query_one("#elsewhere-path", Input).value = str(elsewhere)
        app.screen.query_one("#elsewhere", Button).press()
        await pilot.pause()
        await pilot.pause()
    assert app.return_code == 0
    assert app.session is not None
    assert load_session(elsewhere, systems())[0].items == app.session.items
    assert len(app.session.items) == 2


async def test_quit_asks_and_cancel_keeps_playing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    app = SkirmApp(session=demo_session(), path=blocker / "b.toml", created=STAMP)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert app.return_code is None
        await pilot.press("ctrl+q")
        await pilot.pause()
        app.screen.query_one("#quit", Button).press()
        await pilot.pause()
    assert app.return_code == 0


async def test_an_outside_edit_during_play_asks(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    app = SkirmApp(session=demo_session(), path=path, created=STAMP)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert app._saver is not None
        for _ in range(100):
            if path.exists() and not app._saver.unsaved:
                break
            await pilot.pause(0.02)
        path.write_text(path.read_text() + "\n# a hand edit\n")
        before = len(app.session.items)  # type: ignore[union-attr]
        await pilot.press("r" if app.session.prompt.key.endswith(".roll") else "enter")  # type: ignore[union-attr]
        assert len(app.session.items) > before  # type: ignore[union-attr]
        for _ in range(100):
            await pilot.pause(0.02)
            if isinstance(app.screen, UnsavedScreen):
                break
        assert isinstance(app.screen, UnsavedScreen)
        assert path.read_text().endswith("# a hand edit\n")
        app.screen.query_one("#overwrite", Button).press()
        for _ in range(100):
            await pilot.pause(0.02)
            if not app._saver.unsaved:
                break
        assert app.session is not None
        assert load_session(path, systems())[0].items == app.session.items


def test_a_torn_last_record_is_named_so_the_rest_can_be_kept(
    tmp_path: Path, capsys, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """A power cut (not a kill) can tear the last appended answer: the error says which
    lines to delete, and without them the save loads."""
    monkeypatch.setattr(autosave, "IDLE_COMPACT_S", 60.0)
    path = tmp_path / "b.toml"
    saver = Autosaver(path, lambda error: None)
    session = demo_session()
    rng = random.Random(6)
    for _ in range(4):
        play(session, 1, rng)
        saver.submit(snapshot(session, STAMP))
        assert saver._idle.wait(10)
    saver.close()
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) - 6], encoding="utf-8")  # the tail of the last record
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    line = int(err.split("from line ")[1].split(")")[0])
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[line - 1] == f"[[{MORE}]]"
    path.write_text("\n".join(lines[: line - 1]) + "\n", encoding="utf-8")
    assert load_session(path, systems())[0].items == session.items[:-1]
