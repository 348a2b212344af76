"""`saves.loads` parses each distinct answer line of a save once: it must give exactly
`tomllib.loads`'s document, or fail where tomllib fails, whatever the text."""

from __future__ import annotations

import random
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.session import Session
from skirmtui.engine.play.sim import play_random
from skirmtui.engine.store.reader import _loads_by_answer_line
from skirmtui.engine.store.saves import loads, save_session
from skirmtui.systems.registry import systems
from tests.safety.test_fuzz_saves import BASES, mutate

SAVE = """format = 1
system = "wargaming-introduttivo"
title = "t"
answers = [
  { key = "activation.unit", value = "red1" },
  { key = "activation.roll", value = [3], by = "app" },
  { key = "activation.unit", value = "red1" },
  { key = "activation.roll", value = [3], by = "app" },
]
log = '''
a line
'''
[options]
budget = 100
"""


def same(text: str) -> Any:
    """`loads(text)`, checked against tomllib: the same document or the same failure."""
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(tomllib.TOMLDecodeError):
            loads(text)
        return None
    got = loads(text)
    assert got == expected
    return got


def test_a_save_as_written_takes_each_distinct_answer_line_once() -> None:
    assert _loads_by_answer_line(SAVE) is not None
    doc = same(SAVE)
    first, again = doc["answers"][1], doc["answers"][3]
    assert first == again and first is not again and first["value"] is not again["value"]


UNIT = '{ key = "activation.unit", value = "red1" }'
ROLL = '  { key = "activation.roll"'
#: A multi-line title holding what looks like an answers block.
TITLE = 'title = """x\nanswers = [\n  { key = "k", value = 1 },\n]\n"""'
NOTE = '{ key = "gm.note", value = { text = "x" } }'


def no_answers(text: str) -> str:
    """The save with an empty answers block."""
    head, rest = text.split("answers = [\n", 1)
    return head + "answers = [\n]\n" + rest.split("\n]\n", 1)[1]


@pytest.mark.parametrize(
    "edit",
    [
        # a comment hides the comma between two answers: tomllib refuses
        lambda t: t.replace(f"{UNIT},\n{ROLL}", f"{UNIT} # ,\n{ROLL}", 1),
        lambda t: t.replace(f"{UNIT},", UNIT, 1),  # a missing comma
        lambda t: t.replace("  { key", "\n  { key", 1),  # a blank line (allowed)
        lambda t: t.replace('by = "app" },\n]', 'by = "app" }\n]'),  # no trailing comma
        lambda t: t.replace("  { key", '  { key = "a", value = 1 }, { key', 1),  # two a line
        lambda t: t.replace("\n", "\r\n"),
        lambda t: t.replace("format = 1", "[meta]\nformat = 1"),  # answers inside a table
        lambda t: t.replace('title = "t"', TITLE),
        lambda t: t.replace('title = "t"', TITLE).replace("[options]", "answers = []\n[options]"),
        lambda t: no_answers(t).replace('title = "t"', TITLE),  # and the real block empty
        lambda t: t.replace("budget = 100", "answers = []"),  # answers in a table too
        lambda t: t.replace("log = '''", "answers = []\nlog = '''"),  # answers twice
        lambda t: t.replace('title = "t"', "title = [\n1,"),
        lambda t: t.replace("value = [3]", "value = [\n3]", 1),  # a value over two lines
        lambda t: t.replace('"red1" },', '"red#1" },', 1),
        lambda t: t.replace(UNIT, NOTE),
        lambda t: t.replace("value = [3]", "value = [[3], {a = 1}]"),
        lambda t: t.replace("answers = [\n", "answers = [ # the answers\n"),
        lambda t: no_answers(t),
        # controls Python's str.strip() takes for whitespace, TOML does not (tomllib refuses)
        lambda t: t.replace("  { key", " \x1d{ key", 1),
        lambda t: t.replace(f"{UNIT},", f"{UNIT},\u2003", 1),
    ],
)
def test_edits_that_leave_the_layout_are_read_as_tomllib_reads_them(edit: Any) -> None:
    same(edit(SAVE))


@pytest.mark.parametrize(
    "edit",
    [
        lambda t: t.replace("a line\n'''", "a line'''''"),  # quotes before the delimiter
        lambda t: t.replace("a line", "a line\x01"),  # a control a literal refuses
        lambda t: t.replace("a line", "a line\x7f"),
        lambda t: t.replace("a line\n", "a line\r\n"),
        lambda t: t.replace("a line\n", "a\ttab\n"),  # a tab is allowed
        lambda t: t.replace("a line\n", ""),  # an empty log
        lambda t: t.replace("[options]", "log = 'x'\n[options]"),  # the log twice
        lambda t: t.replace("[options]", "[log]\n[options]"),
        lambda t: t.replace("[options]", "log.x = 1\n[options]"),
        lambda t: t.replace("'''\n[options]", "\n[options]"),  # never closed
        lambda t: t.replace("'''\n[options]", "''' x = 1\n[options]"),
        lambda t: t.replace("'''\n[options]", "''' # done\n[options]"),
        lambda t: t.replace("a line", "a line\n[options]\nbudget = 1\nanswers = []"),
        lambda t: t.replace("a line", 'a """ line'),
        lambda t: t.replace("log = '''\n", "log = '''a line\n"),  # text on the first line
        lambda t: t.replace("log = '''\n", "log  = '''\n"),
    ],
)
def test_edits_of_the_log_block_are_read_as_tomllib_reads_them(edit: Any) -> None:
    same(edit(SAVE))


def test_the_log_block_is_taken_as_it_stands_in_its_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long battle's log is megabytes a load drops: taken from the text without
    tomllib's walk, it is the same string in the same place among the keys."""
    parsed: list[str] = []
    real = tomllib.loads

    def noted(text: str) -> dict[str, Any]:
        parsed.append(text)
        return real(text)

    monkeypatch.setattr(tomllib, "loads", noted)
    doc = _loads_by_answer_line(SAVE)
    assert parsed and not any("a line" in text for text in parsed)
    assert doc is not None and doc["log"] == "a line\n"
    assert list(doc) == list(tomllib.loads(SAVE))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(range(len(BASES))), seed=st.integers(0, 2**32), steps=st.integers(1, 4))
def test_mutated_saves_are_read_as_tomllib_reads_them(base: int, seed: int, steps: int) -> None:
    data = mutate(BASES[base], random.Random(seed), steps)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    same(text)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(systems())), st.integers(0, 10_000), st.text(min_size=1))
def test_saves_of_random_battles_with_any_note_read_the_same(
    system_id: str, seed: int, note: str
) -> None:
    system = systems()[system_id]
    played = play_random(system, attrs.evolve(system.demo_setup(), seed=seed), random.Random(seed))
    session = Session(system, played.setup, played.items[:60])
    if note.strip():
        session.gm("gm.note", text=note)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "battle.toml"
        save_session(session, path, "2026-01-01T00:00:00Z")
        text = path.read_text(encoding="utf-8")
    doc = same(text)
    assert doc is not None and len(doc["answers"]) == len(session.items)
    if "#" not in text.split("\nlog = ")[0]:
        assert _loads_by_answer_line(text) is not None  # the layout `dumps` writes


def test_example_saves_take_the_answer_lines_once() -> None:
    for data in BASES:
        text = data.decode("utf-8")
        assert _loads_by_answer_line(text) == tomllib.loads(text)
