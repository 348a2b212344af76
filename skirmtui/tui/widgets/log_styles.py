"""How a log line is coloured: by its entry's kind or its roll's outcome, as component
classes (`combat-log--phase`, `player-log--success`…) that a theme or `.tcss` restyles."""

from __future__ import annotations

from rich.style import Style
from textual.widget import Widget

from skirmtui.engine.core.battle import LogEntry

#: A log pane's component classes, after its prefix: entry kinds, roll outcomes, the
#: effects-in-words line and the search hit.
SUFFIXES = ("phase", "result", "override", "note", "success", "failure", "effect", "marked")

_KINDS = frozenset({"phase", "result", "override", "note"})


def log_css(pane: str, prefix: str) -> str:
    """The default look of a log pane's lines (the colours the log always had)."""
    looks = {
        "phase": "text-style: bold; color: ansi_cyan;",
        "result": "text-style: bold; color: ansi_yellow;",
        "override": "color: ansi_magenta;",
        "note": "text-style: italic; color: ansi_green;",
        "success": "color: ansi_green;",
        "failure": "color: ansi_red;",
        "effect": "text-style: dim italic;",
        "marked": "text-style: reverse;",
    }
    return "\n".join(f"{pane} > .{prefix}--{name} {{ {look} }}" for name, look in looks.items())


def entry_look(entry: LogEntry) -> str | None:
    """The class suffix of an entry's line: its roll's outcome, else its kind."""
    if entry.roll is not None and "success" in entry.roll:
        return "success" if entry.roll["success"] else "failure"
    return entry.kind if entry.kind in _KINDS else None


def read_looks(widget: Widget, prefix: str) -> dict[str, Style]:
    """The styles of a pane's component classes, read once per render pass."""
    return {name: widget.get_component_rich_style(f"{prefix}--{name}") for name in SUFFIXES}
