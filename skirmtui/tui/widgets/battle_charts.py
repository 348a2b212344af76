"""The battle's charts in the terminal (issue 27): what each side had standing, its dice
luck and its chance to win, round by round, as textual-plotext plots.

The plots are made only when a chart is shown (the luck screen), so start-up never
imports plotext. The numbers come from engine/report (charts.py, chances.py); this only
draws them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.report.chances import RoundChance
from skirmtui.engine.report.charts import (
    chance_series,
    luck_series,
    strength_series,
    whole_ticks,
)

if TYPE_CHECKING:
    from textual.widget import Widget

#: A percentage's axis, as the SVG charts mark it (plotext chose 16.7, 33.3…).
QUARTERS = [0.0, 25.0, 50.0, 75.0, 100.0]

#: Plotext's colour names, one a side in setup order (as the SVG charts' palette).
COLOURS = ("blue", "orange", "green", "magenta", "yellow", "cyan")


def line_plot(
    title: str,
    labels: list[str],
    series: list[tuple[str, list[float]]],
    y_max: float,
    widget_id: str,
    ticks: list[float] | None = None,
) -> Widget:
    """A plot of one line a series over `labels`, from 0 to `y_max`; the y axis marked
    at `ticks` when given (a count's whole numbers), else where plotext puts them."""
    from textual_plotext import PlotextPlot

    plot = PlotextPlot(id=widget_id, classes="battle-chart")
    plt = plot.plt
    xs = [float(x) for x in range(1, len(labels) + 1)]
    for index, (name, values) in enumerate(series):
        plt.plot(xs, values, label=name, marker="braille", color=COLOURS[index % len(COLOURS)])
    plt.title(title)
    plt.xticks(xs, labels)
    plt.ylim(0, y_max)
    if ticks is not None:
        plt.yticks(ticks, [f"{t:.0f}" for t in ticks])
    return plot


def strength_plot(battle: Battle) -> Widget:
    """Points standing where profiles carry them (as the SVG chart), else units."""
    priced, labels, series, top = strength_series(battle)
    what = "Points standing" if priced else "Units standing"
    return line_plot(what, labels, series, top, "chart-strength", whole_ticks(top))


def luck_plot(battle: Battle) -> Widget:
    rows = luck_series(battle) or [("Start", {s.id: 50.0 for s in battle.sides})]
    series = [(s.name, [r[1][s.id] for r in rows]) for s in battle.sides]
    return line_plot(
        "Luck (50 = as expected)",
        [r[0] for r in rows],
        series,
        100,
        "chart-luck",
        QUARTERS,
    )


def chance_plot(battle: Battle, found: list[RoundChance]) -> Widget:
    labels, series, margin = chance_series(battle, found)
    return line_plot(
        f"Chance to win (%), ±{margin:.0%}", labels, series, 100, "chart-chances", QUARTERS
    )
