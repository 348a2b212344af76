"""Dice luck (engine/report/luck.py) as a table: every side, then every unit that rolled;
below it the battle's charts (issue 27): what each side had standing and its luck, round
by round, and on `w` each side's chance to win at the start of every round (random
play-outs, computed in a worker thread: never during play, kept nowhere).

Opened with `l` or the palette, live in the battle and in review (there for the battle
as it stood at the scrubbed point). It only reads.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, Static
from textual.worker import get_current_worker

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.session import Session
from skirmtui.engine.report.chances import Cancelled, RoundChance, chances
from skirmtui.engine.report.luck import Tally, luck
from skirmtui.tui.usertext import plain
from skirmtui.tui.widgets.battle_charts import chance_plot, luck_plot, strength_plot

#: Play-outs a round for the chance to win shown here (the HTML report makes 200).
TUI_PLAYOUTS = 50

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
        Binding(
            "w",
            "chances",
            "Chance to win",
            id="chances",
            tooltip="each side's chance to win at every round's start, from random play-outs",
        ),
    ]

    def __init__(self, battle: Battle, session: Session | None = None) -> None:
        super().__init__()
        self.battle = battle
        #: The session the battle is of (its answers), for the chance to win.
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(
                "Dice luck — successes against the odds shown before each roll", classes="title"
            )
            yield DataTable(id="luck-table", cursor_type="row", zebra_stripes=True)
            yield Static(
                "Percentile: where the actual successes fall among everything those dice "
                "could do (50 = as expected, higher = luckier). Typed: faces the table "
                "typed in (or not recorded by an older save). w: chance to win "
                f"({TUI_PLAYOUTS} play-outs a round). Esc closes.",
                id="luck-help",
            )
            with Horizontal(id="luck-charts"):
                yield strength_plot(self.battle)
                yield luck_plot(self.battle)

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

    def action_chances(self) -> None:
        if self.session is None or self.query("#chart-chances"):
            return
        self.notify(f"Playing the battle on {TUI_PLAYOUTS} times from each round…")
        self._count(self.session)

    @work(thread=True, exclusive=True)
    def _count(self, session: Session) -> None:
        worker = get_current_worker()
        try:  # stopped between play-outs once the screen or the app closes
            found = chances(session, TUI_PLAYOUTS, cancelled=lambda: worker.is_cancelled)
        except Cancelled:
            return
        self.app.call_from_thread(self._show_chances, found)

    def _show_chances(self, found: list[RoundChance]) -> None:
        if not found:
            self.notify("No round has started yet: no chance to show.")
            return
        charts = self.query_one("#luck-charts", Horizontal)
        charts.mount(chance_plot(self.battle, found), before=0)

    def action_close(self) -> None:
        self.dismiss(None)
