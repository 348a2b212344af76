"""The cyclic garbage collector paused while many objects are made that all stay.

Loading a save builds a battle whose objects all live on, and a run of simulated
battles builds each battle's: the collector would walk them again and again as they
grow. Reference counting still frees what is dropped; the caller collects where a
collection is cheap (`engine/play/sim.py`: once each battle is dropped)."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """The collector off inside the block, and back as it was after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
