"""A Footer that recomposes only when the keys it shows change.

Textual's Footer rebuilds all its keys whenever the bindings *may* have changed
(focus moves, `refresh_bindings`). In the battle screen that happens on nearly
every answer and costs more than the rest of the repaint together, while the
shown keys rarely differ.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class SteadyFooter(Footer):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: tuple[tuple[str, str, bool], ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        shown = tuple(
            (key, active.binding.description, active.enabled)
            for key, active in screen.active_bindings.items()
            if active.binding.show
        )
        if shown == self._shown:
            return
        self._shown = shown
        super().bindings_changed(screen)
