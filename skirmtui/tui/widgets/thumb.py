"""A scroll view's scrollbar repainted only when its thumb moves.

Setting a `ScrollBar`'s sizes repaints all of it; in a long log or roster most changes
(a line more) do not move the thumb by an eighth of a cell, the finest step it draws.
"""

from __future__ import annotations

from textual.scroll_view import ScrollView


class Thumb:
    """What the scrollbar of one view shows, as last drawn."""

    def __init__(self) -> None:
        self._drawn: tuple[int, int] = (-1, -1)

    def move(self, view: ScrollView) -> None:
        """Tell the scrollbar the view's size and place, if its thumb moves."""
        if not view.show_vertical_scrollbar:
            return
        bar = view.vertical_scrollbar
        height = max(1, bar.size.height)
        total = max(1, view.virtual_size.height)
        window = view.scrollable_content_region.height
        drawn = (round(view.scroll_y * height * 8 / total), round(window * height * 8 / total))
        if drawn != self._drawn:
            self._drawn = drawn
            bar.window_virtual_size = total
            bar.window_size = window
            bar.position = view.scroll_y
