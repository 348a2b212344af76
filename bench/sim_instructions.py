"""Instructions a simulated battle: `python -m bench.sim_instructions` (needs valgrind).

Battles per second on a shared VM say as much about the other tenants as about the
code; the instructions the interpreter executes for a battle do not (fixed hash seed:
they repeat to ±0.1 %). This plays the battles `skirmtui sim SYSTEM --seed 1` plays
(the demo setup, the same seeds, `play_battle`) under valgrind's callgrind, once with
one battle and once with `--battles` + 1, and prints the difference over `--battles`
(start-up, imports and the first battle cancel out): instructions a battle and an
answer, per system. Two trees are compared by running it with `PYTHONPATH=TREE` from a
folder holding no `skirmtui/` (e.g. /tmp), or from each tree's root: its child runs
`python -m` in the current folder, whose own `skirmtui` comes before `PYTHONPATH`.
About a minute a system at the default size. `duel-of-sixes` (tests/systems/sixth, run
from the repository's root) is a trivial game: its answer is the engine's own work.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from typing import cast

import attrs

from bench.script import run_main
from skirmtui.engine.core.system import RuleSystem
from skirmtui.engine.play.sim import battle_seeds, made_units, play_battle
from skirmtui.systems.registry import systems

#: What the child prints after its battles: `answers N`.
_ANSWERS = re.compile(r"answers (\d+)")


#: The trivial game of the sixth-system experiment: what the engine costs an answer.
SIXTH = "duel-of-sixes"


def system_of(system_id: str) -> RuleSystem:
    """A registered system, or the sixth system's game (tests/systems/sixth)."""
    if system_id == SIXTH:
        try:
            from tests.systems.sixth.system import DuelOfSixes
        except ImportError as error:  # run from elsewhere than the repository's root
            raise SystemExit(
                f"{SIXTH} is the test suite's game (tests/systems/sixth): run this from "
                f"the repository's root, or leave it out with --only ({error})"
            ) from error

        # (tests/ is not type-checked: its class attributes are narrower than the contract's)
        return cast(RuleSystem, DuelOfSixes())
    return systems()[system_id]


def play(system_id: str, battles: int) -> int:
    """Play `battles` seeded demo battles (as `sim --seed 1`); the answers given."""
    system = system_of(system_id)
    setup = system.demo_setup()
    made = made_units(system, setup)  # as `run_sim` does
    answers = 0
    for seed in battle_seeds(1, battles):
        one = attrs.evolve(setup, seed=seed)
        _, items = play_battle(system, one, random.Random(seed), made=made)
        answers += len(items)
    return answers


def counted(system_id: str, battles: int) -> tuple[int, int]:
    """(instructions, answers) of a fresh process playing `battles` battles."""
    command = [sys.executable, "-m", "bench.sim_instructions", "--play", system_id]
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        env={**os.environ, "PYTHONHASHSEED": "0"},  # the same dict orders, the same work
        capture_output=True,
        text=True,
        timeout=1800,
        input=str(battles),
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    answers = _ANSWERS.search(done.stdout)
    if done.returncode != 0 or found is None or answers is None:
        raise RuntimeError(f"callgrind run of {system_id} failed: {done.stderr[-2000:]}")
    return int(found.group(1)), int(answers.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.sim_instructions", description=(__doc__ or "").split("\n\n")[1]
    )
    parser.add_argument("--battles", type=int, default=10)
    parser.add_argument("--only", default="", help="comma-separated system ids")
    parser.add_argument(
        "--exact", action="store_true", help="instructions a battle and an answer unrounded"
    )
    parser.add_argument("--play", help=argparse.SUPPRESS)  # the child: battles on stdin
    args = parser.parse_args(argv)
    if args.play:
        print(f"answers {play(args.play, int(sys.stdin.read()))}")
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 1
    known = [*systems(), SIXTH]
    chosen = [s for s in known if not args.only or s in args.only.split(",")]
    unit, per = ("", "") if args.exact else ("M ", "k ")
    print(
        f"{'system':24} {unit + 'instr/battle':>15} {'answers/battle':>15} "
        f"{per + 'instr/answer':>15}"
    )
    for system_id in chosen:
        one, one_answers = counted(system_id, 1)
        more, more_answers = counted(system_id, args.battles + 1)
        per_battle = (more - one) / args.battles
        answers = (more_answers - one_answers) / args.battles
        if args.exact:  # two trees a change apart differ by less than the rounding
            print(f"{system_id:24} {per_battle:15.1f} {answers:15.1f} {per_battle / answers:15.1f}")
            continue
        print(
            f"{system_id:24} {per_battle / 1e6:15.1f} {answers:15.1f} "
            f"{per_battle / answers / 1e3:15.1f}"
        )
    return 0


if __name__ == "__main__":
    run_main(main)
