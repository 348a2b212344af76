"""The turning points (issue 27): the moments that moved the chance to win most. One
source for the Markdown report, the HTML page and the review screen.

The chance to win is estimated (chances.py) at the start of each round and just after
each answer that took a unit off. Each stretch between two such points moved every
side's chance; the stretch is told by the side whose chance moved most, and by what
ended it: the answer and the losses it caused, or the rest of the round when no loss
ended it. At most five are shown, in the order they happened, the biggest moves first
chosen; a move within its 95% margin (±1.96·√(var before + var after), the two
estimates' binomial variances) is not shown: it could be the play-outs' noise.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import plural
from skirmtui.engine.report.chances import RoundChance, by_round, chances, never
from skirmtui.engine.report.losses import Loss, cell, fate_words, losses

#: Turning points shown at most.
TURNING_POINTS = 5
#: Play-outs a point for the Markdown report unless `--playouts` says (docs/export.md:
#: the time it takes against the margin it gives).
MD_PLAYOUTS = 20


@frozen_record
class Turn:
    """`side`'s chance moved from `before` to `after` over a stretch of `round` ended by
    the answers in `answers` (the losses they caused), or, none, by the round's end."""

    round: int
    side: str
    before: float
    after: float
    margin: float
    answers: tuple[int, ...]
    #: The stretch began just after a loss (it is the rest of its round).
    since_loss: bool = False

    @property
    def change(self) -> float:
        return self.after - self.before


@frozen_record
class Turning:
    """The chance to win at every point, and the turning points among them."""

    playouts: int
    points: tuple[RoundChance, ...]
    turns: tuple[Turn, ...]

    @property
    def margin(self) -> float:
        """The widest 95% margin of any point."""
        return max((c.margin for c in self.points), default=0.0)

    @property
    def rounds(self) -> list[RoundChance]:
        """The chart's points: each round's start, and the result."""
        return by_round(list(self.points))


def turning(session: Session, playouts: int, cancelled: Callable[[], bool] = never) -> Turning:
    """The chance to win at every point from `playouts` play-outs each (none when 0),
    and the ≤ 5 biggest moves beyond their margin (`cancelled`: as `chances`)."""
    found = chances(session, playouts, losses=True, cancelled=cancelled) if playouts > 0 else []
    sides = [s.id for s in session.battle.sides]
    return Turning(playouts, tuple(found), tuple(biggest_moves(found, sides)))


def biggest_moves(
    found: list[RoundChance], sides: list[str], most: int = TURNING_POINTS
) -> list[Turn]:
    """The `most` biggest moves beyond their margin, in the order they happened."""
    moves = []
    for a, b in itertools.pairwise(found):

        def change(side: str, a: RoundChance = a, b: RoundChance = b) -> float:
            return b.chances.get(side, 0.0) - a.chances.get(side, 0.0)

        # The side whose chance moved most; on a tie the one it rose for, then the first.
        side = max(sides, key=lambda s: (round(abs(change(s)), 9), change(s) > 0))
        margin = 1.96 * math.sqrt(a.variance(side) + b.variance(side))
        if abs(change(side)) <= margin:
            continue
        before, after = a.chances.get(side, 0.0), b.chances.get(side, 0.0)
        # A loss that ends a stretch at the next round's start happened in this one.
        number = b.round if b.after and not b.start else a.round
        since = bool(a.after) and not a.start  # after a loss, not from a round's start
        moves.append(Turn(number, side, before, after, margin, b.after, since))
    chosen = sorted(range(len(moves)), key=lambda i: -abs(moves[i].change))[:most]
    return [moves[i] for i in sorted(chosen)]


def turn_lines(battle: Battle, turning: Turning, text: Callable[[str], str] = cell) -> list[str]:
    """Each turning point in a sentence: what happened, and how it moved the chance.
    `text` fits user text (names) where the sentence goes: `cell` for Markdown (a `|`
    escaped), `one_line` for the TUI, which shows a name as written."""
    names = battle.labels
    by_answer: dict[int, list[Loss]] = {}
    for loss in losses(battle):
        answer = battle.log[loss.entry].answer
        if answer is not None:
            by_answer.setdefault(answer, []).append(loss)
    out = []
    for turn in turning.turns:
        lost = [loss for a in turn.answers for loss in by_answer.get(a, [])]
        word = f"{battle.round_word} {lost[0].round if lost else turn.round}"
        if lost:
            what = "; ".join(
                f"{text(names[x.unit])} ({text(battle.side_name(battle.units[x.unit].side))}) "
                f"{fate_words(battle, names, x, text)}"
                for x in lost
            )
        elif turn.since_loss:
            what = "the rest of the round, no unit lost"
        else:
            what = "no unit lost"
        rose = "rose" if turn.change > 0 else "fell"
        whose = possessive(text(battle.side_name(turn.side)))
        out.append(
            f"{word}: {what} — {whose} chance to win {rose} "
            f"from {turn.before:.0%} to {turn.after:.0%} "
            f"({100 * turn.change:+.0f} ± {_points(turn.margin)})."
        )
    return out


def _points(share: float) -> str:
    """A margin in percentage points, its noun agreeing: `1 point`, `20 points`."""
    return plural(round(100 * share), "point")


def possessive(name: str) -> str:
    """`Armigeri's`, `Bandoleiros'`."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def section(battle: Battle, turning: Turning | None) -> list[str]:
    """The Markdown report's turning points: how they were found, then each."""
    out = ["## Turning points", ""]
    if turning is None or not turning.playouts:
        return [*out, "Not estimated: the chance to win was not computed (`--playouts 0`).", ""]
    word = battle.round_word.lower()
    out += [
        "The moments that moved a side's chance to win most, in order. The chance is the",
        f"side's share of wins in {turning.playouts} random play-outs of the rest of the battle "
        f"(±{_points(turning.margin)} at most, 95%),",
        f"from the start of each {word} and just after each answer that took a unit off;",
        "a move within its margin is left out.",
        "",
    ]
    lines = turn_lines(battle, turning)
    if not lines:
        return [*out, "No moment moved a side's chance to win beyond its margin.", ""]
    return [*out, *(f"- {line}" for line in lines), ""]
