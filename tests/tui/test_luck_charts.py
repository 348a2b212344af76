"""Issue 27: the luck screen's charts — units standing and luck round by round, and on
`w` each side's chance to win, computed in a worker from random play-outs."""

from __future__ import annotations

import asyncio
from pathlib import Path

from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.luck import LuckScreen
from tests.tui.helpers import SIZE

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "regole-base.toml"


async def test_review_shows_the_charts_and_the_chance_to_win_on_demand() -> None:
    session, created = load_session(EXAMPLE, systems())
    app = SkirmApp(session=session, path=EXAMPLE, created=created, review=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LuckScreen)
        assert [w.id for w in screen.query(".battle-chart")] == ["chart-strength", "chart-luck"]
        strength = screen.query_one("#chart-strength")
        assert strength.size.width > 20 and strength.size.height >= 10  # laid out, drawn
        await pilot.press("w")
        for _ in range(600):  # the worker plays the battle on: up to a minute on a busy CI
            await asyncio.sleep(0.1)
            if screen.query("#chart-chances"):
                break
        assert [w.id for w in screen.query(".battle-chart")] == [
            "chart-chances",
            "chart-strength",
            "chart-luck",
        ]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LuckScreen)


def test_the_units_standing_plot_counts_in_whole_units() -> None:
    """Found in tmux (`l` in review): "Units standing" marked its axis 0.00, 0.67,
    1.33, 2.00, 2.67, 3.33, 4.00: units are counted whole."""
    import re

    from skirmtui.tui.widgets.battle_charts import strength_plot

    session, _ = load_session(EXAMPLE, systems())
    plot = strength_plot(session.battle)
    plot.plt.plotsize(60, 15)
    drawn = re.sub(r"\x1b\[[0-9;]*m", "", plot.plt.build())
    axis = [line.split("┤")[0].strip() for line in drawn.splitlines() if "┤" in line]
    assert axis and all(label.isdigit() for label in axis), axis
    assert sorted(int(label) for label in axis) == [0, 1, 2, 3, 4]
