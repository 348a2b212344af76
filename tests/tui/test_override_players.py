"""The override's "Who plays a side": choosing the side shows who plays it now.

Found in tmux: with the app playing Barbari (balanced), the dialog said "Played by:
the table" for Barbari, so the GM could not tell what Apply would change.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.screens.override import OverrideScreen
from tests.tui.helpers import running
from tests.tui.test_solo import SMALL, settle, solo_app


async def test_the_side_chosen_shows_who_plays_it(tmp_path: Path) -> None:
    app = solo_app(tmp_path / "solo.toml")
    async with running(app, SMALL) as (pilot, _session):
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.action_players()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, OverrideScreen)
        dialog.query_one("#side", Select).value = "blue"
        await pilot.pause()
        assert dialog.query_one("#persona", Select).value == "balanced"
        dialog.query_one("#side", Select).value = "red"
        await pilot.pause()
        assert dialog.query_one("#persona", Select).value == ""
