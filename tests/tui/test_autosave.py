"""The autosave thread writes the newest snapshot, reports failures, never loses one."""

from __future__ import annotations

import threading
from pathlib import Path

from skirmtui.engine.store.saves import load_session, snapshot
from skirmtui.systems.registry import systems
from skirmtui.tui.autosave import Autosaver
from tests.tui.helpers import demo_session


def test_autosaver_writes_the_latest_snapshot(tmp_path: Path) -> None:
    path = tmp_path / "auto.toml"
    errors: list[str | None] = []
    saver = Autosaver(path, errors.append)
    session = demo_session()
    for value in [(6,), (2,), "red1", (1,), "done"]:
        session.answer(value)
        saver.submit(snapshot(session, "2026-01-01T00:00:00Z"))
    assert saver.flush(10)
    loaded, created = load_session(path, systems())
    assert loaded.items == session.items
    assert created == "2026-01-01T00:00:00Z"
    assert errors and all(e is None for e in errors)


def test_autosaver_reports_a_failed_write(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    done = threading.Event()
    errors: list[str | None] = []

    def saved(error: str | None) -> None:
        errors.append(error)
        done.set()

    saver = Autosaver(blocker / "x.toml", saved)
    saver.submit(snapshot(demo_session(), "2026-01-01T00:00:00Z"))
    assert done.wait(10)
    assert errors[0] is not None and errors[0].startswith("autosave failed")


async def test_the_app_gives_back_the_gc_and_thread_settings_it_changes(tmp_path: Path) -> None:
    """While running, the app freezes what it holds (gc) and switches threads every ms;
    once it exits, both are as they were (other code in the process is not affected)."""
    import gc
    import sys

    from tests.tui.helpers import SIZE, demo_app

    before = sys.getswitchinterval()
    app = demo_app(tmp_path / "b.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert gc.get_freeze_count() > 0
        assert not gc.isenabled()  # the app collects between keypresses (idle_gc)
        assert sys.getswitchinterval() == 0.001
    assert gc.get_freeze_count() == 0
    assert gc.isenabled()
    assert sys.getswitchinterval() == before


async def test_quitting_right_after_an_answer_saves_it(tmp_path: Path) -> None:
    """The autosave starts after the frame that shows an answer; quitting before that
    frame still writes the answer."""
    from skirmtui.tui.screens.battle import BattleScreen
    from tests.tui.helpers import SIZE, demo_app

    path = tmp_path / "b.toml"
    app = demo_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        app.session.answer((6,))  # type: ignore[union-attr]
        screen.changed()  # no frame between the answer and the quit
        await app.action_quit()
    loaded, _ = load_session(path, systems())
    assert [item.value for item in loaded.items] == [(6,)]


async def test_quitting_without_a_change_leaves_the_file_and_its_backup(tmp_path: Path) -> None:
    """Opening a battle and quitting writes nothing: the .bak keeps the previous save."""
    from skirmtui.engine.store.saves import save_session
    from skirmtui.tui.app import SkirmApp
    from tests.tui.helpers import SIZE

    path = tmp_path / "b.toml"
    session = demo_session()
    session.answer((6,))
    save_session(session, path, "2026-01-01T00:00:00Z")
    before = path.read_bytes()
    loaded, created = load_session(path, systems())
    app = SkirmApp(session=loaded, path=path, created=created)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.action_quit()
    assert path.read_bytes() == before
    assert not path.with_name("b.toml.bak").exists()


def test_an_unexpected_error_in_the_writer_is_reported_and_the_thread_goes_on(
    tmp_path: Path,
) -> None:
    """Not only OSError: any failure is reported, and later saves still happen."""
    errors: list[str | None] = []
    saver = Autosaver(tmp_path / "x.toml", errors.append)
    real_save = saver._writer.save
    calls = []

    def failing_once(snap, compact=False):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 1:
            raise ValueError("boom")
        real_save(snap, compact)

    saver._writer.save = failing_once  # type: ignore[method-assign]
    saver.submit(snapshot(demo_session(), "2026-01-01T00:00:00Z"))
    assert not saver.flush(10)  # not on disk: quitting would ask
    assert saver.unsaved
    saver.submit(snapshot(demo_session(), "2026-01-01T00:00:00Z"))
    assert saver.flush(10)
    assert not saver.unsaved
    assert errors[0] == "autosave failed: boom" and errors[-1] is None
    assert (tmp_path / "x.toml").exists()


async def test_a_new_battle_is_saved_after_its_first_frames_without_a_key(
    tmp_path: Path,
) -> None:
    """The writer starts a moment after the first frame (not during it), and the new
    battle's first save is then written with no key pressed."""
    import asyncio

    from tests.tui.helpers import SIZE, demo_app

    path = tmp_path / "b.toml"
    app = demo_app(path)
    app.save_due = True  # as `skirmtui demo` starts it
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):  # up to 5 s on a slow machine
            await pilot.pause(0.05)
            if app._saver is not None and app._saver.flush() and path.exists():
                break
        await asyncio.sleep(0)
        assert path.exists()
    loaded, _ = load_session(path, systems())
    assert loaded.items == []
