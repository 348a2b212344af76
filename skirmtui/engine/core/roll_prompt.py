"""`Roll`, a declarative roll, and `RollResult`, what it resolves to (prompts.py
re-exports them: kept apart so each module stays small)."""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Literal, TypeAlias

from skirmtui.engine.core import records
from skirmtui.engine.core.dice import Dice, DiceError, DiceSum, parse_expr
from skirmtui.engine.core.items import assignable
from skirmtui.engine.core.prompt_base import AnswerError, AnswerValue, Prompt
from skirmtui.engine.core.roll_words import described

__all__ = [
    "NO_NATURALS",
    "ROLL_SPECS",
    "Compare",
    "Roll",
    "RollResult",
    "describe_roll",
    "faces_of",
    "roll_of",
]

Compare: TypeAlias = Literal["<=", ">=", "<", ">"]

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
}


class RollResult:
    """A resolved roll: what the step receives and what the log records (a frozen
    record written out: `records.explicit`)."""

    __slots__ = ("__weakref__", "critical", "faces", "natural", "success", "threshold", "total")
    faces: tuple[int, ...]
    natural: int
    total: int
    threshold: int | None
    success: bool | None
    critical: Literal["success", "failure"] | None
    __attrs_attrs__: ClassVar[Any] = ()

    def __init__(
        self,
        faces: tuple[int, ...],
        natural: int,
        total: int,
        threshold: int | None,
        success: bool | None,
        critical: Literal["success", "failure"] | None,
    ) -> None:
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "natural", natural)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "threshold", threshold)
        object.__setattr__(self, "success", success)
        object.__setattr__(self, "critical", critical)

    def __setattr__(self, name: str, value: object) -> None:
        records.frozen(name)

    def __delattr__(self, name: str) -> None:
        records.frozen(name)


records.explicit(RollResult, frozen=True)
#: The compiled build's `RollResult` is a native class (made by its own `__init__`);
#: the plain install's is made with one class swap (`_result`).
_NATIVE = records.is_native(RollResult)
_RESULT = RollResult if _NATIVE else assignable(RollResult)
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
    """`RollResult(...)` with one class swap (`items.assignable`): one a roll answered
    (the compiled build's native class: its `__init__`, a C function)."""
    if _NATIVE:
        return RollResult(faces, natural, total, threshold, success, critical)
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


#: A `Roll`'s empty always-set (one object: `frozenset` of a frozenset is itself).
NO_NATURALS: frozenset[int] = frozenset()


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

    __slots__ = (
        "always_fail",
        "always_succeed",
        "compare",
        "crit_failure",
        "crit_success",
        "dice",
        "mod_target",
        "modifiers",
        "need",
        "per_die",
        "threshold",
    )
    dice: str
    compare: Compare | None
    threshold: int | None
    modifiers: tuple[tuple[str, int], ...]
    mod_target: bool
    always_succeed: frozenset[int]
    always_fail: frozenset[int]
    crit_success: frozenset[int]
    crit_failure: frozenset[int]
    per_die: bool
    need: int | None
    kind: ClassVar[str] = "roll"

    def __init__(
        self,
        *,
        key: str,
        text: str,
        side: str | None = None,
        actor: str | None = None,
        target: str | None = None,
        help: str = "",
        actors: tuple[str, ...] = (),
        targets: tuple[str, ...] = (),
        default: AnswerValue | None = None,
        dice: str,
        compare: Compare | None = None,
        threshold: int | None = None,
        modifiers: Sequence[tuple[str, int]] = (),
        mod_target: bool = False,
        always_succeed: Iterable[int] = NO_NATURALS,
        always_fail: Iterable[int] = NO_NATURALS,
        crit_success: Iterable[int] = NO_NATURALS,
        crit_failure: Iterable[int] = NO_NATURALS,
        per_die: bool = False,
        need: int | None = None,
    ) -> None:
        Prompt.__init__(
            self,
            key=key,
            text=text,
            side=side,
            actor=actor,
            target=target,
            help=help,
            actors=actors,
            targets=targets,
            default=default,
        )
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "compare", compare)
        object.__setattr__(self, "threshold", threshold)
        object.__setattr__(self, "modifiers", _modifier_tuple(modifiers))
        object.__setattr__(self, "mod_target", mod_target)
        object.__setattr__(self, "always_succeed", frozenset(always_succeed))
        object.__setattr__(self, "always_fail", frozenset(always_fail))
        object.__setattr__(self, "crit_success", frozenset(crit_success))
        object.__setattr__(self, "crit_failure", frozenset(crit_failure))
        object.__setattr__(self, "per_die", per_die)
        object.__setattr__(self, "need", need)

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


#: `Roll`'s converters (`records.explicit`; `SharedRoll` takes them too).
ROLL_SPECS: dict[str, Any] = {
    "modifiers": records.field(converter=_modifier_tuple),
    "always_succeed": records.field(converter=frozenset),
    "always_fail": records.field(converter=frozenset),
    "crit_success": records.field(converter=frozenset),
    "crit_failure": records.field(converter=frozenset),
}
records.explicit(Roll, frozen=True, kw_only=True, specs=ROLL_SPECS)


#: The keywords `Roll` takes (`roll_of`).
_ROLL_KEYS = frozenset(a.name for a in records.fields(Roll))


def roll_of(fields: dict[str, Any]) -> Roll:
    """`Roll(**fields)`, as the compiled build makes it fast (`prompts.MAKERS`: a native
    class called with a dict reads each of its keywords by a C string, ~14 k
    instructions for a `Roll`; this is a compiled call of its `__init__`). A missing or
    unknown keyword is `Roll(**fields)`'s own refusal."""
    if "key" not in fields or "text" not in fields or "dice" not in fields:
        return Roll(**fields)
    if not _ROLL_KEYS.issuperset(fields):
        return Roll(**fields)
    get = fields.get
    return Roll(
        key=fields["key"],
        text=fields["text"],
        side=get("side"),
        actor=get("actor"),
        target=get("target"),
        help=get("help", ""),
        actors=get("actors", ()),
        targets=get("targets", ()),
        default=get("default"),
        dice=fields["dice"],
        compare=get("compare"),
        threshold=get("threshold"),
        modifiers=get("modifiers", ()),
        mod_target=get("mod_target", False),
        always_succeed=get("always_succeed", NO_NATURALS),
        always_fail=get("always_fail", NO_NATURALS),
        crit_success=get("crit_success", NO_NATURALS),
        crit_failure=get("crit_failure", NO_NATURALS),
        per_die=get("per_die", False),
        need=get("need"),
    )


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
