"""Shared plumbing: a pane that draws itself from the session and repaints only when
what it shows changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widget import Widget

if TYPE_CHECKING:
    from skirmtui.engine.session import Session


class SessionView(Widget):
    """Reads the one `Session` the app owns. The screen calls `refresh_view` after
    every change; `content()` builds what to show, and the pane repaints (without a
    layout: its size is the grid's) only when that differs from what is on screen."""

    def __init__(self, session: Session, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.session = session
        self._text = Text()

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        """Re-read the session; repaint if the content changed."""
        text = self.content()
        if text.plain != self._text.plain or text.spans != self._text.spans:
            self._text = text
            self.refresh()

    def content(self) -> Text:
        """What the pane shows now."""
        return Text()

    def render(self) -> Text:
        return self._text
