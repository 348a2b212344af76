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
from typing import Any, ClassVar, Literal, TypeAlias

from skirmtui.engine.core import records
from skirmtui.engine.core.dice import Dice, DiceError, DiceSum, parse_expr
from skirmtui.engine.core.options import LazyOptions as LazyOptions
from skirmtui.engine.core.options import Option as Option
from skirmtui.engine.core.options import as_options, option_tuple
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.roll_words import SYMBOLS as SYMBOLS
from skirmtui.engine.core.roll_words import described

#: What an answer may be once stored: all TOML-native (a `Pick` answer is a list of
#: option values in a save, faces a list of numbers).
AnswerValue: TypeAlias = str | bool | int | tuple[int, ...] | tuple[str, ...]
Compare: TypeAlias = Literal["<=", ">=", "<", ">"]

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
}


#: How often random play picks a passive option when others are open.
PASSIVE_CHANCE = 0.15


class AnswerError(ValueError):
    """An answer refused for the pending prompt; the message says why. Nothing is stored."""


@frozen_record(kw_only=True)
class Prompt:
    """What every question carries: a stable key, a text, and who it concerns."""

    key: str
    text: str
    side: str | None = None
    actor: str | None = None
    target: str | None = None
    help: str = ""
    #: Every unit acting / acted on when there are several (a group acting at the same
    #: moment, a shot at several models); `actor`/`target` name the first.
    actors: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    #: The answer Enter accepts (None: no default); a legal answer, in stored form.
    default: AnswerValue | None = None

    #: The log entry kind of an answer (`choose`, `roll`): the class's name, lower case,
    #: one string per class (a class attribute: read for every answer logged).
    kind: ClassVar[str] = "prompt"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = cls.__name__.lower()

    def coerce(self, value: object) -> AnswerValue:
        """Validate `value` as an answer to this prompt (raise `AnswerError`)."""
        raise NotImplementedError

    def random_answer(self, rng: random.Random) -> AnswerValue:
        """A legal answer chosen at random (simulation, property tests)."""
        raise NotImplementedError

    def describe(self, value: AnswerValue) -> str:
        """The answer in words, for the log."""
        return str(value)


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
        the battle they were asked in); in a replay they never are."""
        if type(self.options) is LazyOptions:
            if replaying:
                self.options.close()
            else:
                self.options.settle()

    def coerce(self, value: object) -> AnswerValue:
        return _legal(self.key, value, self.option, "an option").value

    def random_answer(self, rng: random.Random) -> AnswerValue:
        """An enabled option, an active one (not passive) but `PASSIVE_CHANCE` of the time
        when there are both; one pass (fields read by index: a name is a slower read)."""
        enabled: list[Option] = []
        active: list[Option] = []
        for option in self.options:
            if option[2] is None:  # disabled
                enabled.append(option)
                if not option[3]:  # passive
                    active.append(option)
        if active and (len(active) == len(enabled) or rng.random() >= PASSIVE_CHANCE):
            return rng.choice(active).value
        return rng.choice(enabled).value

    def describe(self, value: AnswerValue) -> str:
        option = self.option(str(value))
        return option.label if option else str(value)


def _legal(
    key: str, value: object, option_of: Callable[[str], Option | None], expected: str
) -> Option:
    """The option an answer (or a `Pick`'s value) names if it may be taken; else why not."""
    if not isinstance(value, str):
        raise AnswerError(f"{key}: expected {expected}, got {value!r}")
    option = option_of(value)
    if option is None:
        raise AnswerError(f"{value!r} is not one of the options")
    if option.disabled is not None:
        raise AnswerError(f"{option.label}: {option.disabled}")
    return option


@frozen_record(kw_only=True)
class Pick(Prompt):
    """Several of a list: any number of the enabled options, between `minimum` and
    `maximum` (None: all), at most one of each `Option.group` ("these moved over open
    ground, that one tries the impervious slope"). The answer is the values picked in
    option order, whatever order they were given in: one choice, one stored form."""

    options: tuple[Option, ...] = records.field(converter=option_tuple)
    minimum: int = 0
    maximum: int | None = None

    def enabled(self) -> list[Option]:
        return [o for o in self.options if o.disabled is None]

    def option(self, value: str) -> Option | None:
        for option in self.options:
            if option.value == value:
                return option
        return None

    @property
    def most(self) -> int:
        """How many options an answer may pick at most."""
        return min(len(self.enabled()), len(self.options) if self.maximum is None else self.maximum)

    def coerce(self, value: object) -> AnswerValue:
        if isinstance(value, str) or not isinstance(value, list | tuple | set | frozenset):
            raise AnswerError(f"{self.key}: expected a list of options, got {value!r}")
        picked: set[str] = set()
        groups: dict[str, str] = {}
        by_value = {o.value: o for o in self.options}  # once: a list may be long
        for given in value:
            option = _legal(self.key, given, by_value.get, "options")
            item = option.value
            if item in picked:
                raise AnswerError(f"{option.label} is picked twice")
            if option.group is not None:
                if option.group in groups:
                    raise AnswerError(f"{option.label}: {groups[option.group]} is picked")
                groups[option.group] = option.label
            picked.add(item)
        if len(picked) < self.minimum:
            raise AnswerError(f"pick at least {self.minimum}")
        if self.maximum is not None and len(picked) > self.maximum:
            raise AnswerError(f"pick at most {self.maximum}")
        ordered = tuple(o.value for o in self.options if o.value in picked)
        return tuple(value) if ordered == tuple(value) else ordered

    def random_answer(self, rng: random.Random) -> AnswerValue:
        """Each enabled option picked at even odds (a passive one less often; a group:
        none of it half the time, else one of it), then trimmed or topped up to the
        bounds."""
        picked: list[Option] = []
        groups: dict[str, list[Option]] = {}
        enabled = self.enabled()
        for option in enabled:
            if option.group is not None:
                groups.setdefault(option.group, []).append(option)
            elif rng.random() < (PASSIVE_CHANCE if option.passive else 0.5):
                picked.append(option)
        picked += [rng.choice(members) for members in groups.values() if rng.random() < 0.5]
        most = self.most
        if len(picked) > most:
            picked = rng.sample(picked, most)
        taken = {o.group for o in picked}
        short = len(picked) < self.minimum  # (the rest is made only when it is needed)
        rest = [o for o in enabled if o not in picked and o.group not in taken] if short else []
        while len(picked) < self.minimum and rest:
            option = rest.pop(rng.randrange(len(rest)))
            picked.append(option)
            if option.group is not None:
                rest = [o for o in rest if o.group != option.group]
        chosen = {o.value for o in picked}
        return tuple(o.value for o in self.options if o.value in chosen)

    def describe(self, value: AnswerValue) -> str:
        assert isinstance(value, tuple)
        if not value:
            return "none"
        labels = {o.value: o.label for o in self.options}
        return ", ".join(labels.get(str(item), str(item)) for item in value)


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
        return RollResult(
            faces, natural, total, threshold, self._success(natural, total, threshold), critical
        )

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
        return RollResult(faces, natural, count, threshold, success, None)

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
        return self.parsed.roll(rng)

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
