"""The engine's record classes: attrs classes whose repr, eq and hash are shared.

attrs compiles a `__repr__` and an `__eq__` (and, for a frozen class, a `__hash__`)
from source for every class it builds, at import; for the ~30 classes a battle needs
that was ~6 ms of every start-up. `record` and `frozen_record` let attrs build the
fields, `__init__`, slots, converters and `evolve` as usual, then give every class the
same three functions, which read the fields attrs recorded. They behave as attrs's own
(tests/engine/test_records.py compares them): the repr lists the fields with
`repr=True`; equal means the same class and equal fields with `eq=True`; a mutable
record is unhashable, a frozen one hashes its `eq` fields. A method the class body
defines itself is kept, as attrs keeps it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

__all__ = ["frozen_record", "record"]

_C = TypeVar("_C", bound=type)

#: Per class: its `eq` fields' values as one tuple (a C getter: eq stays fast).
_EQ_VALUES: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
#: Per class: the names its repr shows.
_REPR_NAMES: dict[type, tuple[str, ...]] = {}
#: Ids of the records whose repr is being built on this thread (a cycle prints `...`).
_REPRING = threading.local()


def _eq_values(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    getter = _EQ_VALUES.get(cls)
    if getter is None:
        names = [field.name for field in attrs.fields(cls) if field.eq]
        if len(names) > 1:
            getter = attrgetter(*names)
        elif names:
            single = attrgetter(names[0])
            getter = lambda record: (single(record),)  # noqa: E731 - one field
        else:
            getter = lambda record: ()  # noqa: E731 - no field
        _EQ_VALUES[cls] = getter
    return getter


def _eq(self: Any, other: object) -> object:
    cls = self.__class__
    if other.__class__ is not cls:
        return NotImplemented
    values = _eq_values(cls)
    return bool(values(self) == values(other))


def _hash(self: Any) -> int:
    cls = self.__class__
    return hash((cls, _eq_values(cls)(self)))


def _repr(self: Any) -> str:
    cls = self.__class__
    name = cls.__qualname__.rsplit(">.", 1)[-1]
    seen: set[int] | None = getattr(_REPRING, "ids", None)
    if seen is None:
        seen = _REPRING.ids = set()
    if id(self) in seen:
        return "..."
    names = _REPR_NAMES.get(cls)
    if names is None:
        names = _REPR_NAMES[cls] = tuple(f.name for f in attrs.fields(cls) if f.repr)
    seen.add(id(self))
    try:
        body = ", ".join(f"{n}={getattr(self, n, attrs.NOTHING)!r}" for n in names)
    finally:
        seen.discard(id(self))
    return f"{name}({body})"


def _share(cls: _C, frozen: bool) -> _C:
    own = cls.__dict__
    if "__repr__" not in own:
        cls.__repr__ = _repr  # type: ignore[assignment]
    if "__eq__" not in own:
        cls.__eq__ = _eq  # type: ignore[assignment]  # `!=` is object's: not `_eq`
        if "__hash__" not in own:
            cls.__hash__ = _hash if frozen else None  # type: ignore[assignment]
    return cls


if TYPE_CHECKING:
    # mypy sees attrs's own decorators: its attrs plugin then types the fields,
    # converters and `attrs.evolve` of every record. At run time, the wrappers below.
    from attrs import define as record
    from attrs import frozen as frozen_record
else:

    def record(cls: _C | None = None, /, *, kw_only: bool = False) -> Any:
        """A mutable record (`attrs.define`, slotted), shared repr and eq, unhashable."""

        def build(cls: _C) -> _C:
            return _share(attrs.define(cls, repr=False, eq=False, kw_only=kw_only), False)

        return build(cls) if cls is not None else build

    def frozen_record(cls: _C | None = None, /, *, kw_only: bool = False) -> Any:
        """An immutable record (`attrs.frozen`, slotted), shared repr, eq and hash."""

        def build(cls: _C) -> _C:
            return _share(attrs.frozen(cls, repr=False, eq=False, kw_only=kw_only), True)

        return build(cls) if cls is not None else build
