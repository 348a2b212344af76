"""Where a command writes: stdout or `-o` (atomic, through symlinks, never a FIFO that
waits), one line when it cannot."""

from __future__ import annotations

import sys
from pathlib import Path

from skirmtui.cli.common import PathError


def write_stdout(text: str) -> None:
    """An export on standard output; closed (`>&-`), it is one line, not a traceback."""
    if sys.stdout is None:
        raise PathError(Path("standard output"), "closed: give a file with -o FILE")
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except (OSError, ValueError) as error:  # closed underneath, a full disk
        raise PathError(Path("standard output"), str(error)) from None


def write_output(path: Path, text: str) -> None:
    """Write an export: whole or not at all for a file (a temp file renamed over it, so a
    full disk leaves no half report); straight into anything else (`/dev/stdout`, a
    pipe). A path through a symlink writes its target (the link stays; `/dev/stdout`
    with nothing behind it is refused, never replaced); a FIFO with no reader is refused
    at once. Any failure is a `PathError` naming the path and the reason."""
    import contextlib
    import os
    import stat
    import tempfile

    given = path
    try:
        mode = os.stat(given).st_mode  # through links, as the kernel sees them
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise PathError(given, error) from None
    data = text.encode("utf-8")
    try:
        if mode is not None and stat.S_ISDIR(mode):
            raise PathError(given, "is a folder")
        if mode is not None and not stat.S_ISREG(mode):
            _write_special(given, data)
            return
        path = Path(os.path.realpath(given))  # a link's target is what is replaced
        if mode is None and os.path.lexists(given) and str(path).startswith("/proc/"):
            raise PathError(given, "leads nowhere (is standard output closed?)")
        folder = path.parent
        if not folder.is_dir():
            raise PathError(given, f"no such folder {folder}")
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(tmp, 0o644 if mode is None else mode & 0o777)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as error:
        raise PathError(given, error) from None


def _write_special(path: Path, data: bytes) -> None:
    """Into a device or a FIFO: opened without waiting (a FIFO with no reader would
    wait forever), then written normally."""
    import errno
    import fcntl
    import os

    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise PathError(path, "a FIFO with no reader (start the reader first)") from None
        raise
    try:
        flags = fcntl.fcntl(fd, fcntl.F_GETFL)
        fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def writable_folder(folder: Path) -> None:
    """Make `folder` (and its parents) or fail now, before any work, with a `PathError`."""
    import os
    import tempfile

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise PathError(folder, "is not a folder") from None
    except OSError as error:
        raise PathError(folder, error) from None
    try:  # permissions, a read-only mount: try what the saves will do
        fd, probe = tempfile.mkstemp(prefix=".skirmtui-", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        raise PathError(folder, error) from None
