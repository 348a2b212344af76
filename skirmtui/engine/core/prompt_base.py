"""What every prompt shares (`Prompt`, `AnswerError`, `AnswerValue`) and the check of an
option named by an answer: the base the prompts of prompts.py and pick.py build on (kept
apart so each module stays small; prompts.py re-exports it all)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, TypeAlias

from skirmtui.engine.core import records
from skirmtui.engine.core.options import Option

#: What an answer may be once stored: all TOML-native (a `Pick` answer is a list of
#: option values in a save, faces a list of numbers).
AnswerValue: TypeAlias = str | bool | int | tuple[int, ...] | tuple[str, ...]

#: How often random play picks a passive option when others are open.
PASSIVE_CHANCE = 0.15


class AnswerError(ValueError):
    """An answer refused for the pending prompt; the message says why. Nothing is stored."""


class Prompt:
    """What every question carries: a stable key, a text, and who it concerns.

    A frozen record written out (`records.explicit`, below the class): the compiled
    build makes the prompts native classes (issue 28), the plain install the record
    `frozen_record(kw_only=True)` would build. Its subclasses list their fields in
    `__slots__` and take every field as a keyword in `__init__`, base fields first."""

    __slots__ = (
        "__weakref__",
        "actor",
        "actors",
        "default",
        "help",
        "key",
        "side",
        "target",
        "targets",
        "text",
    )
    key: str
    text: str
    side: str | None
    actor: str | None
    target: str | None
    help: str
    #: Every unit acting / acted on when there are several (a group acting at the same
    #: moment, a shot at several models); `actor`/`target` name the first.
    actors: tuple[str, ...]
    targets: tuple[str, ...]
    #: The answer Enter accepts (None: no default); a legal answer, in stored form.
    default: AnswerValue | None

    #: The log entry kind of an answer (`choose`, `roll`): the class's name, lower case,
    #: one string per class (a class attribute: read for every answer logged).
    kind: ClassVar[str] = "prompt"
    #: Its fields (`records.fields`), given by `records.explicit`.
    __attrs_attrs__: ClassVar[Any] = ()

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
    ) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "help", help)
        object.__setattr__(self, "actors", actors)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "default", default)

    def __setattr__(self, name: str, value: object) -> None:
        records.frozen(name)

    def __delattr__(self, name: str) -> None:
        records.frozen(name)

    def coerce(self, value: object) -> AnswerValue:
        """Validate `value` as an answer to this prompt (raise `AnswerError`)."""
        raise NotImplementedError

    def random_answer(self, rng: random.Random) -> AnswerValue:
        """A legal answer chosen at random (simulation, property tests)."""
        raise NotImplementedError

    def describe(self, value: AnswerValue) -> str:
        """The answer in words, for the log."""
        return str(value)


records.explicit(Prompt, frozen=True, kw_only=True)


def legal(
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
