"""The cyclic garbage collector paused while many objects are made that all stay.

Loading a save builds a battle whose objects all live on, and a run of simulated
battles builds each battle's: the collector would walk them again and again as they
grow. Reference counting still frees what is dropped; the caller collects where a
collection is cheap (`between_battles`: once each battle is dropped)."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterator


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


def _young() -> None:
    gc.collect(0)


@contextlib.contextmanager
def between_battles(random_play: bool) -> Iterator[Callable[[], None]]:
    """A run of battles (`sim`, a `balance` chunk): random battles with the collector
    off through the run, an AI run with it as it was (its look-ahead makes and drops
    far more). The block gets `dropped`, to call once a battle is dropped: it collects
    the young generation, that battle's cycles (issue 28)."""
    if not random_play:
        yield _young
        return
    with gc_paused():
        yield _young
