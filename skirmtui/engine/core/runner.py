"""The runner: drives a rule system's steps, one prompt at a time.

A step is a generator that yields prompts. Between steps the runner holds no
generator, only the battle's plain data: that is where checkpoints are taken.
"""

from __future__ import annotations

from collections.abc import Callable

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.items import BY_AI, Item
from skirmtui.engine.core.overrides import apply_override
from skirmtui.engine.core.prompts import (
    AnswerError,
    Choose,
    Pick,
    Prompt,
    Roll,
    RollResult,
    describe_roll,
    faces_of,
)
from skirmtui.engine.core.system import RuleSystem, Step, decides


class RuleError(RuntimeError):
    """A rule system misbehaved (a step loop that never asks anything)."""


#: Steps in a row that ask nothing before the runner calls it a loop.
_MAX_SILENT_STEPS = 10_000


class Runner:
    """Feeds answers to a system's steps; `prompt` is what it waits for now."""

    def __init__(
        self,
        system: RuleSystem,
        battle: Battle,
        consumed: int = 0,
        on_boundary: Callable[[Runner], None] | None = None,
    ) -> None:
        self.system = system
        self.battle = battle
        #: How many log items (answers and GM entries) have been applied.
        self.consumed = consumed
        #: `consumed` at the last step boundary: the current step began there.
        self.boundary_at = consumed
        self.prompt: Prompt | None = None
        #: Set by the session while it replays a log: the prompts answered then are seen
        #: by nobody, so their lazy option lists are never made (`LazyOptions`).
        self.replaying = False
        #: Set by the export's own replay: each choice's entry keeps the options offered
        #: (`offered`), lazy lists made; play and ordinary replays never pay for it.
        self.keep_offered = False
        self._step: Step | None = None
        self._on_boundary = on_boundary
        self._advance(None, fresh=True)

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
            apply_override(self.system, battle, item)
            self.consumed += 1
            if not battle.over and not battle.end_held:
                self.system.check_end(battle)
            if battle.over:
                self._stop()
            return item
        prompt = self.prompt
        if prompt is None:
            raise AnswerError("the battle is over: nothing is being asked")
        if item.key != prompt.key:
            raise AnswerError(f"answer for {item.key!r} but the rules ask {prompt.key!r}")
        if item.by == BY_AI and not decides(self.system, prompt):
            raise AnswerError(f"{prompt.key}: the app answers decisions only, not the table's")
        value = prompt.coerce(item.value)
        if value is not item.value:
            item = Item(item.key, value, item.by, item.persona, item.reason)
        battle.answer_index = self.consumed
        sent: object
        actor, target = prompt.actor, prompt.target
        actors, targets = prompt.actors, prompt.targets
        if isinstance(prompt, Roll):
            result = prompt.resolve(faces_of(value))
            entry = battle.record(
                "roll",
                f"{prompt.text}: {describe_roll(prompt, result)}",
                key=prompt.key,
                side=prompt.side,
                actor=actor,
                target=target,
                roll=roll_record(prompt, result),
                actors=prompt.actors,
                targets=prompt.targets,
            )
            entry.source = prompt
            entry.by = item.by
            if item.by is not None:
                assert entry.roll is not None
                entry.roll["by"] = item.by
            sent = result
        else:
            battle.answered[prompt.key, prompt.side, prompt.actor] = value  # defaults (asking)
            answer = prompt.describe(value)
            brief = ""
            if isinstance(prompt, Choose):
                who = battle.side_name(prompt.side) if prompt.side else "Table"
                brief = f"{who} → {answer}"
                # A unit chosen is the entry's actor (who acts) or, once the prompt has
                # one, its target: readers of the log need not parse option values.
                if value in battle.units:
                    if actor is None:
                        actor = str(value)
                    elif target is None and value != actor:
                        target = str(value)
                prompt.answered(self.replaying)
            elif isinstance(prompt, Pick):
                # The units picked are the entry's actors (who did it) or, once the
                # prompt names an actor, its targets, as a chosen unit is.
                actors, targets, actor, target = _picked_units(battle, prompt, value)
            said = f"{prompt.text} → {answer}"
            if item.by == BY_AI and item.reason:  # the app's decision, with its reason
                said = f"{said} ({item.persona}: {item.reason})"
            entry = battle.record(
                prompt.kind,
                said,
                key=prompt.key,
                side=prompt.side,
                actor=actor,
                target=target,
                brief=brief,
                actors=actors,
                targets=targets,
            )
            if self.keep_offered and isinstance(prompt, Choose | Pick):
                entry.detail = {**(entry.detail or {}), "options": offered(prompt)}
            sent = value
        entry.value = value
        if item.by == BY_AI:
            entry.by = BY_AI
            entry.persona = item.persona
        self.consumed += 1
        self._advance(sent, fresh=False)
        return item

    def _advance(self, value: object, *, fresh: bool) -> None:
        """Run the step on to its next question, through as many boundaries as it takes;
        the system's end check runs at each boundary, once `next_step` has returned, and
        before a question is shown: once the battle is over nothing more is asked."""
        silent = 0
        battle = self.battle
        check_end = self.system.check_end
        while True:
            if self._step is None:
                if not battle.over:
                    check_end(battle)
                if battle.over:
                    self.prompt = None
                    return
                self.boundary_at = self.consumed
                if self._on_boundary is not None:
                    self._on_boundary(self)
                battle.current = None
                step = self.system.next_step(battle)
                silent += 1
                if silent > _MAX_SILENT_STEPS:
                    raise RuleError(f"{self.system.id}: steps keep asking nothing")
                if step is None:  # a step that asked nothing
                    continue
                self._step = step
                fresh = True
                # `next_step` may have changed the battle before the step's first line.
                check_end(battle)
                if battle.over:
                    self._stop()
                    return
            try:
                prompt = next(self._step) if fresh else self._step.send(value)
            except StopIteration:
                self._step = None
                continue
            if not battle.over and not battle.end_held:
                check_end(battle)
            if battle.over:
                self._stop()
                return
            self.prompt = prompt
            return

    def _stop(self) -> None:
        """The battle is over: the step in hand is closed and nothing is asked."""
        if self._step is not None:
            self._step.close()
            self._step = None
        self.prompt = None


def _picked_units(
    battle: Battle, prompt: Pick, value: object
) -> tuple[tuple[str, ...], tuple[str, ...], str | None, str | None]:
    """`(actors, targets, actor, target)` of a `Pick` entry: the prompt's own, with the
    units picked as actors (no actor named) or targets (no target named)."""
    actors, targets = prompt.actors, prompt.targets
    actor, target = prompt.actor, prompt.target
    assert isinstance(value, tuple)
    units = tuple(str(v) for v in value if v in battle.units)
    if not units:
        return actors, targets, actor, target
    if actor is None:
        return (units if len(units) > 1 else ()), targets, units[0], target
    if target is None:
        return actors, (units if len(units) > 1 else ()), actor, units[0]
    return actors, targets, actor, target


def offered(prompt: Choose | Pick) -> list[dict[str, object]]:
    """The options a choice offered (export `options`): value, label, and for a disabled
    one `disabled: true` and the `reason` it gave."""
    return [
        {"value": o.value, "label": o.label, "disabled": True, "reason": o.disabled}
        if o.disabled is not None
        else {"value": o.value, "label": o.label, "disabled": False}
        for o in prompt.options
    ]


def roll_record(prompt: Roll, result: RollResult) -> dict[str, object]:
    """The `roll` table of a log entry (export format 1)."""
    record: dict[str, object] = {
        "dice": prompt.dice,
        "faces": list(result.faces),
        "modifiers": [[label, value] for label, value in prompt.modifiers],
        "total": result.total,
    }
    if result.success is not None:
        record["success"] = result.success
    if result.threshold is not None:
        record["target"] = result.threshold
    if prompt.compare is not None:
        record["compare"] = prompt.compare
    if result.critical is not None:
        record["critical"] = result.critical
    if prompt.per_die:
        record["per_die"] = True
        if prompt.need is not None:
            record["need"] = prompt.need
    return record
