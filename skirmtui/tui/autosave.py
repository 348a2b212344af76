"""Autosave after every answer, off the UI thread (DESIGN.md, docs/reliability.md)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from skirmtui.engine.store.files import Signature
from skirmtui.engine.store.saves import JournalWriter, OutsideChange, SaveSnapshot

#: After this long without an answer, appended answers are folded into a whole save
#: (the rendered log and result brought up to date).
IDLE_COMPACT_S = 1.0


class Autosaver:
    """Writes the newest snapshot in a background thread; older pending ones are skipped.

    `submit` is called on the UI thread and only stores a reference, so answering
    never waits for the disk. The writer appends what is new (`JournalWriter`), so a
    write costs what the battle added, not its length, and keeps up with bursts.

    Two states stop the writing until the user decides: `stopped` (the file was
    changed by someone else: it is not overwritten) and `failed` (the last write
    failed: full disk, read-only folder; later answers try again). `unsaved` says
    whether answers are not on disk, which is what quitting asks about.
    """

    def __init__(
        self,
        path: Path,
        on_saved: Callable[[str | None], None],
        loaded: SaveSnapshot | None = None,
        read: Signature | None = None,
    ) -> None:
        """`loaded`: the battle as the file at `path` holds it (it was just loaded from
        there), so answers are appended to it from the first one; `read`: the signature
        of the bytes it was loaded from (an edit made since is an outside change)."""
        self.path = Path(path)
        self._on_saved = on_saved  # called from the worker thread with an error or None
        self._writer = JournalWriter(self.path)  # used under _write_lock only
        if loaded is not None:
            self._writer.adopt(loaded, read)
        self._pending: SaveSnapshot | None = None
        self._newest: SaveSnapshot | None = None  # submitted last (written or not)
        self._written: SaveSnapshot | None = None  # on disk last
        self._compact = False
        self.stopped: str | None = None
        self.failed: str | None = None
        self._closed = False
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    # -- UI thread --------------------------------------------------------------------------

    def submit(self, snap: SaveSnapshot) -> None:
        with self._lock:
            self._pending = self._newest = snap
            self._idle.clear()
        self._wake.set()

    def flush(self, timeout: float = 10.0) -> bool:
        """Write everything submitted, whole (used on quit); True if it is all on disk."""
        with self._lock:
            if self.stopped is None:
                self._compact = True
                self._idle.clear()
        self._wake.set()
        return self._idle.wait(timeout) and not self.unsaved

    def close(self) -> None:
        """No more writes or reports (the app is gone); what was submitted is left as is."""
        self._closed = True
        self._wake.set()

    @property
    def untidy(self) -> str | None:
        """Every answer is on disk, but the file could not be rewritten whole: why."""
        return self._writer.untidy

    @property
    def unsaved(self) -> bool:
        """Answers exist that are not on disk (a failed or stopped autosave, or pending)."""
        return (
            self.stopped is not None
            or self.failed is not None
            or self._pending is not None
            or (self._newest is not None and self._newest is not self._written)
        )

    def overwrite(self) -> None:
        """The user chose to replace an outside change with this battle: write it whole."""
        with self._write_lock:
            self._writer.expect_current()
        with self._lock:
            self.stopped = None
            self._pending = self._newest
            self._compact = True
            self._idle.clear()
        self._wake.set()

    def save_elsewhere(self, path: Path) -> None:
        """Write the battle whole to `path` now and autosave there from now on; raises
        `OSError` (nothing changes) if it cannot be written."""
        writer = JournalWriter(Path(path))
        writer.expect_current()
        with self._write_lock:
            snap = self._newest
            if snap is not None:
                writer.save(snap, compact=True)
            self._writer = writer
            self.path = Path(path)
            self._written = snap
        with self._lock:
            self.stopped = self.failed = None

    # -- the writer thread ------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            idle_wait = None if self._writer.compacted else IDLE_COMPACT_S
            woke = self._wake.wait(idle_wait)
            if self._closed:
                return
            with self._lock:
                snap, self._pending = self._pending, None
                compact, self._compact = self._compact, False
                self._wake.clear()
                if self.stopped is not None:  # keep it for when the user decides
                    self._pending = None
                    self._idle.set()
                    continue
            if snap is None and (compact or not woke) and not self._writer.compacted:
                snap, compact = self._written, True  # fold the appended answers in
            if snap is None:
                with self._lock:
                    if self._pending is None:
                        self._idle.set()
                continue
            error = self._write(snap, compact)
            with self._lock:
                if self._pending is None:
                    self._idle.set()
            if not self._closed:
                self._on_saved(error)

    def _write(self, snap: SaveSnapshot, compact: bool) -> str | None:
        try:
            with self._write_lock:
                self._writer.save(snap, compact)
        except OutsideChange as exc:
            with self._lock:
                self.stopped = f"autosave stopped: {exc}"
            return self.stopped
        except Exception as exc:  # a dead thread would silently stop every later save
            self.failed = f"autosave failed: {exc}"
            return self.failed
        self._written = snap
        self.failed = None
        return None
