"""What an answer is expected to bring (`Outlook`), as the look-ahead (lookahead.py)
reduces its outcomes, and which of two answers wins (`better`)."""

from __future__ import annotations

from skirmtui.engine.core.records import frozen_record

#: An answer whose outcomes were valued before they were seen more often than this
#: (`Outlook.cut`) was not seen: it does not beat one that was (`better`).
UNSEEN = 0.9


@frozen_record
class Outlook:
    """What an option is expected to bring: mean score and its spread, the enemy's and
    own expected losses (in worth), the chance an enemy unit is taken off, the chance
    an own unit is, the first roll it leads to with its exact chance, the standing
    it is expected to gain by the system's own way of winning (`system.standing`), and
    how much more (less, when negative) the enemy's reply is expected to take (in worth)
    than before the decision (where the system says: `exposure`), what its units that
    closed in may take off next (`closing`, where the system says), the attack rolls its
    units are expected to make at an enemy on the way (`attacks`), and the chance its
    search was cut before it saw what the answer leads to (`cut`: the budget spent in the
    decision's own step, at a roll, a table fact or a further decision of the side;
    valued as it stood there, as if nothing more would happen)."""

    score: float
    spread: float
    dealt: float
    taken: float
    kill: float
    lose: float
    roll: str = ""
    chance: float | None = None
    gained: float = 0.0
    reply: float = 0.0
    closing: float = 0.0
    cut: float = 0.0
    attacks: float = 0.0
    #: The strength its units are expected to win back past the look-ahead's end
    #: (`mending`, where the system says: a recovery to come).
    mending: float = 0.0

    @property
    def seen(self) -> bool:
        """Whether the search saw what the answer leads to (its cut no more than
        `UNSEEN`): an answer not seen must not win against one that was."""
        return self.cut <= UNSEEN


def better(score: float, cut: float, best_score: float, best_cut: float) -> bool:
    """Whether an answer (its score and cut) beats the best so far: one seen beats one
    not seen whatever their scores (a branch the budget cut before its roll, valued as
    nothing happened, looked as good as passing); else the higher score."""
    seen, best_seen = cut <= UNSEEN, best_cut <= UNSEEN
    return seen > best_seen or (seen == best_seen and score > best_score)
