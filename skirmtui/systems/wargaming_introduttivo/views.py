"""What the panes show of wargaming-introduttivo: the queue, statuses, the summary."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import summary_by_side
from skirmtui.engine.core.system import QueueRow
from skirmtui.systems.wargaming_introduttivo import profile
from skirmtui.systems.wargaming_introduttivo.position import (
    pos,
)
from skirmtui.systems.wargaming_introduttivo.profile import DAMAGE_WORDS, DEAD
from skirmtui.systems.wargaming_introduttivo.shared import WIRules


class Views(WIRules):
    """Read-only views (tests/property: they change nothing)."""

    def queue(self, b: Battle) -> list[QueueRow]:
        p = pos(b)
        if b.phase == "setup" or not p.order:
            return [QueueRow(s.id, f"{s.name}: rolling for play order") for s in b.sides]
        rows = []
        order = p.order
        by_player = b.phase == "movement" and p.movement_done is not None
        for i, side in enumerate(order):
            current = b.turn_side == side and b.phase != "end" and b.result is None
            units = b.on_table(side)
            if by_player:
                # WI-7: everyone moves at once; each player tells the app in turn.
                left = sum(1 for u in units if self._can_move(u))
                detail = f"{left} may still move" if self._may_move(b, side) else "moved"
            elif b.phase == "activation":
                left = sum(1 for u in units if not u.flag("tried"))
                count = sum(1 for u in units if u.flag("active"))
                detail = f"{count} active, {left} to try"
            else:
                active = [u for u in units if u.flag("active")]
                ready = [u for u in active if self._can_fight(u)]
                detail = f"{len(active)} active, {len(ready)} can still fight"
            if by_player:
                done = not self._may_move(b, side)
            else:
                done = b.phase not in ("movement", "end") and i < p.player
            mark = "✓ " if done else ""
            rows.append(
                QueueRow(side, f"{i + 1}. {mark}{b.side_name(side)} — {detail}", current=current)
            )
        return rows

    def status(self, b: Battle, unit: Unit) -> str:
        if unit.removed:
            return "dead" if unit.num("damage") >= DEAD else "removed"
        words = [DAMAGE_WORDS[unit.num("damage")]] if unit.num("damage") else []
        words.append(
            "active" if unit.flag("active") else ("failed" if unit.flag("tried") else "inactive")
        )
        if unit.num("pending"):
            words.append(f"+{unit.num('pending')} pending")
        if unit.num("actions"):
            words.append(f"{unit.num('actions')}/{profile.MAX_ACTIONS} actions")
        if unit.flag("shot"):
            words.append("shot")
        if unit.flag("moved"):
            words.append("moved")
        return ", ".join(words)

    def summary(self, b: Battle) -> list[str]:
        return summary_by_side(
            b,
            lambda side, units, left: (
                f"{side.name}: {len(left)}/{len(units)} units standing, "
                f"{sum(int(u.profile['cost']) for u in left)} points on the table"
            ),
        )
