"""Where a combattimento-gdr fight stands between steps (CG-4, CG-11, CG-13)."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle, Position
from skirmtui.engine.core.records import record


@record
class CGPosition(Position):
    #: Sides caught unaware in the first turn (the scenario's ambush).
    surprised: list[str] = records.field(factory=list)
    #: The light the GM set for this turn (a key of modifiers.toml's light table);
    #: "" while not said this turn (asked at the turn's first attack, scene.py).
    light: str = "bright"
    #: This turn's entries in acting order (tracked); several ids: a simultaneous group.
    order: list[list[str]] = records.field(factory=list)
    #: The entry acting now, and who has taken its turn slot (acted or chose to wait).
    entry: int = 0
    done: list[str] = records.field(factory=list)
    #: Combatants waiting to act later this turn (CG-11), and whether to offer them now.
    waiting: list[str] = records.field(factory=list)
    offer: bool = False
    #: The waiting combatant acting now (its offer taken), "" otherwise: the queue shows
    #: it acting (it is no longer waiting, nor in the entry acting now).
    late: str = ""
    #: While a simultaneous group acts, its hits are held here (CG-4).
    holding: bool = False
    held: list[dict[str, Any]] = records.field(factory=list)
    #: CG-13: melee defence skills used this turn and distinct attackers, by defender;
    #: who has used its one ranged defence this turn.
    defences: dict[str, list[str]] = records.field(factory=dict)
    attackers: dict[str, list[str]] = records.field(factory=dict)
    ranged_defended: list[str] = records.field(factory=list)


def pos(b: Battle) -> CGPosition:
    position: CGPosition = b.pos  # typed, without a `cast` call (read on every step)
    return position
