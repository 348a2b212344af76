"""The turn sequence of combattimento-gdr (seed 003, rulings CG-1..CG-16).

Each turn: Scene (the GM describes the situation) → Actions (by AGI then DES; groups
of full ties act together). The battle ends when one side is left standing (the others
down or fled), or the GM ends it.
"""

from __future__ import annotations

from skirmtui.engine.battle import Battle, Unit
from skirmtui.engine.system import OptionSpec, Phase, QueueRow, Setup, Step, UnitSpec, phase_label
from skirmtui.systems.armies import setup_from_scenario
from skirmtui.systems.combattimento_gdr import attack as atk
from skirmtui.systems.combattimento_gdr import profile, turn, views
from skirmtui.systems.combattimento_gdr.tables import SYSTEM_ID, rules

PHASES: tuple[Phase, ...] = (Phase("scene", "Scene"), Phase("actions", "Actions"))


def _nothing() -> Step:
    """A step that asks nothing (the position moved on by itself)."""
    yield from ()


class CombattimentoGdr:
    id = SYSTEM_ID
    title = "Il Combattimento (GdR)"
    language = "Italian"
    phases = PHASES
    unit_fields = profile.UNIT_FIELDS
    profile_fields = profile.PROFILE_FIELDS
    setup_options: tuple[OptionSpec, ...] = (
        OptionSpec("turn_limit", "Turn limit (0 = none, ours)", int, 0, 0, 99),
    )
    min_players = int(rules()["players"]["min"])
    max_players = int(rules()["players"]["max"])

    def check_setup(self, setup: Setup) -> list[str]:
        return profile.check_setup(setup)

    def make_unit(self, spec: UnitSpec) -> Unit:
        return profile.make_unit(spec)

    def new_battle(self, setup: Setup) -> Battle:
        self.check_setup(setup)
        options = {"turn_limit": 0, "surprised": [], "contact": [], **setup.options}
        units = {spec.id: profile.make_unit(spec) for spec in setup.units}
        battle = Battle(self.id, setup.title, setup.seed, options, list(setup.sides), units)
        for pair in options["contact"]:
            a, b = pair.split()
            battle.set(
                units[a], "contact", " ".join([*profile.words(units[a].stats["contact"]), b])
            )
        battle.pos = {"surprised": list(options["surprised"])}
        if battle.pos["surprised"]:
            names = ", ".join(battle.side_name(s) for s in battle.pos["surprised"])
            battle.record("info", f"Ambush: {names} caught unaware in the first turn")
        self._new_turn(battle)
        return battle

    def demo_setup(self) -> Setup:
        return setup_from_scenario(self.id, "demo")

    def next_step(self, battle: Battle) -> Step:
        self._sweep(battle)
        if self._ended(battle):
            return _nothing()
        if battle.phase == "scene":
            return turn.scene_step(battle)
        step = turn.actions_step(battle)
        if step is None:
            self._end_of_turn(battle)
            return _nothing()
        return step

    def _sweep(self, b: Battle) -> None:
        """GM overrides land anywhere (G-4): a combatant set to all boxes full dies; one
        put back on the table is alive, one box short of death at worst."""
        for unit in b.units.values():
            dead = profile.track(unit).dead(unit.num("damage"))
            if unit.removed:
                continue
            if unit.stats["fate"]:
                b.record("info", f"{unit.name} is back in the fight", target=unit.id)
                b.set(unit, "fate", "")
                if dead:
                    b.set(unit, "damage", profile.track(unit).capacity - 1)
            elif dead:
                atk.kill(b, unit)

    def _ended(self, b: Battle) -> bool:
        standing = [s.id for s in b.sides if b.on_table(s.id)]
        if len(standing) > 1:
            return False
        atk.apply_held(b)
        if standing:
            b.end(standing[0], "every other side is down or has fled")
        else:
            b.end(None, "nobody is left standing")
        return True

    def _end_of_turn(self, b: Battle) -> None:
        limit = int(b.options.get("turn_limit") or 0)
        if limit and b.round >= limit:
            b.end(None, f"turn limit {limit} (ours: the fight is left undecided)")
            return
        b.pos["surprised"] = []
        self._new_turn(b)

    def _new_turn(self, b: Battle) -> None:
        b.round += 1
        b.enter_phase("scene", "Scene")

    # -- views ----------------------------------------------------------------------------

    def queue(self, b: Battle) -> list[QueueRow]:
        return views.queue(b)

    def status(self, b: Battle, unit: Unit) -> str:
        return views.status(b, unit)

    def sheet_rows(self, b: Battle, unit: Unit) -> list[tuple[str, str]]:
        return views.sheet_rows(b, unit)

    def summary(self, b: Battle) -> list[str]:
        return views.summary(b, phase_label(self, b.phase))
