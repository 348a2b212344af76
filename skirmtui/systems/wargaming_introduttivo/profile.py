"""Units of wargaming-introduttivo: CMB and ABI 1–5, cost = CMB + ABI (seed, WI-1)."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.battle import Scalar, Unit
from skirmtui.engine.data import load_toml
from skirmtui.engine.system import FieldSpec, OptionSpec, Setup, SetupError, UnitSpec

SYSTEM_ID = "wargaming-introduttivo"

#: Damage levels (seed): 0 operational, 1 prone, 2 wounded, 3 dead (removed).
PRONE, WOUNDED, DEAD = 1, 2, 3
DAMAGE_WORDS = {0: "fine", PRONE: "prone", WOUNDED: "wounded", DEAD: "dead"}


def rules() -> dict[str, Any]:
    return load_toml(SYSTEM_ID, "rules")


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


def _stat(spec: UnitSpec, name: str) -> int:
    value = spec.profile.get(name)
    low, high = rules()["units"]["min_stat"], rules()["units"]["max_stat"]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SetupError(f"{spec.name}: {name.upper()} must be a whole number {low}–{high}")
    return value


def make_unit(spec: UnitSpec) -> Unit:
    cmb, abi = _stat(spec, "cmb"), _stat(spec, "abi")
    profile: dict[str, Scalar] = {"cmb": cmb, "abi": abi, "cost": unit_cost(cmb, abi)}
    stats: dict[str, Scalar] = {"cmb": cmb, "abi": abi, "damage": 0, "pending": 0, **TURN_FLAGS}
    return Unit(spec.id, spec.side, spec.name, profile, stats)


def check_setup(setup: Setup) -> list[str]:
    """WI-1: 2–4 players, every army within the same budget; refuse anything else."""
    limits = rules()
    players = limits["players"]
    if not players["min"] <= len(setup.sides) <= players["max"]:
        raise SetupError(
            f"{len(setup.sides)} players: this system takes {players['min']}–{players['max']}"
        )
    budget = setup.options.get("budget", limits["budget"]["default"])
    low, high = limits["budget"]["min"], limits["budget"]["max"]
    if isinstance(budget, bool) or not isinstance(budget, int) or not low <= budget <= high:
        raise SetupError(f"the budget must be a whole number {low}–{high}")
    turn_limit = setup.options.get("turn_limit", 0)
    if isinstance(turn_limit, bool) or not isinstance(turn_limit, int) or turn_limit < 0:
        raise SetupError("the turn limit must be 0 (none) or a positive whole number")
    warnings = []
    costs = {}
    for side in setup.sides:
        units = [u for u in setup.units if u.side == side.id]
        if not units:
            raise SetupError(f"{side.name} has no units")
        cost = sum(make_unit(u).profile["cost"] for u in units)  # type: ignore[misc]
        if cost > budget:
            raise SetupError(f"{side.name}'s army costs {cost}, over the budget of {budget}")
        costs[side.name] = cost
    if len(set(costs.values())) > 1:
        spent = ", ".join(f"{name} {cost}" for name, cost in costs.items())
        warnings.append(f"armies spend different points: {spent}")
    return warnings
