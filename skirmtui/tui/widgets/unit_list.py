"""The roster's table as a line view: a changed unit repaints one line.

A `DataTable` re-renders every visible row whenever one cell changes, and in a
100-unit battle that was the largest part of the repaint after an answer. Here each
row is rendered once per content and style and kept; the header stays on top.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

#: Rendered rows kept (a few screens' worth).
_MAX_STRIPS = 1_000


class UnitRow(NamedTuple):
    unit_id: str
    cells: tuple[str, ...]
    removed: bool  # shown struck through


class UnitList(ScrollView, can_focus=True):
    """Rows of units under a fixed header; ↑ ↓ PgUp PgDn Home End or a click move the
    cursor, which posts `Highlighted`."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "unit-list--header",
        "unit-list--even-row",
        "unit-list--cursor",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "move(-1_000_000)", show=False),
        Binding("end", "move(1_000_000)", show=False),
    ]

    class Highlighted(Message):
        """The cursor is on another unit."""

        def __init__(self, unit_id: str) -> None:
            super().__init__()
            self.unit_id = unit_id

    def __init__(self, headers: tuple[str, ...], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.headers = headers
        self.rows: list[UnitRow] = []
        self.cursor = 0
        self._widths = [cell_len(h) for h in headers]
        self._strips: dict[tuple[object, ...], Strip] = {}
        self._styles: tuple[Style, ...] = ()

    # -- content ---------------------------------------------------------------------------

    def set_rows(self, rows: list[UnitRow]) -> None:
        """Show `rows`; only the lines that changed are repainted."""
        old = self.rows
        self.rows = rows
        # Columns only widen: a status that comes and goes does not shift the table
        # (nor show and hide its scrollbar, a re-layout of the screen) every answer.
        widths = [
            max([self._widths[i], *(cell_len(r.cells[i]) for r in rows)])
            for i in range(len(self.headers))
        ]
        if widths != self._widths or [r.unit_id for r in old] != [r.unit_id for r in rows]:
            self._widths = widths
            self.virtual_size = Size(sum(w + 2 for w in widths), len(rows) + 1)
            self.refresh()
        else:
            for index, (before, after) in enumerate(zip(old, rows, strict=True)):
                if before != after:
                    self.refresh_line(index + 1)
        if rows:
            cursor = min(self.cursor, len(rows) - 1)
            was = old[self.cursor].unit_id if self.cursor < len(old) else None
            self.cursor = cursor
            if rows[cursor].unit_id != was:
                self.post_message(self.Highlighted(rows[cursor].unit_id))

    @property
    def cursor_unit(self) -> str | None:
        return self.rows[self.cursor].unit_id if self.rows else None

    # -- moving the cursor -----------------------------------------------------------------

    def action_move(self, delta: int) -> None:
        self.move_cursor(self.cursor + delta)

    def action_page(self, pages: int) -> None:
        self.move_cursor(self.cursor + pages * max(1, self.size.height - 2))

    def move_cursor(self, row: int) -> None:
        if not self.rows:
            return
        row = max(0, min(row, len(self.rows) - 1))
        if row == self.cursor:
            return
        old, self.cursor = self.cursor, row
        self.refresh_line(old + 1)
        self.refresh_line(row + 1)
        visible = max(1, self.size.height - 1)  # rows under the header
        if row < self.scroll_offset.y:
            self.scroll_to(y=row, animate=False)
        elif row >= self.scroll_offset.y + visible:
            self.scroll_to(y=row - visible + 1, animate=False)
        self.post_message(self.Highlighted(self.rows[row].unit_id))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and offset.y >= 1:
            self.move_cursor(self.scroll_offset.y + offset.y - 1)

    def on_focus(self) -> None:
        self.refresh()  # the cursor's colours change with focus

    def on_blur(self) -> None:
        self.refresh()

    # -- rendering ---------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        styles = (
            self.rich_style,
            self.get_component_rich_style("unit-list--header"),
            self.get_component_rich_style("unit-list--even-row"),
            self.get_component_rich_style("unit-list--cursor"),
        )
        if styles != self._styles or len(self._strips) > _MAX_STRIPS:
            self._strips.clear()  # new colours (theme, focus) or enough kept
            self._styles = styles
        base, header, even, cursor = styles
        if y == 0:
            key: tuple[object, ...] = ("header", self.headers, scroll_x, width)
            cells, style, strike = self.headers, base + header, False
        else:
            row = scroll_y + y - 1
            if row >= len(self.rows):
                return Strip.blank(width, base)
            unit = self.rows[row]
            if row == self.cursor:
                style, kind = base + cursor, "cursor"
            elif row % 2 == 0:  # rows 0, 2, 4… as Textual's DataTable stripes them
                style, kind = base + even, "even"
            else:
                style, kind = base, "odd"
            key = (unit, kind, tuple(self._widths), scroll_x, width)
            cells, strike = unit.cells, unit.removed
        strip = self._strips.get(key)
        if strip is None:
            strip = self._render_row(cells, style, strike).crop(scroll_x, scroll_x + width)
            strip = strip.extend_cell_length(width, style)
            self._strips[key] = strip
        return strip

    def _render_row(self, cells: tuple[str, ...], style: Style, strike: bool) -> Strip:
        segments = []
        for index, (text, width) in enumerate(zip(cells, self._widths, strict=True)):
            cell_style = style + Style(strike=True) if strike and index == 0 else style
            segments.append(Segment(" ", style))
            segments.append(Segment(text, cell_style))
            segments.append(Segment(" " * (width - cell_len(text)), style))
            segments.append(Segment(" ", style))
        return Strip(segments)
