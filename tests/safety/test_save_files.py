"""Issue 23, points 6, 9 and 12: the autosave appends only to exactly the bytes `open`
read; a save reached through a symlink is written through to its target; a folder in
the way is said once, clearly; when a whole rewrite fails but every answer was
appended, the app says what is on disk."""

from __future__ import annotations

import os
import random
import tomllib
from pathlib import Path

import pytest

from skirmtui import cli
from skirmtui.cli import common as cli_common
from skirmtui.engine.store.saves import JournalWriter, load_session, save_session, snapshot
from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.autosave import Autosaver
from skirmtui.tui.screens.unsaved import UnsavedScreen
from tests.tui.helpers import SIZE, demo_session

STAMP = "2026-01-01T00:00:00Z"


def _played(answers: int, seed: int = 2):  # type: ignore[no-untyped-def]
    session = demo_session()
    rng = random.Random(seed)
    for _ in range(answers):
        if session.prompt is not None:
            session.answer(session.prompt.random_answer(rng))
    return session


async def test_an_edit_made_while_open_starts_is_not_adopted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point 6: the identity is that of the bytes read, not of the file 0.15 s later."""
    path = tmp_path / "b.toml"
    save_session(_played(0), path, STAMP)  # the next answer is a roll (`r`)
    apps: list[SkirmApp] = []
    monkeypatch.setattr(cli_common, "run_app", lambda app: apps.append(app) or 0)
    assert cli.main(["open", str(path)]) == 0
    (app,) = apps
    # Another program edits the save after `open` read it, before autosave starts.
    edited = path.read_text(encoding="utf-8").replace("answers = [", "answers = [\n", 1)
    edited = edited.replace('title = "', 'title = "edited ', 1)
    os.utime(path, ns=(0, 0))  # (so even a same-size edit shows)
    path.write_text(edited, encoding="utf-8")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("r")
            for _ in range(100):
                await pilot.pause(0.02)
                if isinstance(app.screen, UnsavedScreen):
                    break
            assert isinstance(app.screen, UnsavedScreen), "the edit was adopted"
    finally:
        if app.lock is not None:
            app.lock.release()
    assert path.read_text(encoding="utf-8") == edited  # nothing appended to it


def test_a_save_through_a_symlink_is_written_through(tmp_path: Path) -> None:
    """Point 9: the link stays a link; the target gets the new state, `.bak` beside it
    is a regular file holding the previous state."""
    target = tmp_path / "real" / "b.toml"
    target.parent.mkdir()
    save_session(_played(2), target, STAMP)
    before = target.read_bytes()
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    session = _played(6)
    save_session(session, link, STAMP)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert load_session(target, systems())[0].items == session.items
    backup = target.with_name("b.toml.bak")
    assert not backup.is_symlink() and backup.read_bytes() == before
    assert not (tmp_path / "link.toml.bak").exists()
    writer = JournalWriter(link)  # the autosave's whole writes too
    writer.save(snapshot(_played(8), STAMP), compact=True)
    assert link.is_symlink()
    assert len(load_session(target, systems())[0].items) == 8


@pytest.mark.parametrize("name", ["b.toml.bak", ".b.toml.bak.tmp"])
def test_a_folder_in_the_way_of_a_whole_write_is_said_clearly(tmp_path: Path, name: str) -> None:
    path = tmp_path / "b.toml"
    save_session(_played(2), path, STAMP)
    (tmp_path / name).mkdir()
    with pytest.raises(OSError) as error:
        save_session(_played(4), path, STAMP)
    assert str(error.value) == (
        f"{name} is a folder where skirmtui writes the previous save; "
        "move it away (nothing was written)"
    )
    assert len(load_session(path, systems())[0].items) == 2


def test_a_failed_whole_write_with_every_answer_appended_is_saved(tmp_path: Path) -> None:
    """Point 12: the quit flush (a whole write) fails, but every answer was appended:
    nothing is unsaved, and the app says the file holds them."""
    path = tmp_path / "b.toml"
    first = _played(3)
    save_session(first, path, STAMP)
    reports: list[str | None] = []
    saver = Autosaver(path, reports.append, snapshot(first, STAMP))
    (tmp_path / "b.toml.bak").mkdir()  # every whole write fails from now on
    session = first
    rng = random.Random(5)
    for _ in range(6):
        session.answer(session.prompt.random_answer(rng))  # type: ignore[union-attr]
    saver.submit(snapshot(session, STAMP))
    assert saver.flush(10), saver.failed  # before: False, "✗ not saved", quit asked
    assert not saver.unsaved
    assert saver.untidy is not None and "b.toml.bak is a folder" in saver.untidy
    assert load_session(path, systems())[0].items == session.items
    tomllib.loads(path.read_text(encoding="utf-8"))
    saver.close()


async def test_the_status_says_the_answers_are_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "b.toml"
    first = _played(0)
    save_session(first, path, STAMP)
    (tmp_path / "b.toml.bak").mkdir()
    app = SkirmApp(session=first, path=path, created=STAMP, on_disk=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert app._saver is not None
        await pilot.press("ctrl+q")  # the quit flush's whole write fails
        for _ in range(50):
            await pilot.pause(0.02)
            if app.return_code is not None:
                break
        assert not isinstance(app.screen, UnsavedScreen), "quit asked: nothing was lost"
    assert app.return_code == 0
    assert load_session(path, systems())[0].items == app.session.items  # type: ignore[union-attr]


async def test_an_answer_given_before_autosave_starts_reaches_the_disk(tmp_path: Path) -> None:
    """Point 7: the autosave starts 0.15 s after the first frame; an answer given
    sooner was taken for part of the loaded file and never written (lost at a kill)."""
    path = tmp_path / "b.toml"
    save_session(_played(0), path, STAMP)
    app = SkirmApp(session=load_session(path, systems())[0], path=path, created=STAMP, on_disk=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")  # before the autosave writer exists
        await pilot.pause()
        for _ in range(100):
            await pilot.pause(0.02)
            if app._saver is not None and not app._saver.unsaved:
                break
        assert app.session is not None and app.session.items  # the roll(s) given
        # Read while the app still runs (a kill now keeps what the file holds).
        assert load_session(path, systems())[0].items == app.session.items
