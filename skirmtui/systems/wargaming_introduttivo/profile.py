"""Units of wargaming-introduttivo: CMB and ABI 1–5, cost = CMB + ABI (seed, WI-1)."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Scalar, Unit
from skirmtui.engine.core.data import data_file
from skirmtui.engine.core.system import FieldSpec, OptionSpec, Setup, SetupError

SYSTEM_ID = "wargaming-introduttivo"

#: Damage levels (seed): 0 operational, 1 prone, 2 wounded, 3 dead (removed).
PRONE, WOUNDED, DEAD = 1, 2, 3
DAMAGE_WORDS = {0: "fine", PRONE: "prone", WOUNDED: "wounded", DEAD: "dead"}


rules = data_file(SYSTEM_ID, "rules")


_LOW, _HIGH = rules()["units"]["min_stat"], rules()["units"]["max_stat"]
MAX_ACTIONS: int = rules()["actions"]["max_per_turn"]

PROFILE_FIELDS = (
    FieldSpec("cmb", "CMB", int, _LOW, _HIGH),
    FieldSpec("abi", "ABI", int, _LOW, _HIGH),
    FieldSpec("cost", "cost", int, 2 * _LOW, 2 * _HIGH, derived=True),
)

UNIT_FIELDS = (
    FieldSpec("cmb", "CMB", int, _LOW, _HIGH),
    FieldSpec("abi", "ABI", int, _LOW, _HIGH),
    FieldSpec("damage", "damage", int, 0, 2),
    FieldSpec("pending", "pending dmg", int, 0, 3),
    FieldSpec("active", "active", bool),
    FieldSpec("tried", "tried", bool),
    FieldSpec("actions", "actions", int, 0, MAX_ACTIONS),
    FieldSpec("combat", "fought", bool),
    FieldSpec("shot", "shot", bool),
    FieldSpec("moved", "moved", bool),
    FieldSpec("held", "holding", bool),
)


def setup_options() -> tuple[OptionSpec, ...]:
    budget = rules()["budget"]
    return (
        OptionSpec(
            "budget",
            "Points each player may spend",
            int,
            budget["default"],
            budget["min"],
            budget["max"],
        ),
        OptionSpec("turn_limit", "Last turn (0 = play to the end)", int, 0, 0, 99),
        OptionSpec(
            "range_modifiers", "Penalties for shooting at medium and long range", bool, False
        ),
    )


#: Per-turn flags cleared at the start of every turn.
TURN_FLAGS = {
    "active": False,
    "tried": False,
    "actions": 0,
    "combat": False,
    "shot": False,
    "moved": False,
    "held": False,
}


def unit_cost(cmb: int, abi: int) -> int:
    """Seed: a 3/3 unit costs 6 and every increment one point more, so CMB + ABI."""
    return cmb + abi


def complete_profile(profile: dict[str, Scalar]) -> dict[str, Scalar]:
    """WI-1: the cost is derived from CMB and ABI."""
    return {**profile, "cost": unit_cost(int(profile["cmb"]), int(profile["abi"]))}


def check_armies(setup: Setup, budget: int, armies: dict[str, list[Unit]]) -> list[str]:
    """WI-1: every army within the same budget; warn when they spend differently."""
    costs = {}
    for side in setup.sides:
        cost = sum(int(u.profile["cost"]) for u in armies[side.id])
        if cost > budget:
            raise SetupError(f"{side.name}'s army costs {cost}, over the budget of {budget}")
        costs[side.name] = cost
    if len(set(costs.values())) > 1:
        spent = ", ".join(f"{name} {cost}" for name, cost in costs.items())
        return [f"armies spend different points: {spent}"]
    return []


def strength(system: object, battle: Battle, unit: Unit) -> float:
    """For the app's players: whole is 1, dead 0; shooting damage still pending until
    the turn's end (seed) counts already, as it will land."""
    if unit.removed:
        return 0.0
    return _whole(unit, 0)


def _whole(unit: Unit, recovered: int) -> float:
    return max(0.0, 1.0 - (unit.num("damage") - recovered + unit.num("pending")) / DEAD)


def mending(battle: Battle, side: str) -> float:
    """For the app's players: the strength the side's one recovery of the turn is
    expected to win back (WI-5: an active damaged unit with an action left, a d6 at or
    under its ABI takes a damage level off), the unit that brings the most, until the
    side's Recovery step has passed. An activation that lets a damaged unit recover
    counts it, a phase past where its look-ahead ends."""
    phase = battle.phase
    if phase != "activation":
        order: list[str] = getattr(battle.pos, "order", [])
        player: int = getattr(battle.pos, "player", 0)
        if phase != "recovery" or side not in order or order.index(side) < player:
            return 0.0
    best = 0.0
    for unit in battle.on_table(side):
        if unit.flag("active") and unit.num("damage") and can_act(unit):
            best = max(best, chance(unit.num("abi")) * (_whole(unit, 1) - _whole(unit, 0)))
    return best


def chance(stat: int) -> float:
    """A d6 at or under `stat` (every test of the seed: activation, recovery, a blow)."""
    return min(max(stat, 0), 6) / 6


# Who may still do what this turn. "May still fight" is asked in four places (the
# melee's and the shooting's fighters, the attacks to come, the app's melee edge and
# where it asks the table to move its units); each is one of these, or one of these and
# the `held` flag, which differs by phase (shared.py's `_can_fight`).


def can_act(unit: Unit) -> bool:
    """WI-4: at most two actions a turn."""
    return unit.num("actions") < MAX_ACTIONS


def may_fight(unit: Unit) -> bool:
    """WI-4, WI-8: an active unit that has not made its one combat action (a shot or a
    blow) and has an action left may still attack this turn."""
    return unit.flag("active") and not unit.flag("combat") and can_act(unit)


def can_move(unit: Unit) -> bool:
    """Seed: only unwounded units move ("si possono muovere solo le unità non ferite");
    WI-4: a move is an action; WI-7: once a turn."""
    return unit.num("damage") < WOUNDED and not unit.flag("moved") and can_act(unit)


def can_close(unit: Unit) -> bool:
    """For the app's players (issue 26): a unit that may still move and then fight in
    melee: it may move and may fight, and the move (an action, WI-4) leaves it the
    action the blow spends. Only these does the app ask the table to bring within 10 cm
    (`wants`), and only these does a held shot count the melee of (`melee_edge`): a
    wounded unit, or one that has recovered this turn (recovery and a move are its two
    actions), would be told to stay, and melee only an enemy already within 10 cm."""
    return may_fight(unit) and can_move(unit) and unit.num("actions") + 1 < MAX_ACTIONS


def melee_edge(battle: Battle, unit: Unit) -> float:
    """For the app's players (issue 26): what a unit's melee is expected to take off,
    less what the counter-attack takes back (WI-8), in units, on each enemy on the table
    as likely (which one is within 10 cm is the table's), at least 0 on each (it need
    not attack that one): its blow, a d6 at or under its CMB, takes a damage level off
    (or what the enemy still has, its pending shots counted); the enemy hits back on a
    d6 at or under its own CMB. 0 for a unit that cannot move and then fight
    (`can_close`: the app would ask the table to leave it where it is).

    The counter-attack is counted even when the blow kills, though WI-8 has the target
    hit back only "if it is still on the table": a deliberate approximation of the app's
    player, on the safe side. Counted so, a wounded enemy is no easier a melee than a
    fresh one, and a shot that may finish it (a kill's worth) is preferred to holding."""
    foes = [u for u in battle.on_table() if u.side != unit.side]
    if not foes or not can_close(unit):
        return 0.0
    hit, keep = chance(unit.num("cmb")), min(1.0 / DEAD, _whole(unit, 0))
    edge = sum(
        max(0.0, hit * min(1.0 / DEAD, _whole(foe, 0)) - chance(foe.num("cmb")) * keep)
        for foe in foes
    )
    return edge / len(foes)
