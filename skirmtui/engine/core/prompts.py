"""Prompts: the only way a rule system asks the outside world for anything.

A rule step `yield`s a prompt and receives the validated answer value:

- `Choose` → the `value` of one enabled `Option` (str)
- `Roll`   → a `RollResult` (the stored answer is the tuple of faces)
- `Ask`    → bool (yes/no) or int (a bounded number)
- `Confirm`→ True

Every prompt has a stable `key` (`activation.roll`, `melee.to_hit`): the answer log
stores `(key, value)` and replay checks that the keys still match.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Literal, NamedTuple, TypeAlias, overload

import attrs

from skirmtui.engine.core.dice import Dice, DiceError, DiceSum, parse_expr
from skirmtui.engine.core.records import frozen_record

#: What an answer may be once stored: all TOML-native.
AnswerValue: TypeAlias = str | bool | int | tuple[int, ...]
Compare: TypeAlias = Literal["<=", ">=", "<", ">"]

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
}


#: How a comparison is written for people.
SYMBOLS: dict[str, str] = {"<=": "≤", ">=": "≥", "<": "<", ">": ">"}

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

    @property
    def kind(self) -> str:
        kind = _KINDS.get(type(self))
        if kind is None:  # one string per class, not one per log entry
            kind = _KINDS[type(self)] = type(self).__name__.lower()
        return kind

    def coerce(self, value: object) -> AnswerValue:
        """Validate `value` as an answer to this prompt (raise `AnswerError`)."""
        raise NotImplementedError

    def random_answer(self, rng: random.Random) -> AnswerValue:
        """A legal answer chosen at random (simulation, property tests)."""
        raise NotImplementedError

    def describe(self, value: AnswerValue) -> str:
        """The answer in words, for the log."""
        return str(value)


#: Each prompt class's `kind`, made once.
_KINDS: dict[type, str] = {}


class Option(NamedTuple):
    """One choice. A disabled option is shown with its reason and refused if picked.

    `passive` marks "pass / stop / cancel": random play picks it less often, so
    simulated battles fight instead of passing every turn. (A NamedTuple: prompts
    are rebuilt on every replayed answer, so options must be cheap to make.)
    """

    value: str
    label: str
    disabled: str | None = None
    passive: bool = False


class LazyOptions(Sequence[Option]):
    """The options of a long pick list, made only when read whole (the pick list on
    screen, random play); an answer is looked up by value without them (`find`), so a
    replayed answer does not build a list of hundreds of options to check one.

    `make()` gives every option in order; `find(value)` must give exactly the option of
    that value `make()` holds, None when it holds none (tests/property/test_lazy_options.py
    checks both for every system). Both read the battle as it is while the prompt is
    pending, so the runner makes the list (`settle`) before a GM entry changes the battle
    under a pending prompt and when a prompt is answered in play (whoever holds the
    prompt may read it later). Only a replay answers without making it (nobody sees
    those prompts): reading such a list afterwards is an error, never a list of another
    time."""

    __slots__ = ("_built", "_closed", "_find", "_found", "_make")

    def __init__(
        self, make: Callable[[], Iterable[Option]], find: Callable[[str], Option | None]
    ) -> None:
        self._make = make
        self._find = find
        self._built: tuple[Option, ...] | None = None
        self._closed = False
        #: The last value looked up and its option (an answer is checked, then described).
        self._found: tuple[str, Option | None] | None = None

    def settle(self) -> tuple[Option, ...]:
        """Every option, made now if not yet (then kept)."""
        built = self._built
        if built is None:
            if self._closed:
                raise RuntimeError("the options of an answered prompt were never made")
            built = self._built = tuple(self._make())
        return built

    def close(self) -> None:
        """The prompt was answered: the battle moves on, so `make` would lie from now."""
        self._closed = True

    def find(self, value: str) -> Option | None:
        built = self._built
        if built is None:
            found = self._found
            if found is not None and found[0] == value:
                return found[1]
            option = self._find(value)
            self._found = (value, option)
            return option
        for option in built:
            if option.value == value:
                return option
        return None

    @overload
    def __getitem__(self, index: int) -> Option: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Option, ...]: ...
    def __getitem__(self, index: int | slice) -> Option | tuple[Option, ...]:
        return self.settle()[index]

    def __len__(self) -> int:
        return len(self.settle())

    def __iter__(self) -> Iterator[Option]:
        return iter(self.settle())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyOptions | tuple):
            return self.settle() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.settle())

    def __repr__(self) -> str:
        return f"LazyOptions({self.settle()!r})"


def _options(value: Iterable[Option]) -> Sequence[Option]:
    return value if type(value) is LazyOptions else tuple(value)


@frozen_record(kw_only=True)
class Choose(Prompt):
    #: A tuple, or `LazyOptions` for a long list (read it as any sequence).
    options: Sequence[Option] = attrs.field(converter=_options)

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
        if not isinstance(value, str):
            raise AnswerError(f"{self.key}: expected an option, got {value!r}")
        option = self.option(value)
        if option is None:
            raise AnswerError(f"{value!r} is not one of the options")
        if option.disabled is not None:
            raise AnswerError(f"{option.label}: {option.disabled}")
        return value

    def random_answer(self, rng: random.Random) -> AnswerValue:
        enabled = self.enabled()
        active = [o for o in enabled if not o.passive]
        if active and (len(active) == len(enabled) or rng.random() >= PASSIVE_CHANCE):
            return rng.choice(active).value
        return rng.choice(enabled).value

    def describe(self, value: AnswerValue) -> str:
        option = self.option(str(value))
        return option.label if option else str(value)


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
    modifiers: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_modifier_tuple)
    mod_target: bool = False
    always_succeed: frozenset[int] = attrs.field(default=frozenset(), converter=frozenset)
    always_fail: frozenset[int] = attrs.field(default=frozenset(), converter=frozenset)
    crit_success: frozenset[int] = attrs.field(default=frozenset(), converter=frozenset)
    crit_failure: frozenset[int] = attrs.field(default=frozenset(), converter=frozenset)
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
        if natural in self.always_succeed:
            return True
        if natural in self.always_fail:
            return False
        threshold = self.effective_threshold
        if self.compare is None or threshold is None:
            return None
        total = natural if self.mod_target else natural + self.modifier
        return _COMPARE[self.compare](total, threshold)

    def resolve(self, faces: tuple[int, ...]) -> RollResult:
        natural = sum(faces)
        if self.per_die:
            count = sum(1 for face in faces if self.success_of(face))
            return RollResult(
                faces=faces,
                natural=natural,
                total=count,
                threshold=self.effective_threshold,
                success=None if self.need is None else count >= self.need,
                critical=None,
            )
        critical: Literal["success", "failure"] | None = None
        if natural in self.crit_success:
            critical = "success"
        elif natural in self.crit_failure:
            critical = "failure"
        return RollResult(
            faces=faces,
            natural=natural,
            total=natural if self.mod_target else natural + self.modifier,
            threshold=self.effective_threshold,
            success=self.success_of(natural),
            critical=critical,
        )

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
        assert isinstance(value, tuple)
        result = self.resolve(value)
        return describe_roll(self, result)


def describe_roll(prompt: Roll, result: RollResult) -> str:
    """`[4] +1 = 5 ≤ 4: failure` — faces, modifiers, total, threshold and outcome."""
    faces = " ".join(str(f) for f in result.faces)
    text = f"[{faces}]"
    if prompt.per_die:
        return text + _describe_pool(prompt, result)
    if prompt.modifiers and not prompt.mod_target:
        text += f" {prompt.modifier:+d} = {result.total}"
    elif len(result.faces) > 1:
        text += f" = {result.total}"
    if result.threshold is not None and prompt.compare is not None:
        symbol = SYMBOLS[prompt.compare]
        text += f" {symbol} {result.threshold}"
    if result.success is not None:
        text += ": success" if result.success else ": failure"
    if result.critical:
        text += f" (critical {result.critical})"
    return text


def _describe_pool(prompt: Roll, result: RollResult) -> str:
    """` each ≥ 4: 2 succeed` (`of 3 needed: failure` when the pool needs a count)."""
    text = ""
    if prompt.compare is not None and result.threshold is not None:
        symbol = SYMBOLS[prompt.compare]
        if prompt.modifiers and not prompt.mod_target:
            text += f" each {prompt.modifier:+d} {symbol} {result.threshold}"
        else:
            text += f" each {symbol} {result.threshold}"
    text += f": {result.total} succeed"
    if result.success is not None:
        text += f", {prompt.need} needed: " + ("success" if result.success else "failure")
    return text
