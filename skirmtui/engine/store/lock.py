"""One writer per save: `NAME.toml.lock`, held with an OS advisory lock (`flock`),
holds the owner's pid, host and start time as text for messages.

A second `skirmtui open` of a save being played would silently replace the first
one's answers at its next autosave. The lock keeps it out (it opens read-only
instead). The kernel holds the advisory lock for the owner's open file and drops it
when the owner dies, so a lock nobody holds is stale and simply taken: no pid is
trusted, and any number of simultaneous takers get exactly one holder. The lock sits
beside the save's real file (a save reached through a symlink shares its target's
lock); the save itself is also locked while its inode is shared (a hard link to it
opens read-only). Anything odd at the lock's place (a folder, a FIFO, a symlink) is
refused with one line.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import socket
import stat
import time
from pathlib import Path

from skirmtui.engine.core.records import frozen_record

#: The most of a lock file read (its text is a one-line JSON object).
_MAX_LOCK_BYTES = 4096


@frozen_record
class LockOwner:
    pid: int
    host: str
    started: str  # when the owner took the lock (ISO, UTC)
    proc_start: str = ""  # the process's start time on Linux (informative)

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}, since {self.started}"


#: The owner named when a lock is held but its text cannot be read (being written).
UNKNOWN = LockOwner(0, "?", "just now")


class LockHeld(Exception):
    """Another live skirmtui holds the save, or the lock's place holds something that
    is not a lock file (`reason` says which, for a one-line message)."""

    def __init__(self, path: Path, owner: LockOwner, reason: str | None = None) -> None:
        self.owner = owner
        #: Not another skirmtui: something odd stands where the lock file goes.
        self.odd = reason is not None and owner is UNKNOWN
        self.reason = reason or f"{owner.describe()} is playing it"
        text = f"open in another skirmtui ({owner.describe()})" if reason is None else reason
        super().__init__(f"{path} is {text}" if reason is None else f"{path}: {text}")


def real_save(save: Path) -> Path:
    """The file a save path names, through symlinks (where its lock and writes go)."""
    return Path(os.path.realpath(save))


def lock_path(save: Path) -> Path:
    real = real_save(save)
    return real.with_name(real.name + ".lock")


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


def _parse_owner(raw: bytes) -> LockOwner | None:
    try:
        data = json.loads(raw.decode("utf-8"))
        pid = int(data["pid"])
        if not 0 <= pid < 2**63:
            return None
        return LockOwner(pid, str(data["host"]), str(data["started"]), str(data.get("proc", "")))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def read_owner(path: Path) -> LockOwner | None:
    """The owner a lock file names (None if it is not a readable lock file); never
    blocks (a FIFO) and reads at most a few KB."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return _parse_owner(os.pread(fd, _MAX_LOCK_BYTES, 0))
    except OSError:
        return None
    finally:
        os.close(fd)


def _odd(info: os.stat_result) -> str:
    if stat.S_ISDIR(info.st_mode):
        return "a folder"
    if stat.S_ISFIFO(info.st_mode):
        return "a FIFO"
    if stat.S_ISLNK(info.st_mode):
        return "a symlink"
    return "not a regular file"


class SaveLock:
    """The lock of one save, held by this process until `release`."""

    def __init__(self, save: Path) -> None:
        self.save = Path(save)
        self.path = lock_path(self.save)
        self.owner = _me()
        self.held = False
        #: A stale lock was taken over: whose it was (for a message).
        self.took_over: LockOwner | None = None
        self._fd: int | None = None
        self._save_fd: int | None = None

    def acquire(self) -> SaveLock:
        """Take the lock or raise `LockHeld`; an `OSError` if the folder is not writable."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for _ in range(50):
            fd = self._open()
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                owner = _parse_owner(os.pread(fd, _MAX_LOCK_BYTES, 0)) or UNKNOWN
                os.close(fd)
                raise LockHeld(self.save, owner) from None
            except OSError:
                os.close(fd)
                raise
            if not self._still_there(fd):  # released and removed while we waited: again
                os.close(fd)
                continue
            self._fd = fd
            try:
                self._hold_save_inode()
            except LockHeld:
                self._drop()
                raise
            previous = _parse_owner(os.pread(fd, _MAX_LOCK_BYTES, 0))
            if previous is not None and previous != self.owner:
                self.took_over = previous
            self._write_owner(fd)
            self.held = True
            return self
        raise LockHeld(self.save, read_owner(self.path) or UNKNOWN)

    def _open(self) -> int:
        flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        try:
            fd = os.open(self.path, flags, 0o644)
        except OSError as error:
            try:
                info = os.lstat(self.path)
            except OSError:
                raise error from None
            if stat.S_ISREG(info.st_mode):
                raise
            raise LockHeld(self.save, UNKNOWN, self._odd_reason(info)) from None
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            os.close(fd)
            raise LockHeld(self.save, UNKNOWN, self._odd_reason(info))
        return fd

    def _odd_reason(self, info: os.stat_result) -> str:
        return f"its lock file {self.path.name} is {_odd(info)}, not a lock: move it away"

    def _still_there(self, fd: int) -> bool:
        try:
            now = os.stat(self.path, follow_symlinks=False)
        except FileNotFoundError:
            return False
        mine = os.fstat(fd)
        return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)

    def _hold_save_inode(self) -> None:
        """Lock the save's own file too: another name for the same file (a hard link)
        has another lock file, but the same inode."""
        try:
            fd = os.open(self.save, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            return  # not there yet (a new battle): nothing shares it
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                return
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise LockHeld(
                self.save, LockOwner(0, "?", "now"), "open in another skirmtui under another name"
            ) from None
        except OSError:
            os.close(fd)
            return
        self._save_fd = fd

    def _write_owner(self, fd: int) -> None:
        payload = json.dumps(
            {
                "pid": self.owner.pid,
                "host": self.owner.host,
                "started": self.owner.started,
                "proc": self.owner.proc_start,
            }
        )
        os.ftruncate(fd, 0)
        os.pwrite(fd, (payload + "\n").encode("utf-8"), 0)

    def _drop(self) -> None:
        for fd in (self._save_fd, self._fd):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._fd = self._save_fd = None

    def release(self) -> None:
        """Remove the lock file (still ours: we hold its advisory lock) and let go."""
        if not self.held:
            return
        self.held = False
        if self._fd is not None and self._still_there(self._fd):
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        self._drop()


def clean_stale_temps(save: Path) -> int:
    """Remove the temp files a killed writer of `save` left (`.NAME.xxxx.tmp`): call it
    only holding the save's lock, when no other writer can be using them. Returns how
    many were removed."""
    save = real_save(save)
    folder = save.parent if str(save.parent) else Path(".")
    prefix = f".{save.name}."
    removed = 0
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return 0
    for name in names:
        path = folder / name
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(path).st_mode):
                path.unlink()
                removed += 1
    return removed
