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

__all__ = [
    "NOTHING",
    "as_method",
    "evolve",
    "explicit",
    "field",
    "fields",
    "frozen",
    "frozen_record",
    "is_native",
    "record",
    "replace",
]

_C = TypeVar("_C", bound=type)
_T = TypeVar("_T")

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


def _share(cls: _C, frozen: bool, written: bool = False) -> _C:
    """The shared repr, eq and hash, unless the class defines its own (`written`: a
    record written out, whose `__hash__` Python set to None or left as object's)."""
    own = cls.__dict__
    if "__repr__" not in own:
        type.__setattr__(cls, "__repr__", _repr)
    if "__eq__" not in own:
        type.__setattr__(cls, "__eq__", _eq)  # `!=` is object's: not `_eq`
        if written or "__hash__" not in own:
            type.__setattr__(cls, "__hash__", _hash if frozen else None)
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


# -- records written out (the compiled build's native classes, issue 28) -----------------


def replace(inst: _T, /, **changes: Any) -> _T:
    """`evolve` of a record written out (`explicit`): mypy's attrs plugin types
    `evolve` for attrs's own classes only."""
    return record_class.evolve(inst, **changes)  # type: ignore[no-any-return]


def as_method(function: Callable[..., Any]) -> Callable[..., Any]:
    """`function` made a method of a class: a compiled function does not bind as one
    (a Python function is returned as it is)."""
    import types

    if isinstance(function, types.FunctionType):
        return function

    def method(self: Any, *args: Any) -> Any:
        return function(self, *args)

    method.__name__ = method.__qualname__ = getattr(function, "__name__", "method")
    return method


def is_native(cls: type) -> bool:
    """Whether `cls` is a mypyc native class (the compiled build): its instances are C
    structs, made and read without Python code, but no Python class can derive from
    it, `object.__new__` cannot make one and it takes no weak reference."""
    return "__mypyc_attrs__" in cls.__dict__


def frozen(name: str) -> None:
    """What a written-out frozen record's `__setattr__`/`__delattr__` call: attrs's
    `FrozenInstanceError`, as `frozen_record`'s do."""
    from attrs.exceptions import FrozenInstanceError

    raise FrozenInstanceError


def _fields_of_init(params: list[Any], specs: dict[str, Any], native: bool) -> Any:
    """A written-out record's fields, from its `__init__`'s parameters (a default there,
    or a factory or converter in `specs`), as `record_class.fields` gives them. (A
    native class's signature shows a default that is no literal, `NOTHING`, as `...`.)"""
    found = []
    for param in params:
        default = param.default
        if default is param.empty or (native and default is Ellipsis):
            default = NOTHING
        spec = specs.get(param.name)
        if spec is None:
            spec = record_class._Spec(default)
        elif not isinstance(spec.default, Factory):  # a copy: specs are shared (ROLL_SPECS)
            spec = record_class._Spec(
                default, spec.converter, spec.eq, spec.repr, spec.init, spec.kw_only, spec.alias
            )
        kw_only = param.kind is param.KEYWORD_ONLY
        found.append(record_class.Attribute(param.name, spec, kw_only))
    return record_class._Fields(found)


def _finish(cls: type, found: Any, frozen: bool) -> None:
    """What `record_class.build` gives a class, given in place to a Python class
    written out: its state functions and `record_class`'s `__init__` (the class body's
    slots and frozen hooks are its own)."""
    names = tuple(a.name for a in found)
    for name, function in record_class._state_functions(names).items():
        type.__setattr__(cls, name, function)
    init = record_class._lazy_init(cls, found, not frozen, 8)  # build's compile_after
    type.__setattr__(cls, "__init__", init)


#: Each written-out record's own `__init__`, as written (its fields' signature).
_WRITTEN: dict[type, Callable[..., None]] = {}


def _remake(cls: type, values: dict[str, Any]) -> Any:
    """A native record from its `__init__`'s arguments (`__reduce__`: pickle and copy)."""
    return cls(**values)


def _reduce(self: Any) -> tuple[Any, ...]:
    found = record_class.fields(self.__class__)
    return _remake, (self.__class__, {a.alias: getattr(self, a.name) for a in found})


def _native_params(cls: type, kw_only: bool) -> list[Any]:
    """A native class's `__init__` parameters: its attributes (`__mypyc_attrs__`, in
    field order, but private slots such as `_later`), with their defaults when the
    class has a signature of them (mypyc gives one only when every default is a
    literal; else a base's or none)."""
    import inspect

    names: list[str] = []
    for c in reversed(cls.__mro__):  # a base's first (a class lists its own first)
        names += [
            n
            for n in c.__dict__.get("__mypyc_attrs__", ())
            if n not in names and not n.startswith("_")
        ]
    try:
        params = list(inspect.signature(cls).parameters.values())
    except ValueError:
        params = []
    if [p.name for p in params] == names:
        return params
    kind = inspect.Parameter.KEYWORD_ONLY if kw_only else inspect.Parameter.POSITIONAL_OR_KEYWORD
    return [inspect.Parameter(n, kind) for n in names]


def explicit(
    cls: type, *, frozen: bool, kw_only: bool = False, specs: dict[str, Any] | None = None
) -> None:
    """Make `cls`, a record written out (`__slots__`, annotations, its own `__init__`
    with every field a parameter, in field order, base fields first; frozen: its own
    `__setattr__`/`__delattr__` calling `frozen`), what `record`/`frozen_record` would
    have built of it, in place: the same fields (`__attrs_attrs__`, read off the
    `__init__`'s signature; `specs`: a field's `field(...)` when it has a converter or
    is left out of eq or repr), repr, eq, hash, `__match_args__`, copy and pickle.

    As Python (the plain install) it then IS that record: its `__init__` becomes the
    one `record_class` writes (and, frozen, the fast one after `_FAST_AFTER`), so its
    own serves only the compiled build, where mypyc makes the class a native one (a
    decorator would keep it a Python class) and its `__init__` a C function; there
    only what Python code reads is added (tests/test_compiled_build.py and the
    compiled install's tests hold both to the record)."""
    import inspect

    native = is_native(cls)
    if native:
        params = _native_params(cls, kw_only)
    else:
        written = cls.__dict__.get("__init__")
        if written is None:  # the base's, as it was written (it is replaced below)
            written = next(_WRITTEN[c] for c in cls.__mro__ if c in _WRITTEN)
        _WRITTEN[cls] = written
        params = list(inspect.signature(written).parameters.values())[1:]  # (self)
    found = _fields_of_init(params, specs or {}, native)
    type.__setattr__(cls, "__attrs_attrs__", found)
    type.__setattr__(
        cls, "__match_args__", tuple(a.name for a in found if a.init and not a.kw_only)
    )
    if native:
        type.__setattr__(cls, "__reduce__", _reduce)
    else:
        _finish(cls, found, frozen)
    _share(cls, frozen, written=True)
    if frozen and not native:
        type.__setattr__(cls, "__init__", _counted_init(cls))
