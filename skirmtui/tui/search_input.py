"""The `/` search line (tui/search.py): apart, so that Textual's Input is imported only
when a search starts, not before the battle screen's first frame."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Input


class SearchInput(Input):
    """The query line: Enter searches, Esc closes it."""

    def __init__(self, on_done: Callable[[str | None], None]) -> None:
        super().__init__(placeholder="search the log: a unit, a word, a roll key", id="search")
        self._on_done = on_done

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._on_done(event.value)

    def key_escape(self) -> None:
        self._on_done(None)
