"""The options of a `Choose` or a `Pick`: `Option`, and `LazyOptions` for a long list.

Kept apart from prompts.py (which re-exports both) so each module stays small."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import NamedTuple, TypeAlias, overload

__all__ = [
    "Draw",
    "Group",
    "Head",
    "LazyOptions",
    "Option",
    "as_options",
    "group_of",
    "grouped",
    "option_tuple",
]


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
    #: The chance of success of what picking this option leads to (a `Pick` of units
    #: that each test: "which units try the impervious slope?"), shown beside it.
    chance: float | None = None
    #: Options of a `Pick` that share a group exclude each other: at most one of them
    #: is picked (a unit's ground: open, rough or impervious).
    group: str | None = None


#: `LazyOptions.head`: how many options lead the list, the maker of the i-th, the rest.
Head: TypeAlias = tuple[int, Callable[[int], Option], tuple[Option, ...]]
#: One group of a grouped list (`grouped`): its options, those of them enabled, and
#: those enabled and active (not passive): made once with the options (`group_of`).
Group: TypeAlias = tuple[tuple[Option, ...], tuple[Option, ...], tuple[Option, ...]]
#: `LazyOptions.draw`: how many options are enabled, how many of them are active (not
#: passive), and the groups whose options, one after another, are the list (`grouped`).
Draw: TypeAlias = tuple[int, int, list[Group]]


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

    __slots__ = ("_built", "_closed", "_find", "_found", "_head", "_make", "draw")

    def __init__(
        self,
        make: Callable[[], Iterable[Option]],
        find: Callable[[str], Option | None],
        head: Head | None = None,
        draw: Draw | None = None,
    ) -> None:
        self._make = make
        self._find = find
        self._built: tuple[Option, ...] | None = None
        self._closed = False
        #: The last value looked up and its option (an answer is checked, then described).
        self._found: tuple[str, Option | None] | None = None
        self._head = head
        #: `(enabled, active, groups)` (`grouped`: options grouped under their units,
        #: some disabled or passive anywhere) while the list is not made: random play
        #: draws an index and finds it group by group, making nothing
        #: (`Choose.random_option`). None once made, or when not given (a plain
        #: attribute: read at every draw). tests/property/test_lazy_options.py checks it
        #: against `make()`.
        self.draw = draw

    @property
    def head(self) -> Head | None:
        """`(count, nth, after)` when the list is `nth(0)` … `nth(count - 1)`, each
        enabled and not passive, then `after` (`kit.unit_choices`: one option a unit,
        then Done/Cancel), while it is not made: random play draws one of them and makes
        only that one (`Choose.random_option`). None once made, or when not given.
        tests/property/test_lazy_options.py checks it against `make()`."""
        return self._head if self._built is None else None

    def settle(self) -> tuple[Option, ...]:
        """Every option, made now if not yet (then kept)."""
        built = self._built
        if built is None:
            if self._closed:
                raise RuntimeError("the options of an answered prompt were never made")
            built = self._built = tuple(self._make())
            self.draw = None
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


def group_of(options: tuple[Option, ...]) -> Group:
    """`options` as a `grouped` list's group (made where the options are kept)."""
    enabled = tuple([o for o in options if o.disabled is None])
    return options, enabled, tuple([o for o in enabled if not o.passive])


def grouped(groups: list[Group], enabled: int, active: int) -> LazyOptions:
    """The options of `groups` one after another (a unit's actions under it: the
    one-answer questions of which unit acts and how, made at every step), drawn at
    random without the list (`draw`: `Choose.random_option` finds the index drawn group
    by group) and an answer looked up without it. `enabled`, `active`: the groups'
    counts, summed by the caller in the loop that gathers them. (No closure: `partial`s
    and the groups themselves, the fewest objects made a question.)"""
    return LazyOptions(
        partial(_joined, groups), partial(_found, groups), None, (enabled, active, groups)
    )


def _joined(groups: list[Group]) -> list[Option]:
    """`grouped`'s list, made."""
    return [option for group in groups for option in group[0]]


def _found(groups: list[Group], value: str) -> Option | None:
    """`grouped`'s option of `value`, looked up without the list."""
    for group in groups:
        for option in group[0]:
            if option[0] == value:
                return option
    return None


def as_options(value: Iterable[Option]) -> Sequence[Option]:
    """A `Choose`'s options: a `LazyOptions` kept as it is, anything else a tuple."""
    return value if type(value) is LazyOptions else tuple(value)


def option_tuple(value: Iterable[Option]) -> tuple[Option, ...]:
    """A `Pick`'s options (a typed converter: mypy cannot type `converter=tuple`)."""
    return tuple(value)
