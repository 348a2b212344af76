"""Plain data: `Position` (the base of a system's position between steps) and
`plain_copy`, the deep copy every checkpoint makes of it. Kept apart from battle.py
(which re-exports both) so each module stays small."""

from __future__ import annotations

import copy
from typing import Any

from skirmtui.engine.core import records
from skirmtui.engine.core.causes import Cause
from skirmtui.engine.core.records import record


@record
class Position:
    """The base of a system's position between steps: an attrs class of plain data
    (scalars, lists, dicts, tuples, nested positions), so a wrong field is a type error
    and `copy()` (every checkpoint) is a fast deep copy."""

    def copy(self) -> Any:
        cls = type(self)
        names = _INIT_FIELDS.get(cls)
        if names is None:
            names = _INIT_FIELDS[cls] = tuple(
                (f.name, f.alias) for f in records.fields(cls) if f.init
            )
        # What records.evolve does, without looking the fields up again on every checkpoint.
        return cls(**{alias: plain_copy(getattr(self, name)) for name, alias in names})


#: Each position class's (attribute, init argument) pairs, read once (`Position.copy`).
_INIT_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {}


#: The class by a name mypyc does not read as a class: compiled, `isinstance` against a
#: class named directly checked the exact class only, not a subclass made in another
#: module (docs/performance.md, "The compiled build").
_POSITION: type[Position] = Position
#: Immutable values: `plain_copy` hands them back as they are.
_ATOMS = frozenset({str, int, bool, float, type(None), Cause})


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, tuples, sets of scalars), several times
    faster than `copy.deepcopy`, which checkpoints would otherwise spend most time in;
    anything else falls back to `copy.deepcopy`."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    if kind is list:
        return [plain_copy(v) for v in value]
    if kind is tuple:
        return tuple(plain_copy(v) for v in value)
    if kind is set:
        return {plain_copy(v) for v in value}
    if isinstance(value, _POSITION):
        return value.copy()
    return copy.deepcopy(value)
