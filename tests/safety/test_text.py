"""`engine.core.text.safe`: every control character shown, never obeyed (issue 14, item 1)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from skirmtui.engine.core.text import is_safe, one_line, safe

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def test_escape_sequences_are_shown_not_obeyed() -> None:
    assert safe("a\x1b]0;PWNED\x07b") == "a␛]0;PWNED␇b"
    assert safe("\x9b2J \u202eevil\x7f") == "\\x9b2J \\u202eevil␡"
    assert safe("tab\there") == "tab here"


def test_newlines_kept_only_where_a_text_is_multi_line() -> None:
    assert safe("one\ntwo") == "one␊two"
    assert safe("one\r\ntwo\rthree\n", multiline=True) == "one\ntwo\nthree\n"
    assert one_line("one\r\ntwo\x1b") == "one ⏎ two␛"


def test_ordinary_text_is_returned_as_is() -> None:
    text = "Legionari · Barbari — àccénts [b] 5×"
    assert safe(text) is text
    assert is_safe(text)


@given(st.text())
def test_no_control_character_survives(text: str) -> None:
    assert not CONTROL.search(safe(text))
    kept = safe(text, multiline=True)
    assert not CONTROL.search(kept.replace("\n", ""))
    assert is_safe(safe(text))


def test_every_unsafe_character_is_non_printable_to_python() -> None:
    """`safe` returns printable text (`str.isprintable`) without looking further: every
    character it must show is non-printable, so none can pass that way."""
    unsafe = [chr(code) for code in range(0x110000) if CONTROL.match(chr(code))]
    assert len(unsafe) == 32 + 33 + 2 + 5 + 4
    assert not any(char.isprintable() for char in unsafe)
    assert all(safe(f"a{char}b") != f"a{char}b" for char in unsafe)


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=30))
def test_printable_text_is_left_as_is(text: str) -> None:
    if text.isprintable():
        assert safe(text) is text and is_safe(text) and safe(text, multiline=True) is text
