"""Chance to win over time (issue 27): at the start of each round, each side's chance
to win, estimated by playing the battle on from that point many times with random
legal answers (the app's random players, as `skirmtui sim` plays).

Computed on demand (the HTML report, `--playouts`, the review's chart), never during
play, and kept nowhere: not in the save. Deterministic for a given save and playout
count: every playout's dice and choices come from an RNG seeded with the battle's own
seed, the round and the playout's number. With n playouts a chance p is known to about
±1.96·√(p(1−p)/n) (95%): ±7 points at worst for 200, enough to show a swing.
"""

from __future__ import annotations

import itertools
import math
import random

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.runner import Runner
from skirmtui.engine.core.session import Session

#: Playouts a round by default (issue 27: "e.g. 200 a round").
PLAYOUTS = 200
#: A playout still running after this many answers counts as a draw.
MAX_PLAYOUT_ANSWERS = 5_000
#: The key of a draw in `RoundChance.chances`.
DRAW = ""


@frozen_record
class RoundChance:
    """Each side's chance to win from the start of `round` (`DRAW` for a draw); the
    last point of a finished battle is its result (`playouts` 0)."""

    round: int
    chances: dict[str, float]
    playouts: int

    @property
    def margin(self) -> float:
        """The 95% half-width of the widest estimate (0 for the result)."""
        if not self.playouts:
            return 0.0
        worst = max((p * (1 - p) for p in self.chances.values()), default=0.0)
        return 1.96 * math.sqrt(worst / self.playouts)


def round_starts(session: Session) -> list[tuple[int, Battle, int]]:
    """(round, a private copy of the battle, answers consumed) at the first step
    boundary of each round played."""
    found: dict[int, tuple[Battle, int]] = {}

    def boundary(runner: Runner) -> None:
        battle = runner.battle
        if battle.round >= 1 and battle.round not in found and not battle.over:
            found[battle.round] = (_private(battle), runner.consumed)

    system = session.system
    runner = Runner(system, system.new_battle(session.setup), on_boundary=boundary)
    runner.replaying = True
    if runner.prompt is not None or runner.battle.over:
        boundary(runner)
    for item in list(session.items):  # a copy: the TUI computes this in a worker thread
        runner.apply(item)
    return [(number, battle, at) for number, (battle, at) in sorted(found.items())]


def chances(session: Session, playouts: int = PLAYOUTS) -> list[RoundChance]:
    """Each side's chance to win at the start of every round played, then (a finished
    battle) its result."""
    system, setup = session.system, session.setup
    sides = [s.id for s in setup.sides]
    out = []
    for number, start, at in round_starts(session):
        wins = dict.fromkeys([*sides, DRAW], 0)
        for playout in range(playouts):
            rng = random.Random(setup.seed * 1_000_003 + number * 10_007 + playout)
            runner = Runner(system, _private(start), at)
            answered = 0
            while (prompt := runner.prompt) is not None and answered < MAX_PLAYOUT_ANSWERS:
                runner.apply(Item(prompt.key, prompt.random_answer(rng)))
                answered += 1
            result = runner.battle.result
            winner = result.winner if result is not None and result.winner else DRAW
            wins[winner if winner in wins else DRAW] += 1
        out.append(
            RoundChance(number, {k: v / max(1, playouts) for k, v in wins.items()}, playouts)
        )
    result = session.battle.result
    if result is not None:
        final = dict.fromkeys([*sides, DRAW], 0.0)
        final[result.winner or DRAW] = 1.0
        out.append(RoundChance(result.round, final, 0))
    return out


@frozen_record
class Swing:
    """A side's chance moved by `change` over `round` (from its start to the next point)."""

    round: int
    side: str
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


def swings(found: list[RoundChance], sides: list[str], most: int = 5) -> list[Swing]:
    """The `most` biggest moves of any side's chance from one round's start to the next
    point, in the order they happened: the rounds that turned the battle."""
    moves = [
        Swing(a.round, side, a.chances.get(side, 0.0), b.chances.get(side, 0.0))
        for a, b in itertools.pairwise(found)
        for side in sides
    ]
    biggest = sorted(moves, key=lambda s: -abs(s.change))[:most]
    return sorted(biggest, key=lambda s: (s.round, sides.index(s.side)))


def _private(battle: Battle) -> Battle:
    """A clone with a log of its own: a playout's entries stay in it."""
    clone = battle.clone()
    clone.log = []
    clone.texts = {}
    return clone
