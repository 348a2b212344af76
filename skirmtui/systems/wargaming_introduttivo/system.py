"""The turn sequence of wargaming-introduttivo (seed 002, rulings WI-1..WI-9).

Play order is rolled once (WI-2). Each turn: Activation → Recovery → Shooting →
Movement → Melee → End of turn (WI-3). Each step below is one small generator;
between steps the position is `battle.pos` plus the units' stats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import ASKED_BEFORE_FIRST_PASS
from skirmtui.engine.core.battle import Battle, Scalar, Unit
from skirmtui.engine.core.causes import RULE
from skirmtui.engine.core.data import player_range
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.kit import reset, stat_test, unit_choices, winner_by_score
from skirmtui.engine.core.prompts import AnswerValue, Choose, Option, Prompt
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.engine.core.system import FieldSpec, Phase, Setup, Step, UnitSpec
from skirmtui.systems.wargaming_introduttivo import profile
from skirmtui.systems.wargaming_introduttivo.combat import Combat
from skirmtui.systems.wargaming_introduttivo.movement import Movement
from skirmtui.systems.wargaming_introduttivo.position import (
    BY_UNIT,
    DONE,
    HOLD,
    RESTORE_DAMAGE,
    STOP_ACTIVATING,
    WIPosition,
    pos,
    with_abi,
)
from skirmtui.systems.wargaming_introduttivo.profile import DAMAGE_WORDS, DEAD
from skirmtui.systems.wargaming_introduttivo.views import Views


class WargamingIntroduttivo(Movement, Combat, Views):
    def strength(self, battle: Battle, unit: Unit) -> float:
        """The app's players count pending shooting damage (`profile.strength`; a method
        that calls it: a compiled function is no method, docs/performance.md)."""
        return profile.strength(self, battle, unit)

    def mending(self, battle: Battle, side: str) -> float:
        """The app's players (issue 26): what the side's one recovery of the turn is
        expected to win back (`profile.mending`), weighed by a persona's `mend`."""
        return profile.mending(battle, side)

    def closes(self, battle: Battle, prompt: Prompt, value: AnswerValue) -> float:
        """The app's players (issue 26): a shot held (WI-6; `done` where the question is
        the target's, asked before issue 25) keeps the unit's one combat action for the
        melee (WI-8: active units that did not shoot), where the app then asks the table
        to bring it within 10 cm: its melee edge (`profile.melee_edge`), weighed by a
        persona's `closing`. Not seen by the look-ahead: a later phase's hold is not
        counted, so no answer gains by reaching one sooner (stopping activating)."""
        if not isinstance(prompt, Choose) or prompt.key != "shoot.target":
            return 0.0
        unit = battle.units.get(prompt.actor or "")
        if unit is None:
            return 0.0
        # Today's `done` ("no one, nor do the others") counts nothing: each unit's hold
        # is weighed at its own question, so holding unit by unit reaches the same.
        held = value == HOLD or (value == DONE and not any(o.value == HOLD for o in prompt.options))
        return profile.melee_edge(battle, unit) if held else 0.0

    def attacks_to_come(self, battle: Battle, side: str) -> float | None:
        """The app's players (issue 26): the side's active units that may still make
        their one attack this turn (WI-4: one combat action; a unit holding its shot may
        still fight in melee). An activation makes an attack possible two phases later,
        past where its look-ahead ends: counted here, a persona's `attack` sees it. In
        Melee the melee's own fighters (`_can_fight`: a unit held this phase is out);
        before it `profile.may_fight`, as a held shot still leaves the melee. Not
        `can_close`: a unit that cannot move may still strike an enemy within 10 cm."""
        if not any(u.side != side for u in battle.on_table()):
            return 0.0
        may = self._can_fight if battle.phase == "melee" else profile.may_fight
        return float(sum(1 for u in battle.on_table(side) if may(u)))

    #: Questions only the table answers (distances, sight, cover, contact, where a
    #: unit went): an AI side never answers them (engine/play/).
    table_facts = frozenset(
        {
            "shoot.sight",
            "move.units",
            "shoot.visible",
            "shoot.fog",
            "melee.reach",
            "shoot.band",
            "move.unit",
            "move.terrain",
        }
    )
    id = profile.SYSTEM_ID
    title = "Wargaming introduttivo: rapido e semplice"
    language = "Italian"
    round_word = "Turn"
    ruling_prefix = "WI"
    #: The help screen's glossary: words and abbreviations the screens show.
    glossary = (("CMB, ABI", "combat; ability (activation, movement, recovery), 1–5"),)
    unit_fields = profile.UNIT_FIELDS
    #: The field the quick GM keys (+ / -) change.
    damage_field = "damage"
    profile_fields = profile.PROFILE_FIELDS
    setup_options = profile.setup_options()
    min_players, max_players = player_range(profile.rules())

    def __init__(self) -> None:
        self.phases = (
            Phase("setup", "Play order", self._setup),
            Phase("activation", "Activation", self._activation),
            Phase("recovery", "Recovery", self._recovery),
            Phase("shooting", "Shooting", self._shooting),
            Phase("movement", "Movement", self._movement),
            Phase("melee", "Melee", self._melee),
            Phase("end", "End of turn", self._end),
        )

    def complete_profile(self, spec: UnitSpec, read: dict[str, Scalar]) -> dict[str, Scalar]:
        return profile.complete_profile(read)

    def check_armies(
        self, setup: Setup, options: dict[str, Any], armies: dict[str, list[Unit]]
    ) -> list[str]:
        return profile.check_armies(setup, int(options["budget"]), armies)

    def start(self, battle: Battle) -> None:
        battle.pos = WIPosition(rolloff=RollOff.among(s.id for s in battle.sides))
        battle.record("phase", "Play order: every player rolls a d6, highest first (WI-2)")

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        """Seed: 3 is dead, so a unit put back has damage 0–2 (the GM says which)."""
        return RESTORE_DAMAGE

    def restore_unit(self, battle: Battle, unit: Unit, level: int | None) -> None:
        """G-4: alive at the GM's damage (fine when not said), no shooting damage left
        pending, and the turn markers of a unit that has not yet tried to activate (those
        of the turn it was taken out in would be stale)."""
        battle.set(unit, "damage", 0 if level is None else level)
        battle.set(unit, "pending", 0)
        pos(battle).shots.pop(unit.id, None)
        for field, value in profile.TURN_FLAGS.items():
            battle.set(unit, field, value)

    def _setup(self, b: Battle) -> Step:
        """WI-2: d6 each, highest first; ties re-roll among the tied only (seed, G-3)."""
        p = pos(b)
        if not p.rolloff.done:
            yield from p.rolloff.step(b, "order.roll", "play order")
            return
        order = p.rolloff.order
        p.rolloff = RollOff()
        b.record("info", "Play order: " + ", ".join(b.side_name(s) for s in order), order=order)
        b.track("order", order)
        self._new_turn(b)

    def _new_turn(self, b: Battle) -> None:
        if b.round:
            # A unit's activation lasts the turn it activated in (WI-3).
            for unit in b.on_table():
                if unit.flag("active"):
                    conditions.activation_ended(b, unit.id)
            conditions.round_ended(b)
        b.round += 1
        p = pos(b)
        p.player = 0
        b.enter_phase("activation", p.order[0])
        reset(b, b.on_table(), profile.TURN_FLAGS)

    def _activation(self, b: Battle) -> Step:
        side = self._side(b)
        untried = [u for u in b.on_table(side) if not u.flag("tried")]
        if not untried:
            b.record("info", f"{b.side_name(side)} has no unit left to activate")
            self._next_player(b)
            return
        choice = yield Choose(
            key="activation.unit",
            side=side,
            options=unit_choices(untried, with_abi, STOP_ACTIVATING),
            text=f"{b.side_name(side)}: which unit tries to activate?",
        )
        if choice == DONE or not b.alive(choice):
            self._next_player(b)
            return
        unit = b.units[choice]
        result = yield stat_test(unit, "abi", "activation.roll", "activates")
        b.set(unit, "tried", True)
        if result.success:
            b.set(unit, "active", True)
        else:
            # Seed: "quando fallisce il turno passa al giocatore seguente".
            self._next_player(b)

    # Recovery (WI-5) ------------------------------------------------------------------

    def _recovery(self, b: Battle) -> Step:
        side = self._side(b)
        damaged = [
            u
            for u in b.on_table(side)
            if u.flag("active") and u.num("damage") > 0 and self._can_act(u)
        ]
        if not damaged:
            self._next_player(b)
            return
        options = [
            Option(u.id, f"{u.label} ({DAMAGE_WORDS[u.num('damage')]}, ABI {u.num('abi')})")
            for u in damaged
        ]
        options.append(Option(DONE, "No recovery", passive=True))
        choice = yield Choose(
            key="recovery.unit",
            side=side,
            options=options,
            text=f"{b.side_name(side)}: recover one damage level?",
        )
        if choice != DONE and b.alive(choice):
            unit = b.units[choice]
            result = yield stat_test(unit, "abi", "recovery.roll", "recovers")
            self._spend(b, unit)
            # A GM override may have healed the unit while its test was pending.
            if result.success and unit.num("damage") > 0:
                b.set(unit, "damage", unit.num("damage") - 1)
        self._next_player(b)

    # Older saves (issue 25) -----------------------------------------------------------

    def older_questions(self) -> Sequence[dict[str, Any]]:
        """Saves from before issue 25 told movement one unit at a time (`move.unit`);
        first-pass saves named the unit that shoots (`shoot.unit`) and the ground, open
        or rough, of each move."""
        return ASKED_BEFORE_FIRST_PASS

    def replay_options(self, items: Sequence[Item]) -> dict[str, Any]:
        """A log with `move.terrain` answers was played before movement by player (WI-7):
        it replays with the roster walk it was played with."""
        return {"movement": BY_UNIT} if any(i.key == "move.terrain" for i in items) else {}

    def _end(self, b: Battle) -> None:
        b.record("info", "End of turn: shooting damage is applied")
        shots = pos(b).shots
        for unit in b.on_table():
            pending = unit.num("pending")
            hits = shots.pop(unit.id, [])
            if pending:
                b.set(unit, "pending", 0)
                # The shot that kills is the one named (the last one when none kills);
                # damage pending beyond the shots recorded (a GM set it) is this rule's.
                last = min(pending, DEAD - unit.num("damage")) - 1
                cause = hits[last] if 0 <= last < len(hits) else b.cause(RULE)
                self._damage(b, unit, pending, cause)
        shots.clear()
        standing = [s.id for s in b.sides if b.on_table(s.id)]
        if len(standing) <= 1:
            winner = standing[0] if standing else None
            b.end(
                winner, "the only player with units left" if winner else "no units left on any side"
            )
            return
        limit = int(b.options.get("turn_limit") or 0)
        if limit and b.round >= limit:
            worth = {s: sum(int(u.profile["cost"]) for u in b.on_table(s)) for s in standing}
            reason = f"turn limit {limit}: most cost surviving ({max(worth.values())})"
            b.end(winner_by_score(worth), reason)
            return
        self._new_turn(b)
