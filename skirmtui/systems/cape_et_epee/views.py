"""What the TUI shows for cape-et-epee: queue rows, statuses, the summary.

Firmness is in the first rows of the queue, so every screen shows it at all times (CE-10).
"""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import summary_by_side
from skirmtui.engine.core.system import QueueRow
from skirmtui.systems.cape_et_epee import firmness, impulses, morale, nonactivated, profile
from skirmtui.systems.cape_et_epee.position import pos


def side_line(b: Battle, side: str) -> str:
    p = pos(b)
    start = p.firmness[side]
    star = " ★ initiative" if p.initiative == side else ""
    text = f"{b.side_name(side)}: firmness {firmness.current(b, side)}/{start}{star}"
    dice = p.dice.get(side)
    if b.phase == "orders" and dice:
        text += " · dice " + " ".join(str(f) for f in dice)
    return text


def queue(b: Battle) -> list[QueueRow]:
    rows = [
        QueueRow(s.id, side_line(b, s.id), current=b.turn_side == s.id and b.phase != "activated")
        for s in b.sides
    ]
    if b.phase == "activated":
        current = pos(b).impulse if b.result is None else None  # an ended battle: nobody
        waiting = impulses.queue(b)
        if current and b.alive(current):
            waiting = [b.units[current]] + [u for u in waiting if u.id != current]
        for i, unit in enumerate(waiting, start=1):
            mark = "" if unit.id == current else f"{i}. "  # the pane marks the current row
            rows.append(
                QueueRow(
                    unit.side,
                    f"{mark}{unit.label} — {unit.num('ap')} AP",
                    unit=unit.id,
                    current=unit.id == current,
                )
            )
    elif b.phase == "nonactivated" and pos(b).na_side is not None:
        for side in (s.id for s in b.sides):
            for unit in nonactivated.na_candidates(b, side):
                rows.append(QueueRow(side, f"· {unit.label} — one action", unit=unit.id))
    return rows


def status(b: Battle, unit: Unit) -> str:
    """What changes first (AP, wounds, status), the rank last: the roster column is narrow."""
    rank = str(unit.profile["rank"])
    if unit.removed:
        return f"out ({rank})"
    words = []
    if unit.num("ap"):
        words.append(f"AP {unit.num('ap')}/{unit.num('die')}")
    elif unit.num("die"):  # seed §2.4: "Il d6 di attivazione è rimosso" at 0 AP
        words.append("AP 0 (die removed)")  # not "die" alone where it wraps
    wounds = unit.num("wounds")
    if wounds:
        words.append(f"{wounds}/{profile.max_wounds(unit)} wounds")
    if unit.stats["status"]:
        words.append(str(unit.stats["status"]).upper())
    if not unit.flag("deployed"):
        words.append("off the table")
    if unit.flag("prone"):
        words.append("prone")
    if unit.num("reload"):
        words.append(f"reload {unit.num('reload')}")
    foes = morale.opponents(b, unit)
    if foes:
        words.append("melee vs " + ", ".join(f.label for f in foes))
    role = profile.role(unit)
    words.append(f"{rank} {role}" if role else rank)
    return ", ".join(words)


def summary(b: Battle) -> list[str]:
    lines = summary_by_side(
        b,
        lambda side, units, left: (
            f"{side_line(b, side.id)} — {len(left)}/{len(units)} characters in play"
        ),
    )
    markers = pos(b).markers
    lines.append("Unrevealed event markers: " + (", ".join(markers) if markers else "none"))
    objective = b.options.get("objective")
    if objective:
        lines.append(f"Objective: {objective}")
    return lines


def sheet_rows(b: Battle, unit: Unit) -> list[tuple[str, str]]:
    """A wounded hero or protagonist fights with its wounded profile (seed §1.2.1): the
    sheet's first line is the profile it started with, so the one in use is shown too."""
    has_two = any(f"w_{spec.name}" in unit.profile for spec in profile.PROFILE_FIELDS)
    if not has_two or not unit.stats["wounds"]:
        return []
    values = " · ".join(
        f"{spec.label} {profile.stat(unit, spec.name)}" for spec in profile.PROFILE_FIELDS
    )
    return [("In use", f"the wounded profile: {values}")]
