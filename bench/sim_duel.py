"""Two trees' CPU time on the same battles, in turns: `python -m bench.sim_duel OLD NEW`.

On a loaded machine a process's CPU time moves by ±20 % from one minute to the next
(the other tenants share the cores' caches), so two runs one after the other cannot
tell a 5 % change. This starts one process in each tree (`PYTHONPATH=TREE`, the same
interpreter) and has them play the battles `sim SYSTEM --seed 1` plays in small chunks
taken in turns (OLD then NEW, then NEW then OLD, …): chunk k is the same battles in
both, played within a second of each other. Prints each tree's CPU seconds
(`time.process_time` of the chunks, the first one of each left out: caches warming),
the change, and in how many chunks NEW took less. A tree is a checkout or a `git
archive` of one (its `skirmtui` is imported, not this one's).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

import attrs


def child(system_id: str) -> int:
    """Say which tree's `skirmtui` was imported, then play the chunks asked for on stdin
    (a number of battles each), printing the CPU seconds of each; the battles follow on
    from one chunk to the next."""
    import skirmtui
    from skirmtui.engine.play.sim import battle_seeds, play_battle
    from skirmtui.systems.registry import systems

    print(os.path.dirname(os.path.dirname(os.path.abspath(skirmtui.__file__))), flush=True)
    system = systems()[system_id]
    setup = system.demo_setup()
    seeds = battle_seeds(1, 1 << 30)
    for line in sys.stdin:
        start = time.process_time()
        for _ in range(int(line)):
            seed = next(seeds)
            play_battle(system, attrs.evolve(setup, seed=seed), random.Random(seed))
        print(time.process_time() - start, flush=True)
    return 0


def duel(old: str, new: str, system_id: str, chunks: int, battles: int) -> tuple[list[float], ...]:
    """Each tree's CPU seconds by chunk (the same battles at the same index)."""
    # Run as a script (its folder first on the path, not the working directory): the
    # tree's `skirmtui` is the one imported, by `PYTHONPATH`.
    command = [sys.executable, os.path.abspath(__file__), "--child", system_id]
    players = [
        subprocess.Popen(
            command,
            cwd=tree,
            env={**os.environ, "PYTHONPATH": os.path.abspath(tree), "PYTHONHASHSEED": "0"},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for tree in (old, new)
    ]
    times: tuple[list[float], ...] = ([], [])
    try:
        for player, tree in zip(players, (old, new), strict=True):
            assert player.stdout is not None
            found = player.stdout.readline().strip()  # the tree its `skirmtui` came from
            if not found or not os.path.samefile(found, tree):
                raise SystemExit(f"{tree}: the child imported skirmtui from {found!r}")
        for k in range(chunks + 1):  # chunk 0 warms the caches: left out
            order = (0, 1) if k % 2 == 0 else (1, 0)
            for i in order:
                stdin, stdout = players[i].stdin, players[i].stdout
                assert stdin is not None and stdout is not None
                stdin.write(f"{battles}\n")
                stdin.flush()
                spent = float(stdout.readline())
                if k:
                    times[i].append(spent)
    finally:
        for player in players:
            if player.stdin is not None:
                player.stdin.close()
            player.wait()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.sim_duel", description=(__doc__ or "").split("\n\n")[1]
    )
    parser.add_argument("old", nargs="?", help="the tree before the change")
    parser.add_argument("new", nargs="?", help="the tree after it")
    parser.add_argument("--system", default="cape-et-epee")
    parser.add_argument("--chunks", type=int, default=30)
    parser.add_argument("--battles", type=int, default=25, help="battles a chunk")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # a player: chunks on stdin
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child)
    if not args.old or not args.new:
        parser.error("give the two trees: OLD NEW")
    old, new = duel(args.old, args.new, args.system, args.chunks, args.battles)
    ratios = [b / a for a, b in zip(old, new, strict=True)]
    print(
        f"{args.system}: old {sum(old):.2f} s, new {sum(new):.2f} s of CPU "
        f"({args.chunks} chunks of {args.battles} battles each): {sum(new) / sum(old) - 1:+.1%}; "
        f"by chunk, median {statistics.median(ratios) - 1:+.1%}, new lower in "
        f"{sum(r < 1 for r in ratios)} of {len(ratios)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
