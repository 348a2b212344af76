"""The review's chart pane (issue 27): each side's units standing and its chance to win
at the start of every round, and the turning points, for the whole battle.

The chance to win and the turning points are engine/report/turning.py's (the same as the
reports'), computed on demand by the review screen in a worker thread; this only shows
them. Names are user text: shown with `plain`, never parsed as markup.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.text import one_line, plural
from skirmtui.engine.report.turning import Turning, turn_lines
from skirmtui.tui.usertext import plain
from skirmtui.tui.widgets.battle_charts import chance_plot, strength_plot


class ReviewCharts(Vertical):
    """Strength and chance to win side by side; the turning points under them."""

    def __init__(self, battle: Battle, playouts: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.battle = battle
        self.playouts = playouts

    def compose(self) -> ComposeResult:
        with Horizontal(id="review-plots"):
            yield strength_plot(self.battle)
            yield Static(
                f"Chance to win: playing the battle on {self.playouts} times from each "
                f"{self.battle.round_word.lower()}'s start and after each loss…",
                id="chances-waiting",
                classes="battle-chart",
            )
        yield Static(id="turning-points")

    def show(self, turning: Turning) -> None:
        """The chance chart and the turning points, once computed."""
        waiting = self.query_one("#chances-waiting", Static)
        # Names as written: the report's Markdown escapes (`\|`) are not for a screen.
        lines = turn_lines(self.battle, turning, one_line)
        margin = (
            f"{turning.playouts} play-outs a point, ±{plural(round(100 * turning.margin), 'point')}"
        )
        if turning.rounds:
            self.query_one("#review-plots").mount(
                chance_plot(self.battle, turning.rounds), after=waiting
            )
            waiting.remove()
        else:
            waiting.update("No round has started yet: no chance to show.")
        head = f"Turning points ({margin}):" if lines else f"No turning point ({margin})."
        if not turning.points:
            head = "No turning point: no round has started yet."
        self.query_one("#turning-points", Static).update(
            plain("\n".join([head, *(f"• {line}" for line in lines)]), multiline=True)
        )
