"""A save's bytes on disk: read only from a regular file of bounded size, written
atomically with the previous file kept as `.bak`."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import BinaryIO

from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.store.format import SaveError

#: Largest save read (checked before parsing): a 20,000-answer battle is about 3 MB.
#: Bounds what a hostile file costs: parsing 8 MB of answers takes a few seconds.
MAX_SAVE_BYTES = 8 * 1024 * 1024


class FolderInTheWay(OSError):
    """A folder stands where a whole write must put a file (the message says which)."""


@frozen_record
class Signature:
    """What identifies a file's content as read or written: any outside write changes
    one of these (an edit in place the size or modification time, a replace the inode)."""

    inode: int
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, path: Path) -> Signature | None:
        try:
            info = os.stat(path)
        except OSError:  # absent, or its folder is not one: nothing there to protect
            return None
        return cls.of_stat(info)

    @classmethod
    def of_stat(cls, info: os.stat_result) -> Signature:
        return cls(info.st_ino, info.st_size, info.st_mtime_ns)


def write_atomic(path: Path, text: str) -> Signature:
    """Write `text` to `path` so a crash leaves the old or the new file, never a torn one.
    Returns the signature of the file written.

    Temp file in the same folder, flush, fsync, `os.replace`; the previous file is kept
    as `NAME.toml.bak` (a hard link to the old data, so keeping it is atomic too). A
    path through a symlink writes its target, as editors do: the link stays a link.
    """
    path = Path(os.path.realpath(path))
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    _refuse_folders_in_the_way(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        # mkstemp makes the file private; a save is an ordinary document.
        os.chmod(tmp_name, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
            written = Signature.of_stat(os.fstat(handle.fileno()))
        if path.exists():
            _keep_backup(path)
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise
    _fsync_dir(folder)
    return written


def _backup_names(path: Path) -> tuple[Path, Path]:
    """The previous save's name, and the name it is made under before it takes it."""
    return path.with_name(path.name + ".bak"), path.with_name(f".{path.name}.bak.tmp")


def _refuse_folders_in_the_way(path: Path) -> None:
    """A folder where the save or its backup goes would fail every whole write deep in
    `os.replace`: say which, and that nothing was written."""
    for where in (path, *_backup_names(path)):
        try:
            mode = os.lstat(where).st_mode
        except OSError:
            continue
        if stat.S_ISDIR(mode):
            what = "the save" if where == path else "the previous save"
            raise FolderInTheWay(
                f"{where.name} is a folder where skirmtui writes {what}; "
                "move it away (nothing was written)"
            )


def _keep_backup(path: Path) -> None:
    backup, link = _backup_names(path)
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


def read_bytes(path: Path) -> bytes:
    """The bytes of a save, refusing at once what is not a regular file (a FIFO would
    block, `/dev/zero` never ends) or is larger than `MAX_SAVE_BYTES`."""
    return read_signed(path)[0]


def read_signed(path: Path) -> tuple[bytes, Signature]:
    """`read_bytes`, and the signature of exactly the bytes read (taken from the open
    file before and after reading: a write in between is read again)."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise SaveError("no such file") from None
    except OSError as error:
        raise SaveError(f"cannot read: {error.strerror or error}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # (fdopen refuses a folder with its own error)
        os.close(fd)
        is_dir = stat.S_ISDIR(info.st_mode)
        raise SaveError("is a folder, not a save" if is_dir else "not a regular file")
    with os.fdopen(fd, "rb") as handle:
        for _ in range(5):
            before = os.fstat(fd)
            raw = _read_regular(handle, before)
            after = Signature.of_stat(os.fstat(fd))
            if after == Signature.of_stat(before) and after.size == len(raw):
                return raw, after
    raise SaveError("it keeps changing while being read: another program is writing it")


def _read_regular(handle: BinaryIO, info: os.stat_result) -> bytes:
    if info.st_size > MAX_SAVE_BYTES:
        raise SaveError(f"too large: {_mb(info.st_size)} (a save may hold {_mb(MAX_SAVE_BYTES)})")
    try:
        handle.seek(0)
        raw = handle.read(MAX_SAVE_BYTES + 1)
    except OSError as error:
        raise SaveError(f"cannot read: {error.strerror or error}") from None
    if len(raw) > MAX_SAVE_BYTES:  # grew while we looked
        raise SaveError(f"too large (a save may hold {_mb(MAX_SAVE_BYTES)})")
    return raw


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"
