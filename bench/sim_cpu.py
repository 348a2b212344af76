"""Simulation per CPU second: `python -m bench.sim_cpu [--battles N] [--rounds R]`.

`skirmtui sim` prints battles per wall second, which on a shared machine says as much
about the other tenants as about the code. This plays the same battles (`sim SYSTEM
--battles N --seed 1`: the demo setup, the same seeds) in this process and reports,
per system, battles per second of this process's CPU time (`time.process_time`: what
one core does while it runs us), and the same work as a ratio to a fixed reference
loop timed in the same run (pure Python arithmetic and dict/list work: a slower core
or a loaded cache slows both). Rounds alternate the systems; the median is printed.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time

import attrs

from skirmtui.engine.play.sim import battle_seeds, play_battle
from skirmtui.systems.registry import systems


def reference_loop() -> float:
    """CPU seconds of a fixed piece of interpreter work (~0.1 s on a quiet core)."""
    start = time.process_time()
    table: dict[int, list[int]] = {}
    for i in range(200_000):
        table.setdefault(i % 97, []).append(i * 3 + 1)
        if len(table[i % 97]) > 20:
            table[i % 97] = [x // 2 for x in table[i % 97][:5]]
    return time.process_time() - start


def cpu_per_battle(system_id: str, battles: int) -> float:
    system = systems()[system_id]
    setup = system.demo_setup()
    gc.collect()
    start = time.process_time()
    for seed in battle_seeds(1, battles):
        play_battle(system, attrs.evolve(setup, seed=seed), random.Random(seed))
    return (time.process_time() - start) / battles


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.sim_cpu")
    parser.add_argument("--battles", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated system ids")
    args = parser.parse_args(argv)
    chosen = [s for s in systems() if not args.only or s in args.only.split(",")]
    per: dict[str, list[float]] = {s: [] for s in chosen}
    refs: list[float] = []
    for _ in range(args.rounds):
        refs.append(reference_loop())
        for system_id in chosen:
            per[system_id].append(cpu_per_battle(system_id, args.battles))
    ref = statistics.median(refs)
    print(f"reference loop {ref * 1000:.1f} ms CPU (median of {args.rounds})")
    print(f"{'system':24} {'battles/CPU s':>14} {'battle / ref':>13}")
    for system_id, seconds in per.items():
        mid = statistics.median(seconds)
        print(f"{system_id:24} {1 / mid:14.1f} {mid / ref:13.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
