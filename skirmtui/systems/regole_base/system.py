"""The sequence of regole-base (seed 000, rulings RB-1..RB-21): each round an
initiative roll-off, then Movement → Assault → Shooting → End (RB-3). Each step is a
small generator in the modules next to this one; between steps the position is
`battle.pos` (side order, base contacts, the melee being fought) plus model stats."""

from __future__ import annotations

from skirmtui.engine.battle import Battle, Unit
from skirmtui.engine.system import Phase, QueueRow, Setup, Step, UnitSpec
from skirmtui.systems.armies import setup_from_scenario
from skirmtui.systems.regole_base import profile, turns, views
from skirmtui.systems.regole_base.assault import assault_step
from skirmtui.systems.regole_base.movement import movement_step
from skirmtui.systems.regole_base.shooting import shooting_step
from skirmtui.systems.regole_base.tables import SYSTEM_ID, rules

PHASES = tuple(Phase(pid, label) for pid, label in turns.LABELS.items())
_STEPS = {
    "initiative": turns.initiative_step,
    "movement": movement_step,
    "assault": assault_step,
    "shooting": shooting_step,
    "end": turns.end_step,
}


class RegoleBase:
    id = SYSTEM_ID
    title = "Regole base"
    language = "Italian"
    phases = PHASES
    unit_fields = profile.UNIT_FIELDS
    profile_fields = profile.PROFILE_FIELDS
    setup_options = profile.setup_options()
    min_players = int(rules()["players"]["min"])
    max_players = int(rules()["players"]["max"])

    def check_setup(self, setup: Setup) -> list[str]:
        return profile.check_setup(setup)

    def make_unit(self, spec: UnitSpec) -> Unit:
        return profile.make_unit(spec)

    def new_battle(self, setup: Setup) -> Battle:
        self.check_setup(setup)
        units = {spec.id: profile.make_unit(spec) for spec in setup.units}
        options = {"round_limit": 0, **setup.options}
        battle = Battle(self.id, setup.title, setup.seed, options, list(setup.sides), units)
        limit = int(options["round_limit"])
        battle.record(
            "phase",
            "Regole base: single models, 2d6 Confronti"
            + (f", {limit} rounds" if limit else ", until a side has no models left"),
        )
        turns.begin_round(battle)
        return battle

    def demo_setup(self) -> Setup:
        return setup_from_scenario(self.id, "demo")

    def next_step(self, battle: Battle) -> Step:
        if turns.check_end(battle):
            return _nothing()
        return _STEPS[battle.phase](battle)

    def queue(self, battle: Battle) -> list[QueueRow]:
        return views.queue(battle)

    def status(self, battle: Battle, unit: Unit) -> str:
        return views.status(battle, unit)

    def summary(self, battle: Battle) -> list[str]:
        return views.summary(battle)


def _nothing() -> Step:
    return
    yield
