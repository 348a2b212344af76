"""What the TUI shows of a regole-base battle: queue, statuses, summary (read only)."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Side, Unit
from skirmtui.engine.core.kit import last_flagged, summary_by_side
from skirmtui.engine.core.system import QueueRow
from skirmtui.systems.regole_base.charging import can_assault
from skirmtui.systems.regole_base.movement import can_move
from skirmtui.systems.regole_base.position import pos
from skirmtui.systems.regole_base.profile import listed, name
from skirmtui.systems.regole_base.shooting import can_shoot
from skirmtui.systems.regole_base.state import engaged, order

_CAN = {"movement": can_move, "assault": can_assault, "shooting": can_shoot}


def queue(b: Battle) -> list[QueueRow]:
    if b.phase == "initiative" or not pos(b).order:
        return [
            QueueRow(s.id, f"{s.name}: rolls for initiative" if b.on_table(s.id) else s.name)
            for s in b.sides
        ]
    can = _CAN.get(b.phase)
    current = None
    if can is not None and pos(b).stage in ("", "activate") and b.result is None:
        # The side whose model is acting or being chosen: `alternate` has already moved
        # the turn pointer on to the next side by the time its question is asked.
        # Nobody is to act after the end.
        current = b.turn_side or None
    rows = []
    for i, side in enumerate(order(b)):
        if can is None:
            left = [u for u in b.on_table(side)]
            detail = f"{len(left)} standing"
        else:
            ready = [u for u in b.on_table(side) if not u.flag("acted") and can(b, u)]
            acting = last_flagged(b, "acted", side) if side == current and not ready else None
            if ready:
                detail = f"{len(ready)} to act: " + ", ".join(name(u) for u in ready)
            else:  # its last model may still be asked (its move, its shots): not done yet
                detail = f"{name(acting)} acting, the last" if acting else "done this phase"
        rows.append(
            QueueRow(side, f"{i + 1}. {b.side_name(side)} — {detail}", current=side == current)
        )
    return rows


def status(b: Battle, unit: Unit) -> str:
    if unit.removed:
        return "removed"
    words = [f"R {unit.num('r')}/{unit.profile['r']}"]
    if engaged(b, unit):
        words.append("melee")
    if unit.flag("fleeing"):
        words.append("fleeing")
    if unit.num("ran") and b.round - unit.num("ran") in (0, 1):
        words.append("ran")
    if unit.flag("marched"):
        words.append(f"marched (no {unit.stats['gave_up'] or '…'})")
    if unit.flag("charged"):
        words.append("charged")
    if unit.num("lose"):
        words.append(f"−{unit.num('lose')} attack")
    if unit.flag("covered"):
        words.append("cover")
    for field, word in (("unloaded", "unloaded"), ("jammed", "jammed")):
        if listed(unit, field):
            words.append(word)
    if unit.flag("acted"):
        words.append("✓")
    return " ".join(words)


def summary(b: Battle) -> list[str]:
    return summary_by_side(b, _side_summary)


def _side_summary(side: Side, units: list[Unit], left: list[Unit]) -> str:
    r_left = sum(u.num("r") for u in left)
    r_all = sum(int(u.profile["r"]) for u in units)
    return f"{side.name}: {len(left)}/{len(units)} models standing, R {r_left}/{r_all}"
