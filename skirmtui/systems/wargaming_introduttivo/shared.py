"""What the steps of wargaming-introduttivo share: whose turn, actions spent (WI-4),
damage (WI-5), movement allowances (WI-7)."""

from __future__ import annotations

from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import Cause
from skirmtui.systems.wargaming_introduttivo import profile
from skirmtui.systems.wargaming_introduttivo.position import (
    ALLOWANCES,
    TERRAINS,
    pos,
)
from skirmtui.systems.wargaming_introduttivo.profile import DEAD, PRONE


class WIRules(BaseSystem):
    """The pieces every step uses (the phases are in the subclasses)."""

    _movement_rules: dict[str, float] = profile.rules()["movement"]

    def _side(self, b: Battle) -> str:
        p = pos(b)
        return p.order[p.player]

    def _next_player(self, b: Battle) -> None:
        """Pass to the next player in play order, or end the phase after the last."""
        p = pos(b)
        p.player += 1
        order = p.order
        if p.player < len(order):
            b.turn_side = order[p.player]
            return
        p.player = 0
        phase = self.phase_after(b.phase)
        b.enter_phase(phase, order[0] if phase not in ("movement", "end") else None)

    def _can_act(self, unit: Unit) -> bool:
        return profile.can_act(unit)

    def _can_fight(self, unit: Unit) -> bool:
        """WI-4: one combat action a turn, for active units (`profile.may_fight`); WI-6/8:
        a unit holding this phase stays out. `held` is kept apart from `may_fight`: it
        lasts one phase, so a unit that held its shot may still fight in melee."""
        return profile.may_fight(unit) and not unit.flag("held")

    def _spend(self, b: Battle, unit: Unit, combat: bool = False) -> None:
        b.set(unit, "actions", unit.num("actions") + 1)
        if combat:
            b.set(unit, "combat", True)

    def _damage(self, b: Battle, unit: Unit, amount: int, cause: Cause) -> None:
        """Seed: 1 prone, 2 wounded, 3 dead and removed from the table."""
        level = min(DEAD, unit.num("damage") + amount)
        b.set(unit, "damage", level, cause)
        if level >= DEAD:
            b.remove(unit, cause)

    def _allowances(self, unit: Unit) -> tuple[int, int, int]:
        """Open, rough and impervious allowances (cm) of a unit, prone or not."""
        return ALLOWANCES[unit.num("damage") == PRONE]

    def _allowance(self, unit: Unit, terrain: str) -> int:
        return self._allowances(unit)[TERRAINS.index(terrain)]

    def _can_move(self, unit: Unit) -> bool:
        """Seed: only unwounded units move; WI-4: moving is an action (`profile.can_move`)."""
        return profile.can_move(unit)

    # Movement (WI-7) ------------------------------------------------------------------

    def _may_move(self, b: Battle, side: str) -> bool:
        """Whether a player still has to tell its movement (the queue view)."""
        return side not in (pos(b).movement_done or ()) and any(
            self._can_move(u) for u in b.on_table(side)
        )
