"""Who the app rolls for, and a chain of rolls for one keypress (issue 25, point 2).

The setting starts in the setup's options and changes by a GM entry, so undo, redo,
replay and a save know it at every point; the rolls the app makes are stored one by
one (each its own answer, by = "app"), so they undo one by one and replay unchanged.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from skirmtui.engine.core import app_rolls
from skirmtui.engine.core.items import BY_APP, BY_TABLE, GM_APP_ROLLS, Item
from skirmtui.engine.core.prompts import AnswerError, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import RuleSystem
from skirmtui.engine.report.luck import luck
from skirmtui.engine.store.saves import SaveError, load_session, save_session
from skirmtui.systems.registry import get_system

SIDES = ["red", "blue", "green"]


def with_setting(system: RuleSystem, value: Any) -> Session:
    setup = system.demo_setup()
    return Session(system, attrs.evolve(setup, options={**setup.options, "app_rolls": value}))


def cg_to_first_attack(session: Session) -> None:
    """The combattimento-gdr demo up to its first attack roll (a ranged attack, its
    range and cover, the turn's light, a defence): then attack → defence → location →
    damage follow with no decision between them."""
    n = 1
    while not isinstance(prompt := session.prompt, Roll):
        assert prompt is not None and n < 7
        light = prompt.key == "turn.light"  # asked at the turn's start until issue 25's cut
        session.answer(prompt.random_answer(random.Random(0 if light else n)))
        n += not light
    prompt = session.prompt
    assert isinstance(prompt, Roll) and prompt.key == "attack.roll" and prompt.side == "red"


# -- the setting ------------------------------------------------------------------------


def test_a_setting_is_everyone_no_one_or_some_sides_in_side_order() -> None:
    assert app_rolls.checked("all", SIDES) == "all"
    assert app_rolls.checked("none", SIDES) == "none"
    assert app_rolls.checked(["green", "red"], SIDES) == ("red", "green")
    assert app_rolls.checked(["red", "blue", "green"], SIDES) == "all"
    assert app_rolls.checked([], SIDES) == "none"


@pytest.mark.parametrize("bad", ["some", 3, ["red", "pink"], {"red": True}])
def test_a_setting_naming_something_else_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="app_rolls"):
        app_rolls.checked(bad, SIDES)


def test_the_app_rolls_a_table_roll_only_when_it_rolls_for_everyone() -> None:
    assert app_rolls.rolls_for("all", None)
    assert not app_rolls.rolls_for(("red",), None)
    assert app_rolls.rolls_for(("red",), "red")
    assert not app_rolls.rolls_for(("red",), "blue")
    assert not app_rolls.rolls_for("none", "red")


def test_the_setting_says_who_in_words() -> None:
    names = [("red", "Rossi"), ("blue", "Blu"), ("green", "Verdi")]
    assert app_rolls.describe("all", names) == "everyone"
    assert app_rolls.describe("none", names) == "no one"
    assert app_rolls.describe(("red", "green"), names) == "Rossi and Verdi"


# -- auto rolls ------------------------------------------------------------------------


def test_a_battle_without_the_setting_rolls_for_no_one(demo: Session) -> None:
    assert demo.app_rolls == "none"
    assert demo.auto_roll() == 0
    assert demo.items == []


def test_the_app_rolls_its_sides_rolls_and_waits_for_the_others(wi: RuleSystem) -> None:
    """WI demo: red then blue roll for the play order; the app rolls for red only."""
    session = with_setting(wi, ["red"])
    assert session.auto_roll() == 1
    assert [(i.key, i.by) for i in session.items] == [("order.roll", BY_APP)]
    prompt = session.prompt
    assert isinstance(prompt, Roll) and prompt.side == "blue"
    assert session.auto_roll() == 0  # blue's faces are the table's to type


def test_the_app_rolling_for_everyone_stops_at_the_first_decision(wi: RuleSystem) -> None:
    session = with_setting(wi, "all")
    assert session.auto_roll() == 2
    assert session.prompt is not None and not isinstance(session.prompt, Roll)
    assert all(i.by == BY_APP for i in session.items)


def test_a_gm_entry_changes_the_setting_from_its_place_on(demo: Session) -> None:
    demo.gm(GM_APP_ROLLS, app_rolls=["blue"])
    settings = [demo.app_rolls]
    assert demo.battle.log[-1].text == "GM sets who the app rolls for: Barbari"
    assert demo.auto_roll() == 0  # red's roll is pending: the table's
    demo.answer((4,))
    assert demo.items[-1].by == BY_TABLE
    assert demo.auto_roll() == 1
    demo.undo()
    demo.undo()
    demo.undo()  # the GM entry itself
    settings.append(demo.app_rolls)
    demo.redo()
    settings.append(demo.app_rolls)
    assert settings == [("blue",), "none", ("blue",)]


def test_a_gm_entry_naming_no_side_is_refused_and_stores_nothing(demo: Session) -> None:
    with pytest.raises(AnswerError, match="no side 'pink'"):
        demo.gm(GM_APP_ROLLS, app_rolls=["pink"])
    assert demo.items == []


# -- the chain -------------------------------------------------------------------------


def test_one_roll_resolves_the_chain_up_to_the_next_decision() -> None:
    """Combattimento-gdr: attack → defence → hit location → damage, four answers."""
    session = Session(cg := get_system("combattimento-gdr"), cg.demo_setup())
    cg_to_first_attack(session)
    before = len(session.items)
    made = session.roll_chain()
    keys = [i.key for i in session.items[before:]]
    assert keys[:2] == ["attack.roll", "defence.roll"]
    assert made == len(keys) >= 2
    assert all(i.by == BY_APP for i in session.items[before:])
    assert not isinstance(session.prompt, Roll)
    # Each roll is its own answer: undone one by one, each log line kept with its odds.
    rolls = [e for e in session.battle.log if e.roll is not None and e.answer is not None]
    assert [e.key for e in rolls[-made:]] == keys
    session.undo()
    assert len(session.items) == before + made - 1
    assert isinstance(session.prompt, Roll)


def test_the_chain_stops_at_a_roll_the_table_types() -> None:
    """The app rolls for red only: blue's defence roll is typed, so the chain stops."""
    cg = get_system("combattimento-gdr")
    session = with_setting(cg, ["red"])
    cg_to_first_attack(session)
    assert session.roll_chain() == 1
    prompt = session.prompt
    assert isinstance(prompt, Roll) and prompt.key == "defence.roll" and prompt.side == "blue"


def test_a_chain_replays_and_saves_unchanged(tmp_path: Path) -> None:
    cg = get_system("combattimento-gdr")
    session = with_setting(cg, "none")
    cg_to_first_attack(session)
    session.roll_chain()
    session.gm(GM_APP_ROLLS, app_rolls="all")
    path = tmp_path / "chain.toml"
    save_session(session, path, "2026-01-01")
    loaded, _ = load_session(path, {"combattimento-gdr": cg})
    assert loaded.items == session.items
    assert [i.by for i in loaded.items] == [i.by for i in session.items]
    assert loaded.app_rolls == "all"
    assert loaded.setup.options["app_rolls"] == "none"


def test_a_save_with_a_setting_naming_no_side_is_refused(wi: RuleSystem, tmp_path: Path) -> None:
    session = with_setting(wi, ["pink"])
    path = tmp_path / "bad.toml"
    save_session(session, path, "2026-01-01")
    with pytest.raises(SaveError, match="no side 'pink'"):
        load_session(path, {wi.id: wi})


def test_the_luck_tally_keeps_app_and_table_rolls_apart(demo: Session) -> None:
    """Red's first activation roll typed, its second rolled by the app."""
    for value in ((6,), (2,), "red1", (1,), "red2"):
        demo.answer(value)
    demo.gm(GM_APP_ROLLS, app_rolls=["red"])
    assert demo.auto_roll() >= 1
    tally = luck(demo.battle).sides["red"]
    assert (tally.by[BY_APP], tally.by[BY_TABLE]) == (1, 1)


def test_nothing_to_roll_is_refused(demo: Session) -> None:
    demo.answer((6,))
    demo.answer((2,))
    with pytest.raises(AnswerError):
        demo.roll_chain()
    assert [i.key for i in demo.items] == ["order.roll", "order.roll"]


def test_rolls_are_not_made_when_the_battle_is_over(wi: RuleSystem) -> None:
    session = with_setting(wi, "all")
    session.gm("gm.end", winner="red", reason="test")
    assert session.auto_roll() == 0
    assert session.items == [Item("gm.end", {"winner": "red", "reason": "test"})]
