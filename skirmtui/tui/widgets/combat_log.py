"""The combat log: a line view straight over `battle.log`.

Only the lines on screen are rendered (Textual's line API), so a battle of
10,000 entries costs the same to repaint as one of ten, and undo only moves
the end of the list: nothing is re-written.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from skirmtui.engine.battle import LogEntry
from skirmtui.engine.session import Session
from skirmtui.engine.text import one_line

_STYLES = {
    "phase": Style(bold=True, color="cyan"),
    "result": Style(bold=True, color="yellow"),
    "override": Style(color="magenta"),
    "note": Style(italic=True, color="green"),
}


#: Rendered lines kept (a few screens' worth).
_MAX_STRIPS = 2_000


def entry_line(entry: LogEntry) -> str:
    """One row of the log; user text in it (names, a multi-line note) made safe."""
    if entry.kind == "phase":
        return f"── {one_line(entry.text)} ──"
    prefix = {"roll": "» ", "override": "GM ", "note": "✎ ", "result": "★ "}.get(entry.kind, "  ")
    if entry.private:
        prefix += "(private) "
    return prefix + one_line(entry.brief or entry.text)


def entry_style(entry: LogEntry) -> Style:
    if entry.roll is not None and "success" in entry.roll:
        return Style(color="green") if entry.roll["success"] else Style(color="red")
    return _STYLES.get(entry.kind, Style())


class CombatLog(ScrollView, can_focus=True):
    """Rows are the log entries that have text; follows the end unless scrolled up."""

    def __init__(self, session: Session, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.session = session
        self._rows: list[int] = []  # indices into battle.log of entries with text
        self._entries: list[LogEntry] = []  # the entry shown on each row
        self._seen = 0
        self._width = 0
        self._strips: dict[tuple[int, int, int, bool], tuple[LogEntry, Strip]] = {}
        self._strip_style = Style()
        #: The row a search shows (drawn reversed), or None.
        self.marked: int | None = None

    def sync(self) -> None:
        """Catch up with the log: drop rows an undo took back, append new ones."""
        log = self.session.battle.log
        keep = self._still_valid(log)
        if keep < len(self._rows):
            self._seen = self._rows[keep - 1] + 1 if keep else 0
            del self._rows[keep:]
            del self._entries[keep:]
        self._seen = min(self._seen, len(log))
        follow = self.scroll_y >= self.max_scroll_y
        for index in range(self._seen, len(log)):
            entry = log[index]
            if entry.text:
                self._rows.append(index)
                self._entries.append(entry)
                self._width = max(self._width, len(entry_line(entry)))
        self._seen = len(log)
        self.virtual_size = Size(self._width, len(self._rows))
        if follow:
            self.scroll_end(animate=False)
        self.refresh()

    def _still_valid(self, log: list[LogEntry]) -> int:
        """How many leading rows still show the same entry (undo only changes a tail)."""
        low, high = 0, len(self._rows)
        while low < high:  # rows valid for a prefix, invalid after: binary search
            mid = (low + high) // 2
            index = self._rows[mid]
            if index < len(log) and log[index] is self._entries[mid]:
                low = mid + 1
            else:
                high = mid
        return low

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.scrollable_content_region.width
        base = self.rich_style  # the pane's colours under the entry's own
        if row >= len(self._rows):
            return Strip.blank(width, base)
        entry = self._entries[row]
        if base != self._strip_style or len(self._strips) > _MAX_STRIPS:
            self._strips.clear()  # new colours (focus) or enough kept: start again
            self._strip_style = base
        marked = row == self.marked
        key = (id(entry), scroll_x, width, marked)
        cached = self._strips.get(key)
        if cached is not None and cached[0] is entry:
            return cached[1]
        line = entry_line(entry)
        style = base + entry_style(entry) + (Style(reverse=True) if marked else Style())
        strip = Strip([Segment(line, style)], cell_len(line))
        strip = strip.crop(scroll_x, scroll_x + width).extend_cell_length(width, base)
        # Rows shift on every new entry and scroll: a line is rendered once, not per frame.
        self._strips[key] = (entry, strip)
        return strip

    # -- keys jump instead of animating: in a long log an animated Home or End repaints
    # the pane for ~60 frames, and the next key waits behind them.

    def action_scroll_up(self) -> None:
        self._jump(self.scroll_y - 1)

    def action_scroll_down(self) -> None:
        self._jump(self.scroll_y + 1)

    def action_page_up(self) -> None:
        self._jump(self.scroll_y - self.scrollable_content_region.height)

    def action_page_down(self) -> None:
        self._jump(self.scroll_y + self.scrollable_content_region.height)

    def action_scroll_home(self) -> None:
        self._jump(0)

    def action_scroll_end(self) -> None:
        self._jump(self.max_scroll_y)

    def _jump(self, y: float) -> None:
        self.scroll_to(y=max(0, min(y, self.max_scroll_y)), animate=False)

    def mark(self, row: int | None) -> None:
        """Show `row` (a search hit) reversed and in view; None clears the mark."""
        self.marked = row
        if row is not None:
            height = self.scrollable_content_region.height
            self._jump(row - height // 2)
        self.refresh()

    def entry(self, row: int) -> LogEntry:
        return self._entries[row]

    @property
    def line_count(self) -> int:
        return len(self._rows)

    def line_text(self, row: int) -> str:
        return entry_line(self._entries[row])
