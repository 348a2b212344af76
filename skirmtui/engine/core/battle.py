"""The battle state: sides, units, round and phase, the system's position, the log.

Between two rule steps everything here is plain data, so `clone()` gives a
checkpoint. Every change a rule makes goes through `Battle.set` (or `remove`),
which records it as an `Effect` on the log entry being written, so any reader
can recompute the battle from the log alone.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar, TypeAlias

from skirmtui.engine.core import records
from skirmtui.engine.core.causes import Cause
from skirmtui.engine.core.labels import label_units
from skirmtui.engine.core.log import Effect, LogEntry, Result, blank, plain_value
from skirmtui.engine.core.plain import Position, plain_copy
from skirmtui.engine.core.record_class import NOTHING
from skirmtui.engine.core.records import record

#: The log's records are engine/core/log.py's, `Position` and `plain_copy`
#: engine/core/plain.py's; they are read from here too.
__all__ = [
    "Battle",
    "Effect",
    "LogEntry",
    "Position",
    "Result",
    "Scalar",
    "Side",
    "Stat",
    "Unit",
    "label_units",
    "plain_copy",
    "plain_value",
]

#: How `record`, `set` (and `entries.answer_entry`) make a log entry and an effect (about
#: two of each an answer, issue 28): made bare, each field assigned as `__init__` would,
#: not by calling the class (21 arguments passed on to `__init__` cost about as much as
#: the assignments). Both are mutable records with no converter, own factory or
#: post-init hook; tests/engine/test_battle_record.py holds what these make to what the
#: classes make, and fails when a field is added to either and not assigned here.
_new = blank  # (`object.__new__` as Python; log.py says why)

#: A profile value.
Scalar: TypeAlias = int | bool | str
#: A current unit value. A stat holding several values (the opponents of one character
#: in a melee) is a tuple of unit ids (`FieldSpec` kind `tuple`), never a joined string.
Stat: TypeAlias = int | bool | str | tuple[str, ...]


@record
class Side:
    id: str
    name: str


class Unit:
    """A model, character or squad. `profile` is the starting profile (the system's
    own field names; never changed once the unit is made, so clones share it); `stats`
    holds every current value the rules track. (A mutable record written out,
    `records.explicit`: native in the compiled build, where rules read its fields
    most, issue 28.)"""

    __slots__ = (
        "__weakref__",
        "id",
        "label",
        "name",
        "profile",
        "removed",
        "side",
        "start",
        "stats",
    )
    id: str
    side: str
    name: str
    profile: dict[str, Scalar]
    stats: dict[str, Stat]
    removed: bool
    #: Unique in the battle (`Guerriero 2`): what prompts, the log and the export show.
    #: Set by `Battle` when the unit joins it (`label_units`); never changes after.
    label: str
    #: The stats it joined the battle with (export: `start`, so a reader can replay
    #: every effect from them). Set when it joins; shared by clones, never changed.
    start: dict[str, Stat]
    __attrs_attrs__: ClassVar[Any] = ()

    def __init__(
        self,
        id: str,
        side: str,
        name: str,
        profile: dict[str, Scalar],
        stats: dict[str, Stat],
        removed: bool = False,
        label: str = "",
        start: Any = NOTHING,  # dict[str, Stat] (`NOTHING`: a new dict)
    ) -> None:
        self.id = id
        self.side = side
        self.name = name
        self.profile = profile
        self.stats = stats
        self.removed = removed
        self.label = label
        self.start = {} if start is NOTHING else start

    def clone(self) -> Unit:
        # The profile is the unit's starting profile, never changed once it is made:
        # shared with the clone (every checkpoint copies every unit).
        return Unit(
            self.id,
            self.side,
            self.name,
            self.profile,
            dict(self.stats),
            self.removed,
            self.label,
            self.start,
        )

    def num(self, field: str) -> int:
        """A numeric stat (the system's schema says which stats are numbers)."""
        return self.stats[field]  # type: ignore[return-value]

    def flag(self, field: str) -> bool:
        return bool(self.stats[field])


records.explicit(
    Unit, frozen=False, specs={"start": records.field(factory=dict, eq=False, repr=False)}
)


@record
class Battle:
    system: str
    title: str
    seed: int
    options: dict[str, Any]
    sides: list[Side]
    units: dict[str, Unit]
    round: int = 0
    phase: str = "setup"
    #: Whose step it is (a side id), shown in the breadcrumb.
    turn_side: str | None = None
    #: The system's position between steps (queues, indices): a `Position` subclass
    #: of the system's, read through a typed accessor (a system's `start` sets it). A
    #: dict of plain data still works for a system not yet moved to a `Position`.
    pos: Any = records.field(factory=dict)
    result: Result | None = None
    #: Append-only; shared by clones and truncated when a checkpoint is restored.
    log: list[LogEntry] = records.field(factory=list)
    #: Index of the answer being applied, stamped on the entries it produces.
    answer_index: int | None = None
    #: The entry that effects attach to (reset at each step and after an override).
    current: LogEntry | None = None
    #: Timed conditions a GM attached to units (engine/core/conditions.py), oldest first.
    conditions: list[Any] = records.field(factory=list)
    #: Phase id → the label the user reads (the system's phase table; shared, never copied).
    phase_labels: dict[str, str] = records.field(factory=dict, eq=False, repr=False)
    #: Every distinct text of the log, once (`record`; an answer's when first read): a
    #: battle says the same sentences again and again (memory). Shared by clones.
    texts: dict[str, str] = records.field(factory=dict, eq=False, repr=False)
    #: The seed's word for a round ("Turn", "Round"): breadcrumb, log headings, summary.
    round_word: str = "Round"
    #: GM entries applied so far (counted before each is applied, refused or not). A GM
    #: entry may change anything between two prompts, so a cache of derived state a
    #: system keeps in its position is valid while this is unchanged.
    gm_applied: int = records.field(default=0, eq=False)
    #: Sides the app plays, side id → persona (GM entries `gm.ai`, engine/play/).
    ai: dict[str, str] = records.field(factory=dict)
    #: Who the app rolls for since the last `gm.app_rolls` entry (None: as the setup's
    #: `app_rolls` option says); read through `app_rolls.now` (engine/core/app_rolls.py),
    #: whose `AppRolls` this is ("all", "none" or side ids; not imported: it imports us).
    app_rolls: str | tuple[str, ...] | None = None
    #: Open `at_once` blocks: results landing at the same moment; the end check waits.
    end_held: int = records.field(default=0, eq=False)
    #: The last answer to each question, by (key, side, actor) of its prompt (not rolls):
    #: what a prompt offers as its default (engine/core/asking.py, issue 25).
    answered: dict[tuple[str, str | None, str | None], Any] = records.field(
        factory=dict, eq=False, repr=False
    )
    #: Whether prompts offer last time's answer as their default (`asking.offer_last`).
    #: Random play (`play_battle`: sim, balance) reads no default: off there.
    offers: bool = records.field(default=True, eq=False, repr=False)
    #: How many effects each field has had (a stat's name, "removed", a tracked position
    #: field): an end check run after every answer skips its pass over the units while
    #: what it reads is unchanged (engine/core/watch.py). Copied with the battle.
    changes: defaultdict[str, int] = records.field(
        factory=lambda: defaultdict(int), eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        if any(not u.label for u in self.units.values()):  # a clone's units have theirs
            label_units(self.units.values(), {s.id: s.name for s in self.sides})
            for unit in self.units.values():
                unit.start = unit.start or dict(unit.stats)

    # -- reading -------------------------------------------------------------------------

    def side(self, side_id: str) -> Side:
        return next(s for s in self.sides if s.id == side_id)

    def side_name(self, side_id: str | None) -> str:
        if side_id is None:
            return "—"
        for side in self.sides:
            if side.id == side_id:
                return side.name
        raise KeyError(side_id)

    def on_table(self, side_id: str | None = None) -> list[Unit]:
        """Units not removed, optionally of one side, in roster order."""
        return [
            u
            for u in self.units.values()
            if not u.removed and (side_id is None or u.side == side_id)
        ]

    def label(self, unit_id: str | None) -> str:
        """The unit's unique label (`Guerriero 2`), or "—" for no unit."""
        if unit_id is None:
            return "—"
        unit = self.units.get(unit_id)
        return unit.label if unit is not None else unit_id

    @property
    def labels(self) -> dict[str, str]:
        """Every unit's unique label by id, in roster order."""
        return {uid: u.label for uid, u in self.units.items()}

    def phase_label(self, phase_id: str | None = None) -> str:
        """The label the user reads for a phase (the current one by default)."""
        phase = self.phase if phase_id is None else phase_id
        return self.phase_labels.get(phase) or phase.replace("_", " ").capitalize()

    def add_unit(self, unit: Unit) -> None:
        """A unit joining mid-battle (GM add): labelled without relabelling the others."""
        self.units[unit.id] = unit
        label_units(self.units.values(), {s.id: s.name for s in self.sides})
        unit.start = unit.start or dict(unit.stats)

    def alive(self, unit_id: str) -> bool:
        unit = self.units.get(unit_id)
        return unit is not None and not unit.removed

    def enemies(self, side_id: str) -> list[Unit]:
        return [u for u in self.units.values() if not u.removed and u.side != side_id]

    @property
    def over(self) -> bool:
        return self.result is not None

    def headline(self) -> str:
        """The summary's first line: who won and why, or where the battle stands."""
        word = self.round_word.lower()
        if self.result:
            winner = self.side_name(self.result.winner) if self.result.winner else "nobody (draw)"
            return f"Winner: {winner} — {self.result.reason} ({word} {self.result.round})"
        return f"In progress: {self.where()}"

    def where(self) -> str:
        """`turn 2, Shooting` (or the setup phase's label before the first round)."""
        if not self.round:
            return self.phase_label()
        return f"{self.round_word.lower()} {self.round}, {self.phase_label()}"

    # -- writing -------------------------------------------------------------------------

    def record(
        self,
        kind: str,
        text: str,
        *,
        key: str = "",
        side: str | None = None,
        actor: str | None = None,
        target: str | None = None,
        roll: dict[str, Any] | None = None,
        brief: str = "",
        actors: Iterable[str] = (),
        targets: Iterable[str] = (),
        order: Iterable[Any] | None = None,
    ) -> LogEntry:
        """Append a log entry; later effects of this step attach to it. `actors` and
        `targets` name several units (`actor`/`target` default to their first)."""
        if actors:  # rare: kept out of the common path (every answer records)
            actors = tuple(actors)
            actor = actors[0] if actor is None else actor
        if targets:
            targets = tuple(targets)
            target = targets[0] if target is None else target
        texts = self.texts  # (`texts` says why; `_new` how the entry is made)
        entry = _new(LogEntry)
        entry.index, entry.answer, entry.round = len(self.log), self.answer_index, self.round
        entry.phase, entry.kind, entry.text = self.phase, kind, texts.setdefault(text, text)
        entry.key, entry.side, entry.actor = key, side, actor
        entry.target, entry.roll, entry.effects = target, roll, []
        entry.actors = actors  # type: ignore[assignment]  # (each a tuple or () by now)
        entry.targets = targets  # type: ignore[assignment]
        entry.order = None if order is None else plain_copy(list(order))
        entry.brief = texts.setdefault(brief, brief) if brief else brief
        entry.private = False
        entry.source = entry.by = entry.persona = entry.value = entry.detail = None
        self.log.append(entry)
        self.current = entry
        return entry

    def set(self, unit: Unit, field: str, value: Stat, cause: Cause | None = None) -> None:
        """Change one tracked value and record the effect (`cause`: see `causes.py`)."""
        stats = unit.stats
        before = stats[field]
        if before == value:
            return
        stats[field] = value
        self.changes[field] += 1
        current = self.current  # (`_effect` inlined: the most frequent call of a replay)
        if current is None:
            current = self.record("effect", "")
        effect = _new(Effect)  # field by field (`_new`)
        effect.unit = unit.id
        effect.field = field
        effect.before = before
        effect.after = value
        effect.cause = cause
        current.effects.append(effect)

    def track(self, field: str, value: Any) -> None:
        """Change a field of the position a reader must see (who holds an objective, the
        initiative, the play order, firmness) and record it as an effect with no unit."""
        before = getattr(self.pos, field)
        if before == value:
            return
        setattr(self.pos, field, value)
        self.changes[field] += 1
        self._effect(Effect(None, field, plain_copy(before), plain_copy(value)))

    def remove(self, unit: Unit, cause: Cause | None = None) -> None:
        """Off the table, for the `cause` the rule names (every rule's removal names one:
        tests/property/test_loss_causes.py)."""
        if not unit.removed:
            unit.removed = True
            self.changes["removed"] += 1
            self._effect(Effect(unit.id, "removed", False, True, cause))

    def cause(
        self,
        kind: str,
        unit: Unit | str | None = None,
        *,
        weapon: str | None = None,
        attack: str | None = None,
        entry: int | None = None,
    ) -> Cause:
        """A cause whose entry is the one being written (the roll or answer just given),
        unless `entry` names another."""
        if entry is None:
            entry = self.current.index if self.current is not None else len(self.log) - 1
        who = unit.id if isinstance(unit, Unit) else unit
        return Cause(kind, entry, who, weapon, attack)

    def restore(self, unit: Unit) -> None:
        if unit.removed:
            unit.removed = False
            self.changes["removed"] += 1
            self._effect(Effect(unit.id, "removed", True, False))

    def last_change(self, unit: Unit, field: str) -> int | None:
        """The index of the latest entry that changed `unit`'s `field` (the GM entry that
        set a stat a rule then acts on), None when none did."""
        for entry in reversed(self.log):
            if any(e.unit == unit.id and e.field == field for e in entry.effects):
                return entry.index
        return None

    def _effect(self, effect: Effect) -> None:
        if self.current is None:
            self.record("effect", "")
        assert self.current is not None
        self.current.effects.append(effect)

    def enter_phase(self, phase: str, side: str | None = None) -> None:
        """Move to `phase` (an id of the system's phase table) and write its heading."""
        self.phase = phase
        self.turn_side = side
        label = self.phase_label(phase)
        # Setup phases come before round 1: "Round 0" would read as a round of play.
        self.record("phase", f"{self.round_word} {self.round} · {label}" if self.round else label)

    @contextmanager
    def at_once(self) -> Iterator[None]:
        """Results that land at the same moment (simultaneous hits, CE-8): the engine's
        end check (`RuleSystem.check_end`) waits until the block has run, so a side's last
        unit taken out by the first of them does not stop the others landing."""
        self.end_held += 1
        try:
            yield
        finally:
            self.end_held -= 1

    def end(self, winner: str | None, reason: str) -> None:
        self.result = Result(winner, reason, self.round)
        text = f"{self.side_name(winner)} wins: {reason}" if winner else f"Draw: {reason}"
        self.record("result", text, side=winner)

    # -- checkpoints ---------------------------------------------------------------------

    def clone(self) -> Battle:
        """A copy for a checkpoint: units and position copied, the log shared."""
        return Battle(
            system=self.system,
            title=self.title,
            seed=self.seed,
            options=self.options,
            sides=self.sides,
            units={uid: u.clone() for uid, u in self.units.items()},
            round=self.round,
            phase=self.phase,
            turn_side=self.turn_side,
            pos=plain_copy(self.pos),
            result=self.result,
            log=self.log,
            answer_index=self.answer_index,
            phase_labels=self.phase_labels,
            texts=self.texts,
            round_word=self.round_word,
            conditions=list(self.conditions),
            gm_applied=self.gm_applied,
            ai=dict(self.ai),
            app_rolls=self.app_rolls,
            end_held=self.end_held,
            answered=dict(self.answered),
            offers=self.offers,
            changes=defaultdict(int, self.changes),
        )
