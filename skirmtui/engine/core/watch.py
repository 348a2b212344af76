"""An end check's last finding, kept while nothing it reads has changed (issue 28).

The runner calls a system's end check after every answer and around every step
(about twice an answer), and most answers change nothing the check reads (a side's
models, its firmness). `Watch(fields)` remembers, for the last battle it saw, a
finding and the mark it was made at: the number of changes of each watched field so
far (`Battle.changes`, counted by `Battle.set`, `track`, `remove` and `restore`), the
number of units and the round. While the mark is the same the finding is too, so the
check need not read every unit again. A battle is never rewound in place (undo and
review replay a copy), so the same battle with the same mark is in the same state for
those fields.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Generic, TypeVar

from skirmtui.engine.core.battle import Battle

T = TypeVar("T")


class Watch(Generic[T]):
    """One finding about one battle, and the fields it was computed from."""

    __slots__ = ("_counts", "_last", "fields")

    def __init__(self, *fields: str) -> None:
        self.fields = fields
        #: The watched fields' counts of changes, read in one C call (`Battle.changes`
        #: gives 0 for a field never changed).
        self._counts = itemgetter(*fields, *fields)  # always a tuple, even for one field
        #: (battle, mark, finding), replaced whole: a worker thread (the app's players)
        #: may check its own copy of a battle at the same time.
        self._last: tuple[Battle, tuple[object, ...], T] | None = None

    def recall(self, b: Battle) -> T | None:
        """The finding `keep` stored for `b`, or None when the watched fields, the units
        or the round have changed since (or it was about another battle)."""
        last = self._last
        if last is None or last[0] is not b:
            return None
        if last[1] != (len(b.units), b.round, self._counts(b.changes)):
            return None
        return last[2]

    def keep(self, b: Battle, finding: T) -> T:
        """Store `finding` (not None) about `b` as it is now; return it."""
        self._last = (b, (len(b.units), b.round, self._counts(b.changes)), finding)
        return finding
