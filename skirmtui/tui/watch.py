"""`skirmtui watch SAVE`: the player view following a save the GM's app autosaves.

A separate app (no session of its own to save, no GM controls): it polls the file a
few times a second (`engine.store.follow.SaveFollower`) and repaints when the battle moved,
forward or back. It never writes the save.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.css.query import NoMatches

from skirmtui.engine.store.follow import SaveFollower
from skirmtui.tui.screens.player import PlayerScreen

#: How often the save is looked at (an unchanged file costs one `stat`).
POLL_SECONDS = 0.1


class WatchApp(App[int]):
    TITLE = "skirmtui — player view"

    def __init__(self, follower: SaveFollower, poll: float = POLL_SECONDS) -> None:
        super().__init__()
        self.follower = follower
        self._poll = poll

    @property
    def player(self) -> PlayerScreen:
        screen = self.screen
        assert isinstance(screen, PlayerScreen)
        return screen

    async def on_mount(self) -> None:
        await self.push_screen(PlayerScreen(self.follower.session, self.follower.path.name))
        self.set_interval(self._poll, self.follow)

    def follow(self) -> None:
        """Look at the save; show the battle as it is now."""
        before = self.follower.session
        changed = self.follower.poll()
        screen = self.player
        if self.follower.session is not before:  # another battle was saved there
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

    return WatchApp(SaveFollower(path, systems()))
