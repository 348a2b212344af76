"""Plain-text wrapping for the line-API panes: fast, by words, in terminal cells.

Rich's `Text.wrap` is general (styles, justification) and ~10× slower; the panes wrap
plain strings and style whole lines, so this is all they need.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.geometry import Region

#: The most of one log entry a pane shows (about 400 rows at 50 columns): a GM's note
#: of megabytes is shown up to here, the rest named (the export holds it whole).
MAX_SHOWN_CHARS = 20_000


def clipped(text: str) -> str:
    """`text`, or its first `MAX_SHOWN_CHARS` characters and how many more there are."""
    if len(text) <= MAX_SHOWN_CHARS:
        return text
    more = len(text) - MAX_SHOWN_CHARS
    return f"{text[:MAX_SHOWN_CHARS]} … ({more:,} more characters: the export has them)"


#: Joins a name's words while its line is wrapped: a no-break space, one cell like the
#: space it stands for (given back as a space in the lines made).
_JOIN = "\u00a0"


def wrap_names(text: str, width: int, indent: int, names: Sequence[str]) -> list[str]:
    """`wrap`, each of `names` (units' labels, "Brigante 1") kept on one line where it
    fits: a queue row read "… to act: Brigante" / "1, Brigante 3" at 80 columns."""
    for name in sorted((n for n in names if " " in n and n in text), key=len, reverse=True):
        text = text.replace(name, name.replace(" ", _JOIN))
    return [line.replace(_JOIN, " ") for line in wrap(text, width, indent)]


def wrap(text: str, width: int, indent: int = 0) -> list[str]:
    """`text` cut into lines of at most `width` cells at spaces (a word longer than a
    line is cut); continuation lines start with `indent` spaces.

    Linear in the text: each word's width is measured once (a GM's note of megabytes,
    measured at a wide width, once took minutes re-measuring the growing line)."""
    width = max(1, width)
    # (A text of more than 4 characters a cell cannot fit: no need to measure it.)
    if len(text) <= 4 * width and _cells(text) <= width:
        return [text]
    lines: list[str] = []
    parts: list[str] = []  # the line being filled
    used = chars = 0  # its width in cells, its length
    pad = " " * min(indent, width - 1)
    words = text.split(" ")
    lead = len(text) - len(text.lstrip(" "))
    if lead:  # the first row keeps its indent ("  → " effects, "   " unnumbered options)
        words = [" " * min(lead, width - 1) + words[lead], *words[lead + 1 :]]
    for word in words:
        size = _cells(word)
        if chars and used + 1 + size <= width:
            parts += (" ", word)
            used += 1 + size
            chars += 1 + len(word)
            continue
        if chars:
            lines.append("".join(parts))
            parts, used, chars = [pad, word], len(pad) + size, len(pad) + len(word)
        else:
            parts, used, chars = [word], size, len(word)
        if used > width:  # one word wider than the line
            last = _split_long("".join(parts), width, pad, lines)
            parts, used, chars = [last], _cells(last), len(last)
    line = "".join(parts)
    if line.strip() or not lines:
        lines.append(line)
    return lines


def _cells(text: str) -> int:
    """Width in cells: printable ASCII is one cell a character (`len`, where Rich would
    sum per character)."""
    return len(text) if text.isascii() and text.isprintable() else cell_len(text)


def _split_long(line: str, width: int, pad: str, lines: list[str]) -> str:
    """Append to `lines` the full-width pieces of `line` (wider than `width`), each
    continuation starting with `pad`; return the last piece (it fits)."""
    if line.isascii() and line.isprintable():  # one cell a character: slice
        lines.append(line[:width])
        step = max(1, width - len(pad))
        start = width
        while len(line) - start + len(pad) > width:
            lines.append(pad + line[start : start + step])
            start += step
        return pad + line[start:]
    start = 0
    head = ""
    while True:
        rest = line[start:] if start else line
        piece = head + rest[: width * 2 + 2]  # enough characters for `width` cells
        if cell_len(head) + cell_len(rest) <= width:
            return head + rest
        cut = max(_cut(piece, width), len(head) + 1)  # a wide character after the pad
        lines.append(piece[:cut])
        start += cut - len(head)
        head = pad


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
