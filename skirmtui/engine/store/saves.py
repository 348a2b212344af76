"""Saves: one TOML file per battle, written atomically, loaded with full validation.

A save holds the setup and the answer log (the battle is replayed from them) plus
the rendered combat log and result, derived, for readers without the app.
"""

from __future__ import annotations

import contextlib
import gc
import json
import operator
import os
import re
import stat
import tempfile
import tomllib
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from sys import intern
from typing import Any

import attrs
import tomli_w

from skirmtui.engine.core import app_rolls
from skirmtui.engine.core.app_rolls import APP_ROLLS
from skirmtui.engine.core.battle import LogEntry, Result, Side
from skirmtui.engine.core.items import (
    BY_APP,
    BY_TABLE,
    GM_ADD,
    GM_END,
    GM_KEYS,
    GM_NOTE,
    GM_REMOVE,
    GM_RESTORE,
    GM_SET,
    Item,
)
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.session import ReplayError, Session
from skirmtui.engine.core.system import RuleSystem, Setup, SetupError, UnitSpec
from skirmtui.engine.store.stamp import now_stamp as now_stamp

FORMAT = 1
#: Largest save read (checked before parsing): a 20,000-answer battle is about 3 MB.
#: Bounds what a hostile file costs: parsing 8 MB of answers takes a few seconds.
MAX_SAVE_BYTES = 8 * 1024 * 1024
#: Most answers a save may hold (2.5 times the longest battle `sim` lets run).
MAX_SAVE_ANSWERS = 50_000
#: Deepest nesting of an answer's value (a GM's new unit: a table holding a table).
_MAX_DEPTH = 4


class SaveError(ValueError):
    """A save that cannot be loaded; the message names the problem in one line."""


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
        "answers": [_answer_table(item) for item in snap.items],
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
    return [line for line in map(_log_line, log) if line is not None]


def dumps(doc: dict[str, Any]) -> str:
    """TOML text of a save: one answer per line, the rendered log as one text block.

    Both layouts are plain TOML; they keep a 10,000-answer save small, readable in
    an editor, and quick for `tomllib` to parse.
    """
    rest = {k: v for k, v in doc.items() if k not in ("answers", "log")}
    answers = [_answer_line(a["key"], a["value"], a.get("by")) for a in doc.get("answers", [])]
    log = "\n".join(doc["log"]) + "\n" if "log" in doc else None
    return _assemble(_rest_text(rest), answers, log)


def _rest_text(rest: dict[str, Any]) -> tuple[str, str]:
    """The scalars (written before the answers) and the tables (after the log)."""
    head = {k: v for k, v in rest.items() if not isinstance(v, dict | list)}
    tables = {k: v for k, v in rest.items() if isinstance(v, dict | list)}
    return tomli_w.dumps(head).rstrip("\n"), tomli_w.dumps(tables)


def _assemble(
    rest: tuple[str, str], answers: list[str], log: str | None, literal: bool | None = None
) -> str:
    head, tables = rest
    lines = [head, "answers = [", *answers, "]"]
    if log is not None:
        lines.append(_text_block("log", log, literal))
    return "\n".join(lines) + "\n\n" + tables


def _answer_table(item: Item) -> dict[str, Any]:
    table = {"key": item.key, "value": _plain(item.value)}
    if item.by is not None:
        table["by"] = item.by
    return table


def _answer_line(key: str, value: Any, by: str | None = None) -> str:
    who = "" if by is None else f", by = {_inline(by)}"
    return f"  {{ key = {_inline(key)}, value = {_inline(value)}{who} }},"


def _log_line(entry: LogEntry) -> str | None:
    return f"R{entry.round} {entry.phase}: {entry.text}" if entry.text else None


#: Characters a literal TOML string may not hold (control characters but tab and newline).
_NOT_LITERAL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]|'''")


def _text_block(key: str, text: str, literal: bool | None = None) -> str:
    """A multi-line string: literal (no escapes, fast to parse) when the text allows it
    (`literal`, when the caller already knows)."""
    if literal is None:
        literal = not _NOT_LITERAL.search(text)
    if literal:
        return f"{key} = '''\n{text}'''"
    return tomli_w.dumps({key: text}, multiline_strings=True).rstrip("\n")


class SaveWriter:
    """Writes successive snapshots of one battle, re-using the text of what it wrote
    before: answers and log entries never change once made (an undo only drops a tail),
    so an autosave costs what the battle added since the last one, not its length.

    `text(snap)` is exactly `dumps(snapshot_document(snap))`.
    """

    def __init__(self) -> None:
        self._items: list[Item] = []
        self._answers: list[str] = []
        self._entries: list[LogEntry] = []
        self._log: list[str | None] = []
        self._not_literal: list[bool] = []  # per log line: it needs an escaped string
        self._rest_key: tuple[Setup, str, Result | None] | None = None
        self._rest = ("", "")

    def text(self, snap: SaveSnapshot) -> str:
        _catch_up(self._items, self._answers, snap.items, _item_line)
        kept = _catch_up(self._entries, self._log, snap.log, _log_line)
        del self._not_literal[kept:]
        self._not_literal.extend(
            line is not None and _NOT_LITERAL.search(line) is not None for line in self._log[kept:]
        )
        key = self._rest_key
        if key is None or key[0] is not snap.setup or key[1:] != (snap.created, snap.result):
            doc = snapshot_document(attrs.evolve(snap, items=(), log=()))
            self._rest = _rest_text({k: v for k, v in doc.items() if k not in ("answers", "log")})
            self._rest_key = (snap.setup, snap.created, snap.result)
        log = "\n".join([line for line in self._log if line is not None]) + "\n"
        return _assemble(self._rest, self._answers, log, not any(self._not_literal))

    def write(self, snap: SaveSnapshot, path: Path) -> None:
        write_atomic(path, self.text(snap))


class OutsideChange(OSError):
    """The save on disk is not what this writer last wrote: someone else changed it."""


#: Table of the answers appended after the last whole write (see `JournalWriter`).
MORE = "more_answers"


@frozen_record
class _Signature:
    """What identifies the file we last wrote: any outside write changes one of these."""

    inode: int
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, path: Path) -> _Signature | None:
        try:
            info = os.stat(path)
        except OSError:  # absent, or its folder is not one: nothing there to protect
            return None
        return cls(info.st_ino, info.st_size, info.st_mtime_ns)


class JournalWriter:
    """The autosave's writer: appends each new answer to the save, rewrites it whole
    (atomically, keeping `.bak`) only when appending cannot say what changed.

    An answer is one small `[[more_answers]]` record written with one `write` to the
    end of the file: cheap at any battle length, so the disk keeps up with answers
    given every few milliseconds and a kill loses at most what was not yet handed to
    the writer. The file is valid TOML after every record. An undo, a new result or a
    new setup rewrites the file whole (`compact`); so does the autosaver when the
    table is idle, folding the records into `answers` and bringing the rendered log
    and result up to date (while records follow them, those describe the battle after
    `answers` only). Before every write the file is compared with what we last wrote
    (inode, size, mtime): a change made by someone else raises `OutsideChange` and
    nothing is written.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._whole = SaveWriter()
        self._expected = _Signature.of(self.path)
        self._on_disk: tuple[Item, ...] = ()  # the items the file holds
        self._base: tuple[Setup, str, Result | None] | None = None  # of the whole write
        self.appended = 0  # records since the last whole write

    def adopt(self, snap: SaveSnapshot) -> None:
        """The file holds `snap` as it is now (just loaded from it): the next answers
        are appended to it, with no whole rewrite first."""
        self._expected = _Signature.of(self.path)
        if self._expected is not None:
            self._on_disk = snap.items
            self._base = (snap.setup, snap.created, snap.result)
            self.appended = 0

    def expect_current(self) -> None:
        """Accept the file as it is now (the user chose to overwrite an outside edit)."""
        self._expected = _Signature.of(self.path)
        self._base = None  # and write it whole next time

    def save(self, snap: SaveSnapshot, compact: bool = False) -> None:
        """Bring the file up to `snap`: append the new answers when possible."""
        self._check_unchanged()
        new = self._appendable(snap)
        if compact or new is None:
            self._write_whole(snap)
        elif new:
            self._append(new)
            self._on_disk = snap.items

    @property
    def compacted(self) -> bool:
        return self.appended == 0

    def _appendable(self, snap: SaveSnapshot) -> tuple[Item, ...] | None:
        """The items to append, or None if the file must be rewritten."""
        if self._base is None or self._base != (snap.setup, snap.created, snap.result):
            return None
        done = self._on_disk
        if len(snap.items) < len(done) or self.appended + len(snap.items) - len(done) > 2_000:
            return None
        if not all(map(operator.is_, done, snap.items)):  # an undo, then other answers
            return None
        return snap.items[len(done) :]

    def _check_unchanged(self) -> None:
        now = _Signature.of(self.path)
        if now != self._expected:
            what = "removed" if now is None else "changed"
            raise OutsideChange(
                f"{self.path} was {what} by another program since skirmtui wrote it"
            )

    def _write_whole(self, snap: SaveSnapshot) -> None:
        self._whole.write(snap, self.path)
        self._expected = _Signature.of(self.path)
        self._on_disk = snap.items
        self._base = (snap.setup, snap.created, snap.result)
        self.appended = 0

    def _append(self, items: Sequence[Item]) -> None:
        data = "".join(map(_record, items)).encode("utf-8")
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            size = os.fstat(fd).st_size
            try:
                written = os.write(fd, data)
                if written != len(data):  # a full disk takes part of it: take it back
                    raise OSError(28, f"disk full: wrote {written} of {len(data)} bytes")
            except OSError:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, size)
                self._expected = _Signature.of(self.path)
                raise
            info = os.fstat(fd)
        finally:
            os.close(fd)
        self._expected = _Signature(info.st_ino, info.st_size, info.st_mtime_ns)
        self.appended += len(items)


def _record(item: Item) -> str:
    who = "" if item.by is None else f"by = {_inline(item.by)}\n"
    return f"\n[[{MORE}]]\nkey = {_inline(item.key)}\nvalue = {_inline(_plain(item.value))}\n{who}"


def _item_line(item: Item) -> str:
    return _answer_line(item.key, _plain(item.value), item.by)


def _catch_up(
    done: list[Any], lines: list[Any], now: Sequence[Any], render: Callable[[Any], Any]
) -> int:
    """Keep the lines of the leading objects `now` shares with `done`; render the rest.
    Returns how many were kept."""
    same = list(map(operator.is_, done, now))
    keep = same.index(False) if False in same else len(same)
    del done[keep:], lines[keep:]
    fresh = now[keep:]
    done.extend(fresh)
    lines.extend(map(render, fresh))
    return keep


def _inline(value: Any) -> str:
    """A TOML inline value: JSON's strings, numbers, booleans and arrays are valid TOML."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    # JSON leaves DEL raw, which TOML refuses in a string: escape it as TOML does.
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _key(key: str) -> str:
    bare = bool(key) and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)
    return key if bare else _inline(key)


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` so a crash leaves the old or the new file, never a torn one.

    Temp file in the same folder, flush, fsync, `os.replace`; the previous file is kept
    as `NAME.toml.bak` (a hard link to the old data, so keeping it is atomic too).
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        # mkstemp makes the file private; a save is an ordinary document.
        os.chmod(tmp_name, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            _keep_backup(path)
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise
    _fsync_dir(folder)


def _keep_backup(path: Path) -> None:
    backup = path.with_name(path.name + ".bak")
    link = path.with_name(f".{path.name}.bak.tmp")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(link)
    try:
        os.link(path, link)
    except OSError:  # no hard links here: copy instead
        link.write_bytes(path.read_bytes())
    try:
        os.replace(link, backup)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(link)
        raise


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save_session(session: Session, path: Path, created: str) -> None:
    write_atomic(path, dumps(session_document(session, created)))


def save_snapshot(snap: SaveSnapshot, path: Path) -> None:
    """Serialise and write a snapshot: safe to call from a worker thread."""
    write_atomic(path, dumps(snapshot_document(snap)))


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    return value


# -- reading ------------------------------------------------------------------------------


def read_bytes(path: Path) -> bytes:
    """The bytes of a save, refusing at once what is not a regular file (a FIFO would
    block, `/dev/zero` never ends) or is larger than `MAX_SAVE_BYTES`."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise SaveError("no such file") from None
    except OSError as error:
        raise SaveError(f"cannot read: {error.strerror or error}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        is_dir = stat.S_ISDIR(info.st_mode)
        raise SaveError("is a folder, not a save" if is_dir else "not a regular file")
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(
                f"too large: {_mb(info.st_size)} (a save may hold {_mb(MAX_SAVE_BYTES)})"
            )
        try:
            raw = handle.read(MAX_SAVE_BYTES + 1)
        except OSError as error:
            raise SaveError(f"cannot read: {error.strerror or error}") from None
    if len(raw) > MAX_SAVE_BYTES:  # grew while we looked
        raise SaveError(f"too large (a save may hold {_mb(MAX_SAVE_BYTES)})")
    return raw


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def read_document(path: Path) -> dict[str, Any]:
    """Parse a save file; a `SaveError` names what is wrong (TOML line and column)."""
    raw = read_bytes(path)
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
    try:
        doc = tomllib.loads(head + "\nanswers = []" + text[close + 2 :])
    except tomllib.TOMLDecodeError:
        return None
    if doc.get("answers") != []:
        return None
    doc["answers"] = answers
    return doc


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


def setup_from_document(doc: dict[str, Any], systems: dict[str, RuleSystem]) -> Setup:
    """Validate the setup part of a save and build it."""
    version = doc.get("format")
    if version is None or "system" not in doc:
        raise SaveError("not a skirmtui save (it has no `format` and `system` keys)")
    if type(version) is not int or version != FORMAT:  # not 1.0, not true
        raise SaveError(f"unknown save format {version!r} (this skirmtui reads format {FORMAT})")
    system_id = doc.get("system")
    if system_id not in systems:
        known = ", ".join(sorted(systems))
        raise SaveError(f"unknown system {system_id!r} (known: {known})")
    seed = doc.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveError("seed must be a whole number")
    sides = []
    for i, raw in enumerate(_list(doc, "sides")):
        sides.append(Side(_text(raw, "id", f"sides[{i}]"), _text(raw, "name", f"sides[{i}]")))
    side_ids = {s.id for s in sides}
    if len(side_ids) != len(sides):
        raise SaveError("two sides share an id")
    units = []
    seen: set[str] = set()
    for i, raw in enumerate(_list(doc, "units")):
        where = f"units[{i}]"
        unit_id = _text(raw, "id", where)
        side = _text(raw, "side", where)
        if side not in side_ids:
            raise SaveError(f"{where} ({unit_id}): side {side!r} does not exist")
        if unit_id in seen:
            raise SaveError(f"{where}: unit id {unit_id!r} is used twice")
        seen.add(unit_id)
        profile = raw.get("profile", {})
        if not isinstance(profile, dict):
            raise SaveError(f"{where} ({unit_id}): profile must be a table")
        units.append(UnitSpec(unit_id, side, _text(raw, "name", where), profile))
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("options must be a table")
    title = doc.get("title", "")
    if not isinstance(title, str):
        raise SaveError("title must be text")
    created = doc.get("created", "")
    if not isinstance(created, str | datetime):
        raise SaveError("created must be a date or text")
    if APP_ROLLS in options:
        try:
            app_rolls.checked(options[APP_ROLLS], [s.id for s in sides])
        except ValueError as error:
            raise SaveError(f"options: {error}") from None
    setup = Setup(str(system_id), title, seed, sides, units, options)
    try:
        systems[str(system_id)].check_setup(setup)
    except SetupError as error:
        raise SaveError(f"setup refused: {error}") from None
    return setup


def items_from_document(doc: dict[str, Any], unit_ids: set[str]) -> list[Item]:
    items = []
    known = set(unit_ids)
    answers = _list(doc, "answers") + _list(doc, MORE)
    if len(answers) > MAX_SAVE_ANSWERS:
        raise SaveError(f"{len(answers)} answers: a save may hold {MAX_SAVE_ANSWERS}")
    for i, raw in enumerate(answers):
        if not isinstance(raw, dict) or not isinstance(raw.get("key"), str) or "value" not in raw:
            raise SaveError(f"answer {i}: needs a key and a value")
        key, value = raw["key"], raw["value"]
        problem = _value_problem(key, value)
        if problem:
            raise SaveError(f"answer {i} ({key}): {problem}")
        if isinstance(value, dict):
            unit = value.get("unit")
            if unit is not None and unit not in known:
                raise SaveError(f"answer {i} ({key}): unit {unit!r} does not exist")
            if key == GM_ADD:
                known.add(value["id"])
        by = raw.get("by")
        if by is not None and by not in (BY_APP, BY_TABLE):
            raise SaveError(f"answer {i} ({key}): by must be {BY_APP!r} or {BY_TABLE!r}")
        if isinstance(value, list):
            value = tuple(value)
        elif type(value) is str:
            value = intern(value)  # the same few option values, again and again (memory)
        items.append(Item(intern(key), value, by if by is None else intern(by)))
    return items


#: The text fields each GM entry must have (`True`) or may have (`False`).
_GM_TEXT: dict[str, dict[str, bool]] = {
    GM_SET: {"unit": True, "field": True},
    GM_REMOVE: {"unit": True},
    GM_RESTORE: {"unit": True},
    GM_ADD: {"id": True, "side": True, "name": False},
    GM_NOTE: {"text": True, "unit": False},
    GM_END: {"winner": False, "reason": False},
}


_SCALARS = frozenset({str, bool, int})


def _value_problem(key: str, value: Any) -> str | None:
    """What is wrong with the type of an answer's value (its rules check the rest on
    replay), or None. A GM entry is a table with its text fields as text, so nothing
    unhashable or oddly typed reaches the rules."""
    if type(value) in _SCALARS:  # most answers: no nesting to walk (load time)
        return "a GM entry's value must be a table" if key in GM_KEYS else None
    if _depth(value) > _MAX_DEPTH:
        return "value nested too deeply"
    if key in GM_KEYS and not isinstance(value, dict):
        return "a GM entry's value must be a table"
    fields = _GM_TEXT.get(key, {"unit": False})  # any table's unit is a unit id
    if not isinstance(value, dict):
        return None
    for name, required in fields.items():
        if (required or name in value) and not isinstance(value.get(name), str):
            return f"{name} must be text"
    if key == GM_SET and not isinstance(value.get("value"), bool | int | str):
        return "value must be a number, yes/no or text"
    if key == GM_ADD and not isinstance(value.get("profile", {}), dict):
        return "profile must be a table"
    return None


def _depth(value: Any) -> int:
    """Nesting depth of lists and tables (iterative: a hostile file cannot recurse us)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > _MAX_DEPTH:
                return depth
            deepest = max(deepest, depth)
            stack.extend(
                (v, depth + 1) for v in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


def load_session(path: Path, systems: dict[str, RuleSystem]) -> tuple[Session, str]:
    """Load and replay a save: the session and its `created` stamp, or a `SaveError`."""
    with gc_paused():
        doc = read_document(path)
        setup, items, created = _parts(doc, systems)
        # The parsed file (every answer as a table, the rendered log) is not needed to
        # replay: dropped first, so it is not held beside the battle (peak memory).
        del doc
        return _replay(systems, setup, items), created


def load_with_document(
    path: Path, systems: dict[str, RuleSystem]
) -> tuple[Session, str, dict[str, Any]]:
    """`load_session`, and the parsed document (for `check`)."""
    with gc_paused():
        return _load_session(path, systems)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector: loading builds many objects that all stay
    (the battle), and the collector would re-scan them again and again as they grow
    (about a third of a long load). Reference counting still frees what is dropped."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


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


def replay_differences(doc: dict[str, Any], session: Session) -> list[str]:
    """Where the derived parts of a save (its `[result]` and rendered `log`) differ from
    what replaying its answers gives: an edit to them would show a reader a battle that
    never happened. Empty when they match (or are absent: they are optional)."""
    found = []
    if doc.get(MORE):  # answers appended since the log was written: it stops before them
        whole = len(doc.get("answers", []))
        session = Session(session.system, session.setup, session.items[:whole])
    result = session.battle.result
    stored = doc.get("result")
    if stored is not None or result is not None:
        replayed = (
            None
            if result is None
            else {"winner": result.winner or "", "reason": result.reason, "round": result.round}
        )
        if isinstance(stored, dict) and replayed is not None:
            found += [
                f"result {key}: the file says {_brief(stored.get(key))}, "
                f"the replay {_brief(replayed.get(key))}"
                for key in sorted(set(stored) | set(replayed))
                if stored.get(key) != replayed.get(key)
            ]
        elif stored != replayed:
            found.append(f"result: the file says {_brief(stored)}, the replay {_brief(replayed)}")
    log = doc.get("log")
    if log is not None:
        lines = rendered_log(session.battle.log)
        if not isinstance(log, str):
            found.append("log: not text")
        elif log != "\n".join(lines) + "\n":
            ours = "\n".join(lines).split("\n")
            theirs = log.removesuffix("\n").split("\n")
            at = next(
                (i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b),
                min(len(ours), len(theirs)),
            )
            mine = ours[at] if at < len(ours) else None
            stored_line = theirs[at] if at < len(theirs) else None
            column = 0
            if mine is not None and stored_line is not None:  # show where the lines part
                column = next(
                    (i for i, (a, b) in enumerate(zip(mine, stored_line, strict=False)) if a != b),
                    min(len(mine), len(stored_line)),
                )
                column = max(0, column - 20)
                mine, stored_line = mine[column:], stored_line[column:]
            column_text = f", column {column + 21}" if column else ""
            found.append(
                f"log line {at + 1}{column_text}: the file says {_brief(stored_line)}, "
                f"the replay {_brief(mine)}"
            )
    return found


def _brief(value: Any) -> str:
    if value is None:
        return "nothing"
    if not isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 60 else text[:57] + "..."
    return repr(value if len(value) <= 60 else value[:57] + "...")


def _list(doc: dict[str, Any], key: str) -> list[Any]:
    value = doc.get(key, [])
    if not isinstance(value, list):
        raise SaveError(f"{key} must be a list of tables")
    return value


def _text(raw: Any, key: str, where: str) -> str:
    if not isinstance(raw, dict) or not isinstance(raw.get(key), str) or not raw[key]:
        raise SaveError(f"{where}: missing {key}")
    return str(raw[key])
