"""Run the benchmarks: `python -m bench [--only NAME] [--answers N] [-o results.json]`.

Each measure prints its figure and the target it is held against. Timings on a
shared machine are noisy: each is a median over repeats.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from bench.battles import long_session
from skirmtui.engine.saves import load_session, save_session
from skirmtui.engine.sim import play_random
from skirmtui.systems.registry import systems

Row = dict[str, object]


def timed(fn: Callable[[], object], repeat: int = 5) -> float:
    """Median seconds of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_sim(size: int) -> list[Row]:
    rows = []
    for system in systems().values():
        setup = system.demo_setup()
        battles = max(5, size // 50)
        start = time.perf_counter()
        for n in range(battles):
            play_random(system, attrs.evolve(setup, seed=n), random.Random(n))
        rate = battles / (time.perf_counter() - start)
        rows.append(row(f"sim {system.id}", rate, "battles/s", 100, rate >= 100))
    return rows


def bench_undo(size: int) -> list[Row]:
    rows = []
    for length in sorted({min(size, n) for n in (100, 1_000, 10_000)}):
        session = long_session(length)

        def undo_redo(session=session) -> None:  # type: ignore[no-untyped-def]
            session.undo()
            session.redo()

        # One undo + one redo; the undo is the rebuild, the redo one answer.
        seconds = timed(undo_redo, repeat=21)
        ms = seconds * 1000
        rows.append(row(f"undo at {len(session.items)} answers", ms, "ms", 10, ms <= 10))
    return rows


def bench_save_load(size: int) -> list[Row]:
    session = long_session(size)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.toml"
        save_ms = timed(lambda: save_session(session, path, "2026-01-01T00:00:00Z"), 3) * 1000
        load_ms = timed(lambda: load_session(path, systems()), 3) * 1000
    n = len(session.items)
    return [
        row(f"save {n} answers (worker thread)", save_ms, "ms", None, None),
        row(f"load {n} answers (parse+validate+replay)", load_ms, "ms", 300, load_ms <= 300),
    ]


def bench_odds(size: int) -> list[Row]:
    from skirmtui.engine import odds
    from skirmtui.engine.prompts import Roll

    rolls = [
        Roll(key="b", text="", dice="1d6", compare="<=", threshold=4),
        Roll(
            key="b",
            text="",
            dice="1d6",
            compare="<=",
            threshold=4,
            modifiers=(("long", -2),),
            mod_target=True,
        ),
        Roll(key="b", text="", dice="2d6", compare="<=", threshold=7),
        Roll(key="b", text="", dice="1d10", compare="<=", threshold=6),
        Roll(key="b", text="", dice="2d8!", compare=">=", threshold=12),
    ]
    start = time.perf_counter()
    import icepool  # noqa: F401  (the one-off import, measured on its own)

    rows = [
        row(
            "icepool import (once, off the UI thread)",
            (time.perf_counter() - start) * 1000,
            "ms",
            None,
            None,
        )
    ]
    for roll in rolls:
        odds._chance.cache_clear()
        odds.natural_distribution.cache_clear()
        start = time.perf_counter()
        odds.success_chance(roll)
        first = (time.perf_counter() - start) * 1000
        cached = timed(lambda roll=roll: odds.success_chance(roll), 101) * 1000
        rows.append(row(f"odds {roll.dice} uncached", first, "ms", 5, first <= 5))
        rows.append(row(f"odds {roll.dice} cached", cached, "ms", 0.1, cached <= 0.1))
    code = (
        "import sys, skirmtui.cli, skirmtui.engine.session, skirmtui.tui.app;"
        "print('icepool' in sys.modules)"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    imported = loaded.stdout.strip() == "True"
    rows.append(row("icepool imported at start-up", float(imported), "bool", 0, not imported))
    return rows


def row(measure: str, figure: float, unit: str, target: float | None, met: bool | None) -> Row:
    return {
        "measure": measure,
        "figure": round(figure, 3),
        "unit": unit,
        "target": target,
        "met": met,
    }


MEASURES: dict[str, Callable[[int], list[Row]]] = {
    "sim": bench_sim,
    "undo": bench_undo,
    "saveload": bench_save_load,
    "odds": bench_odds,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--only", choices=sorted(MEASURES), action="append")
    parser.add_argument(
        "--answers", type=int, default=10_000, help="length of the long battle (default 10000)"
    )
    parser.add_argument("-o", "--output", type=Path, default=Path("bench/results.json"))
    args = parser.parse_args(argv)
    rows: list[Row] = []
    for name in args.only or list(MEASURES):
        rows += MEASURES[name](args.answers)
    width = max(len(str(r["measure"])) for r in rows)
    print(f"{'measure':<{width}}  {'figure':>10}  {'target':>8}  met")
    for r in rows:
        target = "" if r["target"] is None else f"≤{r['target']}"
        if str(r["unit"]) == "battles/s":
            target = f"≥{r['target']}"
        met = {True: "yes", False: "NO", None: "—"}[r["met"]]  # type: ignore[index]
        print(f"{r['measure']!s:<{width}}  {r['figure']:>7} {r['unit']!s:<3}  {target:>8}  {met}")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(
        json.dumps(
            {"machine": platform.platform(), "python": platform.python_version(), "rows": rows},
            indent=1,
        )
        + "\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
