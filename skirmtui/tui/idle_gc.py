"""The cyclic garbage collector runs between keypresses, not inside them.

Python collects cyclic garbage when allocations pile up, which is during a frame:
every frame makes Textual strips (each holds caches that point back at it, so it is
freed only by the collector), and a long battle keeps a large heap. Measured on the
bench's battle (100 units, 10,000 log lines), automatic collection cost ~1 ms a frame
and a full collection 5–30 ms, landing on whichever keypress was being drawn: with the
collector off, keypress → repaint p95 fell by about a quarter.

So once the first frame is up the app freezes what it holds (`gc.freeze`: the loaded
battle and the built screen leave the collector's walks), turns automatic collection
off, and collects on a timer when no input came for a moment: the young generations
once there is something to collect, everything after a longer pause. A key that
arrives during a collection waits for it (a young one takes ~1–2 ms); a full one waits
for a pause in the typing. If input never pauses (a held key), the young generations
are still collected once allocations pass `SAFETY`, as automatic collection would.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: How often the timer looks (seconds).
PERIOD = 0.05
#: No input for this long: the young generations may be collected (seconds).
QUIET = 0.04
#: No input for this long: a full collection may run (seconds).
LONG_QUIET = 0.5
#: Allocations (net new container objects) before a young collection is worth it.
YOUNG = 700
#: Young collections between two full ones (as CPython's own thresholds: 10).
FULL_EVERY = 10
#: Allocations after which the young generations are collected even during input.
SAFETY = 50_000


@contextmanager
def held_until_the_app() -> Iterator[None]:
    """No automatic collection while a command imports the app, builds its battle and
    draws the first frame (the app's `IdleCollector` takes over there); as it was once
    the command is done. Collections among the freshly imported modules cost ~25 ms
    of start-up (measured: `skirmtui demo` 285 → 261 ms to its first frame)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class IdleCollector:
    """Owns the collector while an app runs: `hold` when the app is made, `start`
    once the first frame is up, `input_seen` on every input event, `tick` from a
    timer, `stop` on exit (collection is then as it was before `hold`)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._last_input = 0.0
        self._was_enabled = gc.isenabled()
        self.running = False
        self._holding = False
        #: Collections made, by generation (tests, the bench).
        self.collections = [0, 0, 0]

    def hold(self) -> None:
        """No automatic collection until `start`: building the first frame makes
        little garbage, but a full collection then (every module just imported is
        young) cost ~25 ms of start-up."""
        if not self._holding and not self.running:
            self._holding = True
            self._was_enabled = gc.isenabled()
            gc.disable()

    def start(self) -> None:
        """Freeze what exists (it lives as long as the app) and take over collection."""
        if not self._holding:
            self._was_enabled = gc.isenabled()
        self._holding = False
        gc.freeze()
        gc.disable()
        self.running = True
        self._last_input = self._clock()

    def stop(self) -> None:
        """Give collection back to Python: the app's objects may be collected again."""
        if not (self.running or self._holding):
            return
        if self.running:
            gc.unfreeze()
        self.running = self._holding = False
        if self._was_enabled:
            gc.enable()

    def input_seen(self) -> None:
        self._last_input = self._clock()

    def tick(self) -> None:
        """Collect what is due, if the user paused (or allocations ran away)."""
        if not self.running:
            return
        young, _, pending_full = gc.get_count()
        quiet = self._clock() - self._last_input
        if pending_full >= FULL_EVERY and quiet >= LONG_QUIET:
            self._collect(2)
        elif young >= SAFETY or (young >= YOUNG and quiet >= QUIET):
            self._collect(1)

    def _collect(self, generation: int) -> None:
        gc.collect(generation)
        self.collections[generation] += 1
