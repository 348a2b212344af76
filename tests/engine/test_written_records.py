"""Records written out (`records.explicit`, issue 28): the prompts, `RollResult`,
`Effect` and `LogEntry` are plain class bodies so that the compiled build makes them
native classes. As Python they must be the records `frozen_record`/`record` built
before, and their own `__init__` (the one the compiled build runs) must make the same
instance as the record's (tests/engine/test_records.py holds records to attrs's)."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Unit
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.log import Effect, LogEntry, blank
from skirmtui.engine.core.options import LazyOptions, Option
from skirmtui.engine.core.prompts import (
    MAKERS,
    Ask,
    Choose,
    Confirm,
    Pick,
    Roll,
    RollResult,
    choose_of,
)
from skirmtui.engine.core.roll_prompt import roll_of
from skirmtui.engine.core.shared_roll import SharedRoll

OPTIONS = [Option("a", "A"), Option("b", "B", disabled="no")]
BASE: dict[str, Any] = {"key": "k", "text": "t", "side": "red", "actors": ("u1",)}
#: For each class written out: the keywords of one instance (what is not given takes
#: its default).
MADE: list[tuple[type, dict[str, Any]]] = [
    (Choose, {**BASE, "options": OPTIONS, "default": "a"}),
    (Ask, {**BASE, "minimum": 1, "maximum": 3}),
    (Confirm, BASE),
    (
        Roll,
        {
            **BASE,
            "dice": "2d6",
            "compare": ">=",
            "threshold": 7,
            "modifiers": [("cover", -1)],
            "always_fail": [2],
            "crit_success": {12},
        },
    ),
    (Pick, {**BASE, "options": OPTIONS, "minimum": 1}),
    (SharedRoll, {**BASE, "dice": "3d6", "per_die": True, "shares": (("red", 2), ("blue", 1))}),
    (
        RollResult,
        {
            "faces": (3, 4),
            "natural": 7,
            "total": 6,
            "threshold": 7,
            "success": False,
            "critical": None,
        },
    ),
    (Effect, {"unit": "u1", "field": "wounds", "before": 0, "after": 1}),
    (Item, {"key": "melee.hit", "value": (4,), "by": "app", "reason": "r"}),
    (Unit, {"id": "u1", "side": "red", "name": "Guard", "profile": {"m": 4}, "stats": {"w": 1}}),
    (
        LogEntry,
        {"index": 3, "answer": 2, "round": 1, "phase": "melee", "kind": "roll", "text": "hit"},
    ),
]
#: The fields `frozen_record`/`record` gave each before it was written out: name,
#: default, keyword only.
PROMPT_FIELDS = [
    ("key", attrs.NOTHING, True),
    ("text", attrs.NOTHING, True),
    ("side", None, True),
    ("actor", None, True),
    ("target", None, True),
    ("help", "", True),
    ("actors", (), True),
    ("targets", (), True),
    ("default", None, True),
]


def _fields(cls: type) -> list[tuple[str, object, bool]]:
    """Name, default and keyword-only of each field. (The compiled build knows a native
    class's defaults only when its signature has them: every default a literal.)"""
    return [
        (a.name, attrs.NOTHING if a.default is records.NOTHING else a.default, a.kw_only)
        for a in records.fields(cls)
    ]


def _known(fields: list[tuple[str, object, bool]], cls: type) -> list[tuple[str, object, bool]]:
    """`fields` as the compiled build knows them of `cls`."""
    if records.is_native(cls) and all(f[1] is attrs.NOTHING for f in _fields(cls)):
        return [(name, attrs.NOTHING, kw_only) for name, _, kw_only in fields]
    return fields


def _written(cls: type, kwargs: dict[str, Any]) -> Any:
    """An instance made by the class's own `__init__` (the compiled build's)."""
    made = object.__new__(cls)
    records._WRITTEN[cls](made, **kwargs)
    return made


@pytest.mark.parametrize(("cls", "kwargs"), MADE, ids=lambda v: getattr(v, "__name__", ""))
def test_its_own_init_makes_the_records_instance(cls: type, kwargs: dict[str, Any]) -> None:
    if records.is_native(cls):
        pytest.skip("the compiled build: its own __init__ is the only one")
    made = cls(**kwargs)
    written = _written(cls, kwargs)
    assert written == made and repr(written) == repr(made)
    for attribute in records.fields(cls):
        assert getattr(written, attribute.name) == getattr(made, attribute.name)
        assert type(getattr(written, attribute.name)) is type(getattr(made, attribute.name))


@pytest.mark.parametrize(("cls", "kwargs"), MADE, ids=lambda v: getattr(v, "__name__", ""))
def test_it_copies_pickles_and_evolves_as_a_record(cls: type, kwargs: dict[str, Any]) -> None:
    made = cls(**kwargs)
    assert pickle.loads(pickle.dumps(made)) == made
    assert copy.copy(made) == made and copy.deepcopy(made) == made
    assert attrs.has(cls) and not hasattr(made, "__dict__")
    last = records.fields(cls)[-1].name
    again = records.replace(made, **{last: getattr(made, last)})
    assert again == made and again is not made and type(again) is cls


def test_the_fields_are_those_the_records_had() -> None:
    assert _fields(Confirm) == PROMPT_FIELDS
    assert _fields(Choose) == [*PROMPT_FIELDS, ("options", attrs.NOTHING, True)]
    assert [f[0] for f in _fields(SharedRoll)] == [
        *(f[0] for f in PROMPT_FIELDS),
        *(
            [
                "dice",
                "compare",
                "threshold",
                "modifiers",
                "mod_target",
                "always_succeed",
                "always_fail",
            ]
        ),
        *(["crit_success", "crit_failure", "per_die", "need", "shares"]),
    ]
    assert _fields(Effect) == _known(
        [
            ("unit", attrs.NOTHING, False),
            ("field", attrs.NOTHING, False),
            ("before", attrs.NOTHING, False),
            ("after", attrs.NOTHING, False),
            ("cause", None, False),
        ],
        Effect,
    )
    entry = {a.name: a for a in records.fields(LogEntry)}
    if not records.is_native(LogEntry):
        required = [n for n, a in entry.items() if a.default is records.NOTHING]
        assert required == ["index", "answer", "round", "phase", "kind", "text"]
    assert not entry["source"].eq and not entry["source"].repr
    start = records.fields(Unit)[-1]
    assert start.name == "start" and not start.eq and not start.repr
    if not records.is_native(Unit):
        assert [f[1] for f in _fields(Unit)][-3:-1] == [False, ""]
    assert Effect.__match_args__ == ("unit", "field", "before", "after", "cause")  # type: ignore[attr-defined]
    assert Choose.__match_args__ == ()  # type: ignore[attr-defined]  # keywords only


def test_converters_run_as_the_records_ran_them() -> None:
    roll = Roll(key="k", text="t", dice="1d6", modifiers=[("x", 1)], always_fail=[1])
    assert roll.modifiers == (("x", 1),) and roll.always_fail == frozenset({1})
    lazy = LazyOptions(lambda: OPTIONS, lambda v: None)
    assert Choose(key="k", text="t", options=lazy).options is lazy
    assert Choose(key="k", text="t", options=iter(OPTIONS)).options == tuple(OPTIONS)


def test_frozen_ones_refuse_assignment_and_hash_mutable_ones_do_not() -> None:
    roll = Roll(key="k", text="t", dice="1d6")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        roll.key = "x"  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del roll.key  # type: ignore[misc]
    assert hash(roll) == hash(Roll(key="k", text="t", dice="1d6"))
    with pytest.raises(TypeError):
        hash(Effect("u", "f", 0, 1))
    with pytest.raises(TypeError):
        Choose(key="k", text="t")  # type: ignore[call-arg]  # its required options
    with pytest.raises(TypeError):
        LogEntry(1, 2)  # a required field missing (a blank one is the compiled build's)


def test_a_blank_entry_is_filled_field_by_field() -> None:
    entry = blank(LogEntry)
    assert type(entry) is LogEntry
    entry.index = 0
    assert entry.index == 0
    if not records.is_native(LogEntry):
        assert blank is object.__new__  # as Python: no call more than before


@pytest.mark.parametrize(("cls", "make"), [(Choose, choose_of), (Roll, roll_of)])
def test_the_compiled_builds_makers_make_what_the_class_makes(cls: type, make: Any) -> None:
    """`kit.about` makes a native `Choose` or `Roll` from its dict of fields with
    `prompts.MAKERS` (a native class called with a dict is slow): the same prompt, the
    same refusals."""
    given = dict(MADE)[cls]
    assert make(dict(given)) == cls(**given) and repr(make(dict(given))) == repr(cls(**given))
    bare = {k: given[k] for k in ("key", "text", "options", "dice") if k in given}
    assert make(dict(bare)) == cls(**bare)
    with pytest.raises(TypeError):
        make({**given, "colour": "red"})
    with pytest.raises(TypeError):
        make({k: v for k, v in given.items() if k != "key"})
    assert set(MAKERS) in ({Choose, Roll}, set())  # empty as Python
