"""The selected unit: profile, current values, statuses and its recent log (newest
first)."""

from __future__ import annotations

from rich.text import Text

from skirmtui.engine.core.battle import LogEntry
from skirmtui.engine.core.conditions import of_unit
from skirmtui.engine.core.text import one_line, safe
from skirmtui.engine.report.wording import field_words
from skirmtui.tui.widgets.base import SessionView

RECENT = 8
#: How far back (log entries) the sheet looks for them.
RECENT_WINDOW = 2_000


def _shown(value: object) -> str:
    """A profile or yes/no value in words."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


class UnitSheet(SessionView):
    """Shows `unit_id` (set by the screen: the roster's cursor or the prompt's unit)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.unit_id: str | None = None
        #: Every unit's newest entries (position, entry), oldest first, over the log's
        #: first `_indexed` entries, whose last was `_last`: kept between answers, so
        #: that showing another unit looks at no entry again (the log only grows, or
        #: loses a tail to an undo: then the window is indexed again).
        self._index: dict[str, list[tuple[int, LogEntry]]] = {}
        self._indexed = 0
        self._last: LogEntry | None = None

    def _recent(self, log: list[LogEntry], unit_id: str) -> list[LogEntry]:
        """The newest `RECENT` entries about the unit among the log's last
        `RECENT_WINDOW`."""
        end = len(log)
        oldest = end - RECENT_WINDOW
        seen = self._indexed
        if seen > end or (seen and log[seen - 1] is not self._last):  # an undo
            self._index, seen = {}, 0
        index = self._index
        for position in range(max(seen, oldest, 0), end):
            entry = log[position]
            if not entry.text:
                continue
            for unit in {entry.actor, entry.target}:
                if unit is not None:
                    found = index.setdefault(unit, [])
                    found.append((position, entry))
                    if len(found) > 2 * RECENT:
                        del found[:RECENT]
        self._indexed, self._last = end, log[end - 1] if end else None
        newest = index.get(unit_id, [])[-RECENT:]
        return [entry for position, entry in reversed(newest) if position >= oldest]

    def show(self, unit_id: str | None, repaint: bool = True) -> None:
        if unit_id != self.unit_id:
            self.unit_id = unit_id
            if repaint:
                self.refresh_view()

    def content(self) -> Text:
        battle = self.session.battle
        system = self.session.system
        unit = battle.units.get(self.unit_id or "")
        if unit is None:
            return Text("Select a unit in the roster.", style="dim")
        labels = battle.labels
        text = Text()
        text.append(safe(labels[unit.id]), style="bold")
        text.append(f" · {safe(battle.side_name(unit.side))}\n")
        # Compact: a line of profile values, one of what changed, the status, so that
        # the recent entries still fit when the pane is eight rows high (80×24).
        profile = [
            (spec.label, _shown(unit.profile.get(spec.name)))
            for spec in system.profile_fields
            if unit.profile.get(spec.name) not in (None, "")
        ]
        rows = [("Status", system.status(battle, unit))]
        rows += [("Condition", c.describe()) for c in of_unit(battle, unit.id)]
        # A system may add rows of its own (combattimento-gdr: the body-point boxes).
        rows += system.sheet_rows(battle, unit)
        current = []
        for spec in system.unit_fields:
            # What the battle changed: the status line already sums up the rest.
            value = unit.stats.get(spec.name)
            if value is None or value == "" or value == unit.start.get(spec.name):
                continue
            if isinstance(value, bool):
                current.append((spec.label, _shown(value)))
            else:
                current.append((spec.label, field_words(battle, system, unit, spec.name, value)))
        for line in (profile, current):
            if line:
                text.append(" · ".join(f"{safe(label)} {safe(value)}" for label, value in line))
                text.append("\n")
        for label, value in rows:
            text.append(f"{label}: ", style="bold")
            text.append(f"{safe(value)}\n")
        text.append("Recent (newest first):\n", style="bold")
        letter = system.round_word[:1]
        recent = self._recent(battle.log, unit.id)
        for entry in recent:
            text.append(f"{letter}{entry.round} ", style="dim")
            text.append(f"{one_line(entry.text)}\n")
        if not recent:
            text.append("nothing yet\n", style="dim")
        text.rstrip()
        return text
