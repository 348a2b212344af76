"""Reading a save: parse its text (each distinct answer line once), validate it, replay it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from skirmtui.engine.core.collector import gc_paused
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.session import ReplayError, Session
from skirmtui.engine.core.system import RuleSystem, Setup, SetupError
from skirmtui.engine.store.files import Signature, read_signed
from skirmtui.engine.store.format import MORE, SaveError
from skirmtui.engine.store.stamp import now_stamp
from skirmtui.engine.store.validate import items_from_document, setup_from_document


def read_document(path: Path) -> dict[str, Any]:
    """Parse a save file; a `SaveError` names what is wrong (TOML line and column)."""
    return read_signed_document(path)[0]


def read_signed_document(path: Path) -> tuple[dict[str, Any], Signature]:
    """`read_document`, and the signature of the bytes it was parsed from."""
    raw, signature = read_signed(path)
    return parse_document(raw), signature


def parse_document(raw: bytes) -> dict[str, Any]:
    """A save's bytes parsed; a `SaveError` names what is wrong."""
    try:
        text = raw.decode("utf-8")
        return loads(text)
    except UnicodeDecodeError:
        raise SaveError("not a text file (not UTF-8)") from None
    except tomllib.TOMLDecodeError as error:
        raise SaveError(f"not valid TOML: {error}{_torn_hint(text)}") from None
    except RecursionError:
        raise SaveError("not a save: nested too deeply") from None


def loads(text: str) -> dict[str, Any]:
    """`tomllib.loads(text)`: the same document, or the same error. A save laid out as
    `dumps` writes it (a few scalars, then one answer a line) has each distinct answer
    line parsed once: a long battle gives the same few answers again and again (most of
    a load's parsing time before). Whatever does not fit that layout exactly (a comment,
    a blank or split line, a table or a multi-line string before the answers) is
    parsed whole by `tomllib`."""
    fast = _loads_by_answer_line(text)
    return tomllib.loads(text) if fast is None else fast


#: Where the answers start and end in a save `dumps` wrote.
_ANSWERS_OPEN, _ANSWERS_CLOSE = "\nanswers = [\n", "\n]\n"
#: A line before the answers that `loads` reads as it is: a key and a one-line value.
_HEAD_LINE = re.compile(r"[A-Za-z0-9_-]+ = [^\n]*")
_PLAIN = (str, int, bool, float)


def _loads_by_answer_line(text: str) -> dict[str, Any] | None:
    start = text.find(_ANSWERS_OPEN)
    if start < 0:
        return None
    head = text[:start]
    if '"""' in head or "'''" in head or not all(map(_HEAD_LINE.fullmatch, head.split("\n"))):
        return None  # the answers might not be what a parser would take them for
    body = start + len(_ANSWERS_OPEN)
    close = text.find(_ANSWERS_CLOSE, body - 1)
    if close < 0:
        return None
    block = text[body:close] if close >= body else ""
    if "#" in block:
        return None  # a comment could hide the comma that separates two answers
    lines = block.split("\n") if block else []
    answers: list[Any] = []
    seen: dict[str, Any] = {}
    last = len(lines) - 1
    for number, line in enumerate(lines):
        if number < last and not line.endswith(","):
            return None
        template = seen.get(line)
        if template is None:
            try:
                # TOML's whitespace is space and tab: str.strip() would also take
                # the controls \x1c-\x1f and Unicode spaces, which tomllib refuses.
                value = tomllib.loads("a = " + line.strip(" \t").removesuffix(","))["a"]
            except tomllib.TOMLDecodeError:
                return None
            answers.append(value)
            if type(value) is dict and all(
                type(v) in _PLAIN or (type(v) is list and all(type(x) in _PLAIN for x in v))
                for v in value.values()
            ):
                seen[line] = value  # plain: copied for its next occurrences
            continue
        # each answer its own table (and list), as a parser gives them
        answers.append({k: v[:] if type(v) is list else v for k, v in template.items()})
    rest, log = _without_log(text[close + 2 :])
    try:
        doc = tomllib.loads(head + "\nanswers = []" + rest)
    except tomllib.TOMLDecodeError:
        return None
    if doc.get("answers") != [] or (log is not None and "log" in doc):
        return None  # (a second `log` is a duplicate key: tomllib's error, from the whole)
    doc["answers"] = answers
    if log is None:
        return doc
    ordered: dict[str, Any] = {}
    for key, value in doc.items():  # the log where a parser puts it, after the answers
        ordered[key] = value
        if key == "answers":
            ordered["log"] = log
    return ordered


#: The rendered log as `dumps` writes it, right after the answers: a literal block.
_LOG_OPEN = "\nlog = '''\n"
#: What a literal string may not hold (`format.NOT_LITERAL` but the delimiter, which
#: ends the block where it is found).
_NOT_IN_LITERAL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _without_log(rest: str) -> tuple[str, str | None]:
    """What follows the answers without its literal log block, and the log's text:
    tomllib reads a long battle's log (megabytes a load drops) character by character,
    a third of the parse. None, and `rest` whole, where a parser might read the block
    otherwise (a quote after the closing delimiter, a character a literal refuses)."""
    if not rest.startswith(_LOG_OPEN):
        return rest, None
    body = len(_LOG_OPEN)
    end = rest.find("'''", body)
    if end < 0 or rest.startswith("'", end + 3):
        return rest, None
    log = rest[body:end]
    if _NOT_IN_LITERAL.search(log):
        return rest, None
    return rest[end + 3 :], log


def _torn_hint(text: str) -> str:
    """If only the last appended answer is broken (a power cut in the middle of its
    write), say where it starts: deleting it recovers every answer before it."""
    start = text.rfind(f"\n[[{MORE}]]\n")
    if start < 0:
        return ""
    try:
        tomllib.loads(text[: start + 1])
    except (tomllib.TOMLDecodeError, RecursionError):
        return ""
    line = text.count("\n", 0, start) + 2
    return f"; the last appended answer (from line {line}) is torn: delete it to keep the rest"


def load_session(path: Path, systems: dict[str, RuleSystem]) -> tuple[Session, str]:
    """Load and replay a save: the session and its `created` stamp, or a `SaveError`."""
    with gc_paused():
        doc = read_document(path)
        setup, items, created = _parts(doc, systems)
        # The parsed file (every answer as a table, the rendered log) is not needed to
        # replay: dropped first, so it is not held beside the battle (peak memory).
        del doc
        return _replay(systems, setup, items), created


def load_for_play(path: Path, systems: dict[str, RuleSystem]) -> tuple[Session, str, Signature]:
    """`load_session`, and the signature of exactly the bytes loaded: the autosave
    appends to the file only while it is still those bytes (an edit made while the
    app starts is an outside change, not adopted)."""
    with gc_paused():
        doc, signature = read_signed_document(path)
        setup, items, created = _parts(doc, systems)
        del doc
        return _replay(systems, setup, items), created, signature


def load_with_document(
    path: Path, systems: dict[str, RuleSystem]
) -> tuple[Session, str, dict[str, Any]]:
    """`load_session`, and the parsed document (for `check`)."""
    with gc_paused():
        return _load_session(path, systems)


def _load_session(
    path: Path, systems: dict[str, RuleSystem]
) -> tuple[Session, str, dict[str, Any]]:
    doc = read_document(path)
    setup, items, created = _parts(doc, systems)
    return _replay(systems, setup, items), created, doc


def _parts(doc: dict[str, Any], systems: dict[str, RuleSystem]) -> tuple[Setup, list[Item], str]:
    """A parsed save's setup, answers and `created` stamp (`SaveError` if refused)."""
    setup = setup_from_document(doc, systems)
    items = items_from_document(doc, {u.id for u in setup.units})
    return setup, items, str(doc.get("created") or now_stamp())


def _replay(systems: dict[str, RuleSystem], setup: Setup, items: list[Item]) -> Session:
    try:
        return Session(systems[setup.system], setup, items)
    except ReplayError as error:
        raise SaveError(f"{error} (does not replay: {items[error.index].key})") from None
    except SetupError as error:
        raise SaveError(f"setup refused: {error}") from None
