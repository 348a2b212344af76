"""Dice luck (engine/report/luck.py) as a table: every side, then every unit that rolled.

Opened with `l` or the palette, live in the battle and in review (there for the battle
as it stood at the scrubbed point). It only reads.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, Static

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.report.luck import Tally, luck
from skirmtui.tui.usertext import plain

COLUMNS = ("Side / unit", "Rolls", "App", "Typed", "Expected", "Actual", "Percentile")


def tally_cells(tally: Tally) -> tuple[str, ...]:
    pct = tally.percentile
    return (
        str(tally.rolls),
        str(tally.by.get("app", 0)),
        str(tally.by.get("table", 0) + tally.by.get("unrecorded", 0)),
        f"{float(tally.expected):.1f}",
        str(tally.actual),
        "—" if pct is None else f"{pct:.0f}",
    )


class LuckScreen(ModalScreen[None]):
    CSS_PATH = "modal.tcss"
    BINDINGS = [
        Binding("escape", "close", "Close", id="close"),
        Binding("l", "close", "Close", show=False),
    ]

    def __init__(self, battle: Battle) -> None:
        super().__init__()
        self.battle = battle

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(
                "Dice luck — successes against the odds shown before each roll", classes="title"
            )
            yield DataTable(id="luck-table", cursor_type="row", zebra_stripes=True)
            yield Static(
                "Percentile: where the actual successes fall among everything those dice "
                "could do (50 = as expected, higher = luckier). Typed: faces the table "
                "typed in (or not recorded by an older save). Esc closes.",
                id="luck-help",
            )

    def on_mount(self) -> None:
        table: DataTable[object] = self.query_one(DataTable)
        table.add_columns(*COLUMNS)
        found = luck(self.battle)
        for side in self.battle.sides:
            table.add_row(plain(side.name, "bold"), *tally_cells(found.sides[side.id]))
            for unit in self.battle.units.values():  # its units that rolled, roster order
                if unit.side == side.id and unit.id in found.units:
                    table.add_row(plain("  " + unit.label), *tally_cells(found.units[unit.id]))
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
