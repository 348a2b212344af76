"""A save's bytes on disk: read only from a regular file of bounded size, written
atomically with the previous file kept as `.bak`."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from skirmtui.engine.store.format import SaveError

#: Largest save read (checked before parsing): a 20,000-answer battle is about 3 MB.
#: Bounds what a hostile file costs: parsing 8 MB of answers takes a few seconds.
MAX_SAVE_BYTES = 8 * 1024 * 1024


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
