"""The review's timeline: a table of log entries whose columns fit its width.

A `DataTable` sizes each column to its widest cell, so the entry (a log line of 60-120
characters) ran off the right edge and at 80 columns was not on screen at all. Here the
entry takes the width the other columns leave and wraps (a row as tall as its entry);
the columns that leave it too little give way, kind first, then phase (both stay as the
review's filters, and a phase's first entry names it). Laid out again when its width
changes, the cursor kept on its row.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import DataTable

#: The entry's narrowest width (cells) beside the phase and kind columns; below it they
#: give way, kind first.
ENTRY_WITH_KIND = 40
ENTRY_WITH_PHASE = 32
#: A phase's name wider than this is cut with an ellipsis ("Non-activated ch…"): wrapped,
#: it made most rows two lines; the filter and the breadcrumb say it whole.
PHASE_MOST = 16


class Row(NamedTuple):
    """One entry's cells and its key (the entry's index in the log)."""

    number: str
    round: str
    phase: Text
    kind: Text
    entry: Text


class Timeline(DataTable[str | Text]):
    """The rows given by `show`, in columns that fit (`columns_for`), the entry wrapped."""

    def __init__(self, round_word: str, *, id: str | None = None) -> None:
        super().__init__(cursor_type="row", id=id)
        self.round_word = round_word
        self.rows_shown: list[Row] = []
        #: The columns laid out now: their names, the entry's width (None: not yet).
        self.laid_out: tuple[tuple[str, ...], int] | None = None

    def show(self, rows: list[Row]) -> None:
        """Show these rows (what the filters leave), the cursor on the first."""
        self.rows_shown = rows
        self._build(keep_cursor=False)

    def columns_for(self, width: int) -> tuple[tuple[str, ...], int]:
        """The columns that fit `width` cells and the entry's width: every column while
        the entry keeps `ENTRY_WITH_KIND` cells, then without kind, then without phase."""
        pad = 2 * self.cell_padding
        widths = self._widths()
        number, round_, phase, kind = (widths[n] for n in ("#", "round", "phase", "kind"))
        base = number + round_ + 3 * pad
        tiers = (
            (("#", "round", "phase", "kind"), base + phase + kind + 2 * pad, ENTRY_WITH_KIND),
            (("#", "round", "phase"), base + phase + pad, ENTRY_WITH_PHASE),
        )
        for names, used, least in tiers:
            if width - used >= least:
                return (*names, "entry"), width - used
        return ("#", "round", "entry"), max(10, width - base)

    def _widths(self) -> dict[str, int]:
        rows = self.rows_shown
        return {
            "#": max([cell_len("#"), *(cell_len(r.number) for r in rows)]),
            "round": max([cell_len(self.round_word), *(cell_len(r.round) for r in rows)]),
            "phase": min(PHASE_MOST, max([5, *(r.phase.cell_len for r in rows)])),
            "kind": max([4, *(r.kind.cell_len for r in rows)]),
        }

    def _height(self, row: Row, entry: int) -> int:
        """The row's lines: its entry wrapped as the table will wrap it. Measured here,
        not by the table's own auto height, which draws every row as it is added
        (~1 ms a row: seconds for a long battle's log)."""
        if row.entry.cell_len <= entry:
            return 1
        return len(row.entry.wrap(self.app.console, entry))

    def on_resize(self, event: events.Resize) -> None:
        if self.laid_out != self.columns_for(self.scrollable_content_region.width):
            self._build(keep_cursor=True)

    def _build(self, keep_cursor: bool) -> None:
        width = self.scrollable_content_region.width
        if width <= 0:
            return  # not laid out yet: the first resize builds it
        at = self.cursor_row if keep_cursor else 0
        key = self.rows_shown[at].number if 0 <= at < len(self.rows_shown) else None
        names, entry = self.laid_out = self.columns_for(width)
        widths = self._widths()
        labels = {"#": "#", "round": self.round_word, "phase": "Phase", "kind": "Kind"}
        self.clear(columns=True)
        for name in names:
            label = labels.get(name, "Entry")
            self.add_column(label, width=entry if name == "entry" else widths[name], key=name)
        for row in self.rows_shown:
            cells: dict[str, str | Text] = {
                "#": row.number,
                "round": row.round,
                "phase": _cut(row.phase),
                "kind": row.kind,
            }
            self.add_row(
                *(cells.get(name, row.entry) for name in names),
                height=self._height(row, entry),
                key=row.number,
            )
        if key is not None and keep_cursor:
            self.move_cursor(row=self.get_row_index(key))


def _cut(text: Text) -> Text:
    """`text` on one line, cut with an ellipsis where its cell is narrower."""
    cut = text.copy()
    cut.no_wrap = True
    cut.overflow = "ellipsis"
    return cut
