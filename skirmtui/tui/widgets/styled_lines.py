"""A pane's finished lines (border, padding, colours) kept by the line they frame.

Textual dresses every repainted line of a pane (its border, padding, background,
tint, the app's line filters) from scratch, even a line it dressed a frame ago one row
higher: a log that scrolls by one entry, a roster that scrolls to the unit asked, a
sheet or Now pane showing a line it showed before. That dressing is most of what a
repainted line costs. The panes already hand out the same `Strip` object for the same
content (their own caches), so the dressed line is kept by that object and by the
pane's look (sizes, border, colours, filters): the same content in the same look is
the same line on screen, whatever row it is on.

The first and last rows (a border's top and bottom, its title) and anything not drawn
whole (a crop, a link under the mouse) are dressed by Textual as before; so is every
content line the first time it is shown in a look.
"""

from __future__ import annotations

from typing import Self

from textual.cache import LRUCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

#: Dressed lines kept per pane (a few screens' worth).
_KEPT = 1_000


class StyledLines(Widget):
    """Mixin for line-API panes whose `render_line` returns the same `Strip` object
    for the same content; put it before the Textual base class.

    Textual asks for every row of a pane at each frame that touches it and dresses
    again only the rows marked for repaint (`refresh`) and every row when the pane's
    size changed; this does the same with its own marks, and every row when the
    scroll position changed too.
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        # Set first: Textual may refresh the widget while it is being made.
        self._dress_kept: LRUCache[int, tuple[Strip, Strip]] = LRUCache(_KEPT)
        self._dress_look: tuple[object, ...] = ()
        self._dress_place: tuple[object, ...] = ()
        self._dress_rows: dict[int, Strip] = {}  # the row (of the pane) as last drawn
        self._dress_marked: list[tuple[int, int]] = []  # content rows to draw again
        self._dress_all = True
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if repaint:
            if regions:
                self._dress_marked += [(region.y, region.bottom) for region in regions]
            else:
                self._dress_all = True
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _dress_look_now(self) -> tuple[object, ...]:
        """Everything but the content that Textual's dressing of a line reads."""
        styles = self.styles
        app = self.app
        hatch = styles.hatch if styles.has_rule("hatch") else None
        return (
            self.region.size,
            self.content_region.size,
            styles.padding,
            styles.border,
            styles.outline,
            hatch,
            styles.tint,
            styles.text_opacity,
            self.opacity,
            self.background_colors,
            tuple(self.get_line_filters()),
            app.ansi_theme,
            app.native_ansi_color,
        )

    def render_lines(self, crop: Region) -> list[Strip]:
        width, height = self.region.size
        link = self.auto_links and self.hover_style.link_id
        if crop.x or crop.width != width or height < 3 or link:
            self._dress_all = True  # rows drawn here are not kept as shown
            return super().render_lines(crop)
        # As Textual's own dressing: a row is dressed again when it was marked by
        # `refresh`, or when the pane's size changed (and here: its scroll position).
        place = (self.region.size, self.scroll_offset)
        if place != self._dress_place:
            self._dress_place = place
            self._dress_all = True
        if self._dress_all or self._dress_marked:
            look = self._dress_look_now()  # a style change comes with a `refresh`
            if look != self._dress_look:
                self._dress_look = look
                self._dress_kept.clear()
                self._dress_all = True
        top = self.styles.gutter.top
        rows = self.content_region.height
        if self._dress_all:
            again: set[int] | None = None
            self._dress_rows.clear()
        else:
            again = {y + top for start, end in self._dress_marked for y in range(start, end)}
        self._dress_all = False
        self._dress_marked = []
        shown = self._dress_rows
        dressed = self._dress_kept
        strips: list[Strip | None] = []
        contents: list[Strip | None] = []
        for y in crop.line_range:
            content = None
            if (again is None or y in again) or y not in shown:
                if 0 < y < height - 1 and 0 <= y - top < rows:
                    content = self.render_line(y - top)
                    kept = dressed.get(id(content))
                    if kept is not None and kept[0] is content:
                        strips.append(kept[1])
                        contents.append(None)
                        shown[y] = kept[1]
                        continue
                strips.append(None)
                contents.append(content)
            else:
                strips.append(shown[y])
                contents.append(None)
        # The rest, in runs of rows, dressed by Textual (and kept).
        y0 = crop.y
        index = 0
        while index < len(strips):
            if strips[index] is not None:
                index += 1
                continue
            end = index
            while end < len(strips) and strips[end] is None:
                end += 1
            made = super().render_lines(Region(0, y0 + index, width, end - index))
            for offset, strip in enumerate(made):
                strips[index + offset] = shown[y0 + index + offset] = strip
                content = contents[index + offset]
                if content is not None:
                    dressed[id(content)] = (content, strip)
            index = end
        return strips  # type: ignore[return-value]  # every row is set above
