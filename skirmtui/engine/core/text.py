"""User text made safe to show: a name, note or answer from a save is data.

A save can come from anyone. Written raw to a terminal, `ESC ] 0 ; … BEL` retitles
the window and other sequences move the cursor or rewrite the screen; in a Markdown
report they reach whoever prints it. `safe` replaces every control character with a
visible stand-in, so what the user sees is what the file holds, and nothing acts.

Markup is the other half: never pass user text to anything that parses Rich/Textual
markup (`Static("...")`, `notify`, `Select` prompts, `DataTable` cells); build
`rich.text.Text`/`textual.content.Content` from it. This module has no Textual import
so the engine, the CLI and the reports use it too.
"""

from __future__ import annotations

import functools
import re

#: DEL, C1 controls, and the Unicode characters that reorder or break lines invisibly
#: (bidirectional marks, overrides and isolates, line/paragraph separators): with the C0
#: controls, what `safe` shows. All are non-printable to Python (`str.isprintable`:
#: categories Cc, Cf, Zl, Zp), so printable text, the usual case, is returned without a
#: pattern (each compiled at first use: ~0.4 ms, which every start paid).
_ABOVE_ASCII = r"\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"


@functools.cache
def _unsafe(multiline: bool) -> re.Pattern[str]:
    c0 = r"\x00-\x09\x0b-\x1f" if multiline else r"\x00-\x1f"  # a line break may stay
    return re.compile(f"[{c0}{_ABOVE_ASCII}]")


def _visible(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char == "\t":
        return " "
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures block: ␛ ␇ ␤ …
    if code == 0x7F:
        return "␡"
    return f"\\u{code:04x}" if code > 0xFF else f"\\x{code:02x}"


def safe(text: str, *, multiline: bool = False) -> str:
    """`text` with every control character shown, not obeyed: `\\x1b` → `␛`, a C1
    control or a bidirectional override → its `\\x9b`/`\\u202e` escape, a tab → a space.

    `multiline` keeps line breaks (a note is several lines; `\\r\\n` and `\\r` become
    `\\n`); otherwise a newline shows as `␊`, so one name stays one line.
    """
    if text.isprintable():  # the usual case: nothing to show, no copy
        return text
    if multiline and "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    pattern = _unsafe(multiline)
    if pattern.search(text) is None:
        return text
    return pattern.sub(_visible, text)


def is_safe(text: str, *, multiline: bool = False) -> bool:
    """True when `safe(text)` would change nothing."""
    return text.isprintable() or _unsafe(multiline).search(text) is None


def one_line(text: str) -> str:
    """`text` safe on one row: the line breaks of a multi-line note show as ` ⏎ `."""
    if "\n" in text or "\r" in text:
        text = " ⏎ ".join(safe(text, multiline=True).split("\n"))
    return safe(text)


@functools.cache
def _json_raw() -> re.Pattern[str]:
    return re.compile(f"[{_ABOVE_ASCII}]")


def json_ascii_controls(text: str) -> str:
    r"""JSON text with the controls `json.dumps(ensure_ascii=False)` leaves raw (DEL, C1,
    bidirectional overrides) written as `\uXXXX` escapes: the same data, nothing for a
    terminal to obey. They only occur inside strings, where the escape is equivalent."""
    json_raw = _json_raw()
    if json_raw.search(text) is None:
        return text
    return json_raw.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


#: Nouns whose plural is not the noun + "s".
_PLURALS = {"die": "dice", "inch": "inches", "cm": "cm", "success": "successes"}


def plural(count: int, noun: str, many: str | None = None) -> str:
    """`1 wound`, `3 wounds`, `0 wounds`: a count with its noun agreeing (issue 27: the
    log said "1 objectives held", "2 wound(s)")."""
    if count == 1:
        return f"{count} {noun}"
    head, _, last = noun.rpartition(" ")  # "activation die": the last word agrees
    head = f"{head} " if head else ""
    return f"{count} {many or head + (_PLURALS.get(last) or last + 's')}"
