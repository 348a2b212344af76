"""Movement (WI-7): each player moves its units, one answer for the ground each crossed."""

from __future__ import annotations

from skirmtui.engine.core.asking import FIRST_PASS, asks_as_of, offer_last, one_at_a_time
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about, stat_test
from skirmtui.engine.core.labels import with_side
from skirmtui.engine.core.prompts import Choose, Pick, Prompt
from skirmtui.engine.core.system import Step
from skirmtui.engine.core.text import plural
from skirmtui.systems.wargaming_introduttivo import profile
from skirmtui.systems.wargaming_introduttivo.position import (
    BY_UNIT,
    DONE,
    MOVES,
    move_list,
    move_options,
    pick_moves,
    pos,
)
from skirmtui.systems.wargaming_introduttivo.profile import WOUNDED
from skirmtui.systems.wargaming_introduttivo.shared import WIRules


class Movement(WIRules):
    """The Movement phase."""

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
            options=move_list(b, tuple(movable[side])),
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
        moved and whether over impervious ground (the units not picked stay); impervious
        ground then takes each unit's ABI test in roster order. Enter offers last turn's
        movement. Open and rough ground are one answer (a first-pass battle told them
        apart): which it was changes only the allowance, shown in the option."""
        grounds = asks_as_of(b, FIRST_PASS)
        prompt = Pick(
            key="move.units",
            side=side,
            text=f"{b.side_name(side)}: which units moved, over what ground?",
            help="All players move at the same time on the table (WI-7). Pick each unit "
            "that moved and its ground; the others stay."
            + (f" Still to tell: {', '.join(b.side_name(s) for s in later)}." if later else ""),
            options=tuple(o for uid in movers for o in pick_moves(b.units[uid], grounds)),
        )
        moves = yield offer_last(b, prompt)
        p = pos(b)
        assert p.movement_done is not None
        p.movement_done.append(side)
        for choice in moves:
            unit_id, terrain = choice.split("|")
            if b.alive(unit_id):  # a GM override may have removed it meanwhile
                yield from self._move(b, b.units[unit_id], terrain)

    def wants(self, battle: Battle, prompt: Prompt) -> str:
        """Issue 26: where the app's units go when the table moves them (ours, docs/rules
        "The app as a player"). A move is an action (WI-4) and melee is for active units
        that have not fought and have an action left (WI-8): those that may still fight
        after the move (`profile.can_close`, the rule a held shot counts the melee of)
        close to melee reach of the nearest enemy; a move would leave the others nothing
        to do this turn, so they stay."""
        if prompt.key == "move.terrain":  # a save from before movement by player
            unit = battle.units.get(prompt.actor or "")
            units = [unit] if unit is not None else []
        elif prompt.key in ("move.units", "move.unit") and prompt.side is not None:
            units = [u for u in battle.on_table(prompt.side) if self._can_move(u)]
        else:
            return ""
        fighters = [u.label for u in units if profile.can_close(u)]
        if not units:
            return ""
        if not fighters:
            if prompt.key == "move.terrain":
                return "it stays where it is (it could not fight in melee after a move, WI-8)"
            return "its units stay where they are (none could fight in melee after a move, WI-8)"
        reach = profile.rules()["melee"]["reach_cm"]
        rest = "; the others stay" if len(fighters) < len(units) else ""
        return (
            f"bring {', '.join(fighters)} within {reach} cm of the nearest enemy, to fight "
            f"it in melee (WI-8){rest}"
        )

    def _movable(self, b: Battle) -> dict[str, list[str]]:
        """Each side's units that may move now, in roster order (ids)."""
        most = profile.MAX_ACTIONS
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
        terrain = yield about(
            Choose,
            unit,
            key="move.terrain",
            text=f"{with_side(unit.label, b.side_name(unit.side))}: does it move?",
            help="All players move at the same time on the table (WI-7). "
            f"{plural(len(movers), 'more unit')} may move after this one.",
            options=move_options(
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
        if terrain == MOVES:
            open_, rough, _ = self._allowances(unit)
            how = f"up to {open_} cm ({rough} cm on rough ground)"
        else:
            how = f"up to {self._allowance(unit, terrain)} cm ({terrain})"
        b.record("info", f"{unit.label} moves {how}", actor=unit.id)
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
