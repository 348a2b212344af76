"""The save format (TOML, format 1): what a save holds and the text `dumps` writes.

A save holds the setup and the answer log (the battle is replayed from them) plus
the rendered combat log and result, derived, for readers without the app. Answers
given since the last whole write follow as `[[more_answers]]` records (`MORE`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

import tomli_w

from skirmtui.engine.core.battle import LogEntry, Result
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup

FORMAT = 1

#: Table of the answers appended after the last whole write (see `journal.JournalWriter`).
MORE = "more_answers"

#: The save's key naming the words its rendered `log` was written with (additive to
#: format 1; a save without it was written before the stamp: `OLDEST_WORDING`).
WORDING_KEY = "log_wording"
#: The words of today's log lines. Raise it with every change of what a log line says
#: (a system's or the engine's text, `log_line`): `check` compares a save's stored log
#: with its replay only for a save of today's words, so a user's older save still
#: passes after an upgrade (docs/reliability.md). `tests/systems/saves/wording-N/` keeps
#: saves of each wording; their test fails when the words change and this does not.
LOG_WORDING = 2
OLDEST_WORDING = 0


class SaveError(ValueError):
    """A save that cannot be loaded; the message names the problem in one line, with
    every long value it echoes shortened (a hostile file's 100,000-character value is
    not printed whole)."""

    def __init__(self, message: str) -> None:
        super().__init__(shortened(message))


#: The longest run without a space an error message echoes, and the longest message.
_LONG_RUN, _LONGEST = 60, 400
_RUN = re.compile(rf"\S{{{_LONG_RUN + 1},}}")


def shortened(message: str) -> str:
    """`message` with each run of more than 60 characters without a space cut to its
    start and its length, and the whole cut at 400 characters."""
    if len(message) <= _LONG_RUN:
        return message
    message = _RUN.sub(lambda m: f"{m.group()[:40]}…({len(m.group()):,} characters)", message)
    if len(message) > _LONGEST:
        message = f"{message[: _LONGEST - 40]}…({len(message):,} characters)"
    return message


# -- writing ------------------------------------------------------------------------------


@frozen_record
class SaveSnapshot:
    """What a save needs, copied on the UI thread so a worker can write it."""

    setup: Setup
    created: str
    items: tuple[Item, ...]
    log: tuple[LogEntry, ...]
    result: Result | None


def snapshot(session: Session, created: str) -> SaveSnapshot:
    """Cheap: copies references only (items and entries are not changed once written)."""
    battle = session.battle
    return SaveSnapshot(
        session.setup, created, tuple(session.items), tuple(battle.log), battle.result
    )


def session_document(session: Session, created: str) -> dict[str, Any]:
    """The TOML document of a session (plain data, ready for `tomli_w`)."""
    return snapshot_document(snapshot(session, created))


def snapshot_document(snap: SaveSnapshot) -> dict[str, Any]:
    setup = snap.setup
    doc: dict[str, Any] = {
        "format": FORMAT,
        WORDING_KEY: LOG_WORDING,
        "system": setup.system,
        "title": setup.title,
        "created": snap.created,
        "seed": setup.seed,
        "options": dict(setup.options),
        "sides": [{"id": s.id, "name": s.name} for s in setup.sides],
        "units": [
            {"id": u.id, "side": u.side, "name": u.name, "profile": dict(u.profile)}
            for u in setup.units
        ],
        "answers": [answer_table(item) for item in snap.items],
        "log": rendered_log(snap.log),
    }
    if snap.result is not None:
        doc["result"] = {
            "winner": snap.result.winner or "",
            "reason": snap.result.reason,
            "round": snap.result.round,
        }
    return doc


def rendered_log(log: Iterable[LogEntry]) -> list[str]:
    """The log as lines of text (stored as one multi-line string in the save)."""
    return [line for line in map(log_line, log) if line is not None]


def dumps(doc: dict[str, Any]) -> str:
    """TOML text of a save: one answer per line, the rendered log as one text block.

    Both layouts are plain TOML; they keep a 10,000-answer save small, readable in
    an editor, and quick for `tomllib` to parse.
    """
    rest = {k: v for k, v in doc.items() if k not in ("answers", "log")}
    answers = [
        answer_line(a["key"], a["value"], a.get("by"), a.get("persona"), a.get("reason", ""))
        for a in doc.get("answers", [])
    ]
    log = "\n".join(doc["log"]) + "\n" if "log" in doc else None
    return assemble(rest_text(rest), answers, log)


def rest_text(rest: dict[str, Any]) -> tuple[str, str]:
    """The scalars (written before the answers) and the tables (after the log)."""
    head = {k: v for k, v in rest.items() if not isinstance(v, dict | list)}
    tables = {k: v for k, v in rest.items() if isinstance(v, dict | list)}
    return tomli_w.dumps(head).rstrip("\n"), tomli_w.dumps(tables)


def assemble(
    rest: tuple[str, str], answers: list[str], log: str | None, literal: bool | None = None
) -> str:
    head, tables = rest
    lines = [head, "answers = [", *answers, "]"]
    if log is not None:
        lines.append(text_block("log", log, literal))
    return "\n".join(lines) + "\n\n" + tables


def answer_table(item: Item) -> dict[str, Any]:
    table = {"key": item.key, "value": plain(item.value)}
    if item.by is not None:
        table["by"] = item.by
    if item.persona is not None:  # an AI side's decision: its persona and reason
        table["persona"] = item.persona
        table["reason"] = item.reason
    return table


def answer_line(
    key: str, value: Any, by: str | None = None, persona: str | None = None, reason: str = ""
) -> str:
    who = "" if by is None else f", by = {inline(by)}"
    if persona is not None:
        who += f", persona = {inline(persona)}, reason = {inline(reason)}"
    return f"  {{ key = {inline(key)}, value = {inline(value)}{who} }},"


def log_line(entry: LogEntry) -> str | None:
    return f"R{entry.round} {entry.phase}: {entry.text}" if entry.text else None


#: Characters a literal TOML string may not hold (control characters but tab and newline).
NOT_LITERAL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]|'''")


def text_block(key: str, text: str, literal: bool | None = None) -> str:
    """A multi-line string: literal (no escapes, fast to parse) when the text allows it
    (`literal`, when the caller already knows)."""
    if literal is None:
        literal = not NOT_LITERAL.search(text)
    if literal:
        return f"{key} = '''\n{text}'''"
    return tomli_w.dumps({key: text}, multiline_strings=True).rstrip("\n")


def record(item: Item) -> str:
    who = "" if item.by is None else f"by = {inline(item.by)}\n"
    if item.persona is not None:
        who += f"persona = {inline(item.persona)}\nreason = {inline(item.reason)}\n"
    return f"\n[[{MORE}]]\nkey = {inline(item.key)}\nvalue = {inline(plain(item.value))}\n{who}"


def item_line(item: Item) -> str:
    return answer_line(item.key, plain(item.value), item.by, item.persona, item.reason)


def inline(value: Any) -> str:
    """A TOML inline value: JSON's strings, numbers, booleans and arrays are valid TOML."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    # JSON leaves DEL raw, which TOML refuses in a string: escape it as TOML does.
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _key(key: str) -> str:
    bare = bool(key) and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)
    return key if bare else inline(key)


def plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items() if v is not None}
    return value
