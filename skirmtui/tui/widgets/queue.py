"""The activation queue / play order, worded by the rule system."""

from __future__ import annotations

from rich.text import Text

from skirmtui.engine.text import safe
from skirmtui.tui.widgets.base import SessionView


class QueueView(SessionView):
    def content(self) -> Text:
        text = Text()
        rows = self.session.system.queue(self.session.battle)
        for index, row in enumerate(rows):
            style = "bold reverse" if row.current else ""
            end = "\n" if index < len(rows) - 1 else ""
            text.append(("▶ " if row.current else "  ") + safe(row.text) + end, style=style)
        return text
