"""What the TUI shows of a pequenas-guerras battle: queue, statuses, summary."""

from __future__ import annotations

from collections import Counter

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import last_flagged, summary_by_side
from skirmtui.engine.core.system import QueueRow
from skirmtui.engine.core.text import plural
from skirmtui.systems.pequenas_guerras import rounds
from skirmtui.systems.pequenas_guerras.end_round import (
    models_left,
    objectives_held,
    points_destroyed,
    starting_models,
)
from skirmtui.systems.pequenas_guerras.position import pos
from skirmtui.systems.pequenas_guerras.profile import size_of


def _names(units: list[Unit]) -> str:
    counts = Counter(u.name for u in units)
    return ", ".join(n if c == 1 else f"{n} ×{c}" for n, c in counts.items())


def queue(b: Battle) -> list[QueueRow]:
    p = pos(b)
    if b.phase == "deployment" and not p.deploy.done:
        return [QueueRow(s.id, f"{s.name}: rolls for deployment") for s in b.sides]
    if b.phase in ("deployment", "objectives") or not p.order:
        return _setup_queue(b)
    if b.phase == "rolloff":
        return [
            QueueRow(
                s.id,
                f"{s.name}: "
                + (f"rolls for round {b.round}" if b.on_table(s.id) else "no units left (passes)"),
            )
            for s in b.sides
        ]
    rows = []
    order = p.order
    # The side whose unit is activating (`activation_step` sets it before asking):
    # `next_side` already names the next player once the activation is under way.
    current = b.turn_side if b.phase == "activation" and b.result is None else None
    for i, side in enumerate(order):
        left = rounds.waiting(b, side)
        acting = last_flagged(b, "activated", side) if side == current and not left else None
        if left:
            detail = f"{len(left)} left: {_names(left)}"
        else:  # its last unit may still be asked (its move, its shots): not passing yet
            detail = f"{acting.label} activating, the last" if acting else "none left (passes)"
        rows.append(
            QueueRow(side, f"{i + 1}. {b.side_name(side)} — {detail}", current=side == current)
        )
    owners = [b.side_name(o) if o else "—" for o in p.objectives or []]
    rows.append(QueueRow(None, "Objectives: " + " · ".join(owners)))
    return rows


def _setup_queue(b: Battle) -> list[QueueRow]:
    p = pos(b)
    order = p.order or [g[0] for g in p.deploy.groups]
    corners = p.corners
    placed = set(p.placed)
    rows = []
    for i, side in enumerate(order):
        left = [u for u in b.on_table(side) if u.id not in placed]
        corner = corners.get(side, "corner not chosen")
        detail = f"{corner}, {len(left)} to place" if b.phase == "deployment" else corner
        rows.append(
            QueueRow(side, f"{i + 1}. {b.side_name(side)} — {detail}", current=b.turn_side == side)
        )
    return rows


def status(b: Battle, unit: Unit) -> str:
    if unit.removed:
        return "destroyed" if unit.stats["destroyed_by"] else "removed"
    # Most urgent first, in words (the roster wraps a long status, never cuts it).
    words = [f"{unit.num('models')}/{unit.profile['models']} models"]
    if unit.stats["activated"]:
        words.append("activated")
    if unit.stats["stunned"]:
        words.append("stunned")
    markers = unit.num("markers")
    if markers:
        words.append(f"{markers} wound marker{'s' if markers != 1 else ''}")
    if unit.stats["cover"]:
        words.append("in cover")
    if unit.stats["overwatch"]:
        words.append("on overwatch")
    return ", ".join(words)


def summary(b: Battle) -> list[str]:
    size = size_of(b.options)
    lines = summary_by_side(
        b,
        lambda side, units, left: (
            f"{side.name}: {plural(objectives_held(b, side.id), 'objective')} held, "
            f"{plural(points_destroyed(b, side.id), 'point')} destroyed, "
            f"{len(left)}/{len(units)} units "
            f"and {models_left(b, side.id)}/{starting_models(b, side.id)} models standing"
        ),
    )
    # The game's size after the headline.
    lines.insert(1, f"{size['name'].capitalize()} game, {size['table']}, {size['points']} points")
    return lines
