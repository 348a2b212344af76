"""Where a cape-et-epee battle stands between steps (CE-2..CE-6, CE-10)."""

from __future__ import annotations

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle, Position
from skirmtui.engine.core.records import record
from skirmtui.engine.core.rolloff import RollOff


@record
class CEPosition(Position):
    #: CE-10: each army's starting firmness (tracked once, at the start).
    firmness: dict[str, int] = records.field(factory=dict)
    #: Event markers not yet revealed (tracked: a deployment reveals one).
    markers: list[str] = records.field(factory=list)
    #: Who has the initiative this turn (tracked, CE-2).
    initiative: str | None = None
    #: A first-turn tie for the initiative, rolled off (None when there is none).
    init_rolloff: RollOff | None = None
    #: Activation dice rolled so far this turn, by side (None once orders begin).
    rolled: dict[str, list[int]] | None = None
    #: Valid activation dice still to assign, by side (CE-3).
    dice: dict[str, list[int]] = records.field(factory=dict)
    #: Whose turn it is to assign orders / to deploy (None outside those phases).
    assigning: str | None = None
    deploying: str | None = None
    #: The character whose impulse it is ("" between impulses) and its actions so far.
    impulse: str = ""
    impulse_actions: int = 0
    #: CE-5: when each character last ended an impulse (who waited longest goes first).
    tick: int = 0
    seq: dict[str, int] = records.field(factory=dict)
    #: The side whose non-activated characters act (None outside that phase).
    na_side: str | None = None


def pos(b: Battle) -> CEPosition:
    position: CEPosition = b.pos  # typed, without a `cast` call (read on every step)
    return position
