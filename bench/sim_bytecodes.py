"""Where a simulated battle's work goes: `python -m bench.sim_bytecodes SYSTEM`.

A deterministic profile of the battles `skirmtui sim SYSTEM --seed 1` plays (the demo
setup, the same seeds, `play_battle`; one battle first, untimed, as `sim_instructions`
does): every bytecode the interpreter executes, counted by function (`sys.settrace`
with opcode events; the count repeats exactly, whatever the load). The interpreter's
own loop is ~36 % of a battle's instructions and the rest mostly follows the bytecodes
(dict look-ups, allocation), so a function's share of bytecodes is close to its share
of instructions (callgrind: `bench.sim_instructions`), without the noise of a timer.
Prints, a battle: the bytecodes and the share in the system's own code; the functions
by their own bytecodes; by their own plus the engine's work each of the system's
functions asked for (`--own`: counted under the nearest frame of the system's
package); and with `--keys` the bytecodes from each answer of a key to the next
question (what an answer of that kind costs, rules and engine). ~1–2 s of CPU a battle.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from types import CodeType, FrameType
from typing import Any

import attrs

from bench.script import run_main
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Roll
from skirmtui.engine.core.runner import Runner
from skirmtui.engine.play.sim import battle_seeds, made_units, play_battle
from skirmtui.systems.registry import systems


class Profile:
    """Bytecodes by function, by the system's function that asked for them, by key."""

    def __init__(self, package: str) -> None:
        self.package = package  # a path fragment: `cape_et_epee`
        self.own: Counter[str] = Counter()
        self.under: Counter[str] = Counter()
        self.keys: Counter[str] = Counter()
        self.answers: Counter[str] = Counter()
        self.key = "<start>"
        self.skip: set[CodeType] = set()
        self._names: dict[CodeType, str] = {}

    def name(self, code: CodeType) -> str:
        found = self._names.get(code)
        if found is None:
            path = code.co_filename
            path = path.split("skirmtui/")[-1] if "skirmtui/" in path else path.rsplit("/")[-1]
            found = self._names[code] = f"{path}:{code.co_qualname}"
        return found

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code in self.skip:  # the profile's own wrapper: not the battle's work
            return None
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return self.opcode

    def opcode(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            self.own[self.name(frame.f_code)] += 1
            self.keys[self.key] += 1
            at: FrameType | None = frame
            while at is not None and self.package not in at.f_code.co_filename:
                at = at.f_back
            self.under["<engine>" if at is None else self.name(at.f_code)] += 1
        return self.opcode


def profile(system_id: str, battles: int) -> Profile:
    """Play `battles` seeded demo battles (after one untraced) under the profile."""
    system = systems()[system_id]
    setup = system.demo_setup()
    made = made_units(system, setup)
    seeds = list(battle_seeds(1, battles + 1))
    play_battle(system, attrs.evolve(setup, seed=seeds[0]), random.Random(seeds[0]), made=made)
    found = Profile(type(system).__module__.rsplit(".", 1)[0].replace(".", "/"))
    # An answer's key is its prompt's, read where the answer is drawn: `sim.random_answers`
    # draws a choice's, a roll's, a yes/no's, a number's and a confirmation's itself, a
    # `Pick`'s through `Runner.answer_random`.
    hooks: list[tuple[type, str, Any]] = [
        (Runner, "answer_random", lambda runner: runner.prompt),
        (Choose, "random_option", lambda prompt: prompt),
        (Roll, "random_answer", lambda prompt: prompt),
        (Ask, "random_answer", lambda prompt: prompt),
        (Confirm, "random_answer", lambda prompt: prompt),
    ]
    kept = [(cls, name, cls.__dict__[name]) for cls, name, _ in hooks]

    def keyed(method: Any, prompt_of: Any) -> Any:
        def hooked(self: Any, *args: Any) -> Any:
            found.key = prompt_of(self).key
            found.answers[found.key] += 1
            return method(self, *args)

        found.skip.add(hooked.__code__)
        return hooked

    for (cls, name, prompt_of), (_, _, method) in zip(hooks, kept, strict=True):
        setattr(cls, name, keyed(method, prompt_of))
    sys.settrace(found.trace)
    try:
        for seed in seeds[1:]:
            found.key = "<start>"
            play_battle(system, attrs.evolve(setup, seed=seed), random.Random(seed), made=made)
    finally:
        sys.settrace(None)
        for cls, name, method in kept:
            setattr(cls, name, method)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.sim_bytecodes", description=(__doc__ or "").split("\n\n")[1]
    )
    parser.add_argument("system")
    parser.add_argument("--battles", type=int, default=5)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--keys", action="store_true", help="the cost of an answer by key")
    args = parser.parse_args(argv)
    found = profile(args.system, args.battles)
    total = sum(found.own.values())
    mine = sum(n for name, n in found.own.items() if found.package in f"skirmtui/{name}")
    share = f"{mine / total:.1%} in {args.system}'s code"
    print(f"{total / args.battles:,.0f} bytecodes a battle, {share}")
    tables = [("own bytecodes", found.own), ("with the engine's work it asked for", found.under)]
    for title, counts in tables:
        print(f"\nby function, {title} (share, a battle):")
        for name, n in counts.most_common(args.top):
            print(f"{n / total:7.2%} {n / args.battles:10,.0f}  {name}")
    if args.keys:
        print("\nby the key answered, to the next question (share, answers and bytecodes each):")
        for key, n in found.keys.most_common():
            count = found.answers[key]
            each = f"{n / count:8,.0f}" if count else "        "
            print(f"{n / total:7.2%} {count / args.battles:7.1f} {each}  {key}")
    return 0


if __name__ == "__main__":
    run_main(main)
