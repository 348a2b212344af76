"""The runner: drives a rule system's steps, one prompt at a time.

A step is a generator that yields prompts. Between steps the runner holds no
generator, only the battle's plain data: that is where checkpoints are taken.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.entries import (
    answer_entry,
    answer_words,
    given_words,
    phase_steps,
    picked_units,
    roll_words,
    runs_nothing,
    said_since,
)
from skirmtui.engine.core.entries import offered as offered
from skirmtui.engine.core.entries import roll_record as roll_record
from skirmtui.engine.core.items import BY_AI, Item, answer_item
from skirmtui.engine.core.overrides import apply_override, hoisted
from skirmtui.engine.core.prompt_base import legal
from skirmtui.engine.core.prompts import (
    AnswerError,
    AnswerValue,
    Choose,
    LazyOptions,
    Pick,
    Prompt,
    Roll,
)
from skirmtui.engine.core.system import RuleError, RuleSystem, Step, decides

#: `Roll` by a name mypyc does not read as a class (docs/performance.md, "The compiled build").
ANY_ROLL: type[Roll] = Roll

#: Steps in a row that ask nothing before the runner calls it a loop.
MAX_SILENT_STEPS = 10_000


class Runner:
    """Feeds answers to a system's steps; `prompt` is what it waits for now."""

    def __init__(
        self,
        system: RuleSystem,
        battle: Battle,
        consumed: int = 0,
        on_boundary: Callable[[Runner], None] | None = None,
        rewind: Callable[[int], tuple[Battle, int]] | None = None,
    ) -> None:
        self.system = system
        self.battle = battle
        #: How many log items (answers and GM entries) have been applied.
        self.consumed = consumed
        #: `consumed` at the last step boundary: the current step began there.
        self.boundary_at = consumed
        self.prompt: Prompt | None = None
        #: Set by the session while it replays a log (and by a sim, `play_battle`): the
        #: prompts answered then are seen by nobody, so their lazy option lists are never
        #: made (`LazyOptions`).
        self.replaying = False
        #: Set by the export's own replay: each choice's entry keeps the options offered
        #: (`offered`), lazy lists made; play and ordinary replays never pay for it.
        self.keep_offered = False
        self._step: Step | None = None
        self._on_boundary = on_boundary
        #: The battle (a copy) and its log length at the boundary the pending step began
        #: at, `consumed` entries in (the session's checkpoints give it): where a GM entry
        #: made in the middle of a step is played from. None: GM entries apply where
        #: they stand (a sim, which makes none).
        self._rewind = rewind
        #: The boundary the pending step began at: entries consumed, log length, the
        #: entry its first lines are stamped with.
        self._began = (consumed, len(battle.log), battle.answer_index)
        #: The entries applied since that boundary, in the order a restart plays them:
        #: (index in the log, item, hoisted to the boundary).
        self._segment: list[tuple[int, Item, bool]] = []
        #: The system's end check, or None when it has none of its own (`BaseSystem`'s
        #: does nothing): `_advance` would call it about twice an answer.
        own = getattr(type(system), "check_end", None) is not BaseSystem.check_end
        self._check_end = system.check_end if own else None
        #: The phase table `next_step` dispatches from when it is `BaseSystem`'s (None:
        #: the system's own `next_step`): see `_advance`.
        self._steps = phase_steps(system)
        self._plain: dict[object, bool] = {}  # `runs_nothing`'s findings
        self._advance(None, fresh=True)

    @property
    def step_log_start(self) -> int:
        """The log's length at the boundary the pending step began at: the lines of an
        entry made in this step stand from here on (a GM entry counted from the step's
        start stands here, before the step's own lines). Read by the undo toast."""
        return self._began[1]

    def apply(self, item: Item) -> Item:
        """Apply an answer or a GM entry; raise `AnswerError` (nothing changes) if refused.

        The pending prompt is the one place an answer is validated (`coerce`): the item
        returned holds the value in its stored form (faces as a tuple), for the log."""
        battle = self.battle
        if item.is_gm:
            battle.answer_index = self.consumed
            # Before applying: a refused entry may have changed something already.
            battle.gm_applied += 1
            if isinstance(self.prompt, Choose):
                self.prompt.settle()  # its lazy options are of the battle before the entry
            index = self.consumed
            hoist = self._step is not None and hoisted(item, battle, self._began[1])
            apply_override(self.system, battle, item)
            self.consumed += 1
            if not battle.over and not battle.end_held:
                self.system.check_end(battle)
            if battle.over:
                self._stop()
                return item
            self._segment.append((index, item, hoist))
            if hoist and self._rewind is not None:
                self._restart()
            return item
        prompt = self.prompt
        if prompt is None:
            raise AnswerError("the battle is over: nothing is being asked")
        if item.key != prompt.key:
            raise AnswerError(f"answer for {item.key!r} but the rules ask {prompt.key!r}")
        if item.by == BY_AI and not decides(self.system, prompt):
            raise AnswerError(f"{prompt.key}: the app answers decisions only, not the table's")
        said = None
        if type(prompt) is Choose:  # its `coerce`, keeping the option found for its label
            option = legal(prompt.key, item.value, prompt.option, "an option")
            value: AnswerValue = option[0]
            said = option[1]
        else:
            value = prompt.coerce(item.value)
        if value is not item.value:
            item = Item(item.key, value, item.by, item.persona, item.reason)
        index = self.consumed
        self.consumed += 1
        self._segment.append((index, item, False))
        self._answer(prompt, item, value, index, self.replaying, said)
        return item

    def answer_random(self, rng: random.Random, by: str | None = None) -> Item:
        """Answer the pending prompt at random (`skirmtui sim`, balance): its
        `random_answer` is a legal answer in stored form by construction, so it is not
        validated again (`apply` checks what others give; tests/engine/test_sim_fast.py
        holds the two paths to the same battles). Return the item logged."""
        prompt = self.prompt
        if prompt is None:
            raise AnswerError("the battle is over: nothing is being asked")
        said = None
        if type(prompt) is Choose:  # the option drawn says its label: no look-up again
            option = prompt.random_option(rng)
            value: AnswerValue = option[0]
            said = option[1]
        else:
            value = prompt.random_answer(rng)
        item = answer_item(prompt.key, value, by)
        index = self.consumed
        self.consumed += 1
        if self._rewind is not None:  # the segment is read only to restart a step
            self._segment.append((index, item, False))
        self._answer(prompt, item, value, index, self.replaying, said)
        return item

    def _answer(
        self,
        prompt: Prompt,
        item: Item,
        value: AnswerValue,
        index: int,
        replaying: bool,
        said: str | None = None,
    ) -> None:
        """Log an answer checked by `prompt.coerce` and send it into the step (`said`: its
        words if the caller has them); sim.random_answers copies it (test_sim_fast.py)."""
        battle = self.battle
        battle.answer_index = index
        sent: object
        actor, target = prompt.actor, prompt.target
        actors, targets = prompt.actors, prompt.targets
        by = item.by
        # Its words and a roll's table: made when read (`LogEntry`; `entries.answer_entry`).
        if type(prompt) is Roll or isinstance(prompt, ANY_ROLL):
            if actors and actor is None:  # (`record`'s defaults: the first of several)
                actor = actors[0]
            if targets and target is None:
                target = targets[0]
            # faces: `coerce` or `random_answer` made them (`faces_of`, without its call)
            result = prompt.resolve(value)  # type: ignore[arg-type]
            entry = answer_entry(
                battle,
                "roll",
                prompt.key,
                prompt.side,
                actor,
                target,
                actors,
                targets,
                prompt,
                by,
                value,
                (roll_words, battle.texts, result, by),
            )
            sent = result
        else:
            if battle.offers:  # what `asking.offer_last` offers again; nobody else reads it
                battle.answered[prompt.key, prompt.side, prompt.actor] = value
            answer = prompt.describe(value) if said is None else said
            sides = None
            if isinstance(prompt, Choose):
                sides = battle.sides  # the brief names the side (`entries.answer_words`)
                # A unit chosen is the entry's actor (who acts) or, once the prompt has
                # one, its target: readers of the log need not parse option values.
                if value in battle.units:
                    if actor is None:
                        actor = str(value)
                    elif target is None and value != actor:
                        target = str(value)
                # Kept options (the export) are read below: made, even in a replay
                # (`Choose.answered`, written out: a call less an answer).
                options = prompt.options
                if type(options) is LazyOptions:
                    if replaying and not self.keep_offered:
                        options.close()
                    else:
                        options.settle()
            elif isinstance(prompt, Pick):
                # The units picked are the entry's actors (who did it) or, once the
                # prompt names an actor, its targets, as a chosen unit is.
                actors, targets, actor, target = picked_units(battle, prompt, value)
            words: tuple[object, ...] = (answer_words, battle.texts, prompt.text, answer, sides)
            if by == BY_AI and item.reason:  # the app's decision, with its reason
                text = f"{prompt.text} → {answer} ({item.persona}: {item.reason})"
                brief = ""
                if sides is not None:
                    who = battle.side_name(prompt.side) if prompt.side else "Table"
                    brief = f"{who} → {answer}"
                words = (given_words, battle.texts, text, brief)
            if actors and actor is None:  # (`record`'s defaults: the first of several)
                actor = actors[0]
            if targets and target is None:
                target = targets[0]
            entry = answer_entry(
                battle,
                prompt.kind,
                prompt.key,
                prompt.side,
                actor,
                target,
                actors,
                targets,
                None,
                None,
                value,
                words,
            )
            if self.keep_offered and isinstance(prompt, Choose | Pick):
                entry.detail = {**(entry.detail or {}), "options": offered(prompt)}
            sent = value
        if by == BY_AI:
            entry.by = BY_AI
            entry.persona = item.persona
        self._advance(sent, fresh=False)

    def _advance(self, value: object, *, fresh: bool, within: bool = False) -> None:
        """Run the step on to its next question, through as many boundaries as it takes
        (`within`: stop where the step ends instead); the system's end check runs at each
        boundary, once `next_step` has returned, and before a question is shown: once the
        battle is over nothing more is asked. (`battle.result` is read, not `over`, but after
        an end check, which mypy keeps narrowed to None: the compiled build checks it.)"""
        silent = 0
        battle = self.battle
        check_end = self._check_end
        while True:
            if self._step is None:
                if within:
                    self.prompt = None
                    return
                if check_end is not None and battle.result is None:
                    check_end(battle)
                if battle.result is not None:
                    self.prompt = None
                    return
                self.boundary_at = self.consumed
                self._began = (self.consumed, len(battle.log), battle.answer_index)
                self._segment = []
                if self._on_boundary is not None:
                    self._on_boundary(self)
                battle.current = None
                # The next step, and whether rule code ran to make it (here, not in a
                # method: a call less a step): `BaseSystem`'s phase table is read here,
                # and a phase's step that is a generator function runs nothing when
                # called (its body starts at the first `next`), so the end check just
                # made need not be made again (issue 28: once a step, not twice).
                make = None if self._steps is None else self._steps.get(battle.phase)
                if make is not None:
                    step: Step | None = make(battle)
                    plain = self._plain.get(make)  # (found once a step function)
                    if plain is None:
                        plain = runs_nothing(make, self._plain)
                    ran = not plain
                else:
                    step, ran = self.system.next_step(battle), True
                silent += 1
                if silent > MAX_SILENT_STEPS:
                    raise RuleError(f"{self.system.id}: steps keep asking nothing")
                if step is None:  # a step that asked nothing
                    continue
                self._step = step
                fresh = True
                # `next_step` may have changed the battle before the step's first line
                # (`ran`); a generator function's call runs none of its body, so the
                # battle is as the check above found it.
                if ran:
                    if check_end is not None:
                        check_end(battle)
                    if battle.over:
                        self._stop()
                        return
            try:
                prompt = next(self._step) if fresh else self._step.send(value)
            except StopIteration:
                self._step = None
                continue
            if check_end is not None and battle.result is None and not battle.end_held:
                check_end(battle)
            if battle.over:
                self._stop()
                return
            self.prompt = prompt
            return

    def _restart(self) -> None:
        """A GM entry was made while the step waited (`hoisted`): play the step again from
        the boundary it began at, the step's hoisted GM entries first, then its other
        entries in order. From the first that no longer fits (its question is not asked
        now, its value is refused, the step or the battle has ended) they are withdrawn:
        kept in the answer log, logged as withdrawn, their effects gone (the table gives
        them again if it still means them)."""
        assert self._rewind is not None
        said = said_since(self.battle, self._began[1])
        began, segment = self._began, self._segment
        while True:
            battle, length = self._rewind(began[0])
            del battle.log[length:]
            self.battle = battle
            self._step = None
            self.prompt = None
            self._segment = []
            refused = self._hoist(segment)
            if refused is None:
                break
            # Refused at the step's start after all: it applies where it stands.
            segment = [(i, it, h and i != refused) for i, it, h in segment]
        if not battle.over:
            battle.answer_index = began[2]  # what the step's first lines were made by
            self._begin()
        rest = [(index, item) for index, item, hoist in segment if not hoist]
        for at, (index, item) in enumerate(rest):
            if not self._refeed(index, item):
                for index, item in rest[at:]:
                    battle.answer_index = index
                    battle.record(
                        "withdrawn",
                        f"Withdrawn after the GM's entry: {said.get(index, item.key)}",
                        key=item.key,
                    )
                break
            self._segment.append((index, item, False))
        self._began = began
        # (read by name: mypy keeps `_step` narrowed to None since the loop, and compiled
        # code would check that; docs/performance.md, "The compiled build")
        if getattr(self, "_step") is None and not battle.over:  # noqa: B009
            self._advance(None, fresh=True)

    def _hoist(self, segment: list[tuple[int, Item, bool]]) -> int | None:
        """Apply the segment's hoisted GM entries at the boundary; the index of one
        refused there (None: all applied)."""
        for index, item, hoist in segment:
            if hoist:
                try:
                    self._gm(index, item)
                except AnswerError:
                    return index
                self._segment.append((index, item, True))
        return None

    def _begin(self) -> None:
        """Start the step again at its boundary (no checkpoint: the entries after the
        boundary are not all played yet) and run it to its first question."""
        battle = self.battle
        battle.current = None
        self.system.check_end(battle)
        if battle.over:
            return
        step = self.system.next_step(battle)
        if step is None:
            return
        self._step = step
        self.system.check_end(battle)
        if battle.over:
            self._stop()
            return
        self._advance(None, fresh=True, within=True)

    def _refeed(self, index: int, item: Item) -> bool:
        """Apply one entry of the step again during `_restart`; False if it no longer fits."""
        battle = self.battle
        if battle.over or self._step is None:
            return False
        if item.is_gm:
            try:
                self._gm(index, item)
            except AnswerError:
                return False
            if battle.over:
                self._stop()
            return True
        prompt = self.prompt
        if prompt is None or prompt.key != item.key:
            return False
        try:
            value = prompt.coerce(item.value)
        except AnswerError:
            return False
        self._answer(prompt, item, value, index, True)
        return True

    def _gm(self, index: int, item: Item) -> None:
        """Apply a GM entry where the restart stands, then the end check."""
        battle = self.battle
        battle.answer_index = index
        battle.gm_applied += 1
        apply_override(self.system, battle, item)
        if not battle.over and not battle.end_held:
            self.system.check_end(battle)

    def _stop(self) -> None:
        """The battle is over: the step in hand is closed and nothing is asked."""
        if self._step is not None:
            self._step.close()
            self._step = None
        self.prompt = None
