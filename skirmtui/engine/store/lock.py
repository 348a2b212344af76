"""One writer per save: `NAME.toml.lock` holds the owner's pid, host and start time.

A second `skirmtui open` of a save being played would silently replace the first
one's answers at its next autosave. The lock keeps it out (it opens read-only
instead). A lock whose process is gone (killed, crashed) is stale and taken over;
one from another host cannot be checked and is respected until removed by hand.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
from pathlib import Path

from skirmtui.engine.core.records import frozen_record

#: A lock file without readable content is being written, or was torn: stale after this.
_UNREADABLE_GRACE_S = 5.0


@frozen_record
class LockOwner:
    pid: int
    host: str
    started: str  # when the owner took the lock (ISO, UTC)
    proc_start: str = ""  # the process's start time on Linux: a reused pid is not it

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}, since {self.started}"


class LockHeld(Exception):
    """Another live skirmtui holds the save."""

    def __init__(self, path: Path, owner: LockOwner) -> None:
        super().__init__(f"{path} is open in another skirmtui ({owner.describe()})")
        self.owner = owner


def lock_path(save: Path) -> Path:
    return save.with_name(save.name + ".lock")


def _proc_start(pid: int) -> str:
    """Field 22 of /proc/PID/stat (start time in clock ticks), or "" where unknown."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            return handle.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return ""


def _me() -> LockOwner:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return LockOwner(os.getpid(), socket.gethostname(), stamp, _proc_start(os.getpid()))


def _alive(owner: LockOwner) -> bool:
    if owner.pid == os.getpid() and owner.proc_start == _proc_start(owner.pid):
        return True  # this very process (a second app in it): held
    try:
        os.kill(owner.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # someone else's process: it exists
    start = _proc_start(owner.pid)
    return not (owner.proc_start and start and start != owner.proc_start)


def read_owner(path: Path) -> LockOwner | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return LockOwner(
            int(data["pid"]), str(data["host"]), str(data["started"]), str(data.get("proc", ""))
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


class SaveLock:
    """The lock of one save, held by this process until `release`."""

    def __init__(self, save: Path) -> None:
        self.save = Path(save)
        self.path = lock_path(self.save)
        self.owner = _me()
        self.held = False
        #: A stale lock was taken over: whose it was (for a message).
        self.took_over: LockOwner | None = None

    def acquire(self) -> SaveLock:
        """Take the lock or raise `LockHeld`; an `OSError` if the folder is not writable."""
        payload = json.dumps(
            {
                "pid": self.owner.pid,
                "host": self.owner.host,
                "started": self.owner.started,
                "proc": self.owner.proc_start,
            }
        )
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(5):
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                self._take_over_if_stale()
                continue
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(payload + "\n")
            self.held = True
            return self
        raise LockHeld(self.save, read_owner(self.path) or self.owner)

    def _take_over_if_stale(self) -> None:
        owner = read_owner(self.path)
        if owner is None:
            try:
                age = time.time() - self.path.stat().st_mtime
            except FileNotFoundError:
                return
            if age < _UNREADABLE_GRACE_S:
                raise LockHeld(self.save, LockOwner(0, "?", "just now"))
        elif owner.host != self.owner.host or _alive(owner):
            raise LockHeld(self.save, owner)
        # Stale: move it aside under a unique name (so two takers cannot both win),
        # then try to create ours again.
        aside = self.path.with_name(f"{self.path.name}.{self.owner.pid}.stale")
        try:
            os.replace(self.path, aside)
        except FileNotFoundError:
            return
        moved = read_owner(aside)
        if moved != owner:  # another taker's fresh lock got there first: put it back
            with contextlib.suppress(OSError):
                os.link(aside, self.path)
            with contextlib.suppress(OSError):
                os.unlink(aside)
            raise LockHeld(self.save, moved or LockOwner(0, "?", "just now"))
        with contextlib.suppress(OSError):
            os.unlink(aside)
        self.took_over = owner

    def release(self) -> None:
        """Remove the lock if it is still ours."""
        if not self.held:
            return
        self.held = False
        owner = read_owner(self.path)
        if owner is not None and (owner.pid, owner.host) == (self.owner.pid, self.owner.host):
            with contextlib.suppress(OSError):
                os.unlink(self.path)


def clean_stale_temps(save: Path) -> int:
    """Remove the temp files a killed writer of `save` left (`.NAME.xxxx.tmp`): call it
    only holding the save's lock, when no other writer can be using them. Returns how
    many were removed."""
    folder = save.parent if str(save.parent) else Path(".")
    prefix = f".{save.name}."
    removed = 0
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return 0
    for name in names:
        with contextlib.suppress(OSError):
            (folder / name).unlink()
            removed += 1
    return removed
