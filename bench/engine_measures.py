"""Measures of the engine alone: simulation, undo, load and save, odds."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.battles import long_session, roll_prompts
from bench.common import Row, Sizes, row, timed
from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.store.saves import (
    gc_paused,
    items_from_document,
    load_session,
    read_document,
    save_session,
    setup_from_document,
)
from skirmtui.systems.registry import systems

STAMP = "2026-01-01T00:00:00Z"


def bench_sim(sizes: Sizes) -> list[Row]:
    """Random battles per second, each registered system: exactly `skirmtui sim SYSTEM
    --battles N --seed 1`, in a fresh process (one core), so the figure is the one a user
    reads and the long battles this process holds for other measures do not weigh on
    its garbage collector."""
    rows = []
    battles = max(1, sizes.battles)
    for system_id in systems():
        command = [sys.executable, "-m", "skirmtui", "sim", system_id]
        command += ["--battles", str(battles), "--seed", "1"]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        report = dict(line.split(": ", 1) for line in done.stdout.splitlines() if ": " in line)
        if done.returncode != 0 or "battles per second" not in report:
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()[-300:]}")
        rows.append(
            row(
                "sim",
                f"sim {system_id}",
                float(report["battles per second"]),
                "battles/s",
                SIM_TARGET,
                at_least=True,
                detail={"battles": battles, "errors": int(report["errors"])},
            )
        )
    return rows


#: Issue 28: every system's demo battle at ≥ 250 battles/s on one core.
SIM_TARGET = 250
#: Issue 28: 10,000 balance battles of any system in ≤ 60 s on the 2-core machine.
BALANCE_TARGET = round(10_000 / 60, 1)


def bench_balance(sizes: Sizes) -> list[Row]:
    """`skirmtui balance SYSTEM --battles 10×N` with every core (the default workers),
    each in a fresh process: the battles/s its last stderr line reports (the pool's
    start-up included, the process's imports not)."""
    rows = []
    battles = max(1, 10 * sizes.battles)
    for system_id in systems():
        command = [sys.executable, "-m", "skirmtui", "balance", system_id]
        command += ["--battles", str(battles), "--format", "json", "-o", os.devnull]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        last = done.stderr.strip().splitlines()[-1:] or [""]
        found = re.search(r"\(([\d.]+) battles/s, (\d+) workers\)", last[0])
        if done.returncode != 0 or found is None:
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()[-300:]}")
        rows.append(
            row(
                "balance",
                f"balance {system_id}",
                float(found[1]),
                "battles/s",
                BALANCE_TARGET,
                at_least=True,
                detail={"battles": battles, "workers": int(found[2])},
            )
        )
    return rows


#: Undos in a row timed below each length (`bench_undo`).
UNDO_RUN = 200


def bench_undo(sizes: Sizes) -> list[Row]:
    """One undo (the rebuild from the nearest checkpoint) at growing battle lengths."""
    rows = []
    for length in sorted({min(sizes.answers, n) for n in (100, 1_000, 10_000)}):
        session = long_session(length, sizes.units)
        times = []
        for _ in range(21):
            start = time.perf_counter()
            session.undo()
            times.append(time.perf_counter() - start)
            session.redo()
        times.sort()
        ms = times[len(times) // 2] * 1000
        rows.append(
            row(
                "undo",
                f"undo at {len(session.items)} answers",
                ms,
                "ms",
                10,
                detail={"max_ms": round(times[-1] * 1000, 3)},
            )
        )
        # One length is one distance from the last checkpoint (and may fall just after
        # a turn start that resets every unit): the undos of the 200 answers before it
        # say what undo costs around that length.
        steps = min(UNDO_RUN, len(session.items))
        times = []
        for _ in range(steps):
            start = time.perf_counter()
            session.undo()
            times.append(time.perf_counter() - start)
        for _ in range(steps):
            session.redo()
        times.sort()
        rows.append(
            row(
                "undo",
                f"  undo, median of the {steps} answers before {len(session.items)}",
                times[len(times) // 2] * 1000,
                "ms",
                detail={"max_ms": round(times[-1] * 1000, 3)},
            )
        )
    return rows


def bench_load(sizes: Sizes) -> list[Row]:
    """Parse + validate + replay a long save; the parts are given in `detail`."""
    session = long_session(sizes.answers, sizes.units)
    all_systems = systems()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.toml"
        save_session(session, path, STAMP)
        load_ms = timed(lambda: load_session(path, all_systems), 3) * 1000
        parse_ms = timed(lambda: read_document(path), 3) * 1000
        doc = read_document(path)
        setup = setup_from_document(doc, all_systems)
        items = items_from_document(doc, {u.id for u in setup.units})
        system = all_systems[setup.system]
        with gc_paused():  # as load_session replays
            replay_ms = timed(lambda: Session(system, setup, items), 3) * 1000
    n = len(session.items)
    # How much game the answers hold: since one answer tells a whole side's movement
    # (issue 25), 10,000 answers are ~4.8 times the turns they were when the target
    # was set (docs/performance.md, "What stands in the way").
    turns = max(session.battle.round, 1)
    return [
        row(
            "load",
            f"load {n} answers (parse+validate+replay)",
            load_ms,
            "ms",
            300,
            detail={
                "parse_ms": round(parse_ms, 1),
                "replay_ms": round(replay_ms, 1),
                "turns": session.battle.round,
                "log_entries": len(session.battle.log),
            },
        ),
        row("load", f"  load, a turn of the {turns} that battle holds", load_ms / turns, "ms"),
    ]


def bench_odds(sizes: Sizes) -> list[Row]:
    """First (uncached) and cached odds of every kind of roll each system asks."""
    from skirmtui.engine.core import odds

    rows = [
        row("odds", "icepool import (once, after the first frame, in a thread)", import_ms(), "ms")
    ]
    import icepool  # noqa: F401  (imported once, timed above: not part of a first call)

    for system in systems().values():
        kinds: dict[tuple[object, ...], Roll] = {}
        battles = max(1, sizes.battles // 5)
        for prompt in roll_prompts(system, battles):
            kinds.setdefault(roll_kind(prompt), prompt)
        first: dict[str, float] = {}
        cached: dict[str, float] = {}
        for kind, prompt in kinds.items():
            label = kind_label(kind)
            odds._chance.cache_clear()
            odds.natural_distribution.cache_clear()
            start = time.perf_counter()
            odds.success_chance(prompt)
            first[label] = (time.perf_counter() - start) * 1000
            cached[label] = timed(functools.partial(odds.success_chance, prompt), 101) * 1000
        if not kinds:  # said, not skipped: a system's row never silently disappears
            rows.append(row("odds", f"odds {system.id}, no Roll prompt asked", 0.0, "kinds"))
            continue
        worst_first = max(first, key=first.__getitem__)
        worst_cached = max(cached, key=cached.__getitem__)
        rows.append(
            row(
                "odds",
                f"odds {system.id}, {len(kinds)} roll kinds, slowest first call ({worst_first})",
                first[worst_first],
                "ms",
                5,
                detail={"first_ms": {k: round(v, 4) for k, v in first.items()}},
            )
        )
        rows.append(
            row(
                "odds",
                f"odds {system.id}, slowest cached call ({worst_cached})",
                cached[worst_cached],
                "ms",
                0.1,
                detail={"cached_ms": {k: round(v, 5) for k, v in cached.items()}},
            )
        )
    return rows


def import_ms(module: str = "icepool") -> float:
    """How long importing `module` takes in a fresh process (it is imported once)."""
    code = (
        "import time; start = time.perf_counter(); import " + module + "; "
        "print((time.perf_counter() - start) * 1000)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout.strip())


def roll_kind(prompt: Roll) -> tuple[object, ...]:
    """What decides the cost of a roll's odds: the dice, the test, the modifiers."""
    return (
        prompt.dice,
        prompt.compare,
        prompt.mod_target,
        bool(prompt.modifiers),
        bool(prompt.always_succeed or prompt.always_fail),
    )


def kind_label(kind: tuple[object, ...]) -> str:
    dice, compare, mod_target, modifiers, always = kind
    label = f"{dice}{'' if compare is None else ' ' + str(compare) + ' N'}"
    if modifiers:
        label += " with modifiers" + (" on the target" if mod_target else "")
    if always:
        label += " with automatic results"
    return label
