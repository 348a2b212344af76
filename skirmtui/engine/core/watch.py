"""A finding about a battle, kept while nothing it reads has changed (issue 28).

The runner calls a system's end check after every answer and around every step
(about twice an answer), and most answers change nothing the check reads (a side's
models, its firmness); a rule may read the same finding (who could make a free
attack) several times an answer. `Watch(fields)` remembers, for the last battle it
saw, a finding and the mark it was made at: one sum of the battle's counts of changes
of each watched field (`Battle.changes`, counted by `Battle.set`, `track`, `remove`
and `restore`), its number of units, and its round only when the finding reads it
(`round=True`). Each of these only grows in a battle, and a battle is never rewound in
place (undo and review replay a copy), so the same battle with the same sum is the
same state of those fields.

`recall` is called about twice an answer for an end check and more for a rule's
finding, so it costs what a mark written out at its call site would, plus one call: a
Watch's `recall` and `mark` are compiled for its fields when it is made (a handful of
Watches, made at import), the sum written out (`c["r"] + c["removed"] + …`), no tuple
made and no loop; `kept(find)` wraps the function that finds it, so a caller that
holds makes one call, as it would to a function with its own mark.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.records import is_native

T = TypeVar("T")
#: What `kept`'s `find` returns: the finding, or None for one not to keep.
R = TypeVar("R")

#: A Watch's functions; `last` (battle, mark, finding) and `find` are globals of the
#: Watch's own scope (`_scope`): read without an attribute, replaced whole (a worker
#: thread, the app's players, may check its own copy of a battle at the same time).
_SOURCE = """
last = (None, -1, None)
find = None

def mark(b):
    {changes}
    return {sum}

def recall(b):
    was, mark, found = last
    if was is b:
        {changes}
        if mark == {sum}:
            return found
    return None

def kept(b):
    global last
    was, mark, found = last
    if was is b:
        {changes}
        if mark == {sum}:
            return found
    found = find(b)
    if found is not None:
        {changes}
        last = (b, {sum}, found)
    return found
"""


class _Found:
    """A Watch's finding and its functions in the compiled build (issue 28): there a
    function compiled from source at run time is Python, and a native object's
    methods compiled, so `mark`, `recall`, `keep` and the kept function (`__call__`)
    are this object's, the same sum of the same counts read in a loop. `last` is
    replaced whole, as the Python scope's (a worker thread may check its own copy)."""

    def __init__(self, fields: tuple[str, ...], round: bool) -> None:
        self.fields = fields
        self.round = round
        self.last: tuple[Battle | None, int, Any] = (None, -1, None)
        self.find: Callable[[Battle], Any] | None = None

    def mark(self, b: Battle) -> int:
        counts = b.changes
        total = len(b.units)
        for field in self.fields:
            total += counts[field]
        return total + b.round if self.round else total

    def recall(self, b: Battle) -> Any:
        was, mark, found = self.last
        if was is b and mark == self.mark(b):
            return found
        return None

    def keep(self, b: Battle, finding: Any) -> None:
        self.last = (b, self.mark(b), finding)

    def __call__(self, b: Battle) -> Any:
        found = self.recall(b)  # (a finding kept is never None: `Watch.keep`)
        if found is None:
            find = self.find
            assert find is not None
            found = find(b)
            if found is not None:
                self.keep(b, found)
        return found


class Watch(Generic[T]):
    """One finding about one battle, and the fields it was computed from."""

    __slots__ = ("_found", "_scope", "fields", "mark", "recall", "round")

    #: `b`'s sum of the watched counts of changes, its number of units (and its round).
    mark: Callable[[Battle], int]
    #: The finding `keep` stored for `b`, or None when a watched field, the units (or
    #: the round, when watched) have changed since, or it was about another battle.
    recall: Callable[[Battle], T | None]

    def __init__(self, *fields: str, round: bool = False) -> None:
        if not fields or not all(isinstance(f, str) for f in fields):
            raise TypeError("a Watch watches one field at least, each named by a string")
        self.fields = fields
        #: Whether the finding reads the round (a new round then makes it stale).
        self.round = round
        self._found: _Found | None = None
        if _COMPILED:
            self._found = found = _Found(fields, round)
            self.mark, self.recall = found.mark, found.recall
            self._scope: dict[str, Any] = {"find": None}
            return
        # `b.changes` read once into `c` for three fields or more, else at each (fewer
        # steps of the interpreter either way).
        counts, changes = ("c", "c = b.changes") if len(fields) > 2 else ("b.changes", "pass")
        terms = [f"{counts}[{f!r}]" for f in fields]
        terms += ["len(b.units)", *(["b.round"] if round else [])]
        self._scope = {}
        source = _SOURCE.format(sum=" + ".join(terms), changes=changes)
        exec(compile(source, f"<watch of {', '.join(fields)}>", "exec"), self._scope)
        self.mark, self.recall = self._scope["mark"], self._scope["recall"]

    def kept(self, find: Callable[[Battle], R]) -> Callable[[Battle], R]:
        """`find` made a function that returns the kept finding while it holds, else
        `find(b)`'s, kept unless None (the mark taken after `find`, which may change a
        watched field: an end check removing a model). One call where `recall` and
        `keep` around `find` would be two (an end check runs twice an answer)."""
        if self._scope["find"] is not None:
            raise TypeError("a Watch keeps one finding: one `kept` function each")
        self._scope["find"] = find
        if self._found is not None:  # the compiled build: a native object's `__call__`
            self._found.find = find
            return self._found
        made: Callable[[Battle], R] = self._scope["kept"]
        for name in ("__module__", "__name__", "__qualname__", "__doc__"):
            setattr(made, name, getattr(find, name))
        made.__wrapped__ = find  # type: ignore[attr-defined]  # (as functools.wraps)
        return made

    def keep(self, b: Battle, finding: T) -> T:
        """Store `finding` (not None) about `b` as it is now; return it."""
        if self._found is not None:
            self._found.keep(b, finding)
        else:
            self._scope["last"] = (b, self.mark(b), finding)
        return finding


#: Whether this module runs compiled (the compiled build, docs/performance.md): then a
#: Watch's functions are `_Found`'s, not compiled from source.
_COMPILED = is_native(_Found)
