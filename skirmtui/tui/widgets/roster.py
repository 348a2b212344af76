"""Every side's units: unique labels, statuses never cut, the acting unit marked.

A line view (one widget, no table inside): each side is a heading, each unit one row
that wraps its status under itself when the pane is narrow. A changed unit repaints
its own lines only. The cursor (↑ ↓ PgUp PgDn Home End, or a click) picks the unit
the sheet shows and posts `UnitSelected`.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList

from skirmtui.engine.core.conditions import of_unit
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import safe
from skirmtui.tui.widgets.lines import wrap
from skirmtui.tui.widgets.styled_lines import StyledLines
from skirmtui.tui.widgets.thumb import Thumb

#: Markers in the first column (the help screen explains them).
ACTOR, TARGET = "▶", "◆"


class UnitRow(NamedTuple):
    unit_id: str
    label: str
    status: str
    removed: bool  # shown struck through
    mark: str  # ACTOR, TARGET or " "


class Line(NamedTuple):
    unit: int | None  # index into the rows, None for a side's heading
    text: str
    first: bool  # the unit's first line (its label; struck through when removed)


def _cut_row(row: UnitRow, name_width: int, width: int) -> tuple[tuple[str, bool], ...]:
    """One unit's lines (text, is its first line): the status beside the label,
    wrapped under its own column, or under the label when the label is too wide."""
    status_width = width - 2 - name_width - 1
    label = f"{row.mark} {row.label}"
    longest = max((cell_len(word) for word in row.status.split(" ")), default=0)
    # Beside the label only if no word of the status is cut there ("protagonis/t").
    if cell_len(row.label) <= name_width and longest <= status_width:
        pad = " " * (name_width - cell_len(row.label))
        parts = wrap(row.status, status_width) if row.status else [""]
        indent = " " * (width - status_width)
        first = (f"{label}{pad} {parts[0]}".rstrip(), True)
        return (first, *((indent + part, False) for part in parts[1:]))
    lines = [(part, n == 0) for n, part in enumerate(wrap(label, width, 4))]
    lines += [("    " + part, False) for part in wrap(row.status, width - 4)]
    return tuple(lines)


class Roster(StyledLines, ScrollView, can_focus=True):
    """Units grouped by side, in roster order."""

    DEFAULT_CSS = """
    Roster { overflow-x: hidden; overflow-y: auto; scrollbar-size-vertical: 1; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "roster--side",
        "roster--even-row",
        "roster--cursor",
        "roster--removed",
        "roster--mark",
    }

    #: Textual's option-list keys and actions (↑ ↓ PgUp PgDn Home End) but Enter, which
    #: answers the question whichever pane has focus.
    BINDINGS: ClassVar[list[BindingType]] = [
        binding
        for binding in OptionList.BINDINGS
        if not (isinstance(binding, Binding) and binding.action == "select")
    ]

    class UnitSelected(Message):
        """The cursor is on another unit."""

        def __init__(self, unit_id: str) -> None:
            super().__init__()
            self.unit_id = unit_id

    def __init__(self, session: Session, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.rows: list[UnitRow] = []
        self.cursor = 0
        self._sides: list[tuple[str, list[int]]] = []  # heading, row indices
        self._lines: list[Line] = []
        self._width = 0
        #: What a question last asked to be in view (a unit's id, or a side's), kept to
        #: be shown once the lines are first laid out (a battle opened on a question).
        self._wanted: tuple[str, str] | None = None
        self._strips: LRUCache[tuple[object, ...], Strip] = LRUCache(1_000)
        self._styles: tuple[Style, ...] = ()
        self._style_key: tuple[object, ...] = ()
        self._thumb = Thumb()  # the scrollbar repaints when its thumb moves only
        #: Each row's lines, by its place, label, mark, status and the widths.
        self._row_lines: LRUCache[tuple[object, ...], tuple[Line, ...]] = LRUCache(200)
        #: The widest label in cells (None: measure again; a unit's label never changes,
        #: so only a change of units does), and each unit's label made safe.
        self._widest: int | None = None
        self._labels: dict[str, str] = {}
        self._pass: tuple[int, int] | None = None  # width and scroll row while drawing

    # -- content ---------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        """Re-read the session; only the lines that changed are repainted."""
        battle, system, prompt = self.session.battle, self.session.system, self.session.prompt
        labels = battle.labels
        actor = prompt.actor if prompt else None
        target = prompt.target if prompt else None
        # A question about a side (which unit moved, who acts next): its heading marked.
        asked = prompt.side if prompt and actor is None and target is None else None
        rows: list[UnitRow] = []
        sides: list[tuple[str, list[int]]] = []
        for side in battle.sides:
            indices = []
            for unit in battle.units.values():
                if unit.side == side.id:
                    mark = ACTOR if unit.id == actor else TARGET if unit.id == target else " "
                    status = system.status(battle, unit)
                    held = of_unit(battle, unit.id)
                    if held:  # the GM's timed conditions, with what is left
                        status = "; ".join([status, *(c.describe() for c in held)]).lstrip("; ")
                    status = safe(status)
                    indices.append(len(rows))
                    label = self._labels.get(unit.id)
                    if label is None:
                        label = self._labels[unit.id] = safe(labels[unit.id])
                    rows.append(UnitRow(unit.id, label, status, unit.removed, mark))
            mark = ACTOR if side.id == asked else " "
            sides.append((f"{mark} {safe(side.name)}", indices))
        was = self.cursor_unit
        same_units = [r.unit_id for r in rows] == [r.unit_id for r in self.rows]
        old_rows, self.rows, self._sides = self.rows, rows, sides
        if rows:
            self.cursor = min(self.cursor, len(rows) - 1)
        old_lines = self._lines
        if not same_units:
            self._widest = None
        self._lines = self._layout()
        if same_units:
            self._repaint_changed(old_lines, old_rows)
        else:
            self._resize()
        if rows and self.cursor_unit != was:
            self.post_message(self.UnitSelected(rows[self.cursor].unit_id))

    def _repaint_changed(self, old_lines: list[Line], old_rows: list[UnitRow]) -> None:
        """Repaint the lines on screen that changed. A status that wraps to one line
        more or less moves every line under it: those are repainted, the ones above
        are not (a unit's status changes at almost every answer)."""
        lines, rows = self._lines, self.rows
        top = self.scroll_offset.y
        bottom = top + self.size.height
        width = self.size.width
        changed = [
            y
            for y in range(top, min(bottom, len(old_lines), len(lines)))
            if old_lines[y] != lines[y]
            or ((unit := lines[y].unit) is not None and old_rows[unit] != rows[unit])
        ]
        if len(old_lines) != len(lines):
            first = next(
                (y for y, (a, b) in enumerate(zip(old_lines, lines, strict=False)) if a != b),
                min(len(old_lines), len(lines)),
            )
            self._resize(repaint=False)
            changed += range(max(first, top), bottom)
        if changed:
            self.refresh(*(Region(0, y - top, width, 1) for y in sorted(set(changed))))

    def _layout(self) -> list[Line]:
        """The rows cut into lines at the pane's width: label, then the status beside it
        or, when it does not fit, under it (wrapped, never cut)."""
        width = max(12, self._width or self.scrollable_content_region.width or 40)
        if self._widest is None:
            self._widest = max((cell_len(r.label) for r in self.rows), default=4)
        name_width = min(self._widest, max(8, width - 3 - 10))
        lines: list[Line] = []
        cache = self._row_lines
        cache.grow(4 * len(self.rows) + 100)  # every row's lines, and room for changes
        for heading, indices in self._sides:
            lines.append(Line(None, heading, True))
            for index in indices:
                row = self.rows[index]
                # Most rows are as they were at the last answer: cut once, kept.
                key = (index, row.label, row.mark, row.status, name_width, width)
                cut = cache.get(key)
                if cut is None:
                    cut = cache[key] = tuple(
                        Line(index, text, first) for text, first in _cut_row(row, name_width, width)
                    )
                lines += cut
        return lines

    def _resize(self, repaint: bool = True) -> None:
        """A new number of lines: the scrollable size changes, and only when that shows
        or hides the scrollbar does the screen need a new layout."""
        size = Size(self._width, len(self._lines))
        height = self.scrollable_content_region.height
        if not height or (size.height > height) != (self.virtual_size.height > height):
            self.virtual_size = size
        else:
            self.set_reactive(Widget.virtual_size, size)
            self._thumb.move(self)
            if self.scroll_y > self.max_scroll_y:
                self.scroll_to(y=self.max_scroll_y, animate=False)
        if repaint:
            self._strips.clear()
            self.refresh()

    def on_resize(self) -> None:
        self._fit(repaint=True)

    def _fit(self, repaint: bool = False) -> bool:
        """Lay the lines out again if the pane's width changed (first done while the
        first frame is drawn, so the pane is not drawn twice)."""
        width = self.scrollable_content_region.width
        if width == self._width or not width:
            return False
        first = not self._width
        self._width = width
        self._lines = self._layout()
        self._resize(repaint)
        if first and self._wanted is not None:
            self.call_after_refresh(self._show_wanted)  # (not while a frame is drawn)
        return True

    def _show_wanted(self) -> None:
        if self._wanted is None:
            return
        kind, wanted = self._wanted
        if kind == "side":
            self.show_side(wanted)
        else:
            self.select(wanted)

    @property
    def cursor_unit(self) -> str | None:
        return self.rows[self.cursor].unit_id if self.rows else None

    # -- moving the cursor -----------------------------------------------------------------

    def action_cursor_up(self) -> None:
        self.move_cursor(self.cursor - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(self.cursor + 1)

    def action_page_up(self) -> None:
        self.move_cursor(self.cursor - max(1, self.size.height - 2))

    def action_page_down(self) -> None:
        self.move_cursor(self.cursor + max(1, self.size.height - 2))

    def action_first(self) -> None:
        self.move_cursor(0)

    def action_last(self) -> None:
        self.move_cursor(len(self.rows) - 1)

    def select(self, unit_id: str) -> None:
        """Put the cursor on `unit_id` (the unit a prompt is about), in view even when
        the cursor was on it already (the roster scrolled away meanwhile)."""
        self._wanted = ("unit", unit_id)
        for index, row in enumerate(self.rows):
            if row.unit_id == unit_id:
                if index == self.cursor:
                    self._into_view(index)
                self.move_cursor(index)
                return

    def show_side(self, side_id: str) -> None:
        """Scroll a side's heading (and as many of its units as fit) into view: a
        question about the side, not one unit (who moved, who acts next)."""
        self._wanted = ("side", side_id)
        order = [s.id for s in self.session.battle.sides]
        if side_id not in order:
            return
        headings = [y for y, line in enumerate(self._lines) if line.unit is None]
        nth = order.index(side_id)
        if nth >= len(headings):
            return
        top = headings[nth]
        end = headings[nth + 1] if nth + 1 < len(headings) else len(self._lines)
        height = max(1, min(end - top, self.scrollable_content_region.height))
        self.scroll_to_region(Region(0, top, 1, height), animate=False, immediate=True)

    def move_cursor(self, row: int) -> None:
        if not self.rows:
            return
        row = max(0, min(row, len(self.rows) - 1))
        if row == self.cursor:
            return
        old, self.cursor = self.cursor, row
        lines = [y for y, line in enumerate(self._lines) if line.unit in (old, row)]
        for y in lines:
            self.refresh_line(y)
        self._into_view(row)
        self.post_message(self.UnitSelected(self.rows[row].unit_id))

    def _into_view(self, row: int) -> None:
        """Scroll the unit's lines (and its side's heading right above) into view."""
        mine = [y for y, line in enumerate(self._lines) if line.unit == row]
        if mine:
            top = mine[0] - 1 if mine[0] and self._lines[mine[0] - 1].unit is None else mine[0]
            self.scroll_to_region(
                Region(0, top, 1, mine[-1] - top + 1), animate=False, immediate=True
            )

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        y = self.scroll_offset.y + offset.y
        if 0 <= y < len(self._lines):
            unit = self._lines[y].unit
            if unit is not None:
                self.move_cursor(unit)

    def on_focus(self) -> None:
        self.refresh()  # the cursor's colours change with focus

    def on_blur(self) -> None:
        self.refresh()

    # -- drawing ---------------------------------------------------------------------------

    def render_lines(self, crop: Region) -> list[Strip]:
        self._fit()
        base = self.rich_style
        if (base, self.has_focus) != self._style_key:
            self._read_styles(base)
        # The width and scroll position, read once per pass instead of once per line.
        self._pass = (self.scrollable_content_region.width, self.scroll_offset.y)
        try:
            return super().render_lines(crop)
        finally:
            self._pass = None

    def _read_styles(self, base: Style) -> None:
        self._style_key = (base, self.has_focus)
        styles = (
            base,
            self.get_component_rich_style("roster--side"),
            self.get_component_rich_style("roster--even-row"),
            self.get_component_rich_style("roster--cursor"),
            self.get_component_rich_style("roster--removed"),
            self.get_component_rich_style("roster--mark"),
        )  # read once per pass, not once per line
        if styles != self._styles:
            self._strips.clear()
            self._styles = styles

    def render_line(self, y: int) -> Strip:
        width, top = self._pass or (self.scrollable_content_region.width, self.scroll_offset.y)
        base, side, even, cursor, removed, mark = self._styles or (Style(),) * 6
        index = top + y
        if index >= len(self._lines):
            return Strip.blank(width, base)
        line = self._lines[index]
        if line.unit is None:
            style, kind = base + side, "side"
            unit_row = None
        else:
            unit_row = self.rows[line.unit]
            if line.unit == self.cursor:
                style, kind = base + cursor, "cursor"
            elif line.unit % 2 == 0:
                style, kind = base + even, "even"
            else:
                style, kind = base, "odd"
        key = (line, unit_row, kind, width)
        strip = self._strips.get(key)
        if strip is None:
            segments = []
            if unit_row is not None and line.first:
                segments.append(Segment(line.text[:1], style + mark))
                rest = line.text[1:]
                label_end = 1 + cell_len(unit_row.label)
                label_style = style + removed if unit_row.removed else style
                segments.append(Segment(rest[:label_end], label_style))
                segments.append(Segment(rest[label_end:], style))
            elif line.unit is None and line.text[:1] == ACTOR:  # a side asked
                segments.append(Segment(line.text[:1], style + mark))
                segments.append(Segment(line.text[1:], style))
            else:
                segments.append(Segment(line.text, style))
            strip = Strip(segments).extend_cell_length(width, style).crop(0, width)
            self._strips[key] = strip
        return strip

    # -- reading what is shown (tests) -----------------------------------------------------

    def lines_text(self) -> list[str]:
        return [line.text for line in self._lines]
