"""Where a pequenas-guerras battle stands between steps (PG-2, PG-3, PG-8)."""

from __future__ import annotations

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle, Position
from skirmtui.engine.core.records import record
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.systems.pequenas_guerras.profile import rules


@record
class PGPosition(Position):
    #: PG-2: the deployment roll-off (its order is also round 1's).
    deploy: RollOff = records.field(factory=RollOff)
    #: Side → its corner (tracked: every choice is an effect).
    corners: dict[str, str] = records.field(factory=dict)
    #: Units placed on the table so far.
    placed: list[str] = records.field(factory=list)
    #: Index of the player whose turn it is (placing, then activating), in `order`.
    turn: int = 0
    #: The round's order of play (tracked each time it is decided, PG-3).
    order: list[str] = records.field(factory=list)
    #: Objective markers' holders, "" for neutral (tracked); None before they are rolled.
    objectives: list[str] | None = None
    #: Objective markers placed so far.
    marked: int = 0
    objective_rolloff: RollOff = records.field(factory=RollOff)
    round_rolloff: RollOff = records.field(factory=RollOff)


def pos(b: Battle) -> PGPosition:
    position: PGPosition = b.pos  # typed, without a `cast` call (read on every step)
    return position


def app_move(b: Battle, side: str) -> str:
    """Issue 26 (ours, docs/rules "The app as a player"): where the table moves a unit
    the app plays: toward the objective markers its side does not hold (the seed's
    victory: a unit within 7.5 cm takes one, PG-8), else toward the enemy."""
    if any(holder != side for holder in pos(b).objectives or ()):
        near = float(rules()["objectives"]["control_cm"])
        return (
            "move it toward the nearest objective marker not theirs, within "
            f"{near:g} cm to take it (PG-8)"
        )
    return "move it toward the nearest enemy"
