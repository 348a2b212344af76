"""What every measure shares: sizes, result rows, timing helpers."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from skirmtui.engine.core.system import Setup
from skirmtui.engine.play.sim import battle_seeds
from skirmtui.systems.registry import systems

Row = dict[str, Any]


@attrs.frozen
class Sizes:
    """How much work each measure does (the defaults are the issue's sizes)."""

    answers: int = 10_000  # length of the long battle (undo, load, save, memory)
    units: int = 100  # units in the long battles
    log_lines: int = 10_000  # combat log lines of the keypress battle
    presses: int = 200  # keypresses timed
    runs: int = 20  # fresh processes per app (start-up); memory uses a third of them
    battles: int = 100  # simulated battles per system (sim, odds)


def row(
    measure: str,
    name: str,
    figure: float,
    unit: str,
    target: float | None = None,
    *,
    at_least: bool = False,
    detail: dict[str, Any] | None = None,
) -> Row:
    """One line of the table; `met` is judged here so the table and JSON agree."""
    met = None
    if target is not None:
        met = figure >= target if at_least else figure <= target
    return {
        "measure": measure,
        "name": name,
        "figure": round(figure, 3),
        "unit": unit,
        "target": target,
        "target_kind": "≥" if at_least else "≤",
        "met": met,
        "detail": detail or {},
    }


def timed(fn: Callable[[], object], repeat: int = 5) -> float:
    """Median seconds of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0–100) by the nearest-rank method (a value that occurred)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), math.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


def sim_setups(
    system_id: str, battles: int, seed: int, options: dict[str, str] | None = None
) -> Iterator[Setup]:
    """The setups of the battles `skirmtui sim --battles battles --seed seed` plays of
    the system's demo (`options` added to the demo's), in order."""
    setup = systems()[system_id].demo_setup()
    if options:
        setup = attrs.evolve(setup, options={**setup.options, **options})
    for battle_seed in battle_seeds(seed, battles):
        yield attrs.evolve(setup, seed=battle_seed)
