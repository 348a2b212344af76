"""The turn sequence of wargaming-introduttivo (seed 002, rulings WI-1..WI-9).

Play order is rolled once (WI-2). Each turn: Activation → Recovery → Shooting →
Movement → Melee → End of turn (WI-3). Each step below is one small generator;
between steps the position is `battle.pos` plus the units' stats.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, cast

import attrs

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import ASKED_BEFORE, offer_last, one_at_a_time
from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, Position, Scalar, Unit
from skirmtui.engine.core.causes import ATTACK, RULE, Cause
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.kit import pick_enemy, reset, stat_test, unit_choices, winner_by_score
from skirmtui.engine.core.prompts import Ask, Choose, LazyOptions, Option, Pick
from skirmtui.engine.core.records import record
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.engine.core.system import FieldSpec, Phase, QueueRow, Setup, Step, UnitSpec
from skirmtui.engine.core.text import plural
from skirmtui.systems.wargaming_introduttivo import profile
from skirmtui.systems.wargaming_introduttivo.profile import DAMAGE_WORDS, DEAD, PRONE, WOUNDED


@record
class WIPosition(Position):
    """Where the sequence stands between steps (WI-2, WI-3, WI-7)."""

    rolloff: RollOff = attrs.field(factory=RollOff)
    #: The play order (WI-2), rolled once; tracked (an effect) when it is set.
    order: list[str] = attrs.field(factory=list)
    #: Index in `order` of the player whose step it is.
    player: int = 0
    #: Units still to be asked in the Movement phase of a save from before movement by
    #: player (None outside it).
    movers: list[str] | None = None
    #: Players done telling their movement (WI-7; None outside the Movement phase).
    movement_done: list[str] | None = None
    #: Each side's units that may still move this Movement phase (WI-7), in roster
    #: order: what a scan of every unit gives, kept so an answer does not scan the
    #: roster. Made when the phase starts, a unit dropped when it moves (no rule makes a
    #: unit able to move again within the phase), made again after any GM entry
    #: (`movable_gm` is `Battle.gm_applied` when it was made). Not part of equality.
    movable: dict[str, list[str]] | None = attrs.field(default=None, eq=False)
    movable_gm: int = attrs.field(default=-1, eq=False)
    #: The shots whose damage is pending (applied at the end of the turn, seed), per
    #: unit id in the order they hit: each hit's damage keeps its shooter (issue 27).
    shots: dict[str, list[Cause]] = attrs.field(factory=dict)


def pos(b: Battle) -> WIPosition:
    return cast(WIPosition, b.pos)


DONE = "done"
#: The `movement` option of a battle played before movement by player (WI-7): the roster
#: walk, one `move.terrain` question a unit, whose "done" ended the phase for everyone.
BY_UNIT = "by unit"
_RESTORE_DAMAGE = FieldSpec("damage", "damage", int, 0, WOUNDED)


@cache
def _move_options(open_: int, rough: int, impervious: int, active: bool) -> tuple[Option, ...]:
    """The choices of one unit's move (cached: replay asks them for every unit, every turn)."""
    return (
        Option("open", f"moves in the open — up to {open_} cm"),
        Option("rough", f"rough ground — up to {rough} cm"),
        Option(
            "impervious",
            f"impervious ground — up to {impervious} cm, ABI test",
            disabled=None if active else "inactive units cannot enter impervious terrain",
        ),
        Option("stay", "stays where it is", passive=True),
        Option(DONE, "movement done: the rest stay", passive=True),
    )


TERRAINS = ("open", "rough", "impervious")


def _allowances_of(prone: bool) -> tuple[int, int, int]:
    """Seed: open 20, rough 10, impervious 10 cm; prone units half (data `[movement]`)."""
    move = profile.rules()["movement"]
    factor = float(move["prone_factor"]) if prone else 1.0
    open_, rough, impervious = (int(float(move[t]) * factor) for t in TERRAINS)
    return open_, rough, impervious


_ALLOWANCES = {prone: _allowances_of(prone) for prone in (False, True)}


@cache
def _unit_moves(unit_id: str, label: str, prone: bool, active: bool) -> tuple[Option, ...]:
    """One unit's three moves in its player's movement list (cached: replay rebuilds the
    list for every answer)."""
    open_, rough, impervious = _ALLOWANCES[prone]
    return (
        Option(f"{unit_id}|open", f"{label}: open ground, up to {open_} cm"),
        Option(f"{unit_id}|rough", f"{label}: rough ground, up to {rough} cm"),
        Option(
            f"{unit_id}|impervious",
            f"{label}: impervious ground, up to {impervious} cm (ABI test)",
            disabled=None if active else "inactive units cannot enter impervious terrain",
        ),
    )


def _pick_moves(unit: Unit) -> tuple[Option, ...]:
    """One unit's three moves in its player's movement `Pick` (issue 25): one of them at
    most (the unit is their group); impervious ground with its ABI test's chance."""
    stats = unit.stats
    prone, active = stats["damage"] == PRONE, bool(stats["active"])
    return _grouped_moves(unit.id, unit.label, prone, active, unit.num("abi"))


@cache
def _grouped_moves(
    unit_id: str, label: str, prone: bool, active: bool, abi: int
) -> tuple[Option, ...]:
    """Cached: replay builds every player's movement `Pick` each turn."""
    return tuple(
        option._replace(group=unit_id, chance=max(0, min(abi, 6)) / 6 if i == 2 else None)
        for i, option in enumerate(_unit_moves(unit_id, label, prone, active))
    )


_DONE_MOVING = Option(DONE, "Done: the other units stay", passive=True)
_STOP_ACTIVATING = Option(DONE, "Stop activating", passive=True)


def _with_abi(unit: Unit) -> str:
    return f"{unit.label} (ABI {unit.num('abi')})"


def _with_cmb(unit: Unit) -> str:
    return f"{unit.label} (CMB {unit.num('cmb')})"


_TERRAIN_INDEX = {terrain: index for index, terrain in enumerate(TERRAINS)}


def _moves_of(unit: Unit) -> tuple[Option, ...]:
    stats = unit.stats
    return _unit_moves(unit.id, unit.label, stats["damage"] == PRONE, bool(stats["active"]))


def _move_list(b: Battle, movers: tuple[str, ...]) -> LazyOptions:
    """A player's movement list (WI-7): three moves for each unit in `movers`, then
    Done. Made whole only when read (the pick list, random play); a replayed answer is
    looked up alone."""
    units = b.units

    def make() -> list[Option]:
        options = [option for unit_id in movers for option in _moves_of(units[unit_id])]
        options.append(_DONE_MOVING)
        return options

    def find(value: str) -> Option | None:
        if value == DONE:
            return _DONE_MOVING
        unit_id, bar, terrain = value.partition("|")
        index = _TERRAIN_INDEX.get(terrain)
        if not bar or index is None or unit_id not in movers:
            return None
        return _moves_of(units[unit_id])[index]

    return LazyOptions(make, find)


class WargamingIntroduttivo(BaseSystem):
    #: Questions only the table answers (distances, sight, cover, contact, where a
    #: unit went): an AI side never answers them (engine/play/).
    strength = profile.strength  # the app's players count pending shooting damage
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
    min_players = profile.rules()["players"]["min"]
    max_players = profile.rules()["players"]["max"]
    _movement_rules: dict[str, float] = profile.rules()["movement"]
    _max_actions: int = profile.MAX_ACTIONS

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

    # -- setup ----------------------------------------------------------------------------

    def complete_profile(self, spec: UnitSpec, read: dict[str, Scalar]) -> dict[str, Scalar]:
        return profile.complete_profile(read)

    def check_armies(
        self, setup: Setup, options: dict[str, Any], armies: dict[str, list[Unit]]
    ) -> list[str]:
        return profile.check_armies(setup, int(options["budget"]), armies)

    def start(self, battle: Battle) -> None:
        battle.pos = WIPosition(rolloff=RollOff.among(s.id for s in battle.sides))
        battle.record("phase", "Play order: every player rolls a d6, highest first (WI-2)")

    # -- GM restore (G-4) -----------------------------------------------------------------

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        """Seed: 3 is dead, so a unit put back has damage 0–2 (the GM says which)."""
        return _RESTORE_DAMAGE

    def restore_unit(self, battle: Battle, unit: Unit, level: int | None) -> None:
        """G-4: alive at the GM's damage (fine when not said), no shooting damage left
        pending, and the turn markers of a unit that has not yet tried to activate (those
        of the turn it was taken out in would be stale)."""
        battle.set(unit, "damage", 0 if level is None else level)
        battle.set(unit, "pending", 0)
        pos(battle).shots.pop(unit.id, None)
        for field, value in profile.TURN_FLAGS.items():
            battle.set(unit, field, value)

    # -- the sequence ---------------------------------------------------------------------

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

    def _side(self, b: Battle) -> str:
        p = pos(b)
        return p.order[p.player]

    # Activation (WI-3) ----------------------------------------------------------------

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
            options=unit_choices(untried, _with_abi, _STOP_ACTIVATING),
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

    # Shooting (WI-6) ------------------------------------------------------------------

    def _shooting(self, b: Battle) -> Step:
        side = self._side(b)
        shooter = yield from self._pick_fighter(b, "shoot", "shoots", "No more shooting")
        if shooter is None:
            return
        target = yield from self._pick_target(b, shooter, "shoot")
        if target is None:
            return
        bands = profile.rules()["bands"]
        if not one_at_a_time(b):
            # Issue 25: sight and distance in one answer (either "no" holds the unit).
            band_id = yield Choose(
                key="shoot.sight",
                side=side,
                actor=shooter.id,
                target=target.id,
                text=f"Does {shooter.label} see at least 50% of {target.label}, how far?",
                options=[Option(band["id"], f"sees it, {band['label']}") for band in bands]
                + [Option("out", "does not see 50% of it, or over 100 cm", passive=True)],
            )
        else:
            visible = yield Ask(
                key="shoot.visible",
                side=side,
                actor=shooter.id,
                target=target.id,
                text=f"Does {shooter.label} see at least 50% of {target.label}?",
            )
            if not visible:
                b.set(shooter, "held", True)
                return
            band_id = yield Choose(
                key="shoot.band",
                side=side,
                actor=shooter.id,
                target=target.id,
                text=f"Distance from {shooter.label} to {target.label}?",
                options=[Option(band["id"], band["label"]) for band in bands]
                + [Option("out", "over 100 cm (out of range)", passive=True)],
            )
        if band_id == "out":
            b.set(shooter, "held", True)
            return
        band = next(band for band in bands if band["id"] == band_id)
        modifiers = yield from self._range_modifiers(b, shooter, target, band)
        result = yield stat_test(
            shooter,
            "cmb",
            "shoot.to_hit",
            f"hits {target.label}",
            target=target,
            modifiers=modifiers,
        )
        self._spend(b, shooter, combat=True)
        b.set(shooter, "shot", True)
        if result.success and b.alive(target.id):
            # Seed: "gli effetti dei danni si applicano solo a fine turno".
            cause = b.cause(ATTACK, shooter, attack="shot")
            b.set(target, "pending", target.num("pending") + 1, cause)
            pos(b).shots.setdefault(target.id, []).append(cause)

    def _range_modifiers(self, b: Battle, shooter: Unit, target: Unit, band: dict[str, Any]) -> Any:
        """WI-6: the seed's TODO maluses, only when the battle option is on."""
        modifiers: list[tuple[str, int]] = []
        if not b.options.get("range_modifiers") or not (band["modifier"] or band["fog"]):
            return modifiers
        if band["modifier"]:
            modifiers.append((f"{band['id']} range", int(band["modifier"])))
        if band["fog"]:
            fog = yield Ask(
                key="shoot.fog",
                side=shooter.side,
                actor=shooter.id,
                target=target.id,
                text="Reduced visibility (fog, smoke)?",
            )
            if fog:
                modifiers.append(("reduced visibility", int(band["fog"])))
        return modifiers

    def _pick_fighter(self, b: Battle, what: str, verb: str, done: str) -> Any:
        """The player in turn picks an active unit that may still fight (WI-4), or
        passes to the next player (seed: "quando il giocatore non ha più truppe…")."""
        side = self._side(b)
        fighters = [u for u in b.on_table(side) if u.flag("active") and self._can_fight(u)]
        if not fighters or not b.enemies(side):
            self._next_player(b)
            return None
        choice = yield Choose(
            key=f"{what}.unit",
            side=side,
            options=unit_choices(fighters, _with_cmb, Option(DONE, done, passive=True)),
            text=f"{b.side_name(side)}: which active unit {verb}?",
        )
        if choice == DONE or not b.alive(choice):
            self._next_player(b)
            return None
        return b.units[choice]

    def _pick_target(self, b: Battle, attacker: Unit, what: str) -> Any:
        """Choose an enemy on the table; cancelling makes the attacker hold this phase."""
        target = yield from pick_enemy(
            b,
            attacker,
            f"{what}.target",
            describe=lambda u: (
                f"{u.label} ({b.side_name(u.side)}, {DAMAGE_WORDS[u.num('damage')]})"
            ),
            cancel_value=DONE,
        )
        if target is None:
            b.set(attacker, "held", True)
        return target

    # Movement (WI-7) ------------------------------------------------------------------

    def older_questions(self) -> Sequence[dict[str, Any]]:
        """Saves from before issue 25 told movement one unit at a time (`move.unit`)."""
        return ASKED_BEFORE

    def replay_options(self, items: Sequence[Item]) -> dict[str, Any]:
        """A log with `move.terrain` answers was played before movement by player (WI-7):
        it replays with the roster walk it was played with."""
        return {"movement": BY_UNIT} if any(i.key == "move.terrain" for i in items) else {}

    def _movement(self, b: Battle) -> Step:
        """Seed: "tutti i giocatori effettuano i movimenti in simultanea … quando tutti i
        giocatori hanno spostato le truppe si passa alla fase seguente". WI-7: each player
        says which of its units moved and over what ground, one answer a unit that moved;
        its "done" leaves its other units where they are and ends only its own movement."""
        if b.options.get("movement") == BY_UNIT:
            yield from self._movement_by_unit(b)
            return
        p = pos(b)
        if p.movement_done is None:
            p.movement_done = []
        movable = p.movable
        if movable is None or p.movable_gm != b.gm_applied:
            movable = p.movable = self._movable(b)
            p.movable_gm = b.gm_applied
        waiting = [s for s in p.order if movable.get(s) and s not in p.movement_done]
        if not waiting:
            self._end_movement(b)
            return
        side = waiting[0]
        b.turn_side = side
        if not one_at_a_time(b):
            yield from self._movement_of(b, side, movable[side], waiting[1:])
            return
        later = ", ".join(b.side_name(s) for s in waiting[1:])
        choice = yield Choose(
            key="move.unit",
            side=side,
            text=f"{b.side_name(side)}: which unit moved, over what ground?",
            help="All players move at the same time on the table (WI-7). Pick each unit "
            "that moved; Done leaves the others where they are and ends only "
            f"{b.side_name(side)}'s movement." + (f" Still to tell: {later}." if later else ""),
            options=_move_list(b, tuple(movable[side])),
        )
        if choice == DONE:
            p.movement_done.append(side)
            return
        unit_id, terrain = choice.split("|")
        if b.alive(unit_id):  # a GM override may have removed it meanwhile
            yield from self._move(b, b.units[unit_id], terrain)
        if p.movable is not None and unit_id in p.movable[side]:
            p.movable[side].remove(unit_id)  # it moved (or tried to): it cannot again

    def _movement_of(self, b: Battle, side: str, movers: list[str], later: list[str]) -> Step:
        """WI-7, issue 25: a player tells its whole movement in one answer, each unit that
        moved with its ground (the units not picked stay); impervious ground then takes
        each unit's ABI test in roster order. Enter offers last turn's movement."""
        prompt = Pick(
            key="move.units",
            side=side,
            text=f"{b.side_name(side)}: which units moved, over what ground?",
            help="All players move at the same time on the table (WI-7). Pick each unit "
            "that moved and its ground; the others stay."
            + (f" Still to tell: {', '.join(b.side_name(s) for s in later)}." if later else ""),
            options=tuple(o for uid in movers for o in _pick_moves(b.units[uid])),
        )
        moves = yield offer_last(b, prompt)
        p = pos(b)
        assert p.movement_done is not None
        p.movement_done.append(side)
        for choice in moves:
            unit_id, terrain = choice.split("|")
            if b.alive(unit_id):  # a GM override may have removed it meanwhile
                yield from self._move(b, b.units[unit_id], terrain)

    def _movable(self, b: Battle) -> dict[str, list[str]]:
        """Each side's units that may move now, in roster order (ids)."""
        most = self._max_actions
        # `_can_move` inlined: one pass over every unit.
        movable: dict[str, list[str]] = {}
        for unit in b.units.values():
            stats = unit.stats
            if (
                not unit.removed
                and stats["damage"] < WOUNDED  # type: ignore[operator]
                and not stats["moved"]
                and stats["actions"] < most  # type: ignore[operator]
            ):
                side = movable.get(unit.side)
                if side is None:
                    movable[unit.side] = [unit.id]
                else:
                    side.append(unit.id)
        return movable

    def _may_move(self, b: Battle, side: str) -> bool:
        """Whether a player still has to tell its movement (the queue view)."""
        return side not in (pos(b).movement_done or ()) and any(
            self._can_move(u) for u in b.on_table(side)
        )

    def _movement_by_unit(self, b: Battle) -> Step:
        """Saves from before movement by player (`movement = "by unit"`) replay as they
        were played: every unit that may move in roster order; "done" ended the phase."""
        p = pos(b)
        if p.movers is None:
            p.movers = [u.id for u in b.on_table() if self._can_move(u)]
        movers = p.movers
        while movers and not (b.alive(movers[0]) and self._can_move(b.units[movers[0]])):
            movers.pop(0)
        if not movers:
            self._end_movement(b)
            return
        unit = b.units[movers.pop(0)]
        terrain = yield Choose(
            key="move.terrain",
            side=unit.side,
            actor=unit.id,
            text=f"{unit.label} ({b.side_name(unit.side)}): does it move?",
            help="All players move at the same time on the table (WI-7). "
            f"{plural(len(movers), 'more unit')} may move after this one.",
            options=_move_options(
                *self._allowances(unit),
                active=unit.flag("active"),
            ),
        )
        if terrain == DONE:
            self._end_movement(b)
            return
        if terrain != "stay":
            yield from self._move(b, unit, terrain)

    def _move(self, b: Battle, unit: Unit, terrain: str) -> Step:
        """One unit's move: impervious ground needs an ABI test (seed); either way the
        move is the unit's action (WI-4) and it moves once a turn."""
        if terrain == "impervious":
            result = yield stat_test(unit, "abi", "move.impervious", "crosses impervious ground")
            if not result.success:
                # Ours (WI-7): a failed impervious test still spends the move action.
                b.record(
                    "info", f"{unit.label} fails to move through impervious terrain", actor=unit.id
                )
                self._spend(b, unit)
                b.set(unit, "moved", True)
                return
        b.record(
            "info",
            f"{unit.label} moves up to {self._allowance(unit, terrain)} cm ({terrain})",
            actor=unit.id,
        )
        self._spend(b, unit)
        b.set(unit, "moved", True)

    def _end_movement(self, b: Battle) -> None:
        p = pos(b)
        p.movers = None
        p.movement_done = None
        p.movable = None
        for unit in b.on_table():
            # Holding is for one phase: a unit that found no target to shoot may still
            # melee (WI-8: active units that did not shoot).
            b.set(unit, "held", False)
        p.player = 0
        b.enter_phase("melee", p.order[0])

    def _allowances(self, unit: Unit) -> tuple[int, int, int]:
        """Open, rough and impervious allowances (cm) of a unit, prone or not."""
        return _ALLOWANCES[unit.num("damage") == PRONE]

    def _allowance(self, unit: Unit, terrain: str) -> int:
        return self._allowances(unit)[TERRAINS.index(terrain)]

    def _can_move(self, unit: Unit) -> bool:
        """Seed: only unwounded units move; WI-4: moving is an action."""
        return unit.num("damage") < WOUNDED and not unit.flag("moved") and self._can_act(unit)

    # Melee (WI-8) ---------------------------------------------------------------------

    def _melee(self, b: Battle) -> Step:
        side = self._side(b)
        attacker = yield from self._pick_fighter(b, "melee", "attacks in melee", "No more melee")
        if attacker is None:
            return
        target = yield from self._pick_target(b, attacker, "melee")
        if target is None:
            return
        reach = profile.rules()["melee"]["reach_cm"]
        within = yield Ask(
            key="melee.reach",
            side=side,
            actor=attacker.id,
            target=target.id,
            # Seed, general rule: a unit is hit only by units that see at least 50% of it.
            text=f"Is {target.label} within {reach} cm of {attacker.label}, "
            "and at least 50% visible to it?",
        )
        if not within:
            b.set(attacker, "held", True)
            return
        result = yield stat_test(
            attacker, "cmb", "melee.to_hit", f"hits {target.label}", target=target
        )
        self._spend(b, attacker, combat=True)
        if result.success:
            # Seed: in melee "gli effetti dei danni si applicano subito".
            self._damage(b, target, 1, b.cause(ATTACK, attacker, attack="melee"))
        if not b.alive(target.id):
            return
        # Seed: the attacked unit counter-attacks; WI-8: not an action.
        counter = yield stat_test(
            target, "cmb", "melee.counter", f"hits {attacker.label} back", target=attacker
        )
        if counter.success:
            self._damage(b, attacker, 1, b.cause(ATTACK, target, attack="counter"))

    # End of turn (WI-3, WI-9) ---------------------------------------------------------

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

    # -- shared pieces ------------------------------------------------------------------

    def _can_act(self, unit: Unit) -> bool:
        return unit.num("actions") < self._max_actions

    def _can_fight(self, unit: Unit) -> bool:
        """WI-4: one combat action a turn; WI-6/8: a unit holding this phase stays out."""
        return self._can_act(unit) and not unit.flag("combat") and not unit.flag("held")

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

    # -- views for the UI -----------------------------------------------------------------

    def queue(self, b: Battle) -> list[QueueRow]:
        p = pos(b)
        if b.phase == "setup" or not p.order:
            return [QueueRow(s.id, f"{s.name}: rolling for play order") for s in b.sides]
        rows = []
        order = p.order
        by_player = b.phase == "movement" and p.movement_done is not None
        for i, side in enumerate(order):
            current = b.turn_side == side and b.phase != "end"
            units = b.on_table(side)
            if by_player:
                # WI-7: everyone moves at once; each player tells the app in turn.
                left = sum(1 for u in units if self._can_move(u))
                detail = f"{left} may still move" if self._may_move(b, side) else "moved"
            elif b.phase == "activation":
                left = sum(1 for u in units if not u.flag("tried"))
                count = sum(1 for u in units if u.flag("active"))
                detail = f"{count} active, {left} to try"
            else:
                active = [u for u in units if u.flag("active")]
                ready = [u for u in active if self._can_fight(u)]
                detail = f"{len(active)} active, {len(ready)} can still fight"
            if by_player:
                done = not self._may_move(b, side)
            else:
                done = b.phase not in ("movement", "end") and i < p.player
            mark = "✓ " if done else ""
            rows.append(
                QueueRow(side, f"{i + 1}. {mark}{b.side_name(side)} — {detail}", current=current)
            )
        return rows

    def status(self, b: Battle, unit: Unit) -> str:
        if unit.removed:
            return "dead" if unit.num("damage") >= DEAD else "removed"
        words = [DAMAGE_WORDS[unit.num("damage")]] if unit.num("damage") else []
        words.append(
            "active" if unit.flag("active") else ("failed" if unit.flag("tried") else "inactive")
        )
        if unit.num("pending"):
            words.append(f"+{unit.num('pending')} pending")
        if unit.num("actions"):
            words.append(f"{unit.num('actions')}/{profile.MAX_ACTIONS} actions")
        if unit.flag("shot"):
            words.append("shot")
        if unit.flag("moved"):
            words.append("moved")
        return ", ".join(words)

    def summary(self, b: Battle) -> list[str]:
        lines = [b.headline()]
        for side in b.sides:
            units = [u for u in b.units.values() if u.side == side.id]
            left = [u for u in units if not u.removed]
            cost = sum(int(u.profile["cost"]) for u in left)
            lines.append(
                f"{side.name}: {len(left)}/{len(units)} units standing, {cost} points on the table"
            )
        return lines
