"""The selected unit: profile, current values, statuses and its recent log."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.reactive import var
from textual.widgets import Static

from skirmtui.engine.conditions import of_unit
from skirmtui.engine.text import one_line
from skirmtui.tui.usertext import plain
from skirmtui.tui.widgets.base import SessionView

RECENT = 8


class UnitSheet(SessionView):
    unit_id: var[str | None] = var[str | None](None, init=False)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: tuple[tuple[tuple[str, str], ...], tuple[str, ...]] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="sheet-text")

    def watch_unit_id(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        static = self.query_one("#sheet-text", Static)
        battle = self.session.battle
        system = self.session.system
        unit = battle.units.get(self.unit_id or "")
        if unit is None:
            static.update("Select a unit in the roster.")
            self._shown = None
            return
        rows = [("Name", unit.name), ("Side", battle.side_name(unit.side))]
        for spec in system.profile_fields:
            rows.append((spec.label, str(unit.profile.get(spec.name, "—"))))
        rows.append(("Status", system.status(battle, unit)))
        rows += [("Condition", c.describe()) for c in of_unit(battle, unit.id)]
        # A system may add rows of its own (combattimento-gdr: the body-point boxes).
        extra = getattr(system, "sheet_rows", None)
        if extra is not None:
            rows += extra(battle, unit)
        for spec in system.unit_fields:
            value = unit.stats.get(spec.name)
            if value is None or (spec.name in unit.profile and value == unit.profile[spec.name]):
                continue
            if value is True:
                shown = "yes"
            elif value is False:
                shown = "no"
            else:
                shown = str(value)
            rows.append((spec.label, shown))
        recent = []
        for entry in reversed(battle.log):  # newest first, stop once we have enough
            if unit.id in (entry.actor, entry.target):
                recent.append(f"T{entry.round} {one_line(entry.text)}")
                if len(recent) == RECENT:
                    break
        recent.reverse()
        shown_now = (tuple(rows), tuple(recent))
        if shown_now == self._shown:
            return  # most answers do not touch the unit on show: no repaint
        self._shown = shown_now
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold")
        grid.add_column()
        for label, value in rows:
            grid.add_row(plain(label), plain(value))
        log = Text("\nRecent:\n", style="bold")
        for line in recent:
            log.append(f"{line}\n", style="")
        if not recent:
            log.append("nothing yet\n", style="dim")
        static.update(Group(grid, log), layout=False)
