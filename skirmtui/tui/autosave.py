"""Autosave after every answer, off the UI thread, atomically (DESIGN.md)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from skirmtui.engine.saves import SaveSnapshot, SaveWriter


class Autosaver:
    """Writes the newest snapshot in a background thread; older pending ones are skipped.

    `submit` is called on the UI thread and only stores a reference, so answering
    never waits for the disk. The writer re-uses the text of what it saved before, so
    an autosave costs what the battle added, not its length (and holds the GIL briefly).
    """

    def __init__(self, path: Path, on_saved: Callable[[str | None], None]) -> None:
        self.path = path
        self._on_saved = on_saved  # called from the worker thread with an error or None
        self._pending: SaveSnapshot | None = None
        self._writer = SaveWriter()  # used by the worker thread only
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, snap: SaveSnapshot) -> None:
        with self._lock:
            self._pending = snap
            self._idle.clear()
        self._wake.set()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything submitted is on disk (used on quit)."""
        return self._idle.wait(timeout)

    def _run(self) -> None:
        while True:
            self._wake.wait()
            with self._lock:
                snap, self._pending = self._pending, None
                self._wake.clear()
            if snap is None:
                continue
            try:
                self._writer.write(snap, self.path)
                error = None
            except Exception as exc:  # a dead thread would silently stop every later save
                error = f"autosave failed: {exc}"
            with self._lock:
                if self._pending is None:
                    self._idle.set()
            self._on_saved(error)
