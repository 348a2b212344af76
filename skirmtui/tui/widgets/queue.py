"""The activation queue / play order, worded by the rule system."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from skirmtui.engine.core.text import safe
from skirmtui.tui.widgets.base import SessionView
from skirmtui.tui.widgets.lines import wrap_names

#: Where a row's wrapped lines start: under its text (the `▶` mark is its bullet), not
#: at the pane's edge, under the mark.
HANGING = 2


class QueueView(SessionView):
    def content(self) -> Text:
        text = Text()
        rows = self.session.system.queue(self.session.battle)
        for index, row in enumerate(rows):
            style = "bold reverse" if row.current else ""
            end = "\n" if index < len(rows) - 1 else ""
            text.append(("▶ " if row.current else "  ") + safe(row.text) + end, style=style)
        return text

    def wrap_line(self, line: Text, width: int) -> list[Text]:
        if cell_len(line.plain) <= width:
            return [line]
        style = line.spans[0].style if line.spans else line.style  # a row has one style
        mark, body = line.plain[:2], line.plain[2:]  # `▶ ` or two spaces, then the row
        names = list(self.session.battle.labels.values())
        parts = wrap_names(body, width - len(mark), HANGING - len(mark), names)
        rows = [mark + parts[0], *(" " * len(mark) + part for part in parts[1:])]
        return [Text(row, style=style) for row in rows]
