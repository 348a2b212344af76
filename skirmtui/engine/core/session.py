"""A session: a battle as its setup plus its answer log, with undo, redo and checkpoints.

Replay = a fresh battle from the setup, fed the log in order. Undo = replay all but
the last entry, starting from the nearest checkpoint so it stays fast however long
the battle grows (DESIGN.md).
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Iterable, Sequence

from skirmtui.engine.core import app_rolls, records
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.items import BY_AI, BY_APP, BY_TABLE, GM_APP_ROLLS, Item
from skirmtui.engine.core.prompts import AnswerError, Prompt, Roll
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.runner import Runner
from skirmtui.engine.core.system import RuleSystem, Setup

#: A checkpoint is kept at the first step boundary this many entries after the last.
CHECKPOINT_EVERY = 48
#: Further back than this from the newest checkpoint, only the first checkpoint of
#: every SPARSE_EVERY entries is kept: undo near the end stays as fast, and a long
#: battle holds ~40 copies of its units instead of one per 48 entries (memory, load).
DENSE_SPAN = 1_024
SPARSE_EVERY = 256
#: Rolls one keypress (or one answer) may make in a row: a rule system whose rolls
#: chain for ever is stopped there, the next roll left waiting.
MAX_CHAIN = 200


class ReplayError(ValueError):
    """An entry of a saved log that no longer replays; `index` names it."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"answer {index}: {message}")
        self.index = index
        self.message = message


class RulesFailed(AnswerError):
    """A rule step crashed on an answer; the session was put back as it was before it."""


@frozen_record
class Checkpoint:
    consumed: int
    battle: Battle
    log_length: int


class Session:
    """Owns one battle: its setup, answer log, redo stack and checkpoints."""

    def __init__(
        self,
        system: RuleSystem,
        setup: Setup,
        items: Iterable[Item] = (),
        *,
        keep_offered: bool = False,
    ) -> None:
        items = list(items)
        #: Every choice's entry keeps the options offered (the export's replay: `Runner`).
        self.keep_offered = keep_offered
        older = system.replay_options(items)
        if any(name not in setup.options for name in older):
            # An older log replays with the questions it was played with (saved so).
            setup = records.evolve(setup, options={**older, **setup.options})
        self.system = system
        self.redo_stack: list[Item] = []
        try:
            self._replay(setup, items)
        except ReplayError as error:
            # A log that does not replay with today's questions may have been played
            # with older ones (a question since merged with others or skipped): it
            # replays with those, and the setup says so from then on.
            # When none replays, the error named is the one found furthest in: the
            # questions the log was played with, not today's, which fail at once.
            furthest = error
            for questions in system.older_questions():
                if any(name in setup.options for name in questions):
                    continue  # the save says which questions it was played with
                try:
                    self._replay(
                        records.evolve(setup, options={**setup.options, **questions}), items
                    )
                except ReplayError as later:
                    if later.index > furthest.index:
                        furthest = later
                    continue
                break
            else:
                raise furthest from None

    def _replay(self, setup: Setup, items: list[Item]) -> None:
        """Start the battle of `setup` afresh and apply `items` (`ReplayError` names the
        first refused)."""
        self.setup = setup
        self.items: list[Item] = []
        self._checkpoints: list[Checkpoint] = []
        #: `step_start`'s last answer: the log before the step, the battle there.
        self._step_start: tuple[list[Item], Battle] | None = None
        self._app_rolls: tuple[tuple[int, Item | None], app_rolls.AppRolls] = (
            (-1, None),
            app_rolls.NO_ONE,
        )
        #: While a saved log is replayed: its length, so checkpoints that would be
        #: thinned away at once are never copied.
        self._replaying = len(items)
        system = self.system
        self.runner = Runner(
            system,
            system.new_battle(setup),
            on_boundary=_weak_boundary(self),
            rewind=_weak_rewind(self),
        )
        self.runner.keep_offered = self.keep_offered
        self.runner.replaying = True
        for index, item in enumerate(items):
            try:
                self.items.append(self.runner.apply(item))
            except AnswerError as error:
                raise ReplayError(index, str(error)) from None
        self.runner.replaying = False
        self._replaying = 0

    # -- what the UI reads --------------------------------------------------------------

    @property
    def battle(self) -> Battle:
        return self.runner.battle

    @property
    def prompt(self) -> Prompt | None:
        return self.runner.prompt

    @property
    def can_undo(self) -> bool:
        return bool(self.items)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    # -- what the UI does ---------------------------------------------------------------

    def answer(self, value: object) -> None:
        """Answer the pending prompt (raise `AnswerError`, storing nothing, if refused)."""
        prompt = self.prompt
        if prompt is None:
            raise AnswerError("the battle is over: nothing is being asked")
        by = BY_TABLE if isinstance(prompt, Roll) else None
        self._push(Item(prompt.key, value, by))

    def decide(self, value: object, persona: str, reason: str) -> None:
        """Answer the pending prompt as the app playing its side (engine/play/): stored
        with `by = "ai"`, the persona and the short reason; validated like any answer,
        and refused for dice and table facts (the runner checks)."""
        prompt = self.prompt
        if prompt is None:
            raise AnswerError("the battle is over: nothing is being asked")
        self._push(Item(prompt.key, value, BY_AI, persona, reason))

    def roll(self) -> None:
        """Let the app roll the pending `Roll` prompt's dice."""
        prompt = self.prompt
        if not isinstance(prompt, Roll):
            raise AnswerError("nothing to roll now")
        self._push(Item(prompt.key, prompt.random_answer(self.dice_rng()), BY_APP))

    def roll_chain(self) -> int:
        """Roll the pending dice and every roll that follows before the next decision
        (hit → armour → wound), each stored as its own answer (undone one by one);
        the chain stops at a roll the table has said it types (`app_rolls.partial`).
        Returns how many rolls were made."""
        self.roll()
        return 1 + self._rolls_while(self._chains)

    def auto_roll(self) -> int:
        """Roll, with no keypress, every pending roll of a side the app rolls for
        (`app_rolls`), until a question for the table; how many rolls were made. The
        UI calls it after an answer, never after undo (which would roll back again)."""
        return self._rolls_while(self.app_rolls_for)

    @property
    def app_rolls(self) -> app_rolls.AppRolls:
        """Who the app rolls for now: the last `gm.app_rolls` entry given, else the
        setup's option (checked when the save was read)."""
        # Asked after every answer: the log is read again only when its end changed
        # (the last item itself is kept, so `is` cannot match a new one by chance).
        mark = (len(self.items), self.items[-1] if self.items else None)
        cached = self._app_rolls
        if cached[0][0] == mark[0] and cached[0][1] is mark[1]:
            return cached[1]
        for item in reversed(self.items):
            if item.key == GM_APP_ROLLS:
                value = item.value[app_rolls.APP_ROLLS]
                break
        else:
            value = self.setup.options.get(app_rolls.APP_ROLLS, app_rolls.NO_ONE)
        try:
            setting = app_rolls.checked(value, [s.id for s in self.setup.sides])
        except ValueError:
            setting = app_rolls.NO_ONE
        self._app_rolls = (mark, setting)
        return setting

    def app_rolls_for(self, prompt: Prompt | None) -> bool:
        """Whether `prompt` is a roll the app makes without a keypress."""
        return isinstance(prompt, Roll) and app_rolls.rolls_for(self.app_rolls, prompt.side)

    def _chains(self, prompt: Prompt | None) -> bool:
        if not isinstance(prompt, Roll):
            return False
        setting = self.app_rolls
        return not app_rolls.partial(setting) or app_rolls.rolls_for(setting, prompt.side)

    def _rolls_while(self, rolls: Callable[[Prompt | None], bool]) -> int:
        made = 0
        while made < MAX_CHAIN and rolls(self.prompt):
            self.roll()
            made += 1
        return made

    def gm(self, key: str, **value: object) -> None:
        """A GM override or note (`gm.set`, `gm.note`, … see items.py)."""
        self._push(Item(key, dict(value)))

    def undo(self) -> None:
        if not self.items:
            raise AnswerError("nothing to undo")
        self.redo_stack.append(self.items.pop())
        self._rebuild(len(self.items))

    def redo(self) -> None:
        if not self.redo_stack:
            raise AnswerError("nothing to redo")
        item = self.runner.apply(self.redo_stack[-1])
        self.redo_stack.pop()
        self.items.append(item)

    def seek(self, length: int) -> None:
        """Show the battle after the first `length` entries; later ones wait as redo."""
        everything = self.items + self.redo_stack[::-1]
        length = max(0, min(length, len(everything)))
        self.items = everything[:length]
        self.redo_stack = everything[length:][::-1]
        self._rebuild(length)

    def follow(self, items: Sequence[Item], known: int = 0) -> None:
        """Become the battle of `items`, a newer log of this battle written by another
        process (the player view follows the GM's save): the shared leading entries
        stay, what the log no longer has is taken back (the GM's undo), the rest is
        applied and checked like any answer (raise `AnswerError` if one is refused).
        `known`: the caller knows the first `known` entries are the same."""
        shared = min(known, len(self.items), len(items))
        for mine, theirs in zip(self.items[shared:], items[shared:], strict=False):
            if mine != theirs:
                break
            shared += 1
        if shared < len(self.items):
            self.seek(shared)
        self.redo_stack.clear()
        for item in items[shared:]:
            self._push(item)

    @property
    def total(self) -> int:
        """Entries given plus entries waiting to be redone."""
        return len(self.items) + len(self.redo_stack)

    def dice_rng(self) -> random.Random:
        """Dice for the next answer: fixed by the seed and the answer's position, so
        undoing and rolling again gives the same faces."""
        return random.Random(self.setup.seed * 1_000_003 + len(self.items))

    def step_start(self) -> tuple[Battle, int]:
        """A private copy of the battle where the current step began and how many log
        items it had consumed then: a look-ahead (engine/play/) starts runners there and
        replays `items[consumed:]`, as undo does from a checkpoint. Played as the session
        played it (a GM entry that counted from its step's start plays that step again),
        and kept for the step's next decisions while the log before it is the same."""
        at = self.runner.boundary_at
        before = self.items[:at]
        kept = self._step_start
        if kept is None or kept[0] != before:
            kept = self._step_start = (before, self._replayed_to(at))
        return _private(kept[1]), at

    def _replayed_to(self, at: int) -> Battle:
        """The battle at the step boundary reached `at` entries in, replayed privately
        from the nearest checkpoint (the session's battle and log untouched)."""
        checkpoint = next(c for c in reversed(self._checkpoints) if c.consumed <= at)
        battle = _private(checkpoint.battle)
        last: list[tuple[int, Battle, int]] = [(checkpoint.consumed, battle.clone(), 0)]

        def boundary(runner: Runner) -> None:
            last[:] = [(runner.consumed, runner.battle.clone(), len(runner.battle.log))]

        def rewind(consumed: int) -> tuple[Battle, int]:
            began, copy, length = last[0]
            assert began == consumed, "a step is played again from its own boundary"
            return copy.clone(), length

        runner = Runner(self.system, battle, checkpoint.consumed, boundary, rewind)
        runner.replaying = True
        for item in self.items[checkpoint.consumed : at]:
            runner.apply(item)
        assert last[0][0] == at
        return _private(last[0][1])

    # -- internals ----------------------------------------------------------------------

    def _push(self, item: Item) -> None:
        try:
            item = self.runner.apply(item)
        except AnswerError:
            raise
        except Exception as error:
            # A bug in a rule step: put the battle back as it was, so the table loses
            # nothing and can go on (undo, override), and say what happened.
            self._rebuild(len(self.items))
            raise RulesFailed(
                f"the rules failed on this answer ({type(error).__name__}: {error}); "
                "nothing was stored"
            ) from error
        self.items.append(item)
        self.redo_stack.clear()

    def _boundary(self, runner: Runner) -> None:
        last = self._checkpoints[-1].consumed if self._checkpoints else None
        consumed = runner.consumed
        if last is not None and consumed - last < CHECKPOINT_EVERY:
            return
        if last is not None and not _kept(consumed, last, self._replaying - DENSE_SPAN):
            return  # far from the end of the log being replayed: it would be thinned
        self._checkpoints.append(
            Checkpoint(consumed, runner.battle.clone(), len(runner.battle.log))
        )
        self._checkpoints = thinned(self._checkpoints)

    def _at_boundary(self, consumed: int) -> tuple[Battle, int]:
        """The battle (a copy) and its log length at the last step boundary reached once
        the first `consumed` entries were applied: where the runner plays a step again
        after a GM entry made while it waited. From the nearest checkpoint, as undo."""
        at = max(i for i, c in enumerate(self._checkpoints) if c.consumed <= consumed)
        checkpoint = self._checkpoints[at]
        del checkpoint.battle.log[checkpoint.log_length :]
        seen: list[tuple[Battle, int]] = []

        def capture(runner: Runner) -> None:
            if runner.consumed == consumed:
                seen.append((runner.battle.clone(), len(runner.battle.log)))

        runner = Runner(
            self.system,
            checkpoint.battle.clone(),
            consumed=checkpoint.consumed,
            on_boundary=capture,
            rewind=_weak_rewind(self),
        )
        runner.replaying = True
        runner.keep_offered = self.keep_offered
        for item in self.items[checkpoint.consumed : consumed]:
            runner.apply(item)
        battle, length = seen[-1]
        if checkpoint.consumed < consumed:
            # Kept as a checkpoint: the step's next GM entries, and those of the steps
            # after it a rewind replays, start here (else each replays the others').
            self._checkpoints.insert(at + 1, Checkpoint(consumed, battle.clone(), length))
            self._checkpoints = thinned(self._checkpoints)
        return battle, length

    def _rebuild(self, length: int) -> None:
        """Put the battle where it was after the first `length` log items."""
        while len(self._checkpoints) > 1 and self._checkpoints[-1].consumed > length:
            self._checkpoints.pop()
        checkpoint = self._checkpoints[-1]
        del checkpoint.battle.log[checkpoint.log_length :]
        self.runner = Runner(
            self.system,
            checkpoint.battle.clone(),
            consumed=checkpoint.consumed,
            on_boundary=_weak_boundary(self),
            rewind=_weak_rewind(self),
        )
        self.runner.replaying = True
        self.runner.keep_offered = self.keep_offered
        for item in self.items[checkpoint.consumed : length]:
            self.runner.apply(item)
        self.runner.replaying = False


def _weak_rewind(session: Session) -> Callable[[int], tuple[Battle, int]]:
    """The runner's rewind callback (`Session._at_boundary`), holding its session weakly."""
    ref = weakref.ref(session)

    def rewind(consumed: int) -> tuple[Battle, int]:
        owner = ref()
        assert owner is not None, "a runner outlived its session"
        return owner._at_boundary(consumed)

    return rewind


def _private(battle: Battle) -> Battle:
    """A clone with a log of its own (a clone shares its log): what happens in it stays."""
    clone = battle.clone()
    clone.log = []
    clone.texts = {}
    return clone


def _weak_boundary(session: Session) -> Callable[[Runner], None]:
    """The runner's checkpoint callback, holding its session weakly: a bound method
    would make Session and Runner a cycle, so every finished battle (log, checkpoints)
    would wait for the cyclic collector instead of being freed at once (sim speed)."""
    ref = weakref.ref(session)

    def boundary(runner: Runner) -> None:
        owner = ref()
        if owner is not None:
            owner._boundary(runner)

    return boundary


def thinned(checkpoints: list[Checkpoint]) -> list[Checkpoint]:
    """All checkpoints within DENSE_SPAN of the newest; before that, the first one of
    every SPARSE_EVERY entries (the very first, at the start of the battle, always)."""
    edge = checkpoints[-1].consumed - DENSE_SPAN
    kept: list[Checkpoint] = []
    for checkpoint in checkpoints:
        if not kept or _kept(checkpoint.consumed, kept[-1].consumed, edge):
            kept.append(checkpoint)
    return kept


def _kept(consumed: int, previous: int, edge: int) -> bool:
    """Whether a checkpoint at `consumed`, after one kept at `previous`, stays: every
    one from `edge` on, and before it the first of each SPARSE_EVERY entries."""
    return consumed >= edge or previous // SPARSE_EVERY != consumed // SPARSE_EVERY
