"""The entries of a battle's answer log: answers to prompts and GM entries."""

from __future__ import annotations

from typing import Any, TypeVar

from skirmtui.engine.core import records
from skirmtui.engine.core.records import frozen_record

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


@frozen_record
class Item:
    """One entry of the answer log: `(key, value)`.

    For an answer, `value` is the answer (faces as a tuple of ints); for a GM entry
    it is a dict of plain values (`{"unit": "u3", "field": "damage", "value": 2}`).
    """

    key: str
    value: Any
    #: For a roll: BY_APP or BY_TABLE (None in saves made before it was recorded).
    #: Not part of equality: the same faces are the same answer, whoever gave them.
    by: str | None = records.field(default=None, eq=False)
    #: For an AI answer (`by` BY_AI): the persona that gave it and its short reason.
    persona: str | None = records.field(default=None, eq=False)
    reason: str = records.field(default="", eq=False)

    @property
    def is_gm(self) -> bool:
        return self.key in GM_KEYS


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


_ITEM = assignable(Item)
#: `Any`: what it makes is the assignable twin, not yet the record's class (a compiled
#: build checks a typed value's class, docs/performance.md).
_new: Any = object.__new__


def answer_item(key: str, value: Any, by: str | None) -> Item:
    """`Item(key, value, by)`, as the runner makes one an answer (`assignable`)."""
    item: Any = _new(_ITEM)
    item.key = key
    item.value = value
    item.by = by
    item.persona = None
    item.reason = ""
    item.__class__ = Item
    return item  # type: ignore[no-any-return]  # an Item: its class given back above
