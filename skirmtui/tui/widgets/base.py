"""Shared plumbing: a pane that draws itself from the session and repaints only the
lines whose content changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.strip import Strip

from skirmtui.tui.widgets.lines import changed_rows
from skirmtui.tui.widgets.styled_lines import StyledLines

if TYPE_CHECKING:
    from skirmtui.engine.core.session import Session


class SessionView(StyledLines):
    """Reads the one `Session` the app owns. The screen calls `refresh_view` after
    every change; `content()` builds what to show. The text is wrapped to the pane's
    width once per change and kept as lines; only lines that differ from what is on
    screen are repainted (a pane's size is the grid's: never a layout)."""

    def __init__(self, session: Session, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.session = session
        self._text = Text()
        self._lines: list[list[Segment]] = []
        self._for: tuple[int, Style] | None = None  # width and base style of the lines
        #: Each cut line's strip, by the line (the same line, the same strip: see
        #: `StyledLines`); the rows below the text share one blank strip.
        self._strips: LRUCache[int, tuple[list[Segment], Strip]] = LRUCache(500)
        self._blank: Strip | None = None
        #: Lines already cut, by their text (most lines are as they were last answer).
        self._cache: LRUCache[tuple[object, ...], list[list[Segment]]] = LRUCache(500)

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        """Re-read the session; repaint the lines that changed."""
        text = self.content()
        if text.plain == self._text.plain and text.spans == self._text.spans:
            return
        self._text = text
        width = self.content_region.width
        if not width or not self._lines:
            self.refresh()
            return
        old = self._lines
        self._cut(width, self._for[1] if self._for else Style())  # same colours
        changed = changed_rows(old, self._lines, width)
        if changed:
            self.refresh(*changed)

    def content(self) -> Text:
        """What the pane shows now."""
        return Text()

    @property
    def line_count(self) -> int:
        """Lines the content takes at the pane's width."""
        width = self.content_region.width or 40
        return len(self._text.wrap(self.app.console, width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._text.wrap(self.app.console, max(1, width)))

    def _cut(self, width: int, base: Style) -> None:
        """Wrap the text to `width`, line by line; a line seen before (most of them,
        from one answer to the next) is taken from the cache."""
        if self._for != (width, base):
            self._cache.clear()
        console = self.app.console
        lines: list[list[Segment]] = []
        cache = self._cache
        for line in self._text.split("\n", allow_blank=True):
            key = (line.plain, tuple(line.spans), line.style)
            cut = cache.get(key)
            if cut is None:
                cut = [
                    [
                        Segment(s.text, base + s.style if s.style else base)
                        for s in part.render(console)
                    ]
                    for part in self.wrap_line(line, max(1, width))  # a pane squeezed to 0
                ]
                cache[key] = cut
            lines += cut
        self._lines = lines
        if self._for != (width, base):
            self._strips.clear()
            self._blank = None
        self._for = (width, base)

    def wrap_line(self, line: Text, width: int) -> list[Text]:
        """One line of the content as the rows it takes at `width`."""
        return list(line.wrap(self.app.console, width))

    def render_lines(self, crop: Region) -> list[Strip]:
        base = self.rich_style  # read once per pass
        width = self.content_region.width
        if self._for != (width, base):
            self._cut(width, base)
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width, base = self._for or (self.content_region.width, Style())
        if y >= len(self._lines):
            if self._blank is None:
                self._blank = Strip([]).extend_cell_length(width, base).crop(0, width)
            return self._blank
        segments = self._lines[y]
        kept = self._strips.get(id(segments))
        if kept is not None and kept[0] is segments:
            return kept[1]
        strip = Strip(segments).extend_cell_length(width, base).crop(0, width)
        self._strips[id(segments)] = (segments, strip)
        return strip
