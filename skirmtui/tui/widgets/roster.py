"""Every side's units: damage and statuses at a glance; selecting one shows its sheet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import DataTable

from skirmtui.tui.widgets.base import SessionView

COLUMNS = ("Unit", "Side", "Status")


class Roster(SessionView):
    """A table of units grouped by side, in roster order; only changed cells are redrawn."""

    class UnitSelected(Message):
        """The user highlighted a unit in the roster."""

        def __init__(self, unit_id: str) -> None:
            super().__init__()
            self.unit_id = unit_id

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: dict[str, tuple[str, str, str]] = {}

    def compose(self) -> ComposeResult:
        table: DataTable[str] = DataTable(cursor_type="row", zebra_stripes=True, id="roster-table")
        for column in COLUMNS:
            table.add_column(column, key=column)
        yield table

    def rows(self) -> dict[str, tuple[str, str, str]]:
        battle = self.session.battle
        system = self.session.system
        rows = {}
        for side in battle.sides:
            for unit in battle.units.values():
                if unit.side == side.id:
                    name = f"[strike]{unit.name}[/]" if unit.removed else unit.name
                    rows[unit.id] = (name, side.name, system.status(battle, unit))
        return rows

    def refresh_view(self) -> None:
        table = self.query_one(DataTable)
        rows = self.rows()
        if list(rows) != list(self._shown):  # units added or reordered: rebuild
            cursor = table.cursor_row
            table.clear()
            for unit_id, cells in rows.items():
                table.add_row(*cells, key=unit_id)
            if table.row_count:
                table.move_cursor(row=min(cursor, table.row_count - 1))
        else:
            for unit_id, cells in rows.items():
                old = self._shown[unit_id]
                for column, before, after in zip(COLUMNS, old, cells, strict=True):
                    if before != after:
                        table.update_cell(unit_id, column, after)
        self._shown = rows

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.post_message(self.UnitSelected(event.row_key.value))
