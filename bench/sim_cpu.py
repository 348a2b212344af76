"""Simulation per CPU second: `python -m bench.sim_cpu [--battles N] [--rounds R]`.

`skirmtui sim` prints battles per wall second, which on a shared machine says as much
about the other tenants as about the code. This plays the same battles (`sim SYSTEM
--battles N --seed 1`: the demo setup, the same seeds) in this process and reports,
per system, battles per second of this process's CPU time (`time.process_time`: what
one core does while it runs us), and the same work as a ratio to a fixed reference
loop timed in the same run (pure Python arithmetic and dict/list work: a slower core
or a loaded cache slows both). Rounds alternate the systems; the median is printed.

`--against TREE` compares two trees in one process instead: TREE's `skirmtui` is
imported apart from this one's (each tree's modules in `sys.modules` while it plays),
and each system plays the same battles with one tree then the other, the order swapped
every round; it prints TREE's CPU time over this tree's, each round and their median
(below 1: TREE is faster). On a loaded machine the two trees share every slow minute.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import attrs

from bench.script import run_main
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


def _ours() -> dict[str, ModuleType]:
    return {k: m for k, m in sys.modules.items() if k == "skirmtui" or k.startswith("skirmtui.")}


@contextmanager
def _within(modules: dict[str, ModuleType]) -> Iterator[None]:
    """`modules` (a tree's `skirmtui`) in `sys.modules` for the block: a lazy import
    reads its own tree's."""
    before = _ours()
    for name in before:
        del sys.modules[name]
    sys.modules.update(modules)
    try:
        yield
    finally:
        for name in _ours():
            del sys.modules[name]
        sys.modules.update(before)


#: A tree's sim: its `play_battle`, `battle_seeds` and systems, and its modules.
Tree = tuple[Callable[..., Any], Callable[[int, int], Iterator[int]], Mapping[str, Any]]


def tree_of(path: str) -> tuple[Tree, dict[str, ModuleType]]:
    """The tree at `path`'s sim, imported apart from this one's."""
    with _within({}):
        sys.path.insert(0, path)
        try:
            sim = importlib.import_module("skirmtui.engine.play.sim")
            registry = importlib.import_module("skirmtui.systems.registry")
            found = registry.systems()
        finally:
            sys.path.remove(path)
        modules = _ours()
    return (sim.play_battle, sim.battle_seeds, found), modules


def paired(path: str, chosen: list[str], battles: int, rounds: int) -> None:
    """Each system's CPU time with the tree at `path` over this tree's (see the module)."""
    here: Tree = (play_battle, battle_seeds, systems())
    there, modules = tree_of(path)
    trees = [(here, _ours()), (there, modules)]
    print(f"CPU time a battle, {path} over this tree (below 1: {path} is faster)")
    for system_id in chosen:
        ratios = []
        for turn in range(rounds + 1):
            took = [0.0, 0.0]
            for which in (0, 1) if turn % 2 else (1, 0):
                (play, seeds, found), own = trees[which]
                with _within(own):
                    system = found[system_id]
                    setup = system.demo_setup()
                    gc.collect()
                    start = time.process_time()
                    for seed in seeds(1, battles if turn else 5):  # turn 0: warm both
                        play(system, attrs.evolve(setup, seed=seed), random.Random(seed))
                    took[which] = time.process_time() - start
            if turn:
                ratios.append(took[1] / took[0])
        each = " ".join(f"{r:.3f}" for r in ratios)
        print(f"{system_id:24} {statistics.median(ratios):7.4f}   ({each})", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.sim_cpu")
    parser.add_argument("--battles", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated system ids")
    parser.add_argument("--against", metavar="TREE", help="another tree, paired in-process")
    args = parser.parse_args(argv)
    chosen = [s for s in systems() if not args.only or s in args.only.split(",")]
    if args.against:
        paired(args.against, chosen, args.battles, args.rounds)
        return 0
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
    run_main(main)
