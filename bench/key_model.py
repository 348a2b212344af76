"""The keys a game master presses for one answer, and keypresses per round counted over
many seeded battles without a screen (issue 25).

`keys_for` is the one model of a GM's keys, used by this headless count and by the
Pilot script (`bench/round_keys.py`), which presses them on the real battle screen and
so checks that the model's keys answer the question: an option's number key as the Now
pane numbers it (`tui/numbering.py`), Enter for a default wanted, the arrows beyond the
numbered options; a multi-select's number keys then Enter; `y`/`n`; a number then
Enter; Enter for "done"; the faces of a roll (`35` when every die has one digit, else
`3 5`) then Enter.

The headless count plays the battles `table_cost` plays (`sim --battles 20 --seed 5`,
the same random answers), counts every key of the rounds the table cost counts, and
plays them again with the questions asked before issue 25 (`questions = "one at a
time"`): before and now, same rules, same run.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping

import attrs

from bench.common import sim_setups
from bench.script import run_main
from skirmtui.engine.core.dice import DiceError, parse_faces
from skirmtui.engine.core.items import BY_TABLE, Item
from skirmtui.engine.core.prompts import AnswerValue, Ask, Choose, Confirm, Pick, Prompt, Roll
from skirmtui.engine.core.runner import Runner
from skirmtui.systems.registry import systems
from skirmtui.tui.numbering import OptionNumbers, group_numbers, next_in_cycle, option_numbers

#: Option index → number key, for the prompt shown.
Numbers = Mapping[int, int]


def choice_keys(numbers: Numbers, prompt: Choose, value: str) -> list[str]:
    """An option's number; in a group (one unit's choices) the group's number, then the
    option's number inside it (`group_numbers`), or beyond the ninth the arrows from the
    group's first choice (where the open group puts the cursor) and Enter."""
    index = next(i for i, o in enumerate(prompt.options) if o.value == value)
    if prompt.default == value:
        return ["enter"]
    number = numbers.get(index)
    enabled = [i for i, o in enumerate(prompt.options) if o.disabled is None]
    if number is not None and sum(1 for n in numbers.values() if n == number) > 1:
        inner = group_numbers(prompt.options, index)
        inside = inner.get(index)
        if inside is not None:
            return [str(number), str(inside)]
        first = next(i for i in inner if prompt.options[i].disabled is None)
        return [str(number), *["down"] * (enabled.index(index) - enabled.index(first)), "enter"]
    if number is not None:
        return [str(number)]
    return ["home", *["down"] * enabled.index(index), "enter"]


def pick_keys(numbers: Numbers, prompt: Pick, values: tuple[str, ...]) -> list[str]:
    """Ticks from the default to `values`: a number a tick; a group's number pressed
    until its wanted choice comes round (`next_in_cycle`); an option without a number
    reached with the arrows and ticked with Space."""
    default = prompt.default if isinstance(prompt.default, tuple) else ()
    if default == values:
        return ["enter"]
    options = prompt.options
    enabled = [i for i, o in enumerate(options) if o.disabled is None]
    shared = Counter(numbers.values())
    keys: list[str] = []
    done: set[int] = set()
    for index, option in enumerate(options):
        number = numbers.get(index)
        if number is not None and shared[number] > 1:  # a group's number
            if number in done:
                continue
            done.add(number)
            group = [i for i in enabled if numbers.get(i) == number]
            now = next((i for i in group if options[i].value in default), None)
            wanted = next((i for i in group if options[i].value in values), None)
            while now != wanted:
                keys.append(str(number))
                now = next_in_cycle(group, now)
            continue
        if (option.value in values) == (option.value in default):
            continue  # already as wanted
        if number is not None:
            keys.append(str(number))
        else:
            keys += ["home", *["down"] * enabled.index(index), "space"]
    return [*keys, "enter"]


def face_keys(prompt: Roll, faces: tuple[int, ...]) -> list[str]:
    """`35` when the pane reads it back as the same faces (every die one digit), else
    `3 5`; then Enter."""
    joined = "".join(map(str, faces))
    try:
        if parse_faces(joined, prompt.parsed) == faces:
            return [*joined, "enter"]
    except DiceError:
        pass
    keys: list[str] = []
    for face in faces:
        keys += [*(["space"] if keys else []), *str(face)]
    return [*keys, "enter"]


def keys_for(
    prompt: Prompt, value: AnswerValue, numbers: Numbers, app_rolls_all: bool
) -> tuple[list[str], str]:
    """The keys a GM presses to give `value` to `prompt`, and the prompt's kind. A roll
    the app rolls for everyone costs `r` (the screen should have rolled it unasked:
    counted against the target)."""
    if isinstance(prompt, Roll):
        if app_rolls_all:
            return ["r"], "roll"
        return face_keys(prompt, tuple(value)), "roll"  # type: ignore[arg-type]
    if isinstance(prompt, Choose):
        return choice_keys(numbers, prompt, str(value)), "choose"
    if isinstance(prompt, Ask) and prompt.yes_no:
        return ["y" if value else "n"], "ask"
    if isinstance(prompt, Ask):
        return (["enter"] if prompt.default == value else [*str(value), "enter"]), "ask"
    if isinstance(prompt, Confirm):
        return ["enter"], "confirm"
    assert isinstance(prompt, Pick)
    return pick_keys(numbers, prompt, tuple(value)), "pick"  # type: ignore[arg-type]


def numbers_of(numbering: OptionNumbers, prompt: Prompt, round_: int) -> dict[int, int]:
    """The number keys the Now pane gives `prompt`'s options (as `PromptPanel` asks)."""
    if not isinstance(prompt, Choose | Pick):
        return {}
    return option_numbers(numbering, prompt, round_)


@attrs.define
class Keys:
    """Keys counted over a system's battles (here and in `round_keys`, on the screen),
    the answers they gave by kind, and the rounds and unit-rounds they span."""

    keys: int = 0
    roll_keys: int = 0
    rounds: int = 0
    unit_rounds: int = 0
    by_kind: Counter[str] = attrs.field(factory=Counter)  # keys by kind of answer
    answers: Counter[str] = attrs.field(factory=Counter)  # answers by kind
    #: Keys and answers of the counted rounds by (kind, question): `split`.
    by_prompt: Counter[tuple[str, str]] = attrs.field(factory=Counter)
    prompt_answers: Counter[tuple[str, str]] = attrs.field(factory=Counter)

    def per_round(self, roll_keys: bool = False) -> float:
        """Keys (or only those that typed faces) a counted round."""
        return (self.roll_keys if roll_keys else self.keys) / self.rounds if self.rounds else 0.0

    def split(self) -> list[tuple[str, str, float, float]]:
        """(kind, question, keys a round, answers a round) of the counted rounds, most
        keys first: where a round's keys go."""
        rounds = self.rounds or 1
        return [
            (kind, key, n / rounds, self.prompt_answers[(kind, key)] / rounds)
            for (kind, key), n in self.by_prompt.most_common()
        ]


#: Keeps a round's keys: whether a round (of a battle ending at `last`) is counted.
Counted = Callable[[int, int], bool]


def _counted(round_: int, last: int) -> bool:
    return 1 <= round_ < last  # the table cost's rounds: not setup, not the cut-short last


def count_keys(
    system_id: str,
    battles: int = 20,
    seed: int = 5,
    *,
    options: dict[str, str] | None = None,
    app_rolls_all: bool = False,
) -> Keys:
    """Play `battles` seeded random battles of the system's demo (`sim`'s seeds and
    answers) and count the keys of their counted rounds."""
    system = systems()[system_id]
    total = Keys()
    for battle_setup in sim_setups(system_id, battles, seed, options):
        answers = random.Random(battle_setup.seed)
        runner = Runner(system, system.new_battle(battle_setup))
        numbering = OptionNumbers()
        per_round: Counter[int] = Counter()
        rolls: Counter[int] = Counter()
        asked: list[tuple[int, str, str, int]] = []  # (round, kind, question, keys)
        while (prompt := runner.prompt) is not None:
            round_ = runner.battle.round
            value = prompt.random_answer(answers)
            keys, kind = keys_for(
                prompt, value, numbers_of(numbering, prompt, round_), app_rolls_all
            )
            per_round[round_] += len(keys)
            asked.append((round_, kind, prompt.key, len(keys)))
            total.by_kind[kind] += len(keys)
            total.answers[kind] += 1
            if kind == "roll":
                rolls[round_] += len(keys)
            runner.apply(Item(prompt.key, value, BY_TABLE if kind == "roll" else None))
        result = runner.battle.result
        last = result.round if result is not None else runner.battle.round
        kept = [r for r in per_round if _counted(r, last)]
        total.keys += sum(per_round[r] for r in kept)
        total.roll_keys += sum(rolls[r] for r in kept)
        for round_, kind, key, n in asked:
            if _counted(round_, last):
                total.by_prompt[(kind, key)] += n
                total.prompt_answers[(kind, key)] += 1
        total.rounds += max(0, last - 1)
        total.unit_rounds += len(battle_setup.units) * max(0, last - 1)
    return total


def main(argv: list[str] | None = None) -> None:
    """Where a round's keys go, by question: `python -m bench.key_model SYSTEM …`
    (`--questions TIER`: the same battles asked as a save of that tier is, e.g. "third
    pass"; `--battles`, `--seed`: other battles than the table cost's 20)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m bench.key_model", description=main.__doc__)
    parser.add_argument("systems", nargs="*", metavar="SYSTEM")
    parser.add_argument("--questions", metavar="TIER", help='e.g. "one at a time", "third pass"')
    parser.add_argument("--battles", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    options = {"questions": args.questions} if args.questions else None
    for name in args.systems or list(systems()):
        found = count_keys(name, args.battles, args.seed, options=options)
        print(f"{name}: {found.per_round():.2f} keys a counted round ({found.rounds} rounds)")
        for kind, key, keys, answers in found.split():
            each = keys / answers if answers else 0.0
            print(f"  {kind:7} {key:26} {keys:6.2f} keys {answers:5.2f} answers {each:5.2f} each")


if __name__ == "__main__":
    run_main(main)
