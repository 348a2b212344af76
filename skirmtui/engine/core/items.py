"""The entries of a battle's answer log: answers to prompts and GM entries."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from skirmtui.engine.core import records

#: Keys of GM entries (overrides and notes); every other key answers a prompt.
GM_SET = "gm.set"
GM_REMOVE = "gm.remove"
GM_RESTORE = "gm.restore"
GM_ADD = "gm.add"
GM_NOTE = "gm.note"
GM_END = "gm.end"
#: A timed condition on a unit (engine/core/conditions.py) and its early removal.
GM_CONDITION = "gm.condition"
GM_UNCONDITION = "gm.uncondition"
#: Who the app rolls for from here on (engine/core/app_rolls.py).
GM_APP_ROLLS = "gm.app_rolls"
#: Who plays a side from here on: `{side, persona}` (persona "" = the table plays it).
GM_AI = "gm.ai"
GM_KEYS = frozenset(
    {
        GM_SET,
        GM_REMOVE,
        GM_RESTORE,
        GM_ADD,
        GM_NOTE,
        GM_END,
        GM_CONDITION,
        GM_UNCONDITION,
        GM_AI,
        GM_APP_ROLLS,
    }
)
#: Who gave a roll's faces: the app's dice or the table's, typed in.
BY_APP = "app"
BY_TABLE = "table"
#: A decision the app took for a side it plays (`persona` and `reason` say which and why).
BY_AI = "ai"


class Item:
    """One entry of the answer log: `(key, value)`.

    For an answer, `value` is the answer (faces as a tuple of ints); for a GM entry
    it is a dict of plain values (`{"unit": "u3", "field": "damage", "value": 2}`).
    (A frozen record written out, `records.explicit`: native in the compiled build,
    issue 28.)
    """

    __slots__ = ("__weakref__", "by", "key", "persona", "reason", "value")
    key: str
    value: Any
    #: For a roll: BY_APP or BY_TABLE (None in saves made before it was recorded).
    #: Not part of equality: the same faces are the same answer, whoever gave them.
    by: str | None
    #: For an AI answer (`by` BY_AI): the persona that gave it and its short reason.
    persona: str | None
    reason: str
    __attrs_attrs__: ClassVar[Any] = ()

    def __init__(
        self,
        key: str,
        value: Any,
        by: str | None = None,
        persona: str | None = None,
        reason: str = "",
    ) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "by", by)
        object.__setattr__(self, "persona", persona)
        object.__setattr__(self, "reason", reason)

    def __setattr__(self, name: str, value: object) -> None:
        records.frozen(name)

    def __delattr__(self, name: str) -> None:
        records.frozen(name)

    @property
    def is_gm(self) -> bool:
        return self.key in GM_KEYS


records.explicit(
    Item,
    frozen=True,
    specs={
        "by": records.field(eq=False),
        "persona": records.field(eq=False),
        "reason": records.field(eq=False),
    },
)


_R = TypeVar("_R")


def assignable(cls: type[_R]) -> type[_R]:
    """A subclass of the frozen record `cls` that allows assignment (the same slots, no
    field of its own). An instance made as it, its every field assigned plainly, then
    given `cls` as its class, is the `cls` its `__init__` makes with one class swap
    instead of two (issue 28: ~1.6 k instructions less a record; the answer path's own
    records, `answer_item` and prompts.py's `RollResult`; tests/engine/test_answer_path.py
    holds each to its class's `__init__`)."""
    allow = {"__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
    return type(cls.__name__, (cls,), {"__slots__": (), **allow})


#: The compiled build's `Item` is a native class, made by its own `__init__`
#: (`answer_item`); the plain install's with one class swap.
_NATIVE = records.is_native(Item)
_ITEM = Item if _NATIVE else assignable(Item)
#: `Any`: what it makes is the assignable twin, not yet the record's class (a compiled
#: build checks a typed value's class, docs/performance.md).
_new: Any = object.__new__


def answer_item(key: str, value: Any, by: str | None) -> Item:
    """`Item(key, value, by)`, as the runner makes one an answer (`assignable`; the
    compiled build's native class: its `__init__`, a C function)."""
    if _NATIVE:
        return Item(key, value, by)
    item: Any = _new(_ITEM)
    item.key = key
    item.value = value
    item.by = by
    item.persona = None
    item.reason = ""
    item.__class__ = Item
    return item  # type: ignore[no-any-return]  # an Item: its class given back above
