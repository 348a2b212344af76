"""Prompts: the only way a rule system asks the outside world for anything.

A rule step `yield`s a prompt and receives the validated answer value:

- `Choose` → the `value` of one enabled `Option` (str)
- `Roll`   → a `RollResult` (the stored answer is the tuple of faces)
- `Ask`    → bool (yes/no) or int (a bounded number)
- `Confirm`→ True
- `Pick`   → a tuple of the `value`s of any number of enabled options, in option order
  (several things answered at once: "which units moved over open ground?")

A prompt may carry a `default`, the answer Enter gives (the answer given last time to
the same question about the same units): an offer, never an answer by itself.

Every prompt has a stable `key` (`activation.roll`, `melee.to_hit`): the answer log
stores `(key, value)` and replay checks that the keys still match.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeAlias

from skirmtui.engine.core import records
from skirmtui.engine.core.dice import Dice, DiceError, DiceSum, below, parse_expr
from skirmtui.engine.core.items import assignable
from skirmtui.engine.core.options import LazyOptions as LazyOptions
from skirmtui.engine.core.options import Option as Option
from skirmtui.engine.core.options import as_options
from skirmtui.engine.core.pick import Pick as Pick
from skirmtui.engine.core.prompt_base import PASSIVE_CHANCE as PASSIVE_CHANCE
from skirmtui.engine.core.prompt_base import AnswerError as AnswerError
from skirmtui.engine.core.prompt_base import AnswerValue as AnswerValue
from skirmtui.engine.core.prompt_base import Prompt as Prompt
from skirmtui.engine.core.prompt_base import legal
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.roll_words import SYMBOLS as SYMBOLS
from skirmtui.engine.core.roll_words import described

Compare: TypeAlias = Literal["<=", ">=", "<", ">"]

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
}


_RANDOM = random.Random


@frozen_record(kw_only=True)
class Choose(Prompt):
    #: A tuple, or `LazyOptions` for a long list (read it as any sequence).
    options: Sequence[Option] = records.field(converter=as_options)

    def enabled(self) -> list[Option]:
        return [o for o in self.options if o.disabled is None]

    def option(self, value: str) -> Option | None:
        options = self.options
        if type(options) is LazyOptions:
            return options.find(value)
        for option in options:  # a plain loop: this runs for every replayed answer
            if option.value == value:
                return option
        return None

    def settle(self) -> None:
        """Make lazy options now, from the battle as it is while the prompt is pending
        (the runner, before a GM entry changes it)."""
        if type(self.options) is LazyOptions:
            self.options.settle()

    def answered(self, replaying: bool) -> None:
        """The battle moves on past this prompt: in play, lazy options are made now (from
        the battle they were asked in); in a replay they never are. (The runner's
        `_answer` does the same, written out.)"""
        if type(self.options) is LazyOptions:
            if replaying:
                self.options.close()
            else:
                self.options.settle()

    def coerce(self, value: object) -> AnswerValue:
        return legal(self.key, value, self.option, "an option").value

    def random_answer(self, rng: random.Random) -> AnswerValue:
        return self.random_option(rng)[0]

    def random_option(self, rng: random.Random) -> Option:
        """An enabled option, an active one (not passive) but `PASSIVE_CHANCE` of the time
        when there are both; one pass (fields read by index: a name is a slower read),
        the pick `rng.choice`'s draw (`dice.below`). The runner logs its label as it is.
        (Keeping the scans of tuples offered again cut instructions but not CPU time:
        docs/performance.md, "kept scans".) A lazy list with a `head` is not made: only
        the option drawn (a replay never makes it, nor a sim: nobody sees it)."""
        options = self.options
        if type(options) is LazyOptions:
            return _lazy_option(options, rng)
        enabled: list[Option] = []
        active: list[Option] = []
        for option in options:
            if option[2] is None:  # disabled
                enabled.append(option)
                if not option[3]:  # passive
                    active.append(option)
        if active and (len(active) == len(enabled) or rng.random() >= PASSIVE_CHANCE):
            enabled = active
        if type(rng) is _RANDOM and enabled:  # `rng.choice`'s draw (`below`)
            return enabled[below(rng, len(enabled))]
        return rng.choice(enabled)

    def describe(self, value: AnswerValue) -> str:
        option = self.option(str(value))
        return option.label if option else str(value)


def _lazy_option(options: LazyOptions, rng: random.Random) -> Option:
    """`Choose.random_option` of a lazy list (made for its prompt: its scan is not
    kept): with a `head` and a plain `Random`, the list is not made, only the option
    drawn (`count` options lead, each enabled and active); else the list made."""
    head = options.head if type(rng) is _RANDOM else None
    count, nth, rest = (0, None, options.settle()) if head is None else head
    enabled: list[Option] = []
    active: list[Option] = []
    for option in rest:  # (a loop: two list comprehensions are two calls more)
        if option[2] is None:
            enabled.append(option)
            if not option[3]:
                active.append(option)
    n = count + len(enabled)
    if count + len(active) and (len(active) == len(enabled) or rng.random() >= PASSIVE_CHANCE):
        enabled = active
        n = count + len(active)
    if type(rng) is _RANDOM and n:  # `rng.choice`'s draw (`below`)
        r = below(rng, n)
        return nth(r) if r < count and nth is not None else enabled[r - count]
    return rng.choice(enabled)  # (no head here)


@frozen_record(kw_only=True)
class Ask(Prompt):
    """A fact only the table knows: yes/no, or a number in [minimum, maximum]."""

    minimum: int | None = None
    maximum: int | None = None

    @property
    def yes_no(self) -> bool:
        return self.minimum is None

    def coerce(self, value: object) -> AnswerValue:
        if self.yes_no:
            if isinstance(value, bool):
                return value
            raise AnswerError(f"{self.key}: answer yes or no")
        if isinstance(value, bool) or not isinstance(value, int):
            raise AnswerError(f"{self.key}: expected a whole number")
        assert self.minimum is not None and self.maximum is not None
        if not self.minimum <= value <= self.maximum:
            raise AnswerError(f"{value} is outside {self.minimum}–{self.maximum}")
        return value

    def random_answer(self, rng: random.Random) -> AnswerValue:
        if self.yes_no:
            return rng.random() < 0.5
        assert self.minimum is not None and self.maximum is not None
        return rng.randint(self.minimum, self.maximum)

    def describe(self, value: AnswerValue) -> str:
        if self.yes_no:
            return "yes" if value else "no"
        return str(value)


@frozen_record(kw_only=True)
class Confirm(Prompt):
    """The table did something (moved, placed): continue."""

    def coerce(self, value: object) -> AnswerValue:
        if value is not True:
            raise AnswerError(f"{self.key}: only confirmation is possible")
        return True

    def random_answer(self, rng: random.Random) -> AnswerValue:
        return True

    def describe(self, value: AnswerValue) -> str:
        return "done"


@frozen_record
class RollResult:
    """A resolved roll: what the step receives and what the log records."""

    faces: tuple[int, ...]
    natural: int
    total: int
    threshold: int | None
    success: bool | None
    critical: Literal["success", "failure"] | None


_RESULT = assignable(RollResult)
#: `Any`: what it makes is the assignable twin, not yet the record's class (a compiled
#: build checks a typed value's class, docs/performance.md).
_new: Any = object.__new__


def _result(
    faces: tuple[int, ...],
    natural: int,
    total: int,
    threshold: int | None,
    success: bool | None,
    critical: Literal["success", "failure"] | None,
) -> RollResult:
    """`RollResult(...)` with one class swap (`items.assignable`): one a roll answered."""
    result: Any = _new(_RESULT)
    result.faces = faces
    result.natural = natural
    result.total = total
    result.threshold = threshold
    result.success = success
    result.critical = critical
    result.__class__ = RollResult
    return result  # type: ignore[no-any-return]  # a RollResult: its class given back


def _modifier_tuple(value: Sequence[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    if not value:  # most rolls: no modifier
        return ()
    return tuple((str(label), int(v)) for label, v in value)


@frozen_record(kw_only=True)
class Roll(Prompt):
    """A declarative roll, so its exact odds can be computed before it is rolled.

    total = sum(faces) + modifiers, compared with `threshold` (unless `mod_target`, where
    the modifiers move the threshold instead: a -1 malus on a roll-under test lowers it).
    `always_succeed` and `always_fail` are natural totals that override the comparison;
    `crit_success` and `crit_failure` are natural totals that are critical.

    `per_die` makes it a pool: every die is its own test (the comparison, modifiers and
    always-sets apply to each face), `total` counts the dice that succeed, and the roll
    succeeds when at least `need` of them do (no overall success when `need` is None).
    Pools do not explode and take one kind of die; other rolls may add kinds
    (`1d8!+1d6!`, typed part after part).
    """

    dice: str
    compare: Compare | None = None
    threshold: int | None = None
    modifiers: tuple[tuple[str, int], ...] = records.field(default=(), converter=_modifier_tuple)
    mod_target: bool = False
    always_succeed: frozenset[int] = records.field(default=frozenset(), converter=frozenset)
    always_fail: frozenset[int] = records.field(default=frozenset(), converter=frozenset)
    crit_success: frozenset[int] = records.field(default=frozenset(), converter=frozenset)
    crit_failure: frozenset[int] = records.field(default=frozenset(), converter=frozenset)
    per_die: bool = False
    need: int | None = None

    @property
    def parsed(self) -> Dice | DiceSum:
        return parse_expr(self.dice)

    @property
    def modifier(self) -> int:
        return sum(v for _, v in self.modifiers)

    @property
    def effective_threshold(self) -> int | None:
        if self.threshold is None:
            return None
        return self.threshold + self.modifier if self.mod_target else self.threshold

    def success_of(self, natural: int) -> bool | None:
        """Whether a natural total succeeds (None when the roll has no target)."""
        total = natural if self.mod_target else natural + self.modifier
        return self._success(natural, total, self.effective_threshold)

    def _success(self, natural: int, total: int, threshold: int | None) -> bool | None:
        if natural in self.always_succeed:
            return True
        if natural in self.always_fail:
            return False
        if self.compare is None or threshold is None:
            return None
        return _COMPARE[self.compare](total, threshold)

    def resolve(self, faces: tuple[int, ...]) -> RollResult:
        natural = sum(faces)
        if self.per_die:
            return self._pool(faces, natural)
        modifier = self.modifier if self.modifiers else 0  # summed once, not per property
        threshold = self.threshold
        total = natural if self.mod_target else natural + modifier
        if self.mod_target and threshold is not None:
            threshold += modifier
        critical: Literal["success", "failure"] | None = None
        if natural in self.crit_success:
            critical = "success"
        elif natural in self.crit_failure:
            critical = "failure"
        # `_success`, written out (a call less for every roll answered)
        success: bool | None
        if natural in self.always_succeed:
            success = True
        elif natural in self.always_fail:
            success = False
        elif self.compare is None or threshold is None:
            success = None
        else:
            success = _COMPARE[self.compare](total, threshold)
        return _result(faces, natural, total, threshold, success, critical)

    def _pool(self, faces: tuple[int, ...], natural: int) -> RollResult:
        """`resolve` of a pool: each face is `success_of(face)`, with the modifier and
        the threshold found once, not once a face."""
        modifier = self.modifier if self.modifiers else 0
        threshold = self.threshold
        if self.mod_target and threshold is not None:
            threshold += modifier
        shift = 0 if self.mod_target else modifier
        always, never, compare = self.always_succeed, self.always_fail, self.compare
        count = 0
        if compare is None or threshold is None:  # no test: only the always-sets count
            count = sum(1 for face in faces if face in always)
        else:
            test = _COMPARE[compare]
            for face in faces:
                if face in always or (face not in never and test(face + shift, threshold)):
                    count += 1
        success = None if self.need is None else count >= self.need
        return _result(faces, natural, count, threshold, success, None)

    def coerce(self, value: object) -> AnswerValue:
        if isinstance(value, list | tuple) and all(
            isinstance(f, int) and not isinstance(f, bool) for f in value
        ):
            try:
                return self.parsed.check_faces(tuple(value))
            except DiceError as error:
                raise AnswerError(str(error)) from None
        raise AnswerError(f"{self.key}: expected the faces rolled for {self.dice}")

    def random_answer(self, rng: random.Random) -> AnswerValue:
        return parse_expr(self.dice).roll(rng)

    def describe(self, value: AnswerValue) -> str:
        return describe_roll(self, self.resolve(faces_of(value)))


def faces_of(value: AnswerValue) -> tuple[int, ...]:
    """A `Roll` answer as its faces (what its `coerce` stored)."""
    assert isinstance(value, tuple)
    return value  # type: ignore[return-value]  # ints: `coerce` checked them (no `cast` call)


def describe_roll(prompt: Roll, result: RollResult) -> str:
    """`[4] +1 = 5 ≤ 4: failure` — faces, modifiers, total, threshold and outcome."""
    shown = prompt.modifier if prompt.modifiers and not prompt.mod_target else None
    return described(
        result.faces,
        result.total,
        result.threshold,
        result.success,
        result.critical,
        prompt.per_die,
        shown,
        prompt.compare,
        prompt.need,
        # A pool with no comparison (each die someone's score: a roll-off) says its
        # faces alone.
        prompt.compare is not None or bool(prompt.always_succeed),
    )
