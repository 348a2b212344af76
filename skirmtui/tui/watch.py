"""`skirmtui watch SAVE`: the player view following a save the GM's app autosaves.

A separate app (no session of its own to save, no GM controls): a few times a second
it reads the file off the UI thread (`engine.store.follow.SaveFollower.fetch`: a
regular file of bounded size, nesting bounded) and repaints on the UI thread when the
battle moved, forward or back. It never writes the save. Its palette has what a reader
needs (theme, keys, quit), nothing that writes on the machine it runs on.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.css.query import NoMatches
from textual.screen import Screen

from skirmtui.engine.store.follow import Fetched, SaveFollower
from skirmtui.tui.screens.player import PlayerScreen

#: Set by `serve` for each view it starts: the server's pid.
PARENT_ENV = "SKIRMTUI_SERVE_PID"
#: How often the save is looked at (an unchanged file costs one `stat`).
POLL_SECONDS = 0.1


class WatchApp(App[int]):
    TITLE = "skirmtui — player view"

    def __init__(
        self, follower: SaveFollower, poll: float = POLL_SECONDS, parent: int | None = None
    ) -> None:
        """`parent`: the pid of the `serve` that started this view: when it is gone
        (killed), this view ends too instead of running on with nobody to see it."""
        super().__init__()
        self.follower = follower
        self._poll = poll
        self._serve_pid = parent
        self._fetching = threading.Lock()  # one read at a time

    @property
    def player(self) -> PlayerScreen | None:
        """The player screen, wherever it is in the stack (the palette, the keys
        panel or a theme picker may be on top of it)."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, PlayerScreen):
                return screen
        return None

    async def on_mount(self) -> None:
        await self.push_screen(PlayerScreen(self.follower.session, self.follower.path.name))
        self.set_interval(self._poll, self._tick)
        if self._serve_pid is not None:
            self.set_interval(1.0, self._check_parent)

    def _check_parent(self) -> None:
        if os.getppid() != self._serve_pid:
            self.exit(0)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Theme, keys and quit: not the screenshot (a file written on the GM's
        machine by whoever holds a browser), nor maximise."""
        for command in super().get_system_commands(screen):
            if command.title in ("Theme", "Keys"):
                yield command
        yield SystemCommand("Quit", "Close this player view", self.action_quit)

    def _tick(self) -> None:
        if self._fetching.acquire(blocking=False):
            self.run_worker(self._fetch, thread=True, exit_on_error=False, group="follow")

    def _fetch(self) -> None:
        """Worker thread: read the save; the session is changed on the UI thread."""
        try:
            fetched = self.follower.fetch()
            if fetched is not None:
                self.call_from_thread(self.show, fetched)
        finally:
            self._fetching.release()

    def follow(self) -> None:
        """Look at the save now, on this thread; show the battle as it is now."""
        self.show(self.follower.fetch())

    def show(self, fetched: Fetched | None) -> None:
        before = self.follower.session
        changed = self.follower.apply(fetched)
        screen = self.player
        if screen is None:
            return
        if self.follower.session is not before:  # another battle was saved there
            while self.screen is not screen:  # the palette or keys panel: closed first
                self.pop_screen()
            self.switch_screen(PlayerScreen(self.follower.session, self.follower.path.name))
            return
        try:
            if changed:
                screen.changed()
            screen.set_status(self.follower.problem)
        except NoMatches:  # the screen is being built or taken down: the next tick
            pass


def watch_app(path: Path) -> WatchApp:
    """The app for `path` (raises `SaveError` when the save cannot be loaded)."""
    from skirmtui.systems.registry import systems

    parent = os.environ.get(PARENT_ENV, "")
    return WatchApp(SaveFollower(path, systems()), parent=int(parent) if parent.isdigit() else None)
