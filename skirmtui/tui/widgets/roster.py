"""Every side's units: damage and statuses at a glance; selecting one shows its sheet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.message import Message

from skirmtui.engine.conditions import of_unit
from skirmtui.engine.text import safe
from skirmtui.tui.widgets.base import SessionView
from skirmtui.tui.widgets.unit_list import UnitList, UnitRow

COLUMNS = ("Unit", "Side", "Status")


class Roster(SessionView):
    """A table of units grouped by side, in roster order; only changed rows are redrawn."""

    class UnitSelected(Message):
        """The user highlighted a unit in the roster."""

        def __init__(self, unit_id: str) -> None:
            super().__init__()
            self.unit_id = unit_id

    def compose(self) -> ComposeResult:
        yield UnitList(COLUMNS, id="roster-table")

    def rows(self) -> list[UnitRow]:
        battle = self.session.battle
        system = self.session.system
        rows = []
        for side in battle.sides:
            for unit in battle.units.values():
                if unit.side == side.id:
                    status = system.status(battle, unit)
                    held = of_unit(battle, unit.id)
                    if held:  # the GM's timed conditions, with what is left
                        status = "; ".join([status, *(c.describe() for c in held)]).lstrip("; ")
                    cells = (safe(unit.name), safe(side.name), safe(status))
                    rows.append(UnitRow(unit.id, cells, unit.removed))
        return rows

    def refresh_view(self) -> None:
        self.query_one(UnitList).set_rows(self.rows())

    def on_unit_list_highlighted(self, event: UnitList.Highlighted) -> None:
        event.stop()
        self.post_message(self.UnitSelected(event.unit_id))
