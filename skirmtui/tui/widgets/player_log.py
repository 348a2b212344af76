"""The player view's combat log: newest entry first, every line wrapped to the pane.

Players follow on a phone or a second screen: a long line is wrapped under itself
(continuation indented), never cut at the pane's edge or left to a sideways scroll.
Line API: only the rows on screen are drawn, and a new entry wraps only itself.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from skirmtui.engine.core.battle import LogEntry
from skirmtui.engine.core.session import Session
from skirmtui.tui.widgets.combat_log import entry_line
from skirmtui.tui.widgets.lines import clipped, wrap
from skirmtui.tui.widgets.log_styles import SUFFIXES, entry_look, log_css, read_looks


def shown(entry: LogEntry) -> bool:
    """What the players may read: every entry with text but the GM's private notes."""
    return bool(entry.text) and not entry.private


class PlayerLog(ScrollView, can_focus=True):
    """The combat log newest first, wrapped."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"player-log--{name}" for name in SUFFIXES}
    DEFAULT_CSS = "PlayerLog { overflow-x: hidden; overflow-y: auto; }\n" + log_css(
        "PlayerLog", "player-log"
    )

    def __init__(self, session: Session, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.session = session
        self._entries: list[LogEntry] = []  # oldest first
        self._wrapped: list[list[str]] = []  # each entry's rows at `_width`
        self._starts: list[int] = []  # each entry's first row, counted oldest first
        self._width = 0
        self._looks: dict[str, Style] = {}

    def sync(self) -> None:
        """Catch up with the log: an undo only drops a tail, new entries are appended,
        so only what changed is looked at (a 10,000-entry log costs what one does)."""
        log = self.session.battle.log
        entries = self._entries
        while entries and (
            entries[-1].index >= len(log) or log[entries[-1].index] is not entries[-1]
        ):
            entries.pop()
            self._wrapped.pop()
            self._starts.pop()
        start = entries[-1].index + 1 if entries else 0
        for entry in log[start:]:
            if shown(entry):
                self._append(entry)
        self._resize()

    def _append(self, entry: LogEntry) -> None:
        self._starts.append(self._total)
        self._entries.append(entry)
        self._wrapped.append(wrap(clipped(entry_line(entry)), self._width or 10_000, 4))

    @property
    def _total(self) -> int:
        return self._starts[-1] + len(self._wrapped[-1]) if self._starts else 0

    def _resize(self) -> None:
        self.virtual_size = Size(self._width, self._total)
        self.refresh()

    def on_resize(self) -> None:
        width = self.scrollable_content_region.width
        if width and width != self._width:
            self._width = width
            entries = self._entries
            self._entries, self._wrapped, self._starts = [], [], []
            for entry in entries:
                self._append(entry)
            self._resize()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        base = self.rich_style
        row = self.scroll_offset.y + y
        total = self._total
        if row >= total:
            return Strip.blank(width, base)
        # Display row `row` (newest first) is row `total - 1 - row` counted oldest first;
        # within an entry its own rows keep their order.
        index = bisect_right(self._starts, total - 1 - row) - 1
        first_row = total - self._starts[index] - len(self._wrapped[index])
        text = self._wrapped[index][row - first_row]
        look = entry_look(self._entries[index])
        if look and not self._looks:
            self._looks = read_looks(self, "player-log")
        style = base + self._looks[look] if look else base
        strip = Strip([Segment(text, style)])
        return strip.extend_cell_length(width, base).crop(0, width)

    def lines(self) -> list[str]:
        """Each entry's text, newest first (tests, the browser check)."""
        return [entry_line(e) for e in reversed(self._entries)]

    def rows(self) -> list[str]:
        """The rows as drawn, newest entry first (tests)."""
        return [row for rows in reversed(self._wrapped) for row in rows]
