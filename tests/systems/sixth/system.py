"""Duel of Sixes: the sixth-system experiment (issue 22), a one-page game written only
against the rule author's API. Not a shipped system: tests/systems/test_sixth_system.py
plays it through the engine as the five real ones are played.

Two sides; a unit has one stat, Fight (1–5). Players alternate activations, the first
player first each round; an active unit attacks an enemy: 1d6 ≤ Fight hits, and a hit
fills one of its 3 wound boxes; the third removes it. A side with no units loses.
"""

from __future__ import annotations

from skirmtui.engine.rules import (
    BaseSystem,
    Battle,
    Cause,
    Choose,
    FieldSpec,
    Phase,
    Position,
    Setup,
    Side,
    Step,
    Unit,
    UnitSpec,
    conditions,
    pick_enemy,
    record,
    reset,
    stat_test,
    unit_choices,
)


@record
class DuelPosition(Position):
    first: str = "red"


def _ready(b: Battle, side: str) -> list[Unit]:
    return [u for u in b.on_table(side) if not u.stats["acted"]]


def _fight(b: Battle) -> Step:
    """One activation: the side to play picks a ready unit, which attacks an enemy. When
    no unit is ready the round ends (at the next step: the end check comes first)."""
    if not any(_ready(b, s.id) for s in b.sides):
        conditions.round_ended(b)
        b.round += 1
        reset(b, b.on_table(), {"acted": False})
        b.enter_phase("fight", b.pos.first)
        return
    side = b.turn_side or b.sides[0].id
    if not _ready(b, side):  # this side has acted with every unit: the other goes on
        side = next(s.id for s in b.sides if _ready(b, s.id))
    ready = _ready(b, side)
    choice = yield Choose(
        key="duel.unit",
        text=f"{b.side_name(side)}: which unit fights?",
        options=unit_choices(ready, lambda u: u.label),
        side=side,
    )
    unit = b.units[choice]
    target = yield from pick_enemy(b, unit, "duel.target")
    if target is not None and b.alive(unit.id):
        hit = yield stat_test(unit, "fight", "duel.hit", f"hits {target.label}", target=target)
        if hit.success and b.alive(target.id):
            wounds = target.num("wounds") + 1
            b.set(target, "wounds", wounds, Cause("attack", len(b.log) - 1, unit.id))
            if wounds >= 3:
                b.remove(target, Cause("attack", len(b.log) - 1, unit.id))
    if b.alive(unit.id):
        b.set(unit, "acted", True)
    conditions.activation_ended(b, unit.id)
    b.turn_side = next((s.id for s in b.sides if s.id != side), side)


class DuelOfSixes(BaseSystem):
    id = "duel-of-sixes"
    title = "Duel of Sixes"
    language = "English"
    ruling_prefix = "DS"
    phases = (Phase("fight", "Fight", _fight),)
    profile_fields = (FieldSpec("fight", "Fight", int, 1, 5),)
    unit_fields = (
        FieldSpec("fight", "Fight", int, 1, 5),
        FieldSpec("wounds", "wounds", int, 0, 2),
        FieldSpec("acted", "acted", bool),
    )
    damage_field = "wounds"

    def start(self, battle: Battle) -> None:
        battle.pos = DuelPosition(first=battle.sides[0].id)
        battle.round = 1
        battle.enter_phase("fight", battle.sides[0].id)

    def check_end(self, battle: Battle) -> None:
        standing = [s.id for s in battle.sides if battle.on_table(s.id)]
        if len(standing) <= 1 and battle.result is None:
            battle.end(standing[0] if standing else None, "the other side has no units")

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        return self.unit_fields[1]

    def demo_setup(self) -> Setup:
        units = [UnitSpec(f"r{n}", "red", "Knight", {"fight": 3}) for n in (1, 2)]
        units += [UnitSpec(f"b{n}", "blue", "Brute", {"fight": 4}) for n in (1, 2)]
        return Setup(self.id, "A duel", 1, [Side("red", "Red"), Side("blue", "Blue")], units)
