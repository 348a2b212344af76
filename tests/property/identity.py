"""What two sessions at the same point of a battle must agree on (replay identities)."""

from __future__ import annotations

import copy
from typing import Any

from skirmtui.engine.core.session import Session
from skirmtui.engine.report.export import export_document


def state(session: Session) -> dict[str, Any]:
    """Units, position, result, every log entry and the pending prompt."""
    battle = session.battle
    doc = export_document(session)
    return {
        "units": {u.id: (dict(u.stats), u.removed) for u in battle.units.values()},
        "round": battle.round,
        "phase": battle.phase,
        "turn_side": battle.turn_side,
        "pos": copy.deepcopy(battle.pos),
        "result": doc["result"],
        "entries": doc["entries"],
        "prompt": session.prompt,
    }
