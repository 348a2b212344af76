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

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from skirmtui.engine.core import records
from skirmtui.engine.core.dice import below
from skirmtui.engine.core.options import LazyOptions as LazyOptions
from skirmtui.engine.core.options import Option as Option
from skirmtui.engine.core.options import as_options
from skirmtui.engine.core.pick import Pick as Pick
from skirmtui.engine.core.prompt_base import PASSIVE_CHANCE as PASSIVE_CHANCE
from skirmtui.engine.core.prompt_base import AnswerError as AnswerError
from skirmtui.engine.core.prompt_base import AnswerValue as AnswerValue
from skirmtui.engine.core.prompt_base import Prompt as Prompt
from skirmtui.engine.core.prompt_base import legal
from skirmtui.engine.core.roll_prompt import _COMPARE as _COMPARE
from skirmtui.engine.core.roll_prompt import Compare as Compare
from skirmtui.engine.core.roll_prompt import Roll as Roll
from skirmtui.engine.core.roll_prompt import RollResult as RollResult
from skirmtui.engine.core.roll_prompt import describe_roll as describe_roll
from skirmtui.engine.core.roll_prompt import faces_of as faces_of
from skirmtui.engine.core.roll_prompt import roll_of
from skirmtui.engine.core.roll_words import SYMBOLS as SYMBOLS

_RANDOM = random.Random


class Choose(Prompt):
    """One of a list of options (some disabled with a reason)."""

    __slots__ = ("options",)
    #: A tuple, or `LazyOptions` for a long list (read it as any sequence).
    options: Sequence[Option]
    kind: ClassVar[str] = "choose"

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
        options: Iterable[Option],
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
        object.__setattr__(self, "options", as_options(options))

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
            draw = options.draw  # (`options.grouped`; written out here: a call less)
            if draw is None or type(rng) is not _RANDOM:
                return _lazy_option(options, rng)
            # The two-list rule with counts, the same draws of `rng`: the index-th active
            # option, or the index-th enabled one, found group by group.
            n_enabled, n_active, groups = draw
            if n_active and (n_active == n_enabled or rng.random() >= PASSIVE_CHANCE):
                index, which = below(rng, n_active), 2
            elif n_enabled:
                index, which = below(rng, n_enabled), 1
            else:
                return _lazy_option(options, rng)  # nothing enabled: `rng.choice`'s error
            for group in groups:
                part = group[which]
                if index < len(part):
                    return part[index]
                index -= len(part)
            raise IndexError("a grouped list's counts exceed its groups")
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


records.explicit(
    Choose, frozen=True, kw_only=True, specs={"options": records.field(converter=as_options)}
)


def _lazy_option(options: LazyOptions, rng: random.Random) -> Option:
    """`Choose.random_option` of a lazy list (made for its prompt: its scan is not
    kept): with a `head` and a plain `Random`, the list is not made, only the option
    drawn (`count` options lead, each enabled and active); else the list made. (A
    `draw`'s is `Choose.random_option`'s own.)"""
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


class Ask(Prompt):
    """A fact only the table knows: yes/no, or a number in [minimum, maximum]."""

    __slots__ = ("maximum", "minimum")
    minimum: int | None
    maximum: int | None
    kind: ClassVar[str] = "ask"

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
        minimum: int | None = None,
        maximum: int | None = None,
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
        object.__setattr__(self, "minimum", minimum)
        object.__setattr__(self, "maximum", maximum)

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


records.explicit(Ask, frozen=True, kw_only=True)


class Confirm(Prompt):
    """The table did something (moved, placed): continue."""

    __slots__ = ()
    kind: ClassVar[str] = "confirm"

    def coerce(self, value: object) -> AnswerValue:
        if value is not True:
            raise AnswerError(f"{self.key}: only confirmation is possible")
        return True

    def random_answer(self, rng: random.Random) -> AnswerValue:
        return True

    def describe(self, value: AnswerValue) -> str:
        return "done"


records.explicit(Confirm, frozen=True, kw_only=True)


#: The keywords `Choose` takes (`choose_of`).
_CHOOSE_KEYS = frozenset(a.name for a in records.fields(Choose))


def choose_of(fields: dict[str, Any]) -> Choose:
    """`Choose(**fields)`, as the compiled build makes it fast (see `MAKERS`). A missing
    or unknown keyword is `Choose(**fields)`'s own refusal."""
    if "key" not in fields or "text" not in fields or "options" not in fields:
        return Choose(**fields)
    if not _CHOOSE_KEYS.issuperset(fields):
        return Choose(**fields)
    get = fields.get
    return Choose(
        key=fields["key"],
        text=fields["text"],
        side=get("side"),
        actor=get("actor"),
        target=get("target"),
        help=get("help", ""),
        actors=get("actors", ()),
        targets=get("targets", ()),
        default=get("default"),
        options=fields["options"],
    )


#: The compiled build's makers of a prompt from a dict of its fields (`made`): a native
#: class called with a dict (`cls(**fields)`, `kit.about`) reads each of its keywords by
#: a C string (~7 k instructions for a `Choose`, ~14 k for a `Roll`). Empty as Python,
#: where `cls(**fields)` is what a record's `__init__` takes best.
MAKERS: dict[type, Callable[[dict[str, Any]], Prompt]] = (
    {Choose: choose_of, Roll: roll_of} if records.is_native(Choose) else {}
)
