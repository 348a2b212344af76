"""Issue 27, point 4: a log line is a sentence a player would write."""

from __future__ import annotations

from skirmtui.engine.core.battle import LogEntry
from skirmtui.tui.widgets.combat_log import entry_line


def test_a_gm_condition_is_not_said_by_the_gm_twice() -> None:
    """The log read `GM GM: Brigante 3 is pinned (to end of round 2)`."""
    entry = LogEntry(0, 0, 2, "assault", "override", "GM: Brigante 3 is pinned (to end of round 2)")
    assert entry_line(entry) == "GM: Brigante 3 is pinned (to end of round 2)"
    other = LogEntry(1, 1, 2, "assault", "override", "Brigante 3 is back")
    assert entry_line(other) == "GM Brigante 3 is back"
