"""The roster over the queue, one column: the left side of the player view and of the
review (the battle screen places the two in its grid)."""

from __future__ import annotations

from textual.containers import Vertical

from skirmtui.engine.core.session import Session
from skirmtui.tui.widgets.queue import QueueView
from skirmtui.tui.widgets.roster import Roster


def units_column(session: Session, roster_title: str = "Roster") -> Vertical:
    """`#left`: `#roster` (titled `roster_title`) over `#queue`."""
    roster = Roster(session, id="roster")
    roster.border_title = roster_title
    queue = QueueView(session, id="queue")
    queue.border_title = "Queue"
    return Vertical(roster, queue, id="left")
