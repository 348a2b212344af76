"""The setup form at 80 columns: each player's "Played by" row fits its box.

Found in tmux (`skirmtui new pequenas-guerras --ai blue:cautious` at 80x24): the box
beside "Played by" read "▐X▌ the app rolls its di", its label cut at the border.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox

from skirmtui.tui.app import SkirmApp


@pytest.mark.parametrize("system_id", ["pequenas-guerras", "wargaming-introduttivo"])
async def test_the_rolls_box_is_whole_at_80_columns(tmp_path: Path, system_id: str) -> None:
    app = SkirmApp(system_id=system_id, path=tmp_path / "new.toml", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#rolls-0", Checkbox)
        player = app.screen.query_one("#player-0")
        label = str(box.label)
        assert box.region.right <= player.content_region.right, (box.region, player.region)
        assert box.content_region.width >= len(label) + 4, (label, box.content_region)
