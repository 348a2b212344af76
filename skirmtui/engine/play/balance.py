"""`skirmtui balance`: many random battles of army pairings, each reduced to a summary.

A run is a `Plan`: the matchups (two armies, in both seatings), the run seed, how many
battles at most, an optional precision to stop at and an optional sweep. Battle `i` is
fixed by the plan alone: its matchup (`i mod M`), its seating (swapped every other
round of matchups) and its dice seed (`battle_seed(run seed, i)`). So any split of the
indices among processes or machines plays the same battles, and a `Tally` merged in
index order is the same whatever the number of workers. Nothing is kept per battle
but its `Summary` folded into the tally (memory flat in the number of battles).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle, LogEntry, Unit
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.system import RuleSystem, Setup, UnitSpec
from skirmtui.engine.play.sim import made_units, play_battle
from skirmtui.engine.report.report import losses, worth

#: What turns a system id into its rules in a worker (the CLI passes the registry's
#: `get_system`: the engine does not import the systems).
Resolve = Callable[[str], RuleSystem]


@frozen_record
class Sweep:
    """`--sweep UNIT.STAT=a..b`: the battles replayed with every unit named UNIT (in
    either army) given each value of STAT in turn, on the same seeds."""

    unit: str
    stat: str
    values: tuple[int, ...]

    @property
    def label(self) -> str:
        return f"{self.unit}.{self.stat}"


@frozen_record
class Matchup:
    """Two armies (sample-army file names) and their setups: `seatings[0]` with the
    first army in the first seat, `seatings[1]` swapped. `swept`: which of the two
    armies has the swept unit (None: neither or both; no sweep battles then)."""

    armies: tuple[str, str]
    names: tuple[str, str]
    seatings: tuple[Setup, Setup]
    swept: int | None = None

    @property
    def mirror(self) -> bool:
        return self.armies[0] == self.armies[1]


@frozen_record
class Plan:
    system: str
    matchups: tuple[Matchup, ...]
    seed: int
    battles: int
    #: Stop once every interval asked for is within ± this (a proportion), or None.
    precision: float | None = None
    sweep: Sweep | None = None
    #: The personas that play each matchup's first and second army (`--ai`), or None:
    #: random legal answers for everyone (the fast path).
    ai: tuple[str, str] | None = None
    #: About how many battles a chunk holds (tests make it small).
    chunk_size: int = 100

    @property
    def chunk(self) -> int:
        """Battles per unit of work and between two precision checks: whole rounds of
        matchups in both seatings (~`chunk_size` battles), never depending on the
        workers."""
        rounds = 2 * len(self.matchups)
        return rounds * max(1, self.chunk_size // rounds)

    def chunks(self) -> Iterator[tuple[int, int]]:
        for start in range(0, self.battles, self.chunk):
            yield start, min(self.battles, start + self.chunk)

    def battle(self, index: int) -> tuple[int, int, int]:
        """Battle `index`'s matchup, seating (0 or 1) and dice seed."""
        count = len(self.matchups)
        return index % count, (index // count) % 2, battle_seed(self.seed, index)


def battle_seed(run_seed: int, index: int) -> int:
    """The dice seed of battle `index` of a run seeded `run_seed`: from these two alone
    (string seeding is the same in every process and on every machine)."""
    return random.Random(f"skirmtui-balance/{run_seed}/{index}").randrange(1 << 30)


@frozen_record
class UnitFate:
    """One unit of one battle: its army (0/1 in the matchup), type, cost, whether it
    was on the table at the end, and the enemy units and points it destroyed."""

    army: int
    name: str
    cost: int | None
    survived: bool
    destroyed: int
    destroyed_points: int


@frozen_record
class Summary:
    """All a balance report keeps of one battle."""

    index: int
    seed: int
    matchup: int
    seating: int
    winner: int | None  # the army (0/1 of the matchup) that won; None: a draw
    first: int | None  # the army that played first (the first `order` entry)
    rounds: int
    answers: int
    lost: tuple[int, int]  # units each army lost
    units: tuple[UnitFate, ...]
    #: Per sweep value: whether the army with the swept unit won (empty: no sweep).
    sweep: tuple[bool, ...] = ()
    error: str | None = None


def seated(setup: Setup, sweep: Sweep | None, value: int | None) -> Setup:
    """The setup with the swept stat set to `value` on every unit of that name."""
    if sweep is None or value is None:
        return setup
    units = [
        records.replace(u, profile={**u.profile, sweep.stat: value})
        if u.name.casefold() == sweep.unit.casefold()
        else u
        for u in setup.units
    ]
    return records.evolve(setup, units=units)


def has_unit(units: tuple[UnitSpec, ...], side: str, name: str) -> bool:
    return any(u.side == side and u.name.casefold() == name.casefold() for u in units)


def play_one(plan: Plan, resolve: Resolve, index: int) -> Summary:
    """Play battle `index` of the plan (and its sweep replays) and summarise it."""
    system = resolve(plan.system)
    m, seating, seed = plan.battle(index)
    matchup = plan.matchups[m]
    seated_setup = matchup.seatings[seating]
    setup = records.evolve(seated_setup, seed=seed)
    armies = _armies_by_side(setup, seating)
    made = None if plan.ai is not None else _made(system, seated_setup)
    try:
        battle, answers = _play(plan, system, setup, armies, seed, made)
        swept: list[bool] = []
        if plan.sweep is not None and matchup.swept is not None:
            for value in plan.sweep.values:
                again, _ = _play(plan, system, seated(setup, plan.sweep, value), armies, seed)
                assert again.result is not None
                swept.append(armies.get(again.result.winner or "") == matchup.swept)
    except Exception as error:  # a rules bug: counted and named in the report
        return Summary(index, seed, m, seating, None, None, 0, 0, (0, 0), (), (), repr(error))
    return summarize(battle, answers, armies, index, seed, m, seating, tuple(swept))


#: A seating's units made once (`sim.made_units`), by the seating setup's id: the
#: setup and system are kept with them (so the id is not reused while kept), a few.
_MADE: dict[int, tuple[RuleSystem, Setup, dict[str, Unit] | None]] = {}


def _made(system: RuleSystem, seating: Setup) -> dict[str, Unit] | None:
    """`made_units` of a seating of the plan, made at its first battle in this process
    (a refused one: None, and each battle fails and is reported as before)."""
    kept = _MADE.get(id(seating))
    if kept is not None and kept[0] is system and kept[1] is seating:
        return kept[2]
    try:
        made = made_units(system, seating)
    except Exception:
        made = None
    if len(_MADE) >= 32:
        _MADE.clear()
    _MADE[id(seating)] = (system, seating, made)
    return made


def _play(
    plan: Plan,
    system: RuleSystem,
    setup: Setup,
    armies: dict[str, int],
    seed: int,
    made: dict[str, Unit] | None = None,
) -> tuple[Battle, int]:
    """One battle: random answers, or each army played by its persona (`plan.ai`);
    `made`: the seating's units, copied (`sim.made_units`)."""
    if plan.ai is None:
        battle, items = play_battle(system, setup, random.Random(seed), made=made)
        return battle, len(items)
    from skirmtui.engine.play.auto import play_ai

    sides = {side: plan.ai[army] for side, army in armies.items()}
    session = play_ai(system, setup, sides, random.Random(seed))
    return session.battle, len(session.items)


def _armies_by_side(setup: Setup, seating: int) -> dict[str, int]:
    """Side id → the matchup's army (0/1) seated there."""
    return {side.id: (k if seating == 0 else 1 - k) for k, side in enumerate(setup.sides)}


def summarize(
    battle: Battle,
    answers: int,
    armies: dict[str, int],
    index: int,
    seed: int,
    matchup: int,
    seating: int,
    sweep: tuple[bool, ...] = (),
) -> Summary:
    result = battle.result
    assert result is not None
    lost = [0, 0]
    destroyed: dict[str, list[int]] = {}
    for loss in losses(battle):
        victim = battle.units[loss.unit]
        lost[armies[victim.side]] += 1
        if loss.by is not None and loss.by in battle.units:
            tally = destroyed.setdefault(loss.by, [0, 0])
            tally[0] += 1
            tally[1] += worth(victim) or 0
    fates = tuple(
        UnitFate(
            armies[unit.side],
            unit.name,
            worth(unit),
            not unit.removed,
            *destroyed.get(unit.id, (0, 0)),
        )
        for unit in battle.units.values()
        if unit.side in armies
    )
    return Summary(
        index,
        seed,
        matchup,
        seating,
        armies.get(result.winner) if result.winner else None,
        _first(battle, armies),
        result.round,
        answers,
        (lost[0], lost[1]),
        fates,
        sweep,
    )


def _first(battle: Battle, armies: dict[str, int]) -> int | None:
    """The army that plays first: the first id of the battle's first `order` entry (a
    side, or a unit of it; a group counts by its first member)."""
    entry = next((e for e in battle.log if e.order), None)
    return None if entry is None else _army_of(battle, entry, armies)


def _army_of(battle: Battle, entry: LogEntry, armies: dict[str, int]) -> int | None:
    head: object = entry.order[0] if entry.order else None
    while isinstance(head, list | tuple) and head:
        head = head[0]
    if not isinstance(head, str):
        return None
    if head in armies:
        return armies[head]
    unit = battle.units.get(head)
    return None if unit is None else armies.get(unit.side)
