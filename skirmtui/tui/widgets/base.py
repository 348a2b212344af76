"""Shared plumbing: a widget that re-renders when the session's revision changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.reactive import var
from textual.widget import Widget

if TYPE_CHECKING:
    from skirmtui.engine.session import Session


class SessionView(Widget):
    """Reads the one `Session` the app owns; `revision` is bound from the screen.

    `revision` is a `var`: bumping it runs `refresh_view`, which repaints only what
    changed, instead of repainting the whole widget (or, on a screen, everything).
    """

    revision: var[int] = var(0, init=False)

    def __init__(self, session: Session, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.session = session

    def watch_revision(self) -> None:
        self.refresh_view()

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        """Re-read the session and update the display."""
