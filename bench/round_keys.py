"""Keypresses per round: a scripted game master plays whole rounds of each system's demo
on the battle screen (Pilot, 120×40) and every key pressed is counted (issue 25).

Two tables: one where "the app rolls for everyone" (`app_rolls = "all"`: a roll should
cost no keypress at all) and one where the table types every face ("3 5" → `3`, `5`,
Enter; `35` when every die has one digit). Decisions are the same seeded random legal
answers in both, pressed as a GM would: the option's number key (a default wanted: Enter),
a multi-select's number keys then Enter, `y`/`n`, a number then Enter, Enter for "done".
Rounds 1..ROUNDS are counted (setup and deployment before round 1 are not).

The script reads only what any version of the screen shows (the prompt, the Now pane's
number keys when it has them), so the same file measures the code before issue 25 (run
it with that commit's package first on the path: docs/performance.md).
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any

import attrs

from bench.common import Row, Sizes, row
from bench.key_model import Keys, count_keys, keys_for
from bench.script import run_main
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import systems

#: Rounds counted in each battle, and battles (seeds) per system and table.
ROUNDS = 2
SEEDS: tuple[int, ...] = (5, 6)
#: Most keys one battle may take before it is cut short (the bench's tiny size).
MAX_KEYS = 3_000


def _number_keys(app: Any, prompt: Any) -> dict[int, int]:
    """Option index → number key as the Now pane shows them (older panes numbered the
    enabled options 1–9 in order)."""
    panel = app.screen.query_one("#prompt")
    numbers = getattr(panel, "numbers", None)
    if isinstance(numbers, dict):
        return numbers
    enabled = [i for i, o in enumerate(prompt.options) if o.disabled is None][:9]
    return {index: n for n, index in enumerate(enabled, start=1)}


def keys_for_screen(app: Any, session: Session, rng: random.Random) -> tuple[list[str], str]:
    """The keys a GM presses for the pending prompt (`bench/key_model.py`'s model, with
    the number keys the screen shows), and its kind."""
    prompt = session.prompt
    assert prompt is not None
    app_rolls_all = session.setup.options.get("app_rolls") == "all"
    value = prompt.random_answer(rng)
    return keys_for(prompt, value, _number_keys(app, prompt), app_rolls_all)


async def play_rounds(
    system_id: str, seed: int, app_rolls: bool, rounds: int = ROUNDS, max_keys: int = MAX_KEYS
) -> Keys:
    """Play rounds 1..`rounds` of the system's demo (seeded) with the keys; count them
    (only whole rounds: a battle cut short at `max_keys` counts those it finished)."""
    from skirmtui.tui.app import SkirmApp

    system = systems()[system_id]
    setup = system.demo_setup()
    options = {**setup.options, "app_rolls": "all"} if app_rolls else dict(setup.options)
    session = Session(system, attrs.evolve(setup, seed=seed, options=options))
    rng = random.Random(seed)
    count = Keys()
    path = Path(f"/tmp/skirmtui-round-keys-{system_id}.toml")
    app = SkirmApp(session=session, path=path, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pressed = 0
        while session.prompt is not None and session.battle.round <= rounds:
            counted = session.battle.round >= 1
            before = len(session.items)
            keys, kind = keys_for_screen(app, session, rng)
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            pressed += len(keys)
            if len(session.items) == before:
                raise RuntimeError(f"{system_id}: {keys} did not answer {session.prompt}")
            if counted:
                count.keys += len(keys)
                count.answers[kind] += 1
                if kind == "roll":
                    count.roll_keys += len(keys)
            if pressed >= max_keys:
                break
        if session.prompt is None:  # the battle ended in this round: it counts
            count.rounds = min(rounds, max(1, session.battle.round))
        elif session.battle.round > rounds:
            count.rounds = rounds
        else:  # cut short: the rounds finished
            count.rounds = max(0, session.battle.round - 1)
    return count


def measure(
    system_id: str,
    app_rolls: bool,
    seeds: tuple[int, ...] = SEEDS,
    rounds: int = ROUNDS,
    max_keys: int = MAX_KEYS,
) -> Keys:
    total = Keys()
    for seed in seeds:
        one = asyncio.run(play_rounds(system_id, seed, app_rolls, rounds, max_keys))
        total.keys += one.keys
        total.roll_keys += one.roll_keys
        total.rounds += one.rounds
        total.answers.update(one.answers)
    return total


#: The questions asked before issue 25 (engine/core/asking.py), for the "before".
BEFORE = {"questions": "one at a time"}


def headless_row(system_id: str, battles: int) -> Row:
    """Keys a round with faces typed over `battles` seeded battles (`key_model`), now
    and with the questions asked before issue 25, in the same run: target −30 %."""
    now = count_keys(system_id, battles)
    before = count_keys(system_id, battles, options=BEFORE)
    return row(
        "roundkeys",
        f"keys a round, faces typed, {battles} battles: {system_id}",
        now.per_round(),
        "keys",
        round(before.per_round() * 0.7, 1),
        detail={
            "before": round(before.per_round(), 1),
            "on_rolls": round(now.roll_keys / now.rounds, 1) if now.rounds else 0.0,
            "before_on_rolls": round(before.roll_keys / before.rounds, 1) if before.rounds else 0.0,
            "rounds": now.rounds,
            "by_kind": {kind: round(n / now.rounds, 1) for kind, n in now.by_kind.items()}
            if now.rounds
            else {},
        },
    )


def bench_round_keys(sizes: Sizes) -> list[Row]:
    """Keypresses per round with the app rolling for everyone (no key on a roll) and
    with every face typed, each system."""
    rows = []
    chosen, seeds, rounds, max_keys = list(systems()), SEEDS, ROUNDS, MAX_KEYS
    if sizes.presses < 100:  # the tiny size (tests): one system, cut short
        chosen, seeds, rounds, max_keys = chosen[:1], SEEDS[:1], 1, sizes.presses * 3
    for system_id in chosen:
        rows.append(headless_row(system_id, 2 if sizes.presses < 100 else 20))
        auto = measure(system_id, True, seeds, rounds, max_keys)
        typed = measure(system_id, False, seeds, rounds, max_keys)
        rows.append(
            row(
                "roundkeys",
                f"keys a round, app rolls all: {system_id}",
                auto.per_round(),
                "keys",
                detail={"answers": dict(auto.answers), "rounds": auto.rounds},
            )
        )
        rows.append(
            row(
                "roundkeys",
                f"  of them on rolls: {system_id}",
                auto.per_round(roll_keys=True),
                "keys",
                0.0,
            )
        )
        rows.append(
            row(
                "roundkeys",
                f"keys a round, faces typed: {system_id}",
                typed.per_round(),
                "keys",
                detail={
                    "answers": dict(typed.answers),
                    "rounds": typed.rounds,
                    "on_rolls": round(typed.per_round(roll_keys=True), 2),
                },
            )
        )
    return rows


def main() -> None:
    """One system, quickly: `python -m bench.round_keys SYSTEM` (every system without one)."""
    for name in sys.argv[1:] or list(systems()):
        for rolls in (True, False):
            found = measure(name, rolls)
            print(
                name,
                "app rolls all" if rolls else "typed",
                round(found.per_round(), 1),
                "roll keys",
                round(found.per_round(True), 1),
                dict(found.answers),
            )


if __name__ == "__main__":
    run_main(main)
