"""Writing a battle as it is played: whole saves that re-use the text written before
(`SaveWriter`), and the autosave's journal that appends each answer (`JournalWriter`)."""

from __future__ import annotations

import contextlib
import operator
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import LogEntry, Result
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup
from skirmtui.engine.store.files import Signature, write_atomic
from skirmtui.engine.store.format import (
    NOT_LITERAL,
    SaveSnapshot,
    assemble,
    dumps,
    item_line,
    log_line,
    record,
    rest_text,
    session_document,
    snapshot_document,
)


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
        _catch_up(self._items, self._answers, snap.items, item_line)
        kept = _catch_up(self._entries, self._log, snap.log, log_line)
        del self._not_literal[kept:]
        self._not_literal.extend(
            line is not None and NOT_LITERAL.search(line) is not None for line in self._log[kept:]
        )
        key = self._rest_key
        if key is None or key[0] is not snap.setup or key[1:] != (snap.created, snap.result):
            doc = snapshot_document(records.evolve(snap, items=(), log=()))
            self._rest = rest_text({k: v for k, v in doc.items() if k not in ("answers", "log")})
            self._rest_key = (snap.setup, snap.created, snap.result)
        log = "\n".join([line for line in self._log if line is not None]) + "\n"
        return assemble(self._rest, self._answers, log, not any(self._not_literal))

    def write(self, snap: SaveSnapshot, path: Path) -> Signature:
        return write_atomic(path, self.text(snap))


class OutsideChange(OSError):
    """The save on disk is not what this writer last wrote: someone else changed it."""


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
        self._expected = Signature.of(self.path)
        self._on_disk: tuple[Item, ...] = ()  # the items the file holds
        self._base: tuple[Setup, str, Result | None] | None = None  # of the whole write
        self.appended = 0  # records since the last whole write
        #: Why the last whole rewrite failed although every answer is on disk
        #: (appended instead: a read-only folder, a full disk, a folder in the way).
        self.untidy: str | None = None

    def adopt(self, snap: SaveSnapshot, read: Signature | None = None) -> None:
        """The file holds `snap` (just loaded from it): the next answers are appended
        to it, with no whole rewrite first. `read`: the signature of exactly the bytes
        it was loaded from; an edit made since then is an outside change."""
        self._expected = read if read is not None else Signature.of(self.path)
        if self._expected is not None:
            self._on_disk = snap.items
            self._base = (snap.setup, snap.created, snap.result)
            self.appended = 0

    def expect_current(self) -> None:
        """Accept the file as it is now (the user chose to overwrite an outside edit)."""
        self._expected = Signature.of(self.path)
        self._base = None  # and write it whole next time

    def save(self, snap: SaveSnapshot, compact: bool = False) -> None:
        """Bring the file up to `snap`: append the new answers when possible."""
        self._check_unchanged()
        new = self._appendable(snap)
        if compact or new is None:
            try:
                self._write_whole(snap)
            except OutsideChange:
                raise
            except OSError as error:
                if not self._append_instead(snap):
                    raise
                self.untidy = f"answers appended, but the save cannot be rewritten whole: {error}"
        elif new:
            self._append(new)
            self._on_disk = snap.items

    def _append_instead(self, snap: SaveSnapshot) -> bool:
        """After a failed whole write: append what is new if the file can say it (same
        setup, the answers on disk lead `snap`'s). The rendered log and result then lag
        (records follow them); the answers, which are the battle, are all there."""
        if self._base is None or self._base[:2] != (snap.setup, snap.created):
            return False
        done = self._on_disk
        if len(snap.items) < len(done) or not all(map(operator.is_, done, snap.items)):
            return False
        if len(snap.items) > len(done):
            self._append(snap.items[len(done) :])
            self._on_disk = snap.items
        return True

    @property
    def compacted(self) -> bool:
        """Nothing left to fold in (or folding it in has failed: not retried while idle)."""
        return self.appended == 0 or self.untidy is not None

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
        now = Signature.of(self.path)
        if now != self._expected:
            what = "removed" if now is None else "changed"
            raise OutsideChange(
                f"{self.path} was {what} by another program since skirmtui wrote it"
            )

    def _write_whole(self, snap: SaveSnapshot) -> None:
        self._expected = self._whole.write(snap, self.path)
        self.untidy = None
        self._on_disk = snap.items
        self._base = (snap.setup, snap.created, snap.result)
        self.appended = 0

    def _append(self, items: Sequence[Item]) -> None:
        data = "".join(map(record, items)).encode("utf-8")
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
                self._expected = Signature.of(self.path)
                raise
            info = os.fstat(fd)
        finally:
            os.close(fd)
        self._expected = Signature.of_stat(info)
        self.appended += len(items)


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


def save_session(session: Session, path: Path, created: str) -> None:
    write_atomic(path, dumps(session_document(session, created)))


def save_snapshot(snap: SaveSnapshot, path: Path) -> None:
    """Serialise and write a snapshot: safe to call from a worker thread."""
    write_atomic(path, dumps(snapshot_document(snap)))
