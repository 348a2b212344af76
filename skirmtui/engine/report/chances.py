"""Chance to win over time (issue 27): each side's chance to win, estimated by playing
the battle on from a point many times with random legal answers (the app's random
players, as `skirmtui sim` plays). The points are the start of each round (the chart)
and, for the turning points (turning.py), the step boundary after each answer that took
a unit off the table.

Computed on demand (the reports, the review's and luck screen's charts), never during
play, and kept nowhere: not in the save. Deterministic for a given save and playout
count: playout k's dice and choices come from an RNG seeded with the battle's own seed
and k (the same at every point; the streams part at the first different question, so
two points' estimates are as good as independent: measured, issue 27). With n
playouts a chance p is known to about ±1.96·√(p(1−p)/n) (95%): ±7 points at worst for
200. Random players, not the balanced persona: a balanced playout takes seconds (every
decision looks ahead), random ones milliseconds (docs/export.md has the figures).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.runner import Runner
from skirmtui.engine.core.session import Session

#: Playouts a point by default for the HTML report (issue 27: "e.g. 200 a round"; a
#: point is a round's start or just after a loss, about twice as many as rounds).
PLAYOUTS = 100
#: A playout still running after this many answers counts as a draw.
MAX_PLAYOUT_ANSWERS = 5_000
#: The key of a draw in `RoundChance.chances`.
DRAW = ""


@frozen_record
class RoundChance:
    """Each side's chance to win (`DRAW` for a draw) at a point of the battle in `round`:
    its start (`start`), or just after the answers in `after`, which took units off.
    The last point of a finished battle is its result (`playouts` 0)."""

    round: int
    chances: dict[str, float]
    playouts: int
    start: bool = True
    after: tuple[int, ...] = ()

    @property
    def margin(self) -> float:
        """The 95% half-width of the widest estimate (0 for the result)."""
        if not self.playouts:
            return 0.0
        worst = max((p * (1 - p) for p in self.chances.values()), default=0.0)
        return 1.96 * math.sqrt(worst / self.playouts)

    def variance(self, side: str) -> float:
        """The variance of one side's estimate (0 for the result)."""
        if not self.playouts:
            return 0.0
        p = self.chances.get(side, 0.0)
        return p * (1 - p) / self.playouts


@frozen_record
class Start:
    """A point to play on from: a private copy of the battle `at` answers in."""

    round: int
    battle: Battle
    at: int
    start: bool
    after: tuple[int, ...]


def round_starts(session: Session) -> list[tuple[int, Battle, int]]:
    """(round, a private copy of the battle, answers consumed) at the first step
    boundary of each round played."""
    return [(p.round, p.battle, p.at) for p in starts(session) if p.start]


def losing_answers(battle: Battle) -> set[int]:
    """The answers (and GM entries) whose entries took a unit off the table."""
    return {
        entry.answer
        for entry in battle.log
        if entry.answer is not None
        and any(e.field == "removed" and e.after is True for e in entry.effects)
    }


def starts(session: Session, after: set[int] | None = None) -> list[Start]:
    """The points to play on from, in the battle's order: the first step boundary of
    each round, and the first after each answer of `after`. Answers after which the
    battle is over belong to its result (`ending`), not to a point.

    The log is replayed as the session played it: a GM entry made while a step waited
    that counts from the step's start plays the step again from its boundary
    (`Runner`'s rewind; `Session.step_start` does the same), so the points are the
    battle the table saw (replayed where it stood, a later answer of the step could be
    refused: the play-outs, the report and the review's chart stopped with an error)."""
    items = list(session.items)  # a copy: the TUI computes this in a worker thread
    pending = sorted(after or ())
    found: dict[int, tuple[Battle, int | None, list[int]]] = {}
    rounds: set[int] = set()
    #: The last boundary (entries consumed, a copy of the battle, its log length), kept
    #: only when a GM entry may play a step again: a copy a boundary is not free.
    last: list[tuple[int, Battle, int]] = []
    gm = any(item.is_gm for item in items)

    def rewind(consumed: int) -> tuple[Battle, int]:
        began, copy, length = last[0]
        assert began == consumed, "a step is played again from its own boundary"
        return copy.clone(), length

    def boundary(runner: Runner) -> None:
        battle, at = runner.battle, runner.consumed
        if gm:
            last[:] = [(at, battle.clone(), len(battle.log))]
        if battle.over:
            return
        covered = [a for a in pending if a < at]
        new_round = battle.round >= 1 and battle.round not in rounds
        if not covered and not new_round:
            return
        del pending[: len(covered)]
        point = found.setdefault(at, (_private(battle), None, []))
        point[2].extend(covered)
        if new_round:
            rounds.add(battle.round)
            found[at] = (point[0], battle.round, point[2])

    system = session.system
    runner = Runner(
        system,
        system.new_battle(session.setup),
        on_boundary=boundary,
        rewind=rewind if gm else None,
    )
    runner.replaying = True
    if runner.prompt is not None or runner.battle.over:
        boundary(runner)
    for item in items:
        runner.apply(item)
    return [
        Start(b.round if number is None else number, b, at, number is not None, tuple(answers))
        for at, (b, number, answers) in sorted(found.items())
    ]


class Cancelled(Exception):
    """The play-outs were stopped (`cancelled()` said so): nothing was estimated."""


def never() -> bool:
    return False


def chances(
    session: Session,
    playouts: int = PLAYOUTS,
    *,
    losses: bool = False,
    cancelled: Callable[[], bool] = never,
) -> list[RoundChance]:
    """Each side's chance to win at the start of every round played (and, `losses`,
    after every answer that took a unit off), then (a finished battle) its result.
    `cancelled` is asked before each play-out (a TUI worker whose screen closed):
    `Cancelled` is raised as soon as it says yes."""
    system, setup = session.system, session.setup
    sides = [s.id for s in setup.sides]
    losing = losing_answers(session.battle) if losses else set()
    out = []
    for point in starts(session, losing):
        wins = dict.fromkeys([*sides, DRAW], 0)
        for playout in range(playouts):
            if cancelled():
                raise Cancelled
            rng = random.Random(setup.seed * 1_000_003 + playout)
            runner = Runner(system, _private(point.battle), point.at)
            answered = 0
            while runner.prompt is not None and answered < MAX_PLAYOUT_ANSWERS:
                runner.answer_random(rng)  # as `sim` plays: legal by construction
                answered += 1
            result = runner.battle.result
            winner = result.winner if result is not None and result.winner else DRAW
            wins[winner if winner in wins else DRAW] += 1
        shares = {k: v / max(1, playouts) for k, v in wins.items()}
        out.append(RoundChance(point.round, shares, playouts, point.start, point.after))
    result = session.battle.result
    if result is not None:
        final = dict.fromkeys([*sides, DRAW], 0.0)
        final[result.winner or DRAW] = 1.0
        seen = {a for c in out for a in c.after}
        ending = tuple(sorted(a for a in losing if a not in seen))
        out.append(RoundChance(result.round, final, 0, False, ending))
    return out


def by_round(found: list[RoundChance]) -> list[RoundChance]:
    """The chart's points: each round's start, and the result."""
    return [c for c in found if c.start or not c.playouts]


def _private(battle: Battle) -> Battle:
    """A clone with a log of its own: a playout's entries stay in it."""
    clone = battle.clone()
    clone.log = []
    clone.texts = {}
    return clone
