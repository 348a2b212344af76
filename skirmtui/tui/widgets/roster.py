"""Every side's units: damage and statuses at a glance; selecting one shows its sheet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import DataTable

from skirmtui.tui.widgets.base import SessionView


class Roster(SessionView):
    """A table of units grouped by side, in roster order."""

    class UnitSelected(Message):
        """The user highlighted a unit in the roster."""

        def __init__(self, unit_id: str) -> None:
            super().__init__()
            self.unit_id = unit_id

    def compose(self) -> ComposeResult:
        table: DataTable[str] = DataTable(cursor_type="row", zebra_stripes=True, id="roster-table")
        table.add_columns("Unit", "Side", "Status")
        yield table

    def refresh_view(self) -> None:
        table = self.query_one(DataTable)
        battle = self.session.battle
        system = self.session.system
        cursor = table.cursor_row
        table.clear()
        for side in battle.sides:
            for unit in battle.units.values():
                if unit.side != side.id:
                    continue
                name = f"[strike]{unit.name}[/]" if unit.removed else unit.name
                table.add_row(name, side.name, system.status(battle, unit), key=unit.id)
        if table.row_count:
            table.move_cursor(row=min(cursor, table.row_count - 1))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.post_message(self.UnitSelected(event.row_key.value))
