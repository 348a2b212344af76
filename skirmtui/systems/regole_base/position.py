"""Where a regole-base battle stands between steps: the round's side order and the base
contacts (both tracked, so the export shows every change), and the Assault and Shooting
phases' bookkeeping."""

from __future__ import annotations

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle, Position
from skirmtui.engine.core.records import record
from skirmtui.engine.core.rolloff import RollOff


@record
class RBPosition(Position):
    #: RB-3: this round's initiative roll-off.
    initiative: RollOff = records.field(factory=RollOff)
    #: The round's side order, initiative side first (tracked).
    order: list[str] = records.field(factory=list)
    #: Index in `order` of the side whose turn it is to act next.
    turn: int = 0
    #: RB-14: pairs of model ids in base contact, sorted (tracked).
    contacts: list[list[str]] = records.field(factory=list)
    #: R each model lost this phase; models each side lost this phase (RB-9, RB-11).
    lost: dict[str, int] = records.field(factory=dict)
    removed: dict[str, int] = records.field(factory=dict)
    #: Where the phase stands: Assault "activate", "setup", "fight", "morale",
    #: "winners"; Shooting "" or "morale".
    stage: str = ""
    #: RB-9: the melees of this Assault phase (model ids), the one being fought, its order
    #: of attacks and whose attack comes next.
    melees: list[list[str]] = records.field(factory=list)
    melee: int = 0
    fight_order: list[str] = records.field(factory=list)
    fight_next: int = 0
    #: Models still to take a morale test this phase.
    testers: list[str] = records.field(factory=list)
    #: Models that fled a melee at this phase's morale (no winners' move for them).
    left: list[str] = records.field(factory=list)
    #: RB-13: models that escaped a melee this phase: they make no attacks until the
    #: phase ends, even if charged again (they still defend and may parry).
    escaped: list[str] = records.field(factory=list)
    #: RB-20: Assault-phase reloads (model id, weapon id), counted at the phase's end.
    reloads: list[list[str]] = records.field(factory=list)


def pos(b: Battle) -> RBPosition:
    position: RBPosition = b.pos  # typed, without a `cast` call (read on every step)
    return position
