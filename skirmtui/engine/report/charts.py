"""The battle in pictures (issue 27): inline SVG charts, drawn here with no library and
nothing fetched — each side's chance to win and its strength round by round, and the
dice luck. The HTML report embeds them; `export --format md -o report.md` writes them
beside the report as `report-*.svg`.

Names are user text: escaped, never markup. Each chart scales to its container
(`viewBox`, width 100%), so it reads on a phone.
"""

from __future__ import annotations

import math
from html import escape

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.session import Session
from skirmtui.engine.report.chances import DRAW, RoundChance
from skirmtui.engine.report.luck import luck
from skirmtui.engine.report.story import strength

#: One colour a side, in the order of the setup (colour-blind friendly, Okabe–Ito).
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
_W, _H = 640, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 16, 36, 56


def _frame(title: str, body: list[str], legend: list[tuple[str, str]]) -> str:
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" width="100%" '
        f'role="img" aria-label="{escape(title)}" font-family="sans-serif" font-size="13">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{_W}" height="{_H}" fill="#fff"/>',
        f'<text x="{_LEFT}" y="20" font-size="15" font-weight="bold">{escape(title)}</text>',
        *body,
    ]
    x = _LEFT
    for name, colour in legend:
        out.append(f'<rect x="{x}" y="{_H - 18}" width="12" height="12" fill="{colour}"/>')
        out.append(f'<text x="{x + 16}" y="{_H - 8}">{escape(name)}</text>')
        x += 28 + 8 * len(name)
    out.append("</svg>")
    return "\n".join(out)


def whole_ticks(top: float) -> list[float]:
    """A count's axis from 0 to at least `top`: whole numbers, at most five marks
    evenly spaced (quarters of 3 units were written "0 1 2 2 3")."""
    step = max(1, math.ceil(top / 4))
    return [float(v) for v in range(0, math.ceil(top / step) * step + 1, step)]


def _axes(
    y_max: float, unit: str, x_labels: list[str], ticks: list[float] | None = None
) -> list[str]:
    width, height = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM
    out = []
    for value in ticks if ticks is not None else [y_max * step / 4 for step in range(5)]:
        y = _TOP + height - height * value / (y_max or 1)
        out.append(
            f'<line x1="{_LEFT}" y1="{y:.1f}" x2="{_W - _RIGHT}" y2="{y:.1f}" stroke="#ddd"/>'
        )
        shown = f"{value:.0f}{unit}"
        out.append(f'<text x="{_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{shown}</text>')
    for i, label in enumerate(x_labels):
        x = _x(i, len(x_labels), width)
        y = _TOP + height + 18
        out.append(f'<text x="{x:.1f}" y="{y}" text-anchor="middle">{escape(label)}</text>')
    return out


def _x(i: int, count: int, width: int) -> float:
    return _LEFT + (width * i / (count - 1) if count > 1 else width / 2)


def line_chart(
    title: str,
    x_labels: list[str],
    series: list[tuple[str, list[float]]],
    y_max: float,
    unit: str = "",
    ticks: list[float] | None = None,
) -> str:
    """One line a series (its name, its values over `x_labels`), from 0 to `y_max`;
    the axis marked at `ticks` (default: quarters of `y_max`)."""
    width, height = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM
    body = _axes(y_max, unit, x_labels, ticks)
    legend = []
    for index, (name, values) in enumerate(series):
        colour = PALETTE[index % len(PALETTE)]
        legend.append((name, colour))
        points = [
            (_x(i, len(values), width), _TOP + height - height * v / (y_max or 1))
            for i, v in enumerate(values)
        ]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        body.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="3">'
            f"<title>{escape(name)}</title></polyline>"
        )
        for (x, y), v in zip(points, values, strict=True):
            body.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}">'
                f"<title>{escape(name)}: {v:.0f}{unit}</title></circle>"
            )
    return _frame(title, body, legend)


def bar_chart(title: str, bars: list[tuple[str, float]], y_max: float, mark: float) -> str:
    """One bar a name, from 0 to `y_max`, a dashed line at `mark` (50: as expected)."""
    width, height = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM
    body = _axes(y_max, "", [])
    slot = width / max(1, len(bars))
    for index, (name, value) in enumerate(bars):
        colour = PALETTE[index % len(PALETTE)]
        tall = height * value / (y_max or 1)
        x = _LEFT + slot * index + slot * 0.2
        body.append(
            f'<rect x="{x:.1f}" y="{_TOP + height - tall:.1f}" width="{slot * 0.6:.1f}" '
            f'height="{tall:.1f}" fill="{colour}"><title>{escape(name)}: {value:.0f}</title></rect>'
        )
        body.append(
            f'<text x="{x + slot * 0.3:.1f}" y="{_TOP + height + 18}" text-anchor="middle">'
            f"{escape(name)}</text>"
        )
    y = _TOP + height - height * mark / (y_max or 1)
    body.append(
        f'<line x1="{_LEFT}" y1="{y:.1f}" x2="{_W - _RIGHT}" y2="{y:.1f}" stroke="#333" '
        'stroke-dasharray="6 4"/>'
    )
    return _frame(title, body, [])


def standing(battle: Battle) -> list[tuple[str, dict[str, int], dict[str, int]]]:
    """(label, units standing per side, strength standing per side) at the start, then
    at the end of each round."""
    gone: set[str] = set()
    rows: list[tuple[str, dict[str, int], dict[str, int]]] = []

    def take(label: str) -> None:
        units = {s.id: 0 for s in battle.sides}
        worth = {s.id: 0 for s in battle.sides}
        for uid, unit in battle.units.items():
            if uid not in gone and unit.side in units:
                units[unit.side] += 1
                worth[unit.side] += strength(battle, uid)
        rows.append((label, units, worth))

    take("Start")
    last = 0
    for entry in battle.log:
        if entry.round > last >= 1:
            take(f"{battle.round_word[:1]}{last}")
        last = max(last, entry.round)
        for effect in entry.effects:
            if effect.field == "removed" and effect.unit is not None:
                (gone.add if effect.after else gone.discard)(effect.unit)
    if last >= 1:
        take(f"{battle.round_word[:1]}{last}")
    return rows


def luck_series(battle: Battle) -> list[tuple[str, dict[str, float]]]:
    """(label, each side's luck percentile so far) at the end of each round (50 where a
    side has rolled nothing yet)."""
    out = []
    for number in range(1, battle.round + 1):
        found = luck(battle, [e for e in battle.log if e.round <= number])
        shares = {s.id: found.sides[s.id].percentile or 50.0 for s in battle.sides}
        out.append((f"{battle.round_word[:1]}{number}", shares))
    return out


def strength_series(
    battle: Battle,
) -> tuple[bool, list[str], list[tuple[str, list[float]]], float]:
    """(points or units, labels, each side's strength standing, the top): points where
    profiles carry them, else units; the strength chart, in SVG or in the terminal. Both
    are counted whole: the top is the last of their `whole_ticks`."""
    rows = standing(battle)
    priced = any(sum(w.values()) != sum(u.values()) for _, u, w in rows)
    series = [
        (s.name, [float((w if priced else u)[s.id]) for _, u, w in rows]) for s in battle.sides
    ]
    top = max((max(v) for _, v in series), default=1.0) or 1.0
    return priced, [r[0] for r in rows], series, whole_ticks(top)[-1]


def strength_chart(battle: Battle) -> str:
    priced, labels, series, top = strength_series(battle)
    what = "Strength standing (points)" if priced else "Units standing"
    return line_chart(what, labels, series, top, ticks=whole_ticks(top))


def chance_series(
    battle: Battle, found: list[RoundChance]
) -> tuple[list[str], list[tuple[str, list[float]]], float]:
    """Each round's label, each side's chance to win in percent (a draw too when one is
    possible) and the widest 95 % margin: the chance chart, in SVG or in the terminal."""
    word = battle.round_word[:1]
    labels = [f"{word}{c.round}" if c.playouts else "End" for c in found]
    series = [(s.name, [100 * c.chances.get(s.id, 0.0) for c in found]) for s in battle.sides]
    if any(c.chances.get(DRAW, 0.0) for c in found):
        series.append(("Draw", [100 * c.chances.get(DRAW, 0.0) for c in found]))
    return labels, series, max((c.margin for c in found), default=0.0)


def chance_chart(battle: Battle, found: list[RoundChance]) -> str:
    labels, series, margin = chance_series(battle, found)
    title = f"Chance to win at the start of each {battle.round_word.lower()} (±{margin:.0%})"
    return line_chart(title, labels, series, 100, "%")


def luck_chart(battle: Battle) -> str:
    found = luck(battle)
    bars = [(s.name, found.sides[s.id].percentile or 50.0) for s in battle.sides]
    return bar_chart("Dice luck: percentile (50 = as expected)", bars, 100, 50)


def charts(session: Session, found: list[RoundChance] | None) -> dict[str, str]:
    """Chart name → SVG: `strength`, `luck`, and `chances` when they were computed."""
    battle = session.battle
    out = {"strength": strength_chart(battle), "luck": luck_chart(battle)}
    if found:
        out = {"chances": chance_chart(battle, found), **out}
    return out
