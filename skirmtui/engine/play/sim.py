"""Headless random play: both (or all) sides answer every prompt at random.

Used by `skirmtui sim` (`run_sim`: the loop and its report), `skirmtui balance`, the
property tests and the benchmarks. The command line only parses and prints.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import overload

from skirmtui.engine.core import records
from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, LogEntry, Unit
from skirmtui.engine.core.collector import between_battles, gc_paused
from skirmtui.engine.core.compiled import mypyc_attr
from skirmtui.engine.core.entries import answer_entry, answer_words, roll_words
from skirmtui.engine.core.items import BY_TABLE, Item, answer_item
from skirmtui.engine.core.prompts import AnswerError, Choose, LazyOptions, Pick
from skirmtui.engine.core.records import record
from skirmtui.engine.core.runner import ANY_ROLL, MAX_SILENT_STEPS, Runner
from skirmtui.engine.core.session import RulesFailed, Session
from skirmtui.engine.core.system import RuleError, RuleSystem, Setup, Step
from skirmtui.engine.play.limits import MAX_ANSWERS, SimError


@mypyc_attr(native_class=False)  # a compiled class cannot subclass OSError
class SaveFailed(OSError):
    """A battle's save could not be written: `path` and the `OSError` that stopped it."""

    def __init__(self, path: Path, error: OSError) -> None:
        super().__init__(error.errno, error.strerror or str(error))
        self.path = path
        self.error = error


def play_random(
    system: RuleSystem, setup: Setup, rng: random.Random, max_answers: int = MAX_ANSWERS
) -> Session:
    """Play one battle to its end with random legal answers."""
    session = Session(system, setup)
    answered = 0
    while session.prompt is not None:
        if answered >= max_answers:
            raise SimError(f"battle still running after {max_answers} answers")
        session.answer(session.prompt.random_answer(rng))
        answered += 1
    return session


def made_units(system: RuleSystem, setup: Setup) -> dict[str, Unit] | None:
    """Every unit of `setup` made and checked once, for `play_battle(made=…)` to copy
    into each battle of the setup with another seed (`sim` plays one setup again and
    again: making and checking every unit was ~2–4 % of a battle, issue 28). None for a
    system that makes its battles its own way (then each battle makes its own)."""
    if not isinstance(system, BaseSystem) or type(system).new_battle is not BaseSystem.new_battle:
        return None
    return system.armies(setup)


def play_battle(
    system: RuleSystem,
    setup: Setup,
    rng: random.Random,
    max_answers: int = MAX_ANSWERS,
    made: dict[str, Unit] | None = None,
) -> tuple[Battle, Answers]:
    """`play_random` without the session around it: the finished battle and its answer
    log, and the same answers from the same `rng`. A sim keeps no checkpoints (nothing
    is undone), so each battle is ~10% faster; `Session(system, setup, items)` replays
    the log when a save is wanted. A rule step that crashes raises `RulesFailed`, as a
    session's answer does. The cyclic garbage collector waits until the battle is over
    (issue 28): its objects all live until then, and the collector walked them again and
    again as they were made (~4% of a cape-et-epee battle); reference counting still
    frees what a step drops, and what is cyclic is collected between battles. `made`:
    `made_units` of a setup that differs from this one in its seed at most, copied."""
    with gc_paused():
        return _play(system, setup, rng, max_answers, made)


def _play(
    system: RuleSystem,
    setup: Setup,
    rng: random.Random,
    max_answers: int,
    made: dict[str, Unit] | None,
) -> tuple[Battle, Answers]:
    if made is None:
        battle = system.new_battle(setup)
    else:
        assert isinstance(system, BaseSystem)
        battle = system.battle_of(setup, {uid: unit.clone() for uid, unit in made.items()})
    battle.offers = False  # random answers read no default
    runner = Runner(system, battle)
    # Nobody sees a sim's prompts (no session, no screen): a lazy option list is never
    # made, as in a replay (`Choose.random_option` makes only the option it draws).
    runner.replaying = True
    return runner.battle, Answers(random_answers(runner, rng, max_answers))


class Answers(Sequence[Item]):
    """A random battle's answer log, each answer's `Item` made from its log entry when
    first read (issue 28: `sim` reads the answers only to save a battle, `balance` only
    counts them): an entry holds the key, the value and who gave it, as the item does.
    `given`: each answer's entry, or its item where the runner made one.
    tests/engine/test_sim_fast.py holds it to the items `Runner.answer_random` makes."""

    __slots__ = ("_given", "_items")

    def __init__(self, given: list[LogEntry | Item]) -> None:
        self._given = given
        self._items: list[Item] | None = None

    def made(self) -> list[Item]:
        """Every item, made at the first read (then kept)."""
        items = self._items
        if items is None:
            items = self._items = [
                one if type(one) is Item else answer_item(one.key, one.value, one.by)
                for one in self._given
            ]
        return items

    def __len__(self) -> int:
        return len(self._given)

    @overload
    def __getitem__(self, index: int) -> Item: ...
    @overload
    def __getitem__(self, index: slice) -> list[Item]: ...
    def __getitem__(self, index: int | slice) -> Item | list[Item]:
        return self.made()[index]

    def __iter__(self) -> Iterator[Item]:
        return iter(self.made())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Answers | list):
            return self.made() == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"Answers({self.made()!r})"


def random_answers(runner: Runner, rng: random.Random, max_answers: int) -> list[LogEntry | Item]:
    """Answer `runner`'s prompts at random to the battle's end; each answer's log entry
    (its item where the runner's own path made one: `Answers` makes the rest).

    `Runner.answer_random`, `_answer` and `_advance` in one loop for the answers of a
    random battle (issue 28): a choice's, a roll's, a yes/no's, a number's or a
    confirmation's answer is drawn, logged and sent into the step here, the battle, its
    log and the end check read once a battle, not once an answer; a step's end goes
    through `_next_question`, a `Pick` through the runner's own path. The same entries,
    items and battles as `answer_random` answer by answer (tests/engine/test_sim_fast.py).
    For a sim's runner: no rewind, no default offered, no option kept, nothing decided
    by the app."""
    battle = runner.battle
    assert runner._rewind is None and not runner.keep_offered and not battle.offers
    units, sides, texts = battle.units, battle.sides, battle.texts
    check_end = runner._check_end
    replaying = runner.replaying
    steps, plain = runner._steps, runner._plain
    items: list[LogEntry | Item] = []
    while (prompt := runner.prompt) is not None:
        if len(items) >= max_answers:
            raise SimError(f"battle still running after {max_answers} answers")
        try:
            kind = type(prompt)
            sent: object
            if kind is Choose:
                option = prompt.random_option(rng)  # type: ignore[attr-defined]
                value = option[0]
                actor, target = prompt.actor, prompt.target
                if value in units:  # a unit chosen: the actor, or once named, the target
                    if actor is None:
                        actor = value
                    elif target is None and value != actor:
                        target = value
                options = prompt.options  # type: ignore[attr-defined]
                if type(options) is LazyOptions:
                    if replaying:
                        options.close()
                    else:
                        options.settle()
                later: tuple[object, ...] = (answer_words, texts, prompt.text, option[1], sides)
                source, by, sent = None, None, value
            elif kind is ANY_ROLL or isinstance(prompt, ANY_ROLL):
                value = prompt.random_answer(rng)
                result = prompt.resolve(value)  # type: ignore[attr-defined]
                actor, target = prompt.actor, prompt.target
                later = (roll_words, texts, result, BY_TABLE)
                source, by, sent = prompt, BY_TABLE, result
            elif isinstance(prompt, Choose | Pick):  # a `Pick`'s units: the runner's path
                items.append(runner.answer_random(rng))
                continue
            else:  # a yes/no, a number, a confirmation: its answer in words
                value = prompt.random_answer(rng)
                actor, target = prompt.actor, prompt.target
                later = (answer_words, texts, prompt.text, prompt.describe(value), None)
                source, by, sent = None, None, value
            actors, targets = prompt.actors, prompt.targets
            if actors and actor is None:  # (`record`'s defaults: the first of several)
                actor = actors[0]
            if targets and target is None:
                target = targets[0]
            index = runner.consumed
            runner.consumed = index + 1
            battle.answer_index = index
            entry = answer_entry(
                battle,
                prompt.kind,
                prompt.key,
                prompt.side,
                actor,
                target,
                actors,
                targets,
                source,
                by,
                value,
                later,
            )
            items.append(entry)
            step = runner._step
            assert step is not None
            try:
                prompt = step.send(sent)
            except StopIteration:  # a step's end: the next step's first question
                runner._step = None
                _next_question(runner, battle, steps, plain)
                continue
            if check_end is not None and battle.result is None and not battle.end_held:
                check_end(battle)
            if battle.over:  # (not `result`: narrowed to None past the call, compiled)
                runner._stop()
            else:
                runner.prompt = prompt
        except AnswerError:
            raise
        except Exception as error:
            raise RulesFailed(
                f"the rules failed on this answer ({type(error).__name__}: {error}); "
                "nothing was stored"
            ) from error
    return items


def _next_question(
    runner: Runner,
    battle: Battle,
    steps: dict[str, Callable[[Battle], Step | None]] | None,
    plain: dict[object, bool],
) -> None:
    """`Runner._advance` from a step's end to the next question, for a sim's steps
    (issue 28): the end check, then the phase's step, a generator function (its call
    runs none of its body, so the check just made holds), run to its first question,
    and the check again. A sim keeps no books of where a step began (`boundary_at`,
    `_began`, `_segment`: read to undo, restart or look ahead from a step, and a sim
    does none of these). A step of another kind (a system's own `next_step`, a plain
    function, one not met yet) is played by the runner's `_advance`."""
    check_end = runner._check_end
    silent = 0
    while True:
        if check_end is not None and battle.result is None:
            check_end(battle)
        if battle.over:  # (not `result`: narrowed to None past the call, compiled)
            runner.prompt = None
            return
        make = None if steps is None else steps.get(battle.phase)
        if make is None or not plain.get(make, False):
            runner._advance(None, fresh=True)  # (its check finds what this one found)
            return
        battle.current = None
        step = make(battle)
        assert step is not None  # (a generator function's call)
        silent += 1
        if silent > MAX_SILENT_STEPS:
            raise RuleError(f"{runner.system.id}: steps keep asking nothing")
        runner._step = step
        try:
            prompt = next(step)
        except StopIteration:  # a step that asked nothing
            runner._step = None
            continue
        if check_end is not None and battle.result is None and not battle.end_held:
            check_end(battle)
        if battle.over:  # (not `result`: narrowed to None past the call, compiled)
            runner._stop()
        else:
            runner.prompt = prompt
        return


@record
class SimReport:
    battles: int = 0
    errors: int = 0
    rounds: int = 0
    wins: dict[str, int] = records.field(factory=dict)
    seconds: float = 0.0
    messages: list[str] = records.field(factory=list)
    saved: list[Path] = records.field(factory=list)

    @property
    def mean_rounds(self) -> float:
        done = self.battles - self.errors
        return self.rounds / done if done else 0.0

    @property
    def per_second(self) -> float:
        return self.battles / self.seconds if self.seconds else 0.0


def battle_seeds(seed: int, battles: int) -> Iterator[int]:
    """The dice seed of each of `battles` battles of a `sim` run seeded `seed`, in order:
    the same run seed always gives the same battles."""
    rng = random.Random(seed)
    for _ in range(battles):
        yield rng.randrange(1 << 30)


def run_sim(
    system: RuleSystem,
    setup: Setup,
    battles: int,
    seed: int,
    save_dir: Path | None = None,
    only: int | None = None,
    ai: Mapping[str, str] | None = None,
) -> SimReport:
    """Play `battles` random battles of `setup`, each with its own seed from `seed`; a
    battle that crashes is counted and reported, and play goes on. With `save_dir`, each
    finished battle is saved there (`SYSTEM-NNNN.toml`; `SaveFailed` if one cannot be).
    `only`: just the battle of that dice seed (a seed a balance report names), saved
    as `SYSTEM-seed-SEED.toml`. `ai`: sides the app plays (side → persona,
    engine/play/auto.py)."""
    from skirmtui.engine.store.saves import save_session
    from skirmtui.engine.store.stamp import now_stamp

    report = SimReport()
    start = time.perf_counter()
    seeds = battle_seeds(seed, battles) if only is None else iter((only,))
    made = None
    if not ai:
        try:
            made = made_units(system, setup)
        except Exception:  # refused: each battle fails and is reported, as before
            made = None
    # Random battles: the collector stays off through the run, and the young generation
    # is collected once each battle is dropped (issue 28). `play_battle` turns it back on
    # as it returns, while this loop still held the battle: the first young collection
    # walked every object the battle made (~2.2 M instructions of a regole-base battle).
    with between_battles(not ai) as dropped:
        for number, battle_seed in enumerate(seeds, start=1):
            report.battles += 1
            battle_setup = records.evolve(setup, seed=battle_seed)
            try:
                items: Sequence[Item]
                if ai:
                    from skirmtui.engine.play.auto import play_ai

                    played = play_ai(system, battle_setup, ai, random.Random(battle_seed))
                    battle, items = played.battle, played.items
                else:
                    battle, items = play_battle(
                        system, battle_setup, random.Random(battle_seed), made=made
                    )
            except Exception as error:  # a rules bug: count it, report it, play on
                report.errors += 1
                report.messages.append(f"battle {number} (seed {battle_seed}): {error!r}")
                continue
            result = battle.result
            assert result is not None
            report.rounds += result.round
            key = battle.side_name(result.winner) if result.winner else "draw"
            report.wins[key] = report.wins.get(key, 0) + 1
            if save_dir is not None:
                name = f"{number:04d}" if only is None else f"seed-{only}"
                path = save_dir / f"{system.id}-{name}.toml"
                try:
                    save_session(Session(system, battle_setup, items), path, now_stamp())
                except OSError as error:
                    raise SaveFailed(path, error) from None
                report.saved.append(path)
            # The loop's own references dropped before the young collection (a kept
            # finding, `Watch.last` or a system's, holds the last battle until the next
            # replaces it: one battle, not one a battle).
            del battle, items
            dropped()
    report.seconds = time.perf_counter() - start
    return report
