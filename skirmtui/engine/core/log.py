"""The combat log's records: an entry (DESIGN.md, export format 1), the effects a rule
wrote on it, and the battle's result. `Battle` writes them (engine/core/battle.py)."""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, TypeVar

from skirmtui.engine.core import records
from skirmtui.engine.core.causes import Cause
from skirmtui.engine.core.record_class import NOTHING
from skirmtui.engine.core.records import record

_R = TypeVar("_R")


class Effect:
    """One change: a unit's stat (`unit` its id) or, with `unit` None, a field of the
    battle's position a reader must see (initiative, play order, objectives, firmness).

    A mutable record written out (`records.explicit`): native in the compiled build
    (issue 28). Its `__init__`'s `NOTHING` defaults make a required field (there,
    `Effect()` is a blank effect that `Battle` fills: `blank`); such a parameter is
    typed `Any` (a compiled function checks a default against its parameter's type)."""

    __slots__ = ("__weakref__", "after", "before", "cause", "field", "unit")
    unit: str | None
    field: str
    before: Any
    after: Any
    #: Why, when the rule that made it names an earlier entry (`causes.py`); None: the
    #: rule of the entry it is written on.
    cause: Cause | None
    __attrs_attrs__: ClassVar[Any] = ()

    def __init__(
        self,
        unit: Any = NOTHING,  # str | None
        field: Any = NOTHING,  # str
        before: Any = NOTHING,  # Any
        after: Any = NOTHING,  # Any
        cause: Cause | None = None,
    ) -> None:
        if field is NOTHING:
            return  # blank (the compiled build's `blank`)
        self.unit = unit
        self.field = field
        self.before = before
        self.after = after
        self.cause = cause

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


records.explicit(Effect, frozen=False)


def plain_value(value: Any) -> Any:
    """An effect's value as JSON-ready data (tuples as lists)."""
    if isinstance(value, tuple | list):
        return [plain_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain_value(v) for k, v in value.items()}
    return value


#: The fields of an answer's entry the runner may leave to be made when first read.
_LATER = frozenset({"text", "brief", "roll"})


class LogEntry:
    """One line of the combat log, structured (DESIGN.md, export format 1).

    An answer's words (`text`, `brief`) and a roll's `roll` table are made when first
    read (issue 28: ~5-10 % of an answer in a random battle, where nobody reads them):
    the runner leaves those slots empty and puts in `_later` the function that fills
    them and what it reads (`engine/core/entries.py`: `later(entry, parts)`). Reading
    an empty slot comes to `__getattr__` (`_fill_later`, given below the class: mypy
    would let any name through one in the class body), which fills them: every reader
    (eq, repr, pickle, `getattr`) sees the same values as if made at once. (Compiled
    code reads a native class's slot directly, not through `__getattr__`: compiled
    code reads `text`, `brief` or `roll` of an answer's entry by `getattr`.)

    A mutable record written out (`records.explicit`), native in the compiled build
    (issue 28); `NOTHING` defaults are required fields. There, `LogEntry()` is a blank
    entry, every slot empty, that `Battle` and the runner fill (`blank`)."""

    __slots__ = (
        "__weakref__",
        "_later",
        "actor",
        "actors",
        "answer",
        "brief",
        "by",
        "detail",
        "effects",
        "index",
        "key",
        "kind",
        "order",
        "persona",
        "phase",
        "private",
        "roll",
        "round",
        "side",
        "source",
        "target",
        "targets",
        "text",
        "value",
    )
    index: int
    answer: int | None
    round: int
    phase: str
    kind: str
    text: str
    key: str
    side: str | None
    actor: str | None
    target: str | None
    roll: dict[str, Any] | None
    effects: list[Effect]
    #: Every unit the entry names as acting / acted on when it names several (a group
    #: that acts at the same moment, a shot that hits several models); `actor`/`target`
    #: are the first. Empty when the entry names one at most (`actor`/`target` say it).
    actors: tuple[str, ...]
    targets: tuple[str, ...]
    #: The order of play this entry announces (a round's order, who has the initiative
    #: first): side or unit ids, first to last; an inner list is a group acting at the
    #: same moment. None on other entries.
    order: list[Any] | None
    #: A short form for narrow views ("Barbari → Capo tribù"); `text` stays complete.
    brief: str
    #: A GM note marked private: the player view and the shared report leave it out.
    private: bool
    #: For a roll: the prompt it answered (odds are computed from it only when asked,
    #: by engine/report/luck.py) and who rolled ("app", "table", or None when not recorded).
    source: Any
    by: str | None
    #: For an AI decision (`by` "ai"): the persona that took it.
    persona: str | None
    #: The answer that made the entry, structured (an option's value, yes/no, a number,
    #: the faces); None on entries no answer made.
    value: Any
    #: What a system adds for readers of the export (each key an additive key of export
    #: format 1, docs/export.md): `skipped` (a rule kept an attack or a question from
    #: happening), `attack`, `group`/`held` … None on most entries.
    detail: dict[str, Any] | None
    #: What fills `text`, `brief` and `roll` when first read (no field: `_fill_later`).
    _later: Any
    __attrs_attrs__: ClassVar[Any] = ()

    def __init__(
        self,
        index: Any = NOTHING,  # int
        answer: Any = NOTHING,  # int | None
        round: Any = NOTHING,  # int
        phase: Any = NOTHING,  # str
        kind: Any = NOTHING,  # str
        text: Any = NOTHING,  # str
        key: str = "",
        side: str | None = None,
        actor: str | None = None,
        target: str | None = None,
        roll: dict[str, Any] | None = None,
        effects: Any = NOTHING,  # list[Effect]
        actors: tuple[str, ...] = (),
        targets: tuple[str, ...] = (),
        order: list[Any] | None = None,
        brief: str = "",
        private: bool = False,
        source: Any = None,
        by: str | None = None,
        persona: str | None = None,
        value: Any = None,
        detail: dict[str, Any] | None = None,
    ) -> None:
        if index is NOTHING:
            return  # blank (the compiled build's `blank`)
        self.index = index
        self.answer = answer
        self.round = round
        self.phase = phase
        self.kind = kind
        self.text = text
        self.key = key
        self.side = side
        self.actor = actor
        self.target = target
        self.roll = roll
        self.effects = [] if effects is NOTHING else effects
        self.actors = actors
        self.targets = targets
        self.order = order
        self.brief = brief
        self.private = private
        self.source = source
        self.by = by
        self.persona = persona
        self.value = value
        self.detail = detail


def _fill_later(self: LogEntry, name: str) -> Any:
    """`LogEntry.__getattr__`: only an empty slot comes here (or a name the class does
    not have)."""
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


type.__setattr__(LogEntry, "__getattr__", records.as_method(_fill_later))
records.explicit(
    LogEntry,
    frozen=False,
    specs={
        "effects": records.field(factory=list),
        "source": records.field(repr=False, eq=False),
    },
)


class _Blank(Protocol):
    def __call__(self, cls: type[_R], /) -> _R: ...


def _made(cls: type[_R]) -> _R:
    # (each class called by its name: a compiled call of its `__init__`, not the
    # generic call of a class, which parses keywords; another class is called)
    if cls is LogEntry:
        return LogEntry()  # type: ignore[return-value]
    if cls is Effect:
        return Effect()  # type: ignore[return-value]
    return cls()


#: An instance of `cls` (`LogEntry`, `Effect`) with every slot empty, for `Battle` and
#: the runner to fill field by field: as Python `object.__new__` itself (no call more);
#: the compiled build's made by its native class's `__init__` (`object.__new__` cannot
#: make one).
blank: _Blank = _made if records.is_native(LogEntry) else object.__new__


@record
class Result:
    winner: str | None  # a side id, or None for a draw
    reason: str
    round: int
