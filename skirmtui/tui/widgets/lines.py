"""Plain-text wrapping for the line-API panes: fast, by words, in terminal cells.

Rich's `Text.wrap` is general (styles, justification) and ~10× slower; the panes wrap
plain strings and style whole lines, so this is all they need.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.geometry import Region


def wrap(text: str, width: int, indent: int = 0) -> list[str]:
    """`text` cut into lines of at most `width` cells at spaces (a word longer than a
    line is cut); continuation lines start with `indent` spaces."""
    width = max(1, width)
    if cell_len(text) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    pad = " " * min(indent, width - 1)
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
            line = pad + word
        else:
            line = word
        while cell_len(line) > width:  # one word wider than the line
            cut = _cut(line, width)
            lines.append(line[:cut])
            line = pad + line[cut:]
    if line.strip() or not lines:
        lines.append(line)
    return lines


def _cut(text: str, width: int) -> int:
    """How many characters of `text` fit in `width` cells (at least one)."""
    total = 0
    for index, char in enumerate(text):
        total += cell_len(char)
        if total > width:
            return max(1, index)
    return len(text)


def changed_rows(old: Sequence[object], new: Sequence[object], width: int) -> list[Region]:
    """The one-row regions where two versions of a pane's lines differ (a line added or
    dropped counts): what to repaint after a change."""
    return [
        Region(0, y, width, 1)
        for y in range(max(len(old), len(new)))
        if y >= len(old) or y >= len(new) or old[y] != new[y]
    ]
