"""Why an effect happened, as the rule that made it says (issue 27: exact attribution).

An effect with no `Cause` was made by the rule of the log entry it is written on (a
roll's result, an answer). A rule whose effect follows from an earlier entry (a wound
from an attack, a unit lost to a rout test, pending shooting damage applied at the end
of a turn) names that entry and who made it, when it happens: the report's "who
destroyed whom" reads these, never a guess from the log's words.
"""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.records import frozen_record

#: An attack's hit, wound or damage: `unit` is the attacker (`weapon` when the rule knows it).
ATTACK = "attack"
#: A morale, rout or nerve test failed: the unit fled, deserted or broke.
ROUT = "rout"
#: A fall, or the terrain (a failed crossing, a drop).
FALL = "fall"
#: Its own action or roll: its own weapon failed on it (a fumble hitting itself).
SELF = "self"
#: It chose to flee the fight (not a failed test: a rout is `ROUT`).
FLED = "fled"
#: A GM entry (remove, set).
GM = "gm"
#: Another rule of the system (the end of a round, a timed effect).
RULE = "rule"

KINDS = (ATTACK, ROUT, FALL, SELF, FLED, GM, RULE)

#: The kinds of attack a cause names, as a reader says them.
ATTACKS = {
    "regular": "attack",
    "melee": "melee attack",
    "shot": "shot",
    "free": "free attack",
    "free shot": "free shot",
    "extra": "extra attack",
    "strike-back": "strike back",
    "pursuit": "attack on a fleeing model",
    "counter": "counter-attack",
    "return shot": "return shot",
    "overwatch": "overwatch shot",
    "charge": "charge",
}


@frozen_record
class Cause:
    """`entry`: the index of the log entry whose rule made the effect (the attack's roll,
    the failed test, the GM entry); `unit`: the unit whose action made it (an attacker),
    None for a cause that is no unit's act (a fall's pusher is its unit); `weapon` (its
    name as the log shows it) and `attack` (one of `ATTACKS`) when the rule knows them."""

    kind: str
    entry: int
    unit: str | None = None
    weapon: str | None = None
    attack: str | None = None

    def as_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"kind": self.kind, "entry": self.entry}
        for name in ("unit", "weapon", "attack"):
            value = getattr(self, name)
            if value is not None:
                doc[name] = value
        return doc
