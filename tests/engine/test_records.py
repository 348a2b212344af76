"""Records (engine/core/records.py) compare, hash and print as attrs's own classes do."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import skirmtui
from skirmtui.engine.core import records
from skirmtui.engine.core.records import frozen_record, record


@frozen_record
class Mark:
    x: int
    y: int = attrs.field(eq=False)
    note: str = attrs.field(default="", repr=False)


@attrs.frozen
class AttrsMark:
    x: int
    y: int = attrs.field(eq=False)
    note: str = attrs.field(default="", repr=False)


@record
class Tally:
    name: str
    counts: list[int] = attrs.field(factory=list)


@attrs.define
class AttrsTally:
    name: str
    counts: list[int] = attrs.field(factory=list)


@frozen_record(kw_only=True)
class Marked(Mark):
    colour: str = "red"


@frozen_record
class OwnRepr:
    x: int

    def __repr__(self) -> str:
        return "mine"


small = st.integers(-3, 3)


@given(small, small, small, small, st.text(max_size=3))
def test_frozen_record_matches_attrs(x1: int, y1: int, x2: int, y2: int, note: str) -> None:
    ours, theirs = (Mark(x1, y1, note), Mark(x2, y2)), (AttrsMark(x1, y1, note), AttrsMark(x2, y2))
    assert repr(ours[0]) == repr(theirs[0]).replace("AttrsMark", "Mark")
    assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
    assert (ours[0] != ours[1]) == (theirs[0] != theirs[1])
    if ours[0] == ours[1]:
        assert hash(ours[0]) == hash(ours[1])
    assert attrs.evolve(ours[0], x=x2) == Mark(x2, y1 + 1, note)  # y does not count (eq=False)


@given(st.text(max_size=3), st.lists(small, max_size=3), st.lists(small, max_size=3))
def test_mutable_record_matches_attrs(name: str, a: list[int], b: list[int]) -> None:
    assert repr(Tally(name, a)) == repr(AttrsTally(name, a)).replace("AttrsTally", "Tally")
    assert (Tally(name, a) == Tally(name, b)) == (AttrsTally(name, a) == AttrsTally(name, b))


def test_mutable_record_is_unhashable_as_attrs_makes_it() -> None:
    with pytest.raises(TypeError):
        hash(Tally("a"))
    with pytest.raises(TypeError):
        hash(AttrsTally("a"))


def test_records_of_other_classes_are_not_equal() -> None:
    assert Mark(1, 2) != Marked(1, 2)
    assert Mark(1, 2).__eq__(Marked(1, 2)) is NotImplemented
    assert Marked(1, 2) == Marked(1, 5)
    assert Marked(1, 2, colour="red") != Marked(1, 2, colour="blue")
    assert repr(Marked(1, 2)) == "Marked(x=1, y=2, colour='red')"


def test_a_method_the_class_defines_is_kept() -> None:
    assert repr(OwnRepr(1)) == "mine"
    assert OwnRepr(1) == OwnRepr(1)


def test_a_cycle_prints_dots_instead_of_recursing() -> None:
    loop = Tally("loop")
    loop.counts.append(loop)  # type: ignore[arg-type]
    assert repr(loop) == "Tally(name='loop', counts=[...])"


def _skirmtui_classes() -> list[type]:
    found = []
    for info in pkgutil.walk_packages(skirmtui.__path__, "skirmtui."):
        if ".tui" in info.name or info.name.endswith("__main__"):
            continue  # the TUI defines no records (and imports Textual)
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and attrs.has(value) and value.__module__ == info.name:
                found.append(value)
    return found


def test_every_attrs_class_of_the_app_is_a_record() -> None:
    """A class built with attrs.define / attrs.frozen directly would compile its own
    repr and eq at every start-up again: the app's classes use `record`."""
    classes = _skirmtui_classes()
    assert len(classes) > 30
    generated = [
        f"{c.__qualname__}.{name}"
        for c in classes
        for name in ("__repr__", "__eq__", "__hash__")
        if getattr(getattr(c, name), "__code__", None) is not None
        and getattr(c, name).__code__.co_filename.startswith("<attrs generated")
    ]
    assert generated == []
    assert AttrsMark.__repr__.__code__.co_filename.startswith("<attrs generated")  # the check works


def _strings(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@frozen_record(kw_only=True)
class Often:
    """Made more often than `_FAST_AFTER`: it gets the fast `__init__`."""

    name: str
    tags: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    seen: list[int] = attrs.field(factory=list)
    count: int = 0


class PlainOften(Often):
    """A subclass `frozen_record` did not make: attrs's own `__init__` makes it."""


def _made_often() -> list[Often]:
    return [Often(name=str(i), tags=["a", str(i)]) for i in range(records._FAST_AFTER + 2)]


def test_a_record_made_often_gets_its_fast_init_and_is_the_same_record() -> None:
    made = _made_often()
    fast = Often.__init__
    assert fast.__code__.co_filename.startswith("<fast init")
    after = Often(name="x", tags=["a"])
    assert type(after) is Often
    assert after == Often(name="x", tags=("a",), seen=[], count=0)
    assert after.tags == ("a",)  # the converter ran
    assert after.seen == [] and after.seen is not Often(name="x").seen  # a new list each
    assert attrs.evolve(after, count=3).count == 3
    assert repr(after) == "Often(name='x', tags=('a',), seen=[], count=0)"
    assert [o.name for o in made][-1] == str(records._FAST_AFTER + 1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        after.count = 2  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del after.count
    with pytest.raises(TypeError):
        Often()  # type: ignore[call-arg]  # its required field
    with pytest.raises(TypeError):
        Often("x")  # type: ignore[call-arg]  # keywords only, as attrs's


def test_a_subclass_attrs_did_not_make_keeps_its_class() -> None:
    _made_often()
    plain = PlainOften(name="p", tags=["b"])
    assert type(plain) is PlainOften
    assert plain.tags == ("b",)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        plain.name = "q"  # type: ignore[misc]


# -- records are built without attrs (engine/core/record_class.py) -------------------------


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


@frozen_record
class Pinned:
    _secret: int
    shown: tuple[int, ...] = records.field(default=(), converter=_ints)

    def __str__(self) -> str:
        return f"pinned {super().__str__()}"  # super() finds the slotted class, not the first


@record
class Board(Tally):
    width: int = 3


def test_a_private_field_takes_its_name_without_the_underscore_as_attrs_does() -> None:
    pinned = Pinned(secret=2, shown=[1])
    assert pinned._secret == 2 and pinned.shown == (1,)
    assert str(pinned) == "pinned Pinned(_secret=2, shown=(1,))"
    assert records.evolve(pinned, secret=5) == Pinned(5, (1,))
    assert [(f.name, f.alias) for f in attrs.fields(Pinned)] == [
        ("_secret", "secret"),
        ("shown", "shown"),
    ]


def test_records_pickle_copy_and_weakref_as_attrs_classes_do() -> None:
    import copy
    import pickle
    import weakref

    for value in (Mark(1, 2, "n"), Pinned(3, (4,)), Board("b", [1], width=5)):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.copy(value) == value and copy.deepcopy(value) == value
        assert weakref.ref(value)() is value
        assert not hasattr(value, "__dict__")  # slotted, as attrs makes them
    with pytest.raises(AttributeError):
        Board("b").extra = 1  # type: ignore[attr-defined]


def test_a_subclass_record_puts_its_base_fields_first() -> None:
    assert Board("b", [2], 7) == Board(name="b", counts=[2], width=7)
    assert repr(Board("b")) == "Board(name='b', counts=[], width=3)"
    board = Board("b")
    assert attrs.has(Board) and attrs.asdict(board) == {
        "name": "b",
        "counts": [],
        "width": 3,
    }
    assert Board.__match_args__ == ("name", "counts", "width")  # type: ignore[attr-defined]


def test_a_mandatory_field_after_a_default_is_refused_as_attrs_does() -> None:
    class Late:
        early: int = 1
        late: int

    with pytest.raises(ValueError, match="No mandatory attributes"):
        record(Late)


def test_a_record_is_built_without_importing_attrs() -> None:
    """attrs's import was ~48 M instructions of every start-up (issue 25): the app's
    records, the CLI and the battle screen's modules do without it."""
    import subprocess
    import sys

    code = (
        "import sys, skirmtui.cli, skirmtui.engine.core.session, skirmtui.systems.registry\n"
        "from skirmtui.systems.registry import systems\n"
        "from skirmtui.engine.core.session import Session\n"
        "for s in systems().values(): Session(s, s.demo_setup())\n"
        "import skirmtui.tui.app, skirmtui.tui.screens.battle\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('attr', 'attrs')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"


def _calls() -> list[tuple[tuple[object, ...], dict[str, object]]]:
    return [
        (("a",), {}),
        (("a", [1, 2]), {"width": 4}),
        ((), {"name": "b", "counts": [3]}),
        (("a",), {"counts": records.NOTHING}),  # a factory's field given NOTHING: made anew
    ]


_BAD_CALLS: list[tuple[tuple[object, ...], dict[str, object]]] = [
    ((), {}),  # its required field
    (("a", [], 1, 2), {}),  # too many
    (("a",), {"name": "b"}),  # twice
    (("a",), {"colour": "red"}),  # unknown
]


def test_the_generic_init_of_the_first_instances_is_the_compiled_one() -> None:
    """A record's first instances use one generic `__init__`, later ones their own
    compiled one (start-up): the same records, the same refusals."""

    @record
    class Slate(Tally):
        width: int = 3

    def made() -> list[object]:
        return [Slate(*args, **kwargs) for args, kwargs in _calls()]  # type: ignore[arg-type]

    first = made()
    assert "<record init" not in Slate.__init__.__code__.co_filename
    for args, kwargs in _BAD_CALLS:
        with pytest.raises(TypeError):
            Slate(*args, **kwargs)  # type: ignore[arg-type]
    while "<record init" not in Slate.__init__.__code__.co_filename:
        Slate("more")
    assert made() == first
    assert [repr(s) for s in made()] == [repr(s) for s in first]
    for args, kwargs in _BAD_CALLS:
        with pytest.raises(TypeError):
            Slate(*args, **kwargs)  # type: ignore[arg-type]


def test_a_field_a_record_cannot_honour_is_refused_not_ignored() -> None:
    class Checked:
        x: int = attrs.field(validator=attrs.validators.instance_of(int))

    with pytest.raises(TypeError, match="no validators"):
        frozen_record(Checked)
    with pytest.raises(TypeError):
        records.field(validator=None)


def test_a_mutable_record_with_a_converter_is_refused() -> None:
    """attrs.define converts on assignment too; a record would convert only in __init__."""

    class Loose:
        x: int = records.field(default=0, converter=int)

    with pytest.raises(TypeError, match="no converter"):
        record(Loose)


def test_a_field_left_out_of_init_has_its_default_converted_as_attrs_does() -> None:
    class Ours:
        x: int = records.field(default="5", converter=int, init=False)

    class Theirs:
        x: int = attrs.field(default="5", converter=int, init=False)

    ours, theirs = frozen_record(Ours), attrs.frozen(Theirs)
    assert ours().x == theirs().x == 5
    for _ in range(records._FAST_AFTER + 1):  # the compiled and the fast __init__ too
        assert ours().x == 5


def test_a_mutable_records_init_assigns_through_its_own_setattr_as_attrs_does() -> None:
    seen: list[str] = []

    class Watched:
        x: int = 0

        def __setattr__(self, name: str, value: object) -> None:
            seen.append(name)
            object.__setattr__(self, name, value)

    built = record(Watched)
    for _ in range(10):  # the generic __init__, then the compiled one
        built(x=1)
    assert seen == ["x"] * 10
