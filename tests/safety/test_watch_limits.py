"""Issue 23, points 5 and 1: the player view reads with `open`'s limits, off the UI
thread, keeping the last good view with one line saying why; Ctrl+P opens a palette
made for a reader and never crashes the view."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandPalette

from skirmtui.engine.store.follow import SaveFollower
from skirmtui.engine.store.saves import MAX_SAVE_BYTES
from skirmtui.systems.registry import systems
from skirmtui.tui.screens.player import PlayerScreen
from skirmtui.tui.watch import WatchApp
from tests.tui.helpers import press
from tests.tui.test_player_watch import Gm


def _feed_after(fifo: Path, seconds: float) -> None:
    """A writer that shows up late (so code that waits for one is not stuck forever:
    it then reads text that is not a save)."""

    def feed() -> None:
        deadline = time.monotonic() + seconds + 30
        time.sleep(seconds)
        while time.monotonic() < deadline:
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # no reader: nobody is waiting for it
                time.sleep(0.1)
                continue
            os.write(fd, b"not a save")
            os.close(fd)
            return

    threading.Thread(target=feed, daemon=True).start()


@asynccontextmanager
async def watched_then_removed(tmp_path: Path) -> AsyncIterator[tuple[Gm, WatchApp, Any]]:
    """A save of one answer followed by `watch` (polling every 0.05 s); once the view is
    drawn the save is removed, for the test to put something hostile in its place."""
    gm = Gm(tmp_path / "b.toml")
    gm.answer((6,))
    app = WatchApp(SaveFollower(gm.path, systems()), poll=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        gm.path.unlink()
        yield gm, app, pilot


async def test_a_save_replaced_by_a_fifo_keeps_the_view_and_q_quits(tmp_path: Path) -> None:
    async with watched_then_removed(tmp_path) as (gm, app, pilot):
        os.mkfifo(gm.path)
        _feed_after(gm.path, 3)  # before: the UI thread waited for it
        started = time.monotonic()
        await pilot.pause(0.5)
        assert app.follower.problem == "cannot read the save: not a regular file"
        assert len(app.follower.session.items) == 1  # the last good view
        await press(pilot, "q")
        assert time.monotonic() - started < 2.5, "the view froze"
    assert app.return_code is not None or not app.is_running


@pytest.mark.parametrize("kind", ["sparse", "dev-zero", "deep"])
async def test_a_hostile_file_under_watch_is_one_line(tmp_path: Path, kind: str) -> None:
    async with watched_then_removed(tmp_path) as (gm, app, pilot):
        if kind == "sparse":
            with gm.path.open("wb") as handle:
                handle.truncate(MAX_SAVE_BYTES * 256)  # 2 GB of nothing
            expected = "cannot read the save: too large"
        elif kind == "dev-zero":
            gm.path.symlink_to("/dev/zero")
            expected = "cannot read the save: not a regular file"
        else:
            gm.path.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
            expected = "cannot read the save: "
        for _ in range(60):
            await pilot.pause(0.05)
            if app.follower.problem:
                break
        assert app.follower.problem.startswith(expected), app.follower.problem
        assert len(app.follower.session.items) == 1
        assert app.is_running


async def test_ctrl_p_in_the_player_view_is_a_readers_palette(tmp_path: Path) -> None:
    gm = Gm(tmp_path / "b.toml")
    app = WatchApp(SaveFollower(gm.path, systems()), poll=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)  # ticks with the palette on top: before, AssertionError
        assert isinstance(app.screen, CommandPalette)
        titles = [c.title for c in app.get_system_commands(app.screen_stack[0])]
        assert sorted(titles) == ["Keys", "Quit", "Theme"]  # no screenshot written here
        gm.answer((6,))  # the GM plays on while the palette is open
        await pilot.pause(0.3)
        assert len(app.follower.session.items) == 1
        await press(pilot, "escape")
        assert isinstance(app.screen, PlayerScreen)
        await press(pilot, "ctrl+p")
        for key in "theme":
            await pilot.press(key)
        await pilot.pause(0.3)
        await pilot.press("enter")  # the theme picker: another screen on top
        await pilot.pause(0.3)
        gm.answer((6,))
        await pilot.pause(0.3)
        assert app.is_running
    assert app.return_code in (None, 0)
