"""The combat log's records: an entry (DESIGN.md, export format 1), the effects a rule
wrote on it, and the battle's result. `Battle` writes them (engine/core/battle.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmtui.engine.core import records
from skirmtui.engine.core.causes import Cause
from skirmtui.engine.core.records import record


@record
class Effect:
    """One change: a unit's stat (`unit` its id) or, with `unit` None, a field of the
    battle's position a reader must see (initiative, play order, objectives, firmness)."""

    unit: str | None
    field: str
    before: Any
    after: Any
    #: Why, when the rule that made it names an earlier entry (`causes.py`); None: the
    #: rule of the entry it is written on.
    cause: Cause | None = None

    def as_dict(self) -> dict[str, Any]:
        doc = {
            "unit": self.unit,
            "field": self.field,
            "from": plain_value(self.before),
            "to": plain_value(self.after),
        }
        if self.cause is not None:
            doc["cause"] = self.cause.as_dict()
        return doc


def plain_value(value: Any) -> Any:
    """An effect's value as JSON-ready data (tuples as lists)."""
    if isinstance(value, tuple | list):
        return [plain_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain_value(v) for k, v in value.items()}
    return value


#: The fields of an answer's entry the runner may leave to be made when first read.
_LATER = frozenset({"text", "brief", "roll"})


@record
class LogEntry:
    """One line of the combat log, structured (DESIGN.md, export format 1).

    An answer's words (`text`, `brief`) and a roll's `roll` table are made when first
    read (issue 28: ~5-10 % of an answer in a random battle, where nobody reads them):
    the runner leaves those slots empty and puts in `_later` the function that fills
    them and what it reads (`engine/core/entries.py`: `later(entry, parts)`). Reading
    an empty slot comes to `__getattr__`, which fills them: every reader (eq, repr,
    pickle, `getattr`) sees the same values as if made at once."""

    if not TYPE_CHECKING:  # (mypy: no `__getattr__`, which would hide unknown names)
        __slots__ = ("_later",)

        def __getattr__(self, name: str) -> Any:
            # Only an empty slot comes here (or a name the class does not have).
            if name in _LATER:
                try:
                    parts = self._later
                except AttributeError:
                    parts = None
                if parts is not None:
                    parts[0](self, parts)
                    self._later = None
                    return getattr(self, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    index: int
    answer: int | None
    round: int
    phase: str
    kind: str
    text: str
    key: str = ""
    side: str | None = None
    actor: str | None = None
    target: str | None = None
    roll: dict[str, Any] | None = None
    effects: list[Effect] = records.field(factory=list)
    #: Every unit the entry names as acting / acted on when it names several (a group
    #: that acts at the same moment, a shot that hits several models); `actor`/`target`
    #: are the first. Empty when the entry names one at most (`actor`/`target` say it).
    actors: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    #: The order of play this entry announces (a round's order, who has the initiative
    #: first): side or unit ids, first to last; an inner list is a group acting at the
    #: same moment. None on other entries.
    order: list[Any] | None = None
    #: A short form for narrow views ("Barbari → Capo tribù"); `text` stays complete.
    brief: str = ""
    #: A GM note marked private: the player view and the shared report leave it out.
    private: bool = False
    #: For a roll: the prompt it answered (odds are computed from it only when asked,
    #: by engine/report/luck.py) and who rolled ("app", "table", or None when not recorded).
    source: Any = records.field(default=None, repr=False, eq=False)
    by: str | None = None
    #: For an AI decision (`by` "ai"): the persona that took it.
    persona: str | None = None
    #: The answer that made the entry, structured (an option's value, yes/no, a number,
    #: the faces); None on entries no answer made.
    value: Any = None
    #: What a system adds for readers of the export (each key an additive key of export
    #: format 1, docs/export.md): `skipped` (a rule kept an attack or a question from
    #: happening), `attack`, `group`/`held` … None on most entries.
    detail: dict[str, Any] | None = None


@record
class Result:
    winner: str | None  # a side id, or None for a draw
    reason: str
    round: int
