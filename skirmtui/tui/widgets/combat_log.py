"""The combat log: a line view straight over `battle.log`, every line wrapped.

Only the lines on screen are rendered (Textual's line API), so a battle of 10,000
entries costs the same to repaint as one of ten. An entry takes as many rows as its
text needs at the pane's width (the outcome of a roll is at the end of its line and
must never be cut), plus one for what it changed, in words. A new entry grows the
scrollable size without a re-layout of the screen (the scrollbar is always there,
so its size never changes the panes around it).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from skirmtui.engine.core.battle import LogEntry
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import one_line
from skirmtui.engine.report.wording import entry_effects
from skirmtui.tui.widgets.lines import clipped, wrap
from skirmtui.tui.widgets.log_styles import SUFFIXES, entry_look, log_css, read_looks
from skirmtui.tui.widgets.styled_lines import StyledLines
from skirmtui.tui.widgets.thumb import Thumb

#: Rendered lines kept (a few screens' worth).
_MAX_STRIPS = 2_000


def entry_line(entry: LogEntry) -> str:
    """One entry of the log, unwrapped; user text in it (names, a multi-line note) made
    safe."""
    text = one_line(entry.text)
    if entry.kind == "phase":
        return f"── {text} ──"
    if entry.kind == "override" and text.startswith(("GM ", "GM:")):
        return text  # "GM sets …", "GM: X is pinned" already say who
    prefix = {"roll": "» ", "override": "GM ", "note": "✎ ", "result": "★ "}.get(entry.kind, "  ")
    if entry.private:
        prefix += "(private) "
    return prefix + text


class CombatLog(StyledLines, ScrollView, can_focus=True):
    """Rows are the wrapped lines of the log entries (with their effects in words);
    follows the end unless scrolled up."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"combat-log--{name}" for name in SUFFIXES}
    DEFAULT_CSS = (
        "CombatLog { overflow-x: hidden; overflow-y: auto; scrollbar-gutter: stable; }\n"
        + log_css("CombatLog", "combat-log")
    )
    # `auto`, not `scroll`: a log shorter than the pane has no scrollbar to draw, nor to
    # repaint at each layout of the screen (Textual repaints a shown one every time).

    def __init__(self, session: Session, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.session = session
        self._entries: list[LogEntry] = []  # the entries shown, in order
        self._seen = 0  # how much of battle.log was looked at
        self._effects: list[str] = []  # each shown entry's effects in words
        self._starts: list[int] = []  # the first row of each shown entry
        self._heights: list[int] = []
        self._wrap_width = 0
        self._strips: LRUCache[tuple[int, int, bool], tuple[LogEntry, Strip]] = LRUCache(
            _MAX_STRIPS
        )
        self._last_rows: tuple[LogEntry, int, list[tuple[str, bool]]] | None = None
        #: The entry a search shows (drawn reversed), or None.
        self.marked: int | None = None
        self._base = Style()
        self._looks: dict[str, Style] = {}
        #: At the end: new entries scroll into view. Only the reader's own scrolling
        #: changes it: while a search hit is shown the log holds still, and when the
        #: search ends it follows again if it followed before (`mark`).
        self._follow = True
        self._thumb = Thumb()  # the scrollbar repaints when its thumb moves only
        self._pass: tuple[int, int] | None = None  # width and scroll row while drawing

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        # As ScrollView's, but the scrollbar repaints only when its thumb moves: in a
        # 10,000-line log most new lines do not move it by an eighth of a cell.
        if self.marked is None:  # a search jumping to a hit is not the reader scrolling
            self._follow = new_value >= self.max_scroll_y
        self._thumb.move(self)
        if round(old_value) != round(new_value):
            self.refresh(self.size.region)

    # -- keeping up with the battle ------------------------------------------------------

    def sync(self) -> None:
        """Catch up with the log: drop entries an undo took back, append new ones."""
        log = self.session.battle.log
        keep = self._still_valid(log)
        if keep < len(self._entries):
            self._seen = self._entries[keep - 1].index + 1 if keep else 0
            for rows in (self._entries, self._effects, self._starts, self._heights):
                del rows[keep:]
        self._seen = min(self._seen, len(log))
        follow = self._following
        new = [e for e in log[self._seen :] if e.text or e.effects]
        self._seen = len(log)
        if new:
            battle, system = self.session.battle, self.session.system
            labels = battle.labels
            for entry in new:
                self._entries.append(entry)
                self._effects.append(one_line(entry_effects(battle, system, entry, labels)))
                self._measure(len(self._entries) - 1)
        self._grow(follow)

    def _still_valid(self, log: list[LogEntry]) -> int:
        """How many leading entries are still the same (undo only changes a tail)."""
        low, high = 0, len(self._entries)
        while low < high:  # valid for a prefix, invalid after: binary search
            mid = (low + high) // 2
            entry = self._entries[mid]
            if entry.index < len(log) and log[entry.index] is entry:
                low = mid + 1
            else:
                high = mid
        return low

    def _measure(self, index: int) -> None:
        width = self._wrap_width or 10_000
        height = len(self._wrap_entry(index, width))
        start = self._starts[index - 1] + self._heights[index - 1] if index else 0
        if index < len(self._starts):
            self._starts[index], self._heights[index] = start, height
        else:
            self._starts.append(start)
            self._heights.append(height)

    def _rows_of(self, index: int, width: int) -> list[tuple[str, bool]]:
        """`_wrap_entry`, kept for the last entry asked: a long entry (a GM's note of
        megabytes) spans many rows, each drawn by itself; wrapping it once per row
        made its first frame take minutes."""
        entry = self._entries[index]
        last = self._last_rows
        if last is None or last[0] is not entry or last[1] != width:
            last = self._last_rows = (entry, width, self._wrap_entry(index, width))
        return last[2]

    def _wrap_entry(self, index: int, width: int) -> list[tuple[str, bool]]:
        """The rows of one entry: (text, is the effects line)."""
        entry = self._entries[index]
        text = clipped(entry_line(entry)) if entry.text else ""
        rows = [(t, False) for t in wrap(text, width, 4)] if text else []
        effects = self._effects[index]
        if effects:
            rows += [(t, True) for t in wrap("  → " + effects, width, 6)]
        return rows

    @property
    def _following(self) -> bool:
        """New entries scroll into view: following the end, and no search hit shown."""
        return self.marked is None and (self._follow or self.scroll_y >= self.max_scroll_y)

    @property
    def _total(self) -> int:
        return self._starts[-1] + self._heights[-1] if self._starts else 0

    def _grow(self, follow: bool, repaint: bool = True) -> None:
        """The new scrollable size, without a layout of the screen: the pane's own
        size does not change, only what it scrolls over. `repaint` False while the pane
        is being drawn (the lines are drawn at the new size and place right after)."""
        size = Size(self._wrap_width, self._total)
        if size != self.virtual_size:
            self.set_reactive(Widget.virtual_size, size)
            overflows = self._total > self.scrollable_content_region.height
            if overflows != self.show_vertical_scrollbar:
                # The scrollbar appears (or goes): one layout draws it. Its column is
                # kept (`scrollbar-gutter: stable`), so no line wraps again.
                self.refresh(layout=True)
                if follow:  # it scrolls once the scrollbar is there
                    self.call_after_refresh(self._follow_end)
        if follow and repaint:
            self._follow_end()
        else:
            if follow:  # set, not scrolled: the pane is being drawn at this place now
                self.set_reactive(Widget.scroll_target_y, self.max_scroll_y)
                self.set_reactive(Widget.scroll_y, self.max_scroll_y)
                self._follow = True
            self._thumb.move(self)
        if repaint:
            self.refresh()

    def _follow_end(self) -> None:
        self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)
        self._follow = True
        self._thumb.move(self)

    def on_resize(self) -> None:
        self._fit(repaint=True)
        if self._following and self.scroll_y < self.max_scroll_y:
            self._follow_end()  # a shorter pane still shows the newest entry

    def _fit(self, repaint: bool = False) -> None:
        """Wrap again if the pane's width changed (first done while the first frame is
        drawn, so the log is not drawn twice)."""
        width = self.scrollable_content_region.width
        if width and width != self._wrap_width:
            follow = self._following
            self._wrap_width = width
            for index in range(len(self._entries)):
                self._measure(index)
            self._strips.clear()
            self._grow(follow, repaint)

    # -- drawing ---------------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        self._fit()  # being drawn now: no repaint asked for
        base = self.rich_style  # the pane's colours, read once per pass
        if base != self._base or not self._looks:
            self._looks = read_looks(self, "combat-log")
            self._strips.clear()
            self._base = base
        # The width and scroll position, read once per pass instead of once per line.
        self._pass = (self.scrollable_content_region.width, self.scroll_offset.y)
        try:
            return super().render_lines(crop)
        finally:
            self._pass = None

    def render_line(self, y: int) -> Strip:
        width, top = self._pass or (self.scrollable_content_region.width, self.scroll_offset.y)
        row = top + y
        base = self._base
        index = bisect_right(self._starts, row) - 1
        if index < 0 or row >= self._total:
            return Strip.blank(width, base)
        entry = self._entries[index]
        marked = index == self.marked
        key = (id(entry), row - self._starts[index], marked)
        cached = self._strips.get(key)
        if cached is not None and cached[0] is entry:
            return cached[1]
        text, effect = self._rows_of(index, self._wrap_width or width)[key[1]]
        looks = self._looks
        look = "effect" if effect else entry_look(entry)
        style = base + looks[look] if look else base
        if marked:
            style += looks["marked"]
        strip = Strip([Segment(text, style)]).extend_cell_length(width, base).crop(0, width)
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
        """Show entry `row` (a search hit) reversed and in view; None clears the mark
        (the search ended) and the log follows the end again if it did before."""
        self.marked = row
        if row is not None and row < len(self._starts):
            height = self.scrollable_content_region.height
            self._jump(self._starts[row] - height // 2)
        elif row is None and self._follow:
            self._follow_end()
        self.refresh()

    def entry(self, row: int) -> LogEntry:
        return self._entries[row]

    # -- reading what is shown (tests, review) ---------------------------------------------

    @property
    def line_count(self) -> int:
        """Entries shown."""
        return len(self._entries)

    def line_text(self, row: int) -> str:
        """Entry `row` as shown, unwrapped, with its effects in words."""
        text = entry_line(self._entries[row]) if self._entries[row].text else ""
        effects = self._effects[row]
        return f"{text} → {effects}" if effects else text

    def rows_text(self) -> list[str]:
        """Every row as drawn at the current width."""
        width = self._wrap_width or 10_000
        return [t for i in range(len(self._entries)) for t, _ in self._wrap_entry(i, width)]
