"""The rule-writing kit: unique labels, the phase table, and `BaseSystem`'s defaults.

A toy system built only from declarations shows what a new system gets for free."""

from __future__ import annotations

from typing import Any

import pytest

from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, Side, Unit, label_units
from skirmtui.engine.core.kit import units_by_side
from skirmtui.engine.core.prompts import Confirm
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import (
    FieldSpec,
    OptionSpec,
    Phase,
    RuleSystem,
    Setup,
    SetupError,
    Step,
    UnitSpec,
)
from skirmtui.systems.registry import systems


def _unit(uid: str, side: str, name: str) -> Unit:
    return Unit(uid, side, name, {}, {})


# -- unique labels --------------------------------------------------------------------------


def test_repeated_names_are_numbered_within_their_side_in_roster_order() -> None:
    units = [
        _unit("r1", "red", "Guerriero"),
        _unit("r2", "red", "Capo"),
        _unit("r3", "red", "Guerriero"),
        _unit("b1", "blue", "Guerriero"),
    ]
    label_units(units, {"red": "Rossi", "blue": "Blu"})
    assert [u.label for u in units] == ["Guerriero 1", "Capo", "Guerriero 2", "Guerriero"]


def test_a_name_shared_across_sides_gets_the_side_name() -> None:
    units = [_unit("r1", "red", "Capo"), _unit("b1", "blue", "Capo")]
    label_units(units, {"red": "Rossi", "blue": "Blu"})
    assert [u.label for u in units] == ["Capo", "Capo (Blu)"]


def test_numbers_skip_a_label_another_unit_is_named() -> None:
    units = [
        _unit("a", "red", "Brigante"),
        _unit("b", "red", "Brigante 1"),
        _unit("c", "red", "Brigante"),
    ]
    label_units(units)
    assert [u.label for u in units] == ["Brigante 2", "Brigante 1", "Brigante 3"]
    assert len({u.label for u in units}) == 3


def test_names_already_numbered_keep_their_labels() -> None:
    """cape-et-epee numbers its extras in the army files (`Moschettiere 1`): those labels
    are the names; only the standard bearer both armies call `Alfiere` needs its side."""
    battle = Session(systems()["cape-et-epee"], systems()["cape-et-epee"].demo_setup()).battle
    renamed = {u.name: u.label for u in battle.units.values() if u.label != u.name}
    assert renamed == {"Alfiere": "Alfiere (Guardie)"}
    assert battle.label("red6") == "Moschettiere 1"


def test_a_unit_added_later_never_renames_the_others() -> None:
    battle = Battle("x", "t", 1, {}, [Side("red", "Red")], {"r1": _unit("r1", "red", "Capo")})
    assert battle.label("r1") == "Capo"
    battle.add_unit(_unit("r2", "red", "Capo"))
    assert battle.labels == {"r1": "Capo", "r2": "Capo 2"}


def test_labels_are_unique_in_every_demo() -> None:
    for system in systems().values():
        battle = system.new_battle(system.demo_setup())
        labels = list(battle.labels.values())
        assert len(labels) == len(set(labels)), system.id


# -- a toy system made of declarations ------------------------------------------------------


def _round(battle: Battle) -> Step:
    yield Confirm(key="toy.go", text="Go on")
    battle.round += 1
    battle.enter_phase("fight")


def _fight(battle: Battle) -> Step:
    yield Confirm(key="toy.fight", text="Fight")
    battle.end(None, "done")


class Toy(BaseSystem):
    id = "toy"
    title = "Toy"
    language = "English"
    round_word = "Bout"
    phases = (Phase("muster", "Mustering", _round), Phase("fight", "Fighting", _fight))
    profile_fields = (
        FieldSpec("might", "Might", int, 1, 6),
        FieldSpec("banner", "banner", bool, default=False),
        FieldSpec("kind", "kind", str, default="foot", choices=("foot", "horse")),
    )
    unit_fields = (
        FieldSpec("might", "Might", int, 1, 6),
        FieldSpec("wounds", "wounds", int, 0, 3),
        FieldSpec("ready", "ready", bool, start=True),
    )
    setup_options = (OptionSpec("turn_limit", "Turn limit", int, 4, 0, 99),)
    scenario_options = (OptionSpec("weather", "weather", str, "fair", choices=("fair", "rain")),)
    min_players, max_players = 2, 3

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        return self.unit_fields[0]


def toy_setup(**options: Any) -> Setup:
    units = [
        UnitSpec("r1", "red", "Knight", {"might": 4}),
        UnitSpec("r2", "red", "Knight", {"might": 3, "kind": "horse"}),
        UnitSpec("b1", "blue", "Pikeman", {"might": 2}),
    ]
    return Setup("toy", "t", 1, [Side("red", "Red"), Side("blue", "Blue")], units, options)


def test_a_system_made_of_declarations_satisfies_the_contract() -> None:
    toy: RuleSystem = Toy()
    assert toy.check_setup(toy_setup()) == []


def test_option_defaults_come_from_the_specs_once() -> None:
    battle = Toy().new_battle(toy_setup(turn_limit=2))
    assert battle.options == {"turn_limit": 2, "weather": "fair"}


def test_a_new_battle_makes_each_unit_once() -> None:
    """`new_battle` keeps the units its setup check built (a fixed cost of every sim
    battle otherwise), in the setup's order."""
    made: list[str] = []

    class Counting(Toy):
        def make_unit(self, spec: UnitSpec) -> Unit:
            made.append(spec.id)
            return super().make_unit(spec)

    battle = Counting().new_battle(toy_setup())
    assert made == ["r1", "r2", "b1"]
    assert list(battle.units) == ["r1", "r2", "b1"]


def test_units_are_read_and_started_from_the_field_specs() -> None:
    unit = Toy().make_unit(UnitSpec("r1", "red", "Knight", {"might": 4}))
    assert unit.profile == {"might": 4, "banner": False, "kind": "foot"}
    assert unit.stats == {"might": 4, "wounds": 0, "ready": True}


@pytest.mark.parametrize(
    ("profile", "message"),
    [
        ({"might": 7}, "Knight: Might must be a whole number 1–6"),
        ({}, "Knight: Might must be a whole number 1–6"),
        ({"might": True}, "Knight: Might must be a whole number 1–6"),
        ({"might": 2, "banner": "yes"}, "Knight: banner must be yes or no"),
        ({"might": 2, "kind": "boat"}, "Knight: kind must be one of foot, horse"),
    ],
)
def test_a_profile_is_checked_against_its_field_specs(
    profile: dict[str, Any], message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        Toy().make_unit(UnitSpec("r1", "red", "Knight", profile))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"turn_limit": 100}, "Turn limit: must be a whole number 0–99"),
        ({"turn_limit": True}, "Turn limit: must be a whole number 0–99"),
        ({"weather": "snow"}, "weather: must be one of fair, rain"),
    ],
)
def test_options_are_checked_against_their_specs(options: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Toy().check_setup(toy_setup(**options))


def test_setup_checks_the_player_range_and_empty_sides() -> None:
    setup = toy_setup()
    alone = Setup("toy", "t", 1, setup.sides[:1], setup.units[:2])
    with pytest.raises(SetupError, match="1 players: this system takes 2–3"):
        Toy().check_setup(alone)
    empty = Setup("toy", "t", 1, setup.sides, setup.units[:2])
    with pytest.raises(SetupError, match="Blue has no units"):
        Toy().check_setup(empty)


def test_the_phase_table_dispatches_and_names_every_phase() -> None:
    session = Session(Toy(), toy_setup())
    battle = session.battle
    assert battle.phase == "muster" and battle.phase_label() == "Mustering"
    session.answer(True)
    assert battle.phase == "fight"
    assert battle.log[-1].kind == "phase" and battle.log[-1].text == "Bout 1 · Fighting"
    assert battle.where() == "bout 1, Fighting"
    assert Toy().summary(battle)[0] == "In progress: bout 1, Fighting"
    session.answer(True)
    assert Toy().summary(battle)[0] == "Winner: nobody (draw) — done (bout 1)"


def test_default_views_only_read() -> None:
    toy = Toy()
    battle = toy.new_battle(toy_setup())
    battle.turn_side = "blue"
    rows = toy.queue(battle)
    assert [(r.side, r.text, r.current) for r in rows] == [
        ("red", "Red: 2 units on the table", False),
        ("blue", "Blue: 1 units on the table", True),
    ]
    assert toy.status(battle, battle.units["r1"]) == ""
    assert toy.summary(battle)[1:] == ["Red: 2/2 units standing", "Blue: 1/1 units standing"]


def test_every_system_declares_its_round_word_and_phase_labels() -> None:
    words = {s.id: s.round_word for s in systems().values()}
    assert words == {
        "wargaming-introduttivo": "Turn",
        "pequenas-guerras": "Round",
        "cape-et-epee": "Turn",
        "combattimento-gdr": "Turn",  # seed 003: "il turno"
        "regole-base": "Round",
    }
    for system in systems().values():
        battle = system.new_battle(system.demo_setup())
        assert battle.phase_labels == {p.id: p.label for p in system.phases}
        assert all(p.step is not None for p in system.phases), system.id


def test_a_unit_chosen_is_the_entrys_actor_with_its_label() -> None:
    system = systems()["wargaming-introduttivo"]
    session = Session(system, system.demo_setup())
    while session.prompt is not None and session.prompt.key != "activation.unit":
        session.roll()
    session.answer("blue2" if session.battle.turn_side == "blue" else "red2")
    entry = session.battle.log[-1]
    assert entry.kind == "choose" and entry.actor == entry.value
    assert session.battle.label(entry.actor).endswith(" 1")  # Legionario 1 or Guerriero 1


def test_a_unit_put_back_starts_afresh_at_the_gms_level() -> None:
    """G-4 by default: every stat back at its start, `restore_field` at the GM's value."""
    session = Session(Toy(), toy_setup())
    session.gm("gm.set", unit="r1", field="ready", value=False)
    session.gm("gm.remove", unit="r1")
    session.gm("gm.restore", unit="r1", value=5)
    unit = session.battle.units["r1"]
    assert not unit.removed and unit.stats == {"might": 5, "wounds": 0, "ready": True}


def test_a_system_must_say_what_a_gm_gives_a_unit_put_back() -> None:
    """No silent default (the first unit field was one): the error says what to declare."""

    class Silent(Toy):
        restore_field = BaseSystem.restore_field

    session = Session(Silent(), toy_setup())
    session.gm("gm.remove", unit="r1")
    with pytest.raises(Exception, match="declare restore_field"):
        session.gm("gm.restore", unit="r1", value=5)


def test_units_by_side_lists_every_side_in_roster_order_and_sees_a_unit_added() -> None:
    sides = [Side("red", "Red"), Side("blue", "Blue"), Side("green", "Green")]
    units = {
        "r1": _unit("r1", "red", "Capo"),
        "b1": _unit("b1", "blue", "Capo"),
        "r2": _unit("r2", "red", "Fante"),
    }
    battle = Battle("x", "t", 1, {}, sides, units)
    found = units_by_side(battle)
    assert {side: [u.id for u in found[side]] for side in found} == {
        "red": ["r1", "r2"],
        "blue": ["b1"],
        "green": [],
    }
    assert units_by_side(battle) is found  # kept while no unit joins
    battle.add_unit(_unit("g1", "green", "Capo"))
    assert [u.id for u in units_by_side(battle)["green"]] == ["g1"]
