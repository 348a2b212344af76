"""How a record class is built at run time, without importing attrs (issue 25, start-up).

Importing attrs cost ~48 M instructions (its own classes are attrs classes, built at
import), and attrs then built each of the ~30 record classes a battle imports with
another ~1–2 M (fields, an `__init__` compiled from source, the slotted copy): ~20 % of
what `skirmtui demo` does more than a bare Textual app before its first frame. A
record needs only a small part of attrs, so it is built here as attrs builds it
(`attrs.define` / `attrs.frozen` with the options the app uses): the fields from the
class's annotations (base classes' first), a slotted class with a `__weakref__` slot,
`__attrs_attrs__` (so `attrs.fields`, `attrs.evolve`, `attrs.has` and `attrs.asdict`
work on records), `__match_args__`, pickling and copying of frozen records, frozen
records refusing assignment with attrs's `FrozenInstanceError`, and an `__init__` with
attrs's parameters (a private field's is its name without the underscore), defaults,
factories and converters, calling `__attrs_post_init__`. The `__init__` is compiled
only once a class has made a few instances (one generic `__init__` before): a class
the first screen makes a few times, or never, costs no compile.
mypy sees attrs's own `field`, `evolve` and decorators (`records.py`), so its attrs
plugin keeps typing records; tests/engine/test_records.py holds records to attrs's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

__all__ = ["NOTHING", "Attribute", "Factory", "build", "evolve", "field", "fields"]


class _Nothing:
    """attrs's `NOTHING`: no default (a field the caller must give)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NOTHING"

    def __bool__(self) -> bool:
        return False


NOTHING: Any = _Nothing()


class Factory:
    """A default made anew for each instance (`attrs.Factory`)."""

    __slots__ = ("factory", "takes_self")

    def __init__(self, factory: Callable[..., Any], takes_self: bool = False) -> None:
        self.factory = factory
        self.takes_self = takes_self


class Attribute:
    """One field of a record, with the attributes of attrs's `Attribute` the app,
    attrs's own functions and the tests read."""

    __slots__ = ("alias", "converter", "default", "eq", "init", "kw_only", "name", "repr")
    validator = None
    hash = None
    order = False
    inherited = False
    on_setattr = None
    metadata: dict[str, Any] = {}
    type = None

    def __init__(self, name: str, spec: _Spec, kw_only: bool) -> None:
        self.name = name
        self.alias = spec.alias or name.lstrip("_")
        self.default = spec.default
        self.converter = spec.converter
        self.eq = spec.eq
        self.repr = spec.repr
        self.init = spec.init
        self.kw_only = spec.kw_only or kw_only

    def __repr__(self) -> str:
        return f"Attribute(name={self.name!r}, default={self.default!r})"


class _Fields(tuple[Attribute, ...]):
    """A record's fields in order; `fields(C).name` reads one, as attrs's."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Attribute:
        for attribute in self:
            if attribute.name == name:
                return attribute
        raise AttributeError(name)


class _Spec:
    __slots__ = ("alias", "converter", "default", "eq", "init", "kw_only", "repr")

    def __init__(
        self,
        default: Any = NOTHING,
        converter: Callable[[Any], Any] | None = None,
        eq: bool = True,
        repr: bool = True,
        init: bool = True,
        kw_only: bool = False,
        alias: str | None = None,
    ) -> None:
        self.default = default
        self.converter = converter
        self.eq = eq
        self.repr = repr
        self.init = init
        self.kw_only = kw_only
        self.alias = alias


def field(
    *,
    default: Any = NOTHING,
    factory: Callable[[], Any] | None = None,
    converter: Callable[[Any], Any] | None = None,
    eq: bool = True,
    repr: bool = True,
    init: bool = True,
    kw_only: bool = False,
    alias: str | None = None,
) -> Any:
    """A field with options (`attrs.field`: the options the app uses)."""
    if factory is not None:
        if default is not NOTHING:
            raise ValueError("The `default` and `factory` arguments are mutually exclusive.")
        default = Factory(factory)
    return _Spec(default, converter, eq, repr, init, kw_only, alias)


def fields(cls: type) -> tuple[Attribute, ...]:
    """A record class's fields (`attrs.fields`)."""
    found: tuple[Attribute, ...] | None = getattr(cls, "__attrs_attrs__", None)
    if found is None:
        raise TypeError(f"{cls!r} is not a record class")
    return found


def evolve(inst: Any, /, **changes: Any) -> Any:
    """A copy of `inst` with `changes` (`attrs.evolve`)."""
    cls = inst.__class__
    for attribute in fields(cls):
        if attribute.init and attribute.alias not in changes:
            changes[attribute.alias] = getattr(inst, attribute.name)
    return cls(**changes)


def _is_class_var(annotation: object) -> bool:
    text = str(annotation).strip("'\"")
    return text.startswith(("ClassVar", "typing.ClassVar", "t.ClassVar"))


def _spec_of(value: Any) -> _Spec:
    if isinstance(value, _Spec):
        return value
    if type(value).__name__ == "_CountingAttr":  # `attrs.field` (a test's record)
        import attrs

        if value._validator is not None or value.on_setattr is not None:
            raise TypeError("a record takes no validators and no on_setattr hooks")
        default = value._default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = Factory(default.factory, default.takes_self)
        elif default is attrs.NOTHING:
            default = NOTHING
        return _Spec(
            default, value.converter, value.eq, value.repr, value.init, value.kw_only, value.alias
        )
    return _Spec(value)


def _fields_of(cls: type, kw_only: bool) -> tuple[_Fields, set[str]]:
    if "__annotations__" not in cls.__dict__ and "__annotate__" in cls.__dict__:
        # Python 3.14's deferred annotations: the fields are read from `__annotations__`.
        raise TypeError(
            f"{cls.__qualname__}: a record's module needs `from __future__ import annotations`"
        )
    own = [
        Attribute(name, _spec_of(cls.__dict__.get(name, NOTHING)), kw_only)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items()  # noqa: RUF063 - own only, no inspect
        if not _is_class_var(annotation)
    ]
    own_names = {a.name for a in own}
    inherited: list[Attribute] = []
    taken: set[str] = set()
    for base in reversed(cls.__mro__[1:-1]):
        for attribute in base.__dict__.get("__attrs_attrs__", ()):
            if attribute.name not in taken and attribute.name not in own_names:
                inherited.append(attribute)
                taken.add(attribute.name)
    found = _Fields((*inherited, *own))
    had_default = False
    for attribute in found:
        if attribute.kw_only or not attribute.init:
            continue
        if had_default and attribute.default is NOTHING:
            raise ValueError(
                f"No mandatory attributes allowed after an attribute with a default value "
                f"or factory.  Attribute in question: {attribute!r}"
            )
        had_default = had_default or attribute.default is not NOTHING
    return found, taken


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    from attrs.exceptions import FrozenInstanceError

    raise FrozenInstanceError


def _frozen_delattr(self: Any, name: str) -> None:
    from attrs.exceptions import FrozenInstanceError

    raise FrozenInstanceError


def _state_functions(names: tuple[str, ...]) -> dict[str, Callable[..., Any]]:
    """`__getstate__` and `__setstate__` of a slotted record (pickle, `copy`): a frozen
    record's state is set past its `__setattr__`, as attrs's."""

    def __getstate__(self: Any) -> dict[str, Any]:
        return {name: getattr(self, name) for name in names}

    def __setstate__(self: Any, state: dict[str, Any]) -> None:
        assign = object.__setattr__.__get__(self)
        for name in names:
            if name in state:
                assign(name, state[name])

    return {"__getstate__": __getstate__, "__setstate__": __setstate__}


class InitParts(NamedTuple):
    """What an `__init__`'s source is made of: its signature, its body's lines, the
    names they read, and `alias=alias` for each parameter (to pass them on)."""

    signature: str
    body: list[str]
    scope: dict[str, Any]
    forward: list[str]


def init_parts(cls: type, found: tuple[Attribute, ...], plain: bool) -> InitParts:
    """The parts of `cls`'s `__init__` as attrs writes it: fields assigned plainly
    (`plain`) or past a frozen class's `__setattr__`; also `records.py`'s fast one."""
    scope: dict[str, Any] = {"NOTHING": NOTHING, "_set": object.__setattr__}
    params: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    forward: list[str] = []
    for i, attribute in enumerate(found):
        default = attribute.default
        factory = isinstance(default, Factory)
        if factory:
            scope[f"_f{i}"] = default.factory
        make = f"_f{i}(self)" if factory and default.takes_self else f"_f{i}()"
        if not attribute.init:
            if factory:
                value = make
            elif default is not NOTHING:
                scope[f"_d{i}"] = default
                value = f"_d{i}"
            else:
                continue
            if attribute.converter is not None:  # attrs converts a default too
                scope[f"_c{i}"] = attribute.converter
                value = f"_c{i}({value})"
        else:
            name = value = attribute.alias
            if factory:
                param = f"{name}=NOTHING"
                body.append(f"    if {name} is NOTHING:\n        {name} = {make}")
            elif default is not NOTHING:
                scope[f"_d{i}"] = default
                param = f"{name}=_d{i}"
            else:
                param = name
            (keyword if attribute.kw_only else params).append(param)
            forward.append(f"{name}={name}")
            if attribute.converter is not None:
                scope[f"_c{i}"] = attribute.converter
                value = f"_c{i}({name})"
        if plain:
            body.append(f"    self.{attribute.name} = {value}")
        else:
            body.append(f"    _set(self, {attribute.name!r}, {value})")
    if hasattr(cls, "__attrs_post_init__"):
        body.append("    self.__attrs_post_init__()")
    signature = ", ".join(["self", *params, *(["*", *keyword] if keyword else [])])
    return InitParts(signature, body, scope, forward)


def _init_source(cls: type, found: _Fields, plain: bool) -> tuple[str, dict[str, Any]]:
    """The source of `cls`'s `__init__` and the names it reads, as attrs writes it."""
    parts = init_parts(cls, found, plain)
    lines = [f"def __init__({parts.signature}):", *(parts.body or ["    pass"])]
    return "\n".join(lines), parts.scope


def _generic_init(cls: type, found: _Fields, plain: bool) -> Callable[..., None]:
    """The `__init__` `_init_source` writes, as one function for every record: no compile,
    ~5× slower a call; what a class made a few times before the first frame uses."""
    assign: Callable[[Any, str, Any], None] = setattr if plain else object.__setattr__
    positional = tuple(a.alias for a in found if a.init and not a.kw_only)
    by_alias = {a.alias: a for a in found if a.init}
    required = [a.alias for a in found if a.init and a.default is NOTHING]
    post = hasattr(cls, "__attrs_post_init__")
    name = f"{cls.__qualname__}.__init__()"

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(positional):
            raise TypeError(
                f"{name} takes {len(positional) + 1} positional arguments "
                f"but {len(args) + 1} were given"
            )
        given = dict(zip(positional, args, strict=False))
        for key, value in kwargs.items():
            if key in given:
                raise TypeError(f"{name} got multiple values for argument '{key}'")
            if key not in by_alias:
                raise TypeError(f"{name} got an unexpected keyword argument '{key}'")
            given[key] = value
        missing = [alias for alias in required if alias not in given]
        if missing:
            raise TypeError(f"{name} missing {len(missing)} required argument(s): {missing}")
        for attribute in found:
            default = attribute.default
            if attribute.init and attribute.alias in given:
                value = given[attribute.alias]
                if value is NOTHING and isinstance(default, Factory):
                    value = default.factory(self) if default.takes_self else default.factory()
            elif isinstance(default, Factory):
                value = default.factory(self) if default.takes_self else default.factory()
            elif default is NOTHING:
                continue
            else:
                value = default
            if attribute.converter is not None:
                value = attribute.converter(value)
            assign(self, attribute.name, value)
        if post:
            self.__attrs_post_init__()

    return __init__


def _lazy_init(cls: type, found: _Fields, plain: bool, compile_after: int) -> Callable[..., None]:
    """The record's `__init__`: `_generic_init`'s for its first `compile_after` instances,
    then its own, compiled, put in the class's place unless something wrapped it since
    (`records.py`). Most classes are made a few times before the first frame, and a
    compile costs as much as ~30 generic calls."""
    made = 0
    init: Callable[..., None] | None = None

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal made, init
        if init is None:
            init = _generic_init(cls, found, plain)
        made += 1
        if made == compile_after:
            source, scope = _init_source(cls, found, plain)
            exec(compile(source, f"<record init of {cls.__qualname__}>", "exec"), scope)
            init = scope["__init__"]
            init.__qualname__ = f"{cls.__qualname__}.__init__"
            if cls.__dict__.get("__init__") is __init__:
                type.__setattr__(cls, "__init__", init)
        init(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _fix_cells(old: type, new: type) -> None:
    """Methods using `super()` or `__class__` point at the class they were defined in:
    make them point at its slotted copy (as attrs does)."""
    for item in new.__dict__.values():
        if isinstance(item, (classmethod, staticmethod)):
            cells = getattr(item.__func__, "__closure__", None)
        elif isinstance(item, property):
            cells = getattr(item.fget, "__closure__", None)
        else:
            cells = getattr(item, "__closure__", None)
        for cell in cells or ():
            try:
                match = cell.cell_contents is old
            except ValueError:  # an empty cell
                continue
            if match:
                cell.cell_contents = new


def build(cls: type, *, frozen: bool, kw_only: bool, compile_after: int = 8) -> Any:
    """`cls` made a slotted record class (`attrs.define` / `attrs.frozen` of it); its
    `__init__` compiled at its `compile_after`th instance."""
    found, base_names = _fields_of(cls, kw_only)
    if not frozen and any(a.converter is not None for a in found):
        # attrs.define converts on assignment too; a record converts only in __init__.
        raise TypeError(f"{cls.__qualname__}: a mutable record's field has no converter")
    names = tuple(a.name for a in found)
    # Slots the class body declares itself: private state that is no field (not in
    # `__attrs_attrs__`: no init, eq, repr or pickling; `LogEntry`'s words made later).
    own = cls.__dict__.get("__slots__", ())
    private = tuple(s for s in ((own,) if isinstance(own, str) else own) if s not in names)
    namespace = {
        k: v
        for k, v in cls.__dict__.items()
        if k not in (*names, *private, "__dict__", "__weakref__")
    }
    existing: set[str] = set()
    weakref_inherited = False
    for base in cls.__mro__[1:-1]:
        if base.__dict__.get("__weakref__") is not None:
            weakref_inherited = True
        existing.update(getattr(base, "__slots__", ()))
    slots = [n for n in names if n not in base_names and n not in existing]
    slots += private
    if not weakref_inherited and "__weakref__" not in names:
        slots.append("__weakref__")
    namespace["__slots__"] = tuple(slots)
    namespace["__qualname__"] = cls.__qualname__
    namespace["__attrs_attrs__"] = found
    namespace["__match_args__"] = tuple(a.name for a in found if a.init and not a.kw_only)
    own_setattr = "__setattr__" in cls.__dict__
    if frozen:
        namespace.setdefault("__setattr__", _frozen_setattr)
        namespace.setdefault("__delattr__", _frozen_delattr)
    elif not own_setattr and any(
        b.__dict__.get("__setattr__") is _frozen_setattr for b in cls.__bases__
    ):
        namespace["__setattr__"] = object.__setattr__
    if "__getstate__" not in namespace:
        namespace.update(_state_functions(names))
    built = type(cls)(cls.__name__, cls.__bases__, namespace)
    if "__init__" not in cls.__dict__:
        plain = not frozen  # `self.x = …`: a class's own `__setattr__` sees it, as attrs's
        type.__setattr__(built, "__init__", _lazy_init(built, found, plain, compile_after))
    _fix_cells(cls, built)
    return built
