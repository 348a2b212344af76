"""The activation queue / play order, worded by the rule system."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from skirmtui.engine.text import safe
from skirmtui.tui.widgets.base import SessionView


class QueueView(SessionView):
    def compose(self) -> ComposeResult:
        yield Static(id="queue-text")

    def refresh_view(self) -> None:
        text = Text()
        for row in self.session.system.queue(self.session.battle):
            style = "bold reverse" if row.current else ""
            text.append(("▶ " if row.current else "  ") + safe(row.text) + "\n", style=style)
        self.query_one("#queue-text", Static).update(text, layout=False)
