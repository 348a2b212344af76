"""A balance run's running totals: what every battle's `Summary` adds, nothing more.

Counts and histograms only (memory flat in the number of battles); two tallies merge
by adding, and the notable battles keep the lowest index on a tie, so merging the
chunks of a run in index order gives the same tally whatever played them.
"""

from __future__ import annotations

from collections import Counter

from skirmtui.engine.core import records
from skirmtui.engine.core.collector import between_battles
from skirmtui.engine.core.records import record
from skirmtui.engine.play.balance import Plan, Resolve, Summary, play_one
from skirmtui.engine.play.stats import Interval, paired_difference, wilson

#: Errors named in the report (the count is always whole).
MAX_MESSAGES = 20


@record
class Cell:
    """One matchup: battles, wins of each army, draws."""

    battles: int = 0
    wins: list[int] = records.field(factory=lambda: [0, 0])
    draws: int = 0

    def rate(self, army: int = 0) -> Interval:
        return wilson(self.wins[army], self.battles)


@record
class UnitTotals:
    """One unit type of one army, over every battle it fought."""

    fielded: int = 0
    survived: int = 0
    destroyed: int = 0
    destroyed_points: int = 0
    spent: int = 0  # its cost, once per battle fielded
    costed: bool = False


@record
class Notable:
    """A battle worth replaying: its index and seed, matchup and seating, and why."""

    index: int
    seed: int
    matchup: int
    seating: int
    answers: int
    winner: int | None


@record
class Tally:
    battles: int = 0
    errors: int = 0
    messages: list[str] = records.field(factory=list)
    cells: dict[int, Cell] = records.field(factory=dict)
    #: First player: battles where it is known, its wins, draws.
    first: list[int] = records.field(factory=lambda: [0, 0, 0])
    rounds: Counter[int] = records.field(factory=Counter)
    answers: Counter[int] = records.field(factory=Counter)  # by hundreds
    answers_total: int = 0
    #: Per (matchup, army): units lost in total.
    lost: Counter[tuple[int, int]] = records.field(factory=Counter)
    units: dict[tuple[str, str], UnitTotals] = records.field(factory=dict)
    longest: Notable | None = None
    #: Per (matchup, winning army): the first battle it won (for the upsets).
    wins_seen: dict[tuple[int, int], Notable] = records.field(factory=dict)
    #: Sweep: per value, [battles, wins]; per step, [pairs, Σd, Σd²].
    sweep_values: list[list[int]] = records.field(factory=list)
    sweep_steps: list[list[int]] = records.field(factory=list)

    def add(self, plan: Plan, s: Summary) -> None:
        self.battles += 1
        if s.error is not None:
            self.errors += 1
            if len(self.messages) < MAX_MESSAGES:
                self.messages.append(f"battle {s.index} (seed {s.seed}): {s.error}")
            return
        cell = self.cells.setdefault(s.matchup, Cell())
        cell.battles += 1
        if s.winner is None:
            cell.draws += 1
        else:
            cell.wins[s.winner] += 1
        if s.first is not None:
            self.first[0] += 1
            if s.winner is None:
                self.first[2] += 1
            elif s.winner == s.first:
                self.first[1] += 1
        self.rounds[s.rounds] += 1
        self.answers[s.answers // 100] += 1
        self.answers_total += s.answers
        for army in (0, 1):
            self.lost[(s.matchup, army)] += s.lost[army]
        armies = plan.matchups[s.matchup].armies
        for fate in s.units:
            totals = self.units.setdefault((armies[fate.army], fate.name), UnitTotals())
            totals.fielded += 1
            totals.survived += fate.survived
            totals.destroyed += fate.destroyed
            totals.destroyed_points += fate.destroyed_points
            if fate.cost is not None:
                totals.spent += fate.cost
                totals.costed = True
        notable = Notable(s.index, s.seed, s.matchup, s.seating, s.answers, s.winner)
        if self.longest is None or s.answers > self.longest.answers:
            self.longest = notable
        if s.winner is not None:
            self.wins_seen.setdefault((s.matchup, s.winner), notable)
        self._add_sweep(s.sweep)

    def _add_sweep(self, won: tuple[bool, ...]) -> None:
        if not won:
            return
        if not self.sweep_values:
            self.sweep_values = [[0, 0] for _ in won]
            self.sweep_steps = [[0, 0, 0] for _ in won[1:]]
        for totals, w in zip(self.sweep_values, won, strict=True):
            totals[0] += 1
            totals[1] += w
        for step, before, after in zip(self.sweep_steps, won, won[1:], strict=False):
            d = int(after) - int(before)
            step[0] += 1
            step[1] += d
            step[2] += d * d

    def merge(self, plan: Plan, other: Tally) -> None:
        """Fold in the tally of the battles right after this one's (index order)."""
        self.battles += other.battles
        self.errors += other.errors
        self.messages += other.messages[: MAX_MESSAGES - len(self.messages)]
        for key, cell in other.cells.items():
            mine = self.cells.setdefault(key, Cell())
            mine.battles += cell.battles
            mine.draws += cell.draws
            mine.wins = [a + b for a, b in zip(mine.wins, cell.wins, strict=True)]
        self.first = [a + b for a, b in zip(self.first, other.first, strict=True)]
        self.rounds.update(other.rounds)
        self.answers.update(other.answers)
        self.answers_total += other.answers_total
        self.lost.update(other.lost)
        for unit_key, totals in other.units.items():
            mine_u = self.units.setdefault(unit_key, UnitTotals())
            mine_u.fielded += totals.fielded
            mine_u.survived += totals.survived
            mine_u.destroyed += totals.destroyed
            mine_u.destroyed_points += totals.destroyed_points
            mine_u.spent += totals.spent
            mine_u.costed = mine_u.costed or totals.costed
        if other.longest is not None and (
            self.longest is None or other.longest.answers > self.longest.answers
        ):
            self.longest = other.longest
        for won, notable in other.wins_seen.items():
            self.wins_seen.setdefault(won, notable)
        if other.sweep_values:
            if not self.sweep_values:
                self.sweep_values = [[0, 0] for _ in other.sweep_values]
                self.sweep_steps = [[0, 0, 0] for _ in other.sweep_steps]
            for mine_v, theirs in zip(self.sweep_values, other.sweep_values, strict=True):
                mine_v[:] = [a + b for a, b in zip(mine_v, theirs, strict=True)]
            for mine_s, theirs_s in zip(self.sweep_steps, other.sweep_steps, strict=True):
                mine_s[:] = [a + b for a, b in zip(mine_s, theirs_s, strict=True)]

    # -- what the report reads --------------------------------------------------------

    def first_player(self) -> Interval:
        """How often the first player wins, draws counted as not winning."""
        return wilson(self.first[1], self.first[0])

    def sweep_rates(self) -> list[Interval]:
        return [wilson(wins, n) for n, wins in self.sweep_values]

    def sweep_changes(self) -> list[Interval]:
        return [paired_difference(total, squares, n) for n, total, squares in self.sweep_steps]

    def widest(self, plan: Plan) -> float:
        """The widest half-width among the intervals a precision stop watches: every
        matchup that is not a mirror, the first player's, each sweep step's."""
        widths = [
            self.cells.get(m, Cell()).rate().half_width
            for m, matchup in enumerate(plan.matchups)
            if not matchup.mirror
        ]
        if self.first[0]:  # a system that announces no play order has no first player
            widths.append(self.first_player().half_width)
        widths += [c.half_width for c in self.sweep_changes()]
        if plan.sweep is not None and not self.sweep_steps:
            widths.append(1.0)
        return max(widths, default=1.0)

    def done(self, plan: Plan) -> bool:
        """Whether a precision stop is due (never without `plan.precision`)."""
        return plan.precision is not None and self.widest(plan) <= plan.precision


def play_chunk(plan: Plan, resolve: Resolve, start: int, stop: int) -> Tally:
    """The tally of battles `start`…`stop - 1` (what a worker runs)."""
    tally = Tally()
    with between_battles(plan.ai is None) as dropped:  # the collector between battles
        for index in range(start, stop):
            tally.add(plan, play_one(plan, resolve, index))
            dropped()
    return tally
