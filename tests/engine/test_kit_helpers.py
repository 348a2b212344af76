"""One test per kit helper (engine/core/kit.py, engine/core/rolloff.py, Position, Battle.track),
driven through small steps with fixed dice."""

from __future__ import annotations

from collections.abc import Generator
from fractions import Fraction
from typing import Any

import attrs
import pytest

from skirmtui.engine.core import kit
from skirmtui.engine.core.battle import Battle, Effect, Position, Side, Unit
from skirmtui.engine.core.data import data_file, load_toml, player_range
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.odds import success_chance
from skirmtui.engine.core.prompts import AnswerError, Choose, Confirm, Option, Prompt, Roll
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.engine.core.system import FieldSpec
from skirmtui.engine.report.export import entry_document
from skirmtui.systems.registry import systems


def battle() -> Battle:
    units = {
        "r1": Unit("r1", "red", "Capo", {}, {"cmb": 4, "wounds": 0, "moved": True, "foes": ()}),
        "r2": Unit("r2", "red", "Guerriero", {}, {"cmb": 3, "wounds": 0, "moved": True}),
        "b1": Unit("b1", "blue", "Guerriero", {}, {"cmb": 3, "wounds": 0, "moved": False}),
        "b2": Unit("b2", "blue", "Arciere", {}, {"cmb": 2, "wounds": 0, "moved": False}),
    }
    return Battle("x", "t", 1, {}, [Side("red", "Red"), Side("blue", "Blue")], units)


Step = Generator[Prompt, Any, Any]


def drive(step: Step, *answers: Any) -> tuple[list[Prompt], Any]:
    """Run a step, answering its prompts in order (rolls as faces); return the prompts
    asked and the step's return value."""
    asked: list[Prompt] = []
    sent: Any = None
    feed = list(answers)
    try:
        while True:
            prompt = step.send(sent)
            asked.append(prompt)
            value = prompt.coerce(feed.pop(0))
            sent = prompt.resolve(value) if isinstance(prompt, Roll) else value  # type: ignore[arg-type]
    except StopIteration as stop:
        return asked, stop.value


def test_about_fills_side_actor_and_several_targets() -> None:
    b = battle()
    shot = kit.about(
        Confirm, b.units["r1"], target=[b.units["b1"], b.units["b2"]], key="k", text="t"
    )
    assert (shot.side, shot.actor, shot.target) == ("red", "r1", "b1")
    assert shot.targets == ("b1", "b2") and shot.actors == ()
    group = kit.about(Confirm, [b.units["r1"], b.units["r2"]], key="k", text="t")
    assert group.actors == ("r1", "r2") and group.target is None


def test_several_actors_and_targets_reach_the_log_entry_and_the_export() -> None:
    b = battle()
    entry = b.record("info", "volley", actors=["r1", "r2"], targets=["b1", "b2"])
    assert (entry.actor, entry.target) == ("r1", "b1")
    doc = entry_document(entry, b)
    assert doc["actors"] == [{"id": "r1", "label": "Capo"}, {"id": "r2", "label": "Guerriero"}]
    assert [t["id"] for t in doc["targets"]] == ["b1", "b2"]


def test_stat_test_rolls_under_with_maluses_lowering_the_target() -> None:
    unit = battle().units["r1"]
    roll = kit.stat_test(unit, "cmb", "shoot.to_hit", "hits", modifiers=[("long range", -1)])
    assert roll.text == "Capo hits? (CMB 4)" and roll.actor == "r1"
    result = roll.resolve((3,))
    assert (result.threshold, result.success) == (3, True)
    assert roll.resolve((4,)).success is False
    assert success_chance(roll) == Fraction(1, 2)


def test_stat_test_rolls_over_with_modifiers_adding_to_the_total() -> None:
    unit = battle().units["r1"]
    roll = kit.stat_test(unit, "cmb", "k", "passes", under=False, dice="2d6", modifiers=[("+", 1)])
    result = roll.resolve((1, 2))
    assert (result.total, result.threshold, result.success) == (4, 4, True)
    assert roll.resolve((1, 1)).success is False


def test_stat_test_words_the_question_as_the_rulebook_does_when_told() -> None:
    unit = battle().units["r1"]
    roll = kit.stat_test(unit, "m", "k", text="Capo tries to recover: M 2", value=2)
    assert roll.text == "Capo tries to recover: M 2" and roll.threshold == 2


def test_choose_one_takes_the_only_option_unasked_and_asks_among_several() -> None:
    b = battle()
    red, blue = b.units["r1"], b.units["b1"]
    only = [Option("b1", "Guerriero")]
    assert drive(kit.choose_one(red, "melee.target", "whom?", only)) == ([], "b1")
    both = [*only, Option("b2", "Arciere")]
    asked, picked = drive(kit.choose_one(red, "shoot.weapon", "which?", both, target=blue), "b2")
    assert picked == "b2" and len(asked) == 1
    choose = asked[0]
    assert isinstance(choose, Choose) and (choose.side, choose.actor, choose.target) == (
        "red",
        "r1",
        "b1",
    )


def test_pick_enemy_offers_enemies_and_returns_the_choice() -> None:
    b = battle()
    asked, target = drive(kit.pick_enemy(b, b.units["r1"], "shoot.target"), "b2")
    choose = asked[0]
    assert isinstance(choose, Choose) and choose.actor == "r1" and choose.side == "red"
    assert [o.value for o in choose.options] == ["b1", "b2", kit.CANCEL]
    assert target is b.units["b2"]


def test_pick_enemy_cancels_or_finds_the_enemy_gone() -> None:
    b = battle()
    assert drive(kit.pick_enemy(b, b.units["r1"], "k"), kit.CANCEL)[1] is None
    step = kit.pick_enemy(b, b.units["r1"], "k", cancel_value="done")
    next(step)
    b.remove(b.units["b1"])  # a GM override lands between two prompts
    with pytest.raises(StopIteration) as stop:
        step.send("b1")
    assert stop.value.value is None


def test_unit_choices_lists_units_then_the_rest_and_looks_an_answer_up_alone() -> None:
    b = battle()
    described: list[str] = []

    def word(unit: Unit) -> str:
        described.append(unit.id)
        return f"{unit.label}!"

    stop = Option("done", "Stop", passive=True)
    choose = Choose(key="k", text="t", options=kit.unit_choices(b.on_table("blue"), word, stop))
    assert choose.coerce("b2") == "b2" and choose.describe("b2") == f"{b.label('b2')}!"
    assert choose.option("done") == stop and choose.option("r1") is None
    assert described == ["b2"]  # one unit described, once: not the whole roster
    assert [(o.value, o.label) for o in choose.options] == [
        ("b1", f"{b.label('b1')}!"),
        ("b2", f"{b.label('b2')}!"),
        ("done", "Stop"),
    ]


def test_reset_clears_per_turn_flags_logging_only_changes() -> None:
    b = battle()
    b.record("info", "new turn")
    kit.reset(b, b.on_table(), {"moved": False})
    assert not any(u.stats["moved"] for u in b.units.values())
    assert b.log[-1].effects == [
        Effect("r1", "moved", True, False),
        Effect("r2", "moved", True, False),
    ]


def test_summary_by_side_gives_each_side_its_units_and_those_standing() -> None:
    b = battle()
    b.remove(b.units["b2"])
    lines = kit.summary_by_side(
        b, lambda side, units, left: f"{side.name} {len(left)}/{len(units)}"
    )
    assert lines == [b.headline(), "Red 2/2", "Blue 1/2"]


def test_skipped_logs_what_a_rule_kept_a_unit_from_doing_and_the_rule() -> None:
    b = battle()
    entry = kit.skipped(b, b.units["r1"], "attack", "RB-13", "no attack", target=b.units["b1"])
    assert (entry.key, entry.actor, entry.target, entry.text) == (
        "skip.attack",
        "r1",
        "b1",
        "no attack",
    )
    assert entry.detail == {"skipped": {"what": "attack", "rule": "RB-13"}}


def test_a_data_file_is_read_once_and_kept() -> None:
    rules = data_file("regole-base", "rules")
    assert rules() == load_toml("regole-base", "rules")
    assert rules() is rules()  # a rule reads it on every roll: never parsed again
    assert rules()["players"]["min"] == 2


def test_winner_by_score_is_a_draw_on_a_tie() -> None:
    assert kit.winner_by_score({"red": 3, "blue": 5}) == "blue"
    assert kit.winner_by_score({"red": 5, "blue": 5, "green": 1}) is None
    assert kit.winner_by_score({}) is None


def test_a_rolloff_over_units_rerolls_the_tied_only_and_keeps_its_bookkeeping() -> None:
    b = battle()
    off = RollOff.among(["r1", "b1", "b2"])
    asked, _ = drive(off.step(b, "strike.roll", "striking first"), (4,), (4,), (2,))
    assert [p.actor for p in asked] == ["r1", "b1", "b2"]
    assert asked[0].text == "Capo rolls for striking first" and asked[0].side == "red"
    assert off.groups == [["r1", "b1"], ["b2"]] and not off.done
    assert b.log[-1].text == "Tie for striking first: Capo, Guerriero (Blue) roll again"
    asked, _ = drive(off.step(b, "strike.roll", "striking first"), (1,), (6,))
    assert asked[0].text.endswith("(tie re-roll)")
    assert off.done and off.order == ["b1", "r1", "b2"] and off.rerolls == 2


def test_a_rolloff_over_sides_names_the_sides() -> None:
    b = battle()
    off = RollOff.among(["red", "blue"])
    asked, _ = drive(off.step(b, "order.roll", "play order"), (2,), (5,))
    assert [(p.side, p.actor, p.text) for p in asked] == [
        ("red", None, "Red rolls for play order"),
        ("blue", None, "Blue rolls for play order"),
    ]
    assert off.order == ["blue", "red"]


@attrs.define
class ToyPosition(Position):
    order: list[str] = attrs.field(factory=list)
    rolloff: RollOff = attrs.field(factory=RollOff)
    queue: dict[str, list[int]] = attrs.field(factory=dict)


def test_a_position_copies_deeply_and_cheaply() -> None:
    pos = ToyPosition(["red"], RollOff.among(["a", "b"]), {"red": [1, 2]})
    copied = pos.copy()
    assert copied == pos and copied is not pos
    copied.order.append("blue")
    copied.rolloff.groups[0].append("c")
    copied.queue["red"].append(3)
    assert pos == ToyPosition(["red"], RollOff.among(["a", "b"]), {"red": [1, 2]})


def test_track_records_a_change_of_the_position_as_an_effect() -> None:
    b = battle()
    b.pos = ToyPosition()
    entry = b.record("info", "Play order: Blue, Red")
    b.track("order", ["blue", "red"])
    b.track("order", ["blue", "red"])  # no change, no effect
    assert b.pos.order == ["blue", "red"]
    assert entry.effects == [Effect(None, "order", [], ["blue", "red"])]
    doc = entry_document(entry, b)
    assert doc["effects"] == [] and doc["state"] == [
        {"field": "order", "from": [], "to": ["blue", "red"]}
    ]


def test_a_stat_of_several_unit_ids_is_a_tuple_not_a_string() -> None:
    spec = FieldSpec("foes", "opponents", tuple)
    assert spec.read("X", ["b1", "b2"]) == ("b1", "b2") and spec.initial() == ()
    assert spec.show(("b1", "b2")) == "b1, b2" and spec.show(()) == "—"
    b = battle()
    b.record("info", "melee")
    b.set(b.units["r1"], "foes", ("b1", "b2"))
    assert entry_document(b.log[-1], b)["effects"][0]["to"] == ["b1", "b2"]


def test_an_answer_is_validated_once_by_the_prompt() -> None:
    """The runner coerces (the one place); the stored item keeps the normalised value."""
    from skirmtui.engine.core.session import Session
    from skirmtui.systems.registry import systems

    system = systems()["wargaming-introduttivo"]
    session = Session(system, system.demo_setup())
    session.answer([6])  # a list typed at the table: stored as the tuple of faces
    assert session.items[-1] == Item("order.roll", (6,)) and session.items[-1].by == "table"
    with pytest.raises(AnswerError):
        session.answer([7])
    assert len(session.items) == 1


def test_the_player_range_is_read_from_the_rules_data_as_whole_numbers() -> None:
    assert player_range({"players": {"min": 2, "max": 4}}) == (2, 4)
    assert player_range({"players": {"min": "2", "max": "3"}}) == (2, 3)
    # Every system takes its range from its data, cape-et-epee's two players included.
    ranges = {s.id: (s.min_players, s.max_players) for s in systems().values()}
    assert ranges["cape-et-epee"] == (2, 2)
    assert ranges["wargaming-introduttivo"] == (2, 4)


def test_a_charges_cue_names_the_charger_and_its_target_or_nothing() -> None:
    """Issue 26 (`RuleSystem.wants`): pequenas-guerras' `charge.path` and cape-et-epee's
    `charge.contact` say it in the same words; a question with no target says nothing."""
    b = battle()
    charge = kit.about(Confirm, b.units["r1"], target=b.units["b2"], key="c.go", text="?")
    words = "Capo charges Arciere: move it the shortest way into contact"
    assert kit.charge_cue(b, charge) == words
    assert kit.charge_cue(b, kit.about(Confirm, b.units["r1"], key="c.go", text="?")) == ""
