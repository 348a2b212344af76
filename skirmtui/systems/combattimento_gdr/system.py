"""The turn sequence of combattimento-gdr (seed 003, rulings CG-1..CG-16).

Each turn: Scene (the GM describes the situation) → Actions (by AGI then DES; groups
of full ties act together). The battle ends when one side is left standing (the others
down or fled), or the GM ends it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import ASKED_BEFORE_SECOND_PASS
from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, Stat, Unit
from skirmtui.engine.core.causes import GM
from skirmtui.engine.core.data import player_range
from skirmtui.engine.core.system import (
    FieldSpec,
    OptionSpec,
    Phase,
    Setup,
    Step,
    UnitSpec,
)
from skirmtui.engine.core.watch import Watch
from skirmtui.systems.combattimento_gdr import attack as atk
from skirmtui.systems.combattimento_gdr import profile, turn, views
from skirmtui.systems.combattimento_gdr.position import CGPosition, pos
from skirmtui.systems.combattimento_gdr.tables import SYSTEM_ID, rules

#: The end check's pass over the combatants, skipped while no damage or removal changed.
_STANDING: Watch[bool] = Watch("damage", "removed")


class CombattimentoGdr(BaseSystem):
    #: Questions only the table answers (distances, sight, cover, contact, where a
    #: unit went): an AI side never answers them (engine/play/). When a waiting
    #: combatant acts (`delay.offer`, `delay.act`) is its side's decision (issue 26).
    table_facts = frozenset(
        {
            "other.turns",
            "charge.turns",
            "ranged.cover",
            "ranged.range",
            "turn.scene",
            "turn.light",
        }
    )
    #: How a target defends (a side's answer to the other's attack, in the attacker's
    #: step): the app's look-ahead reads on with the target's best defence, so an attack
    #: on a target with a choice of defences is valued by its blows, not as nothing.
    replies = frozenset({"defence.choose"})
    id = SYSTEM_ID
    title = "Il Combattimento (GdR)"
    language = "Italian"
    round_word = "Turn"
    #: The field the quick GM keys (+ / -) change.
    damage_field = "damage"
    ruling_prefix = "CG"
    #: The help screen's glossary: words and abbreviations the screens show.
    glossary = (
        ("AGI DES POT PRE", "characteristics: each a die, d4–d12 (its top face), or 0"),
        ("VPB, DP", "base protection value (8: a human); protection difficulty"),
    )
    unit_fields = profile.UNIT_FIELDS
    profile_fields = profile.PROFILE_FIELDS
    setup_options = (OptionSpec("turn_limit", "Turn limit (0 = none, ours)", int, 0, 0, 99),)
    scenario_options = (
        OptionSpec("surprised", "Sides caught unaware in the first turn", list, []),
        OptionSpec("contact", "Pairs of combatants in contact at the start", list, []),
    )
    min_players, max_players = player_range(rules())
    unit_word = "combatants"

    def __init__(self) -> None:
        self.phases = (
            Phase("scene", "Scene", turn.scene_step),
            Phase("actions", "Actions", self._actions),
        )

    # -- setup ----------------------------------------------------------------------------

    def make_unit(self, spec: UnitSpec) -> Unit:
        return profile.make_unit(spec)

    def check_armies(
        self, setup: Setup, options: dict[str, Any], armies: dict[str, list[Unit]]
    ) -> list[str]:
        return profile.check_armies(setup)

    def start(self, battle: Battle) -> None:
        units = battle.units
        for pair in battle.options["contact"]:
            a, b = pair.split()
            battle.record(
                "info", f"In contact from the start: {units[a].label} and {units[b].label}"
            )
            battle.set(units[a], "contact", (*profile.words(units[a].stats["contact"]), b))
        battle.pos = CGPosition(surprised=list(battle.options["surprised"]))
        if pos(battle).surprised:
            names = ", ".join(battle.side_name(s) for s in pos(battle).surprised)
            battle.record("info", f"Ambush: {names} caught unaware in the first turn")
        self._new_turn(battle)

    # -- GM restore (G-4) -----------------------------------------------------------------

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        """Body points lost, one short of death at most (CG-7)."""
        return FieldSpec("damage", "body points lost", int, 0, profile.track(unit).capacity - 1)

    def restore_unit(self, battle: Battle, unit: Unit, level: int | None) -> None:
        """G-4: back with the GM's body points lost (as it was, one box short of death at
        most, when not said), out of any contact, charge, action or stun."""
        capacity = profile.track(unit).capacity
        damage = min(unit.num("damage"), capacity - 1) if level is None else level
        fresh: dict[str, Stat] = {"damage": damage, "fate": "", "contact": (), "stunned": False}
        fresh.update(charging=0, charge_to="", busy=0, fumbled=False)
        for field, value in fresh.items():
            battle.set(unit, field, value)

    # -- the sequence ---------------------------------------------------------------------

    def check_end(self, battle: Battle) -> None:
        """One side left standing ends the battle at once: after a simultaneous group's
        held results kill the last enemy, nobody acts again (CG-4, CG-11). First, a GM
        may have set a combatant's body points lost at any moment (G-4): all boxes full
        is death (CG-7). The engine calls this after every answer: one pass over the
        combatants when damage or a removal has changed since the last, else none."""
        if _STANDING.recall(battle):
            return
        self._ends(battle)
        if not battle.over:
            _STANDING.keep(battle, True)

    def _ends(self, battle: Battle) -> None:
        standing: list[str] = []
        for unit in battle.units.values():
            if unit.removed:
                continue
            if unit.stats["damage"] and profile.dead(unit):
                # Only a GM entry leaves a dead combatant standing (damage kills).
                atk.kill(battle, unit, battle.cause(GM, entry=battle.last_change(unit, "damage")))
            elif unit.side not in standing:
                standing.append(unit.side)
        if len(standing) > 1:
            return
        atk.apply_held(battle)
        if standing:
            battle.end(standing[0], "every other side is down or has fled")
        else:
            battle.end(None, "nobody is left standing")

    def landed(self, battle: Battle) -> Battle:
        """For the app's look-ahead: a simultaneous group's held hits (CG-4, CG-11) land
        when the group has acted, often after an enemy in the group has chosen its
        action, where the look-ahead stops: valued as landed (on a copy with its own
        log), an attack in a group is worth its blows, not nothing."""
        if not pos(battle).held:
            return battle
        copy = battle.clone()
        copy.log = []
        atk.apply_held(copy)
        return copy

    def _actions(self, b: Battle) -> Step | None:
        step = turn.actions_step(b)
        if step is None:
            self._end_of_turn(b)
        return step

    def _end_of_turn(self, b: Battle) -> None:
        conditions.round_ended(b)
        limit = int(b.options.get("turn_limit") or 0)
        if limit and b.round >= limit:
            b.end(None, f"turn limit {limit} (ours: the fight is left undecided)")
            return
        pos(b).surprised = []
        self._new_turn(b)

    def _new_turn(self, b: Battle) -> None:
        b.round += 1
        b.enter_phase("scene")

    # -- older saves (issue 25) ------------------------------------------------------------

    def older_questions(self) -> Sequence[dict[str, Any]]:
        """Saves of issue 25's second cut ("second pass") asked the table whether a
        waiting combatant acts now, one question whoever waited (issue 26: each side
        for its own); saves of its first cut ("first pass") were also asked the light at
        each turn's start (`turn.scene`); saves from before it also typed a charge's
        turns, pressed OK after a spell and were offered a turn apart from its action
        (`delay.offer`)."""
        return ASKED_BEFORE_SECOND_PASS

    # -- views ----------------------------------------------------------------------------

    queue = staticmethod(views.queue)
    status = staticmethod(views.status)
    sheet_rows = staticmethod(views.sheet_rows)
    value_words = staticmethod(views.value_words)
    summary = staticmethod(views.summary)
