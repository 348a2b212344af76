"""wargaming-introduttivo's position (play order, who may still move) and the move
options its questions offer."""

from __future__ import annotations

from functools import cache

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle, Position, Unit
from skirmtui.engine.core.causes import Cause
from skirmtui.engine.core.prompts import LazyOptions, Option
from skirmtui.engine.core.records import record
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.engine.core.system import FieldSpec
from skirmtui.systems.wargaming_introduttivo import profile
from skirmtui.systems.wargaming_introduttivo.profile import PRONE, WOUNDED


@record
class WIPosition(Position):
    """Where the sequence stands between steps (WI-2, WI-3, WI-7)."""

    rolloff: RollOff = records.field(factory=RollOff)
    #: The play order (WI-2), rolled once; tracked (an effect) when it is set.
    order: list[str] = records.field(factory=list)
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
    movable: dict[str, list[str]] | None = records.field(default=None, eq=False)
    movable_gm: int = records.field(default=-1, eq=False)
    #: The shots whose damage is pending (applied at the end of the turn, seed), per
    #: unit id in the order they hit: each hit's damage keeps its shooter (issue 27).
    shots: dict[str, list[Cause]] = records.field(factory=dict)


def pos(b: Battle) -> WIPosition:
    position: WIPosition = b.pos  # typed, without a `cast` call (read on every step)
    return position


DONE = "done"
#: A shooter's "does not shoot" (WI-6, issue 25): it holds the Shooting phase.
HOLD = "hold"
#: The `movement` option of a battle played before movement by player (WI-7): the roster
#: walk, one `move.terrain` question a unit, whose "done" ended the phase for everyone.
BY_UNIT = "by unit"
RESTORE_DAMAGE = FieldSpec("damage", "damage", int, 0, WOUNDED)


@cache
def move_options(open_: int, rough: int, impervious: int, active: bool) -> tuple[Option, ...]:
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


ALLOWANCES = {prone: _allowances_of(prone) for prone in (False, True)}


@cache
def _unit_moves(unit_id: str, label: str, prone: bool, active: bool) -> tuple[Option, ...]:
    """One unit's three moves in its player's movement list (cached: replay rebuilds the
    list for every answer)."""
    open_, rough, impervious = ALLOWANCES[prone]
    return (
        Option(f"{unit_id}|open", f"{label}: open ground, up to {open_} cm"),
        Option(f"{unit_id}|rough", f"{label}: rough ground, up to {rough} cm"),
        Option(
            f"{unit_id}|impervious",
            f"{label}: impervious ground, up to {impervious} cm (ABI test)",
            disabled=None if active else "inactive units cannot enter impervious terrain",
        ),
    )


#: A unit's move over open or rough ground (issue 25, WI-7): one answer, as the ground
#: changes only the allowance the option shows, never an outcome.
MOVES = "moves"


def pick_moves(unit: Unit, grounds: bool = False) -> tuple[Option, ...]:
    """One unit's moves in its player's movement `Pick` (issue 25): one of them at most
    (the unit is their group); impervious ground with its ABI test's chance. Open and
    rough ground are one move (`MOVES`) unless `grounds` (a first-pass battle, which
    told them apart)."""
    stats = unit.stats
    prone, active = stats["damage"] == PRONE, bool(stats["active"])
    moves = _grouped_moves(unit.id, unit.label, prone, active, unit.num("abi"))
    return moves if grounds else _two_moves(unit.id, unit.label, prone, moves[2])


@cache
def _two_moves(unit_id: str, label: str, prone: bool, impervious: Option) -> tuple[Option, ...]:
    """A unit's move over open or rough ground, and its impervious move (cached)."""
    open_, rough, _ = ALLOWANCES[prone]
    moves = Option(
        f"{unit_id}|{MOVES}",
        f"{label}: moves, up to {open_} cm ({rough} cm on rough ground)",
        group=unit_id,
    )
    return (moves, impervious)


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
STOP_ACTIVATING = Option(DONE, "Stop activating", passive=True)


def with_abi(unit: Unit) -> str:
    return f"{unit.label} (ABI {unit.num('abi')})"


def with_cmb(unit: Unit) -> str:
    return f"{unit.label} (CMB {unit.num('cmb')})"


_TERRAIN_INDEX = {terrain: index for index, terrain in enumerate(TERRAINS)}


def _moves_of(unit: Unit) -> tuple[Option, ...]:
    stats = unit.stats
    return _unit_moves(unit.id, unit.label, stats["damage"] == PRONE, bool(stats["active"]))


def move_list(b: Battle, movers: tuple[str, ...]) -> LazyOptions:
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
