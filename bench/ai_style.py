"""How a persona plays, in figures a player would name it by (issue 26): `bench.ai`'s
columns past its attack rolls and units lost, which are coarse where the rules decide
most of them (a regole-base side's attack rolls count its armour saves and escape
Confronti; a unit damaged and recovered counts as nothing lost).

- strikes: the side's hit rolls at an enemy, shots and blows only (what each system
  rolls to hit; not a defender's save, armour or parry, an escape's Confronto, a wound
  or damage roll, a test). A blow struck back is a strike too.
- charges: the melees the side starts: a charge declared (an enemy chosen as its
  target, not the choice's "choose another action" nor "no target"; in regole-base its
  reach asked, each charge once); in wargaming-introduttivo, which has no charge move,
  an enemy chosen as a melee attack's target (a unit within 10 cm attacks it).
  combattimento-gdr asks whom a charge goes for only when there are two foes or more:
  a charge at its one foe left is not counted there.
- strength lost: the side's own strength lost, in units (1 = a whole unit, the
  system's `strength`, the one the app's players weigh), every drop counted as it
  happens: a unit damaged and then recovered counts its damage, a unit taken off what it
  still had. Read after every answer, never changing the battle.
- won back: the side's own strength won back, every rise counted (a recovery, where
  the rules have one: wargaming-introduttivo's, WI-5; "—" elsewhere, `KEYS`);
  strength lost less won back is what its units were missing at the battle's end.
- moves made and moves held (regole-base and pequenas-guerras; "—" elsewhere,
  `KEYS`): what a player sees the app's side do with its units, move them or leave
  them where they stand, each system by its own turn:
  - regole-base: in each Movement phase, each of the side's models that activated (its
    `acted` set) not fleeing (RB-11: a flight is no choice) either moved (its `moved`
    set in that phase: a simple move, a march, a run, a climb; the app's moves go
    toward the nearest enemy model) or held its ground (a move passed, a reload instead
    of moving, RB-10), read from the log's effects;
  - pequenas-guerras: each activation of one of the side's units (its action is the
    last answer of it to `activate.action`, or to `action.choose` asked after the unit
    alone or again after a charge called off) is a move made when the action moves
    the unit (Advance, Rush, Charge: a move of more than 0 cm, PG-4) or held when it
    does not (Hold, Take Cover, Overwatch), as its `actions.moves_unit` says; a
    stunned unit's recovery is neither.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import attrs

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.system import RuleSystem
from skirmtui.engine.play.stats import Z95
from skirmtui.systems.pequenas_guerras import actions as pg_actions


@attrs.frozen
class Keys:
    """A system's prompt keys for the figures (hit rolls, the melees a side starts) and
    which of the other figures it counts: strength won back (its rules have a recovery)
    and moves made and held (`moves_and_held` reads them); bench.ai prints "—" for a
    figure a system does not count."""

    strikes: frozenset[str]
    charges: frozenset[str]
    won: bool = False
    moves: bool = False


def _keys(strikes: str, charges: str, *, won: bool = False, moves: bool = False) -> Keys:
    return Keys(frozenset(strikes.split()), frozenset(charges.split()), won, moves)


#: Each system's keys (its rules' prompts: docs/rules/<system>.md).
KEYS: dict[str, Keys] = {
    # WI-4: a shot or a melee attack hits on a d6 at or under SHT/CMB; the one attacked
    # in melee hits back (`melee.counter`).
    # Its recovery wins strength back (WI-5).
    "wargaming-introduttivo": _keys(
        "shoot.to_hit melee.to_hit melee.counter", "melee.target", won=True
    ),
    # Hit rolls; `wound.roll` follows a hit, `armour.save` is the defender's.
    "regole-base": _keys("shoot.hit melee.hit", "assault.reach", moves=True),
    # `melee.defend` is the defender's; `react.to_hit` a reaction's shot.
    "cape-et-epee": _keys("shoot.to_hit react.to_hit melee.attack", "charge.target"),
    # One attack roll, shot or blow; `defence.roll` is the defender's.
    "combattimento-gdr": _keys("attack.roll", "charge.target"),
    # `defence.blocks` is the defender's.
    "pequenas-guerras": _keys("shoot.hits melee.hits", "charge.target", moves=True),
}


def strikes_and_charges(system_id: str, battle: Battle, side: str) -> tuple[int, int]:
    """The side's strikes at an enemy and the melees it started, read in the log."""
    keys = KEYS.get(system_id)
    if keys is None:
        return 0, 0
    units = battle.units
    strikes = charges = 0
    for entry in battle.log:
        if entry.side != side:
            continue
        if entry.kind == "roll":
            target = units.get(entry.target) if entry.target else None
            if entry.key in keys.strikes and target is not None and target.side != side:
                strikes += 1
        elif entry.key in keys.charges:
            # The entry's target is the enemy charged: none where the choice was
            # "choose another action" or no target.
            unit = units.get(entry.target) if entry.target else None
            if unit is not None and unit.side != side:
                charges += 1
    return strikes, charges


#: The systems whose moves made and held are counted (`moves_and_held`).
MOVES = frozenset(system for system, keys in KEYS.items() if keys.moves)


def moves_and_held(system_id: str, battle: Battle, side: str) -> tuple[int, int]:
    """The side's moves made and held (the module's words, each system's own): regole-
    base's models moved or not in its Movement phases, pequenas-guerras' activations
    whose action moved its unit or not; (0, 0) for a system not in `MOVES`."""
    if system_id not in MOVES:
        return 0, 0
    if system_id == "pequenas-guerras":
        return _activations_moved(battle, side)
    units = battle.units
    fleeing: set[str] = set()
    acted: set[str] = set()  # activated this Movement phase, not fleeing
    moved: set[str] = set()
    made = held = 0
    phase = (0, "")
    for entry in battle.log:
        if (entry.round, entry.phase) != phase:
            phase = (entry.round, entry.phase)
            made += len(acted & moved)
            held += len(acted - moved)
            acted, moved = set(), set()
        for e in entry.effects:
            uid = e.unit
            if uid is None:
                continue
            if e.field == "fleeing":
                if e.after:
                    fleeing.add(uid)
                else:
                    fleeing.discard(uid)
            elif entry.phase != "movement" or e.before or not e.after:
                continue
            elif e.field == "acted" and uid not in fleeing and units[uid].side == side:
                acted.add(uid)
            elif e.field == "moved":
                moved.add(uid)
    return made + len(acted & moved), held + len(acted - moved)


def _activations_moved(battle: Battle, side: str) -> tuple[int, int]:
    """pequenas-guerras: the side's activations whose action moved its unit, and those
    whose action left it where it stood (the module's words)."""
    taken: list[bool | None] = []  # each activation's action (its last answer) moves?
    for entry in battle.log:
        if entry.side != side:
            continue
        if entry.key in pg_actions.ACTIVATES:
            taken.append(pg_actions.moves_unit(entry.value))
        elif entry.key == pg_actions.ACTION_CHOOSE and taken:
            # The same activation's action, asked (again).
            taken[-1] = pg_actions.moves_unit(entry.value)
    return taken.count(True), taken.count(False)


@attrs.define
class StrengthLost:
    """Each side's strength lost and won back so far (every drop and every rise of a
    unit's `strength`, in units), from the strengths last seen; `see` after every
    answer."""

    system: RuleSystem
    last: dict[str, float] = attrs.field(factory=dict)
    lost: dict[str, float] = attrs.field(factory=dict)
    won: dict[str, float] = attrs.field(factory=dict)

    def see(self, battle: Battle) -> None:
        """Add the drops and the rises since the last look."""
        strength = self.system.strength
        for unit in battle.units.values():
            now = strength(battle, unit)
            before = self.last.get(unit.id, now)
            if now < before:
                self.lost[unit.side] = self.lost.get(unit.side, 0.0) + before - now
            elif now > before:
                self.won[unit.side] = self.won.get(unit.side, 0.0) + now - before
            self.last[unit.id] = now


#: A tally's sums, as the report's `styles` lists them.
COUNTS = (
    "battles",
    "attacks",
    "lost",
    "taken",
    "attacks_sq",
    "lost_sq",
    "strikes",
    "charges",
    "strength",
    "strikes_sq",
    "charges_sq",
    "strength_sq",
    "won",
    "won_sq",
    "moves",
    "moves_sq",
    "held",
    "held_sq",
)


def style_line(battles: float, s: Mapping[str, float], system_id: str) -> str:
    """Strikes, charges, strength lost and won back, moves made and held a battle with
    their 95% margins, from sums; "—" for a figure the system does not count (`KEYS`)."""
    n = int(max(battles, 1))
    keys = KEYS.get(system_id)
    counted = {"won": keys is not None and keys.won, "moves": system_id in MOVES}
    counted["held"] = counted["moves"]

    def figure(name: str, digits: int) -> str:
        if not counted.get(name, True):
            return "—"
        margin = mean_margin(s[name], s[name + "_sq"], n)
        return f"{s[name] / n:.{digits}f} ± {margin:.{digits}f}"

    return (
        f"strikes {figure('strikes', 1)}, charges {figure('charges', 2)}, "
        f"strength lost {figure('strength', 2)}, won back {figure('won', 2)}, "
        f"moves made {figure('moves', 1)}, held {figure('held', 1)}"
    )


def mean_margin(total: float, squares: float, n: int) -> float:
    """The 95% margin of a per-battle mean (1.96 standard errors, the sample's own
    standard deviation), from the sum and the sum of squares over `n` battles."""
    if n < 2:
        return math.inf
    mean = total / n
    variance = max(squares - n * mean * mean, 0.0) / (n - 1)
    return Z95 * math.sqrt(variance / n)
