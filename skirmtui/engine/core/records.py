"""The engine's record classes: classes built as attrs builds them, sharing repr, eq, hash.

`record` and `frozen_record` build a class as `attrs.define` / `attrs.frozen` would
(`record_class.py`, without importing attrs: start-up), then give every class the same
three functions instead of three compiled per class, which read the fields recorded in
`__attrs_attrs__`. They behave as attrs's own (tests/engine/test_records.py compares
them): the repr lists the fields with `repr=True`; equal means the same class and equal
fields with `eq=True`; a mutable record is unhashable, a frozen one hashes its `eq`
fields. A method the class body defines itself is kept, as attrs keeps it. Fields are
declared with `field`, copies made with `evolve` (attrs's own for mypy).

A frozen record made often (every prompt, answer and roll result of a battle: issue 28)
gets a faster `__init__` once it has been made `_FAST_AFTER` times (`_fast_init`):
attrs's sets each field through `object.__setattr__` (the class forbids assignment),
about 0.2 µs a field, a third of the cost of making a 20-field `Roll`; this one makes
the instance a twin class that allows assignment (the same slots), assigns the fields
plainly and gives it its class back. Same parameters, defaults, factories and
converters as attrs's; a class with validators or init hooks, and any subclass not
made by `frozen_record`, keeps the record's first one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

from skirmtui.engine.core import record_class
from skirmtui.engine.core.record_class import Factory

if TYPE_CHECKING:
    # mypy sees attrs's own functions: its attrs plugin types the fields, converters and
    # `evolve` of every record. At run time, record_class's (attrs is not imported).
    from attrs import NOTHING as NOTHING
    from attrs import evolve as evolve
    from attrs import field as field
    from attrs import fields as fields
else:
    from skirmtui.engine.core.record_class import NOTHING, evolve, field, fields

__all__ = ["NOTHING", "evolve", "field", "fields", "frozen_record", "record"]

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
        names = [f.name for f in fields(cls) if f.eq]
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
        names = _REPR_NAMES[cls] = tuple(f.name for f in fields(cls) if f.repr)
    seen.add(id(self))
    try:
        body = ", ".join(f"{n}={getattr(self, n, NOTHING)!r}" for n in names)
    finally:
        seen.discard(id(self))
    return f"{name}({body})"


#: Instances of a frozen record made with attrs's `__init__` before it gets its own.
_FAST_AFTER = 64


def _counted_init(cls: type) -> Callable[..., None]:
    """attrs's `__init__`, counting the instances it makes: at `_FAST_AFTER` the class
    gets `_fast_init`'s (a class made a few times, a table of the rules, never pays for
    compiling one: start-up)."""
    attrs_init: Callable[..., None] = cls.__init__  # type: ignore[misc]
    made = 0

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal made
        made += 1
        if made == _FAST_AFTER:
            cls.__init__ = _fast_init(cls, attrs_init)  # type: ignore[misc]
        attrs_init(self, *args, **kwargs)

    return __init__


def _fast_init(cls: type, attrs_init: Callable[..., None]) -> Callable[..., None]:
    """An `__init__` for frozen `cls` that assigns its fields plainly (see the module's
    docstring); attrs's own where that would not be the same."""
    found = record_class.fields(cls)
    if (
        hasattr(cls, "__attrs_pre_init__")
        or hasattr(cls, "__attrs_post_init__")
        or any(isinstance(f.default, Factory) and f.default.takes_self for f in found)
    ):
        return attrs_init
    # Both of the frozen class's hooks undone: CPython assigns plainly (and fast) only
    # when neither `__setattr__` nor `__delattr__` is a Python function.
    allow = {"__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
    twin = type(cls.__name__, (cls,), {"__slots__": (), **allow})
    parts = record_class.init_parts(cls, found, plain=True)
    scope = {**parts.scope, "_cls": cls, "_twin": twin, "_attrs_init": attrs_init}
    source = "\n".join(
        [
            f"def __init__({parts.signature}):",
            "    if self.__class__ is not _cls:  # a subclass attrs did not make",
            f"        return _attrs_init(self, {', '.join(parts.forward)})",
            "    _set(self, '__class__', _twin)",
            *parts.body,
            "    self.__class__ = _cls",
        ]
    )
    exec(compile(source, f"<fast init of {cls.__qualname__}>", "exec"), scope)
    init: Callable[..., None] = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


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
            return _share(record_class.build(cls, frozen=False, kw_only=kw_only), False)

        return build(cls) if cls is not None else build

    def frozen_record(cls: _C | None = None, /, *, kw_only: bool = False) -> Any:
        """An immutable record (`attrs.frozen`, slotted), shared repr, eq and hash."""

        def build(cls: _C) -> _C:
            built = _share(record_class.build(cls, frozen=True, kw_only=kw_only), True)
            built.__init__ = _counted_init(built)
            return built

        return build(cls) if cls is not None else build
