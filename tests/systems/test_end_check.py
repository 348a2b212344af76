"""The engine's end check (`RuleSystem.check_end`): once a system's own end condition
holds, nothing more is asked, in the middle of a step too. Fixed dice, one case per
system whose end can come mid-step."""

from __future__ import annotations

from skirmtui.engine.core.session import Session
from skirmtui.systems.regole_base import turns
from tests.systems import cg_helpers as cg
from tests.systems.rb_helpers import initiative, model, pass_assault, pass_movement, session
from tests.systems.scripting import play


def test_rb12_a_side_without_models_ends_the_battle_in_the_middle_of_a_blast() -> None:
    """RB-12: the battle ends when a side has no models left; seed, Trombone: "a distanza
    (sagoma)". The blast's first model hit is Blue's last: the rest of the template (a
    friend of the shooter under it) is not rolled, so no R total changes after the end."""
    s = session({"red": [model("A", weapons="Trombone"), model("C")], "blue": [model("B", r=1)]})
    initiative(s, 5, 2)
    pass_movement(s)
    pass_assault(s)
    play(s, ("shoot.weapon", "trombone"), ("shoot.template", "blue1"))
    play(s, ("shoot.template", "red2"), ("shoot.hit", (3, 3)), ("wound.roll", (3, 3)))
    assert s.battle.units["blue1"].removed
    assert s.prompt is None  # before: "A shoots C with Trombone" was still asked
    assert s.battle.result is not None and s.battle.result.winner == "red"
    assert s.battle.units["red2"].num("r") == 4
    assert s.battle.log[-1].kind == "result"


def test_cg4_held_results_that_kill_the_last_enemy_end_the_battle_before_anyone_acts() -> None:
    """Seed: a simultaneous group's results are "conteggiati dopo che ognuno di loro ha
    agito" (CG-4, CG-11); the battle ends when one side is left standing. Bruto dies of
    the group's held wound: Cleo, next in the order, is not asked to act."""
    frail = {"agi": "d8", "des": "d8", "boxes": "1 1 1 1 1"}
    s = cg.session(
        [cg.ch("Aldo", agi="d8", des="d8", weapons="ascia"), cg.ch("Cleo", agi="d4", des="d4")],
        [cg.ch("Bruto", **frail)],
        contact=["red1 blue1"],
    )
    cg.scene(s)
    assert s.battle.pos.order == [["red1", "blue1"], ["red2"]]
    play(s, ("action.choose", "melee"), ("attack.roll", (8, 3)), ("defence.roll", (2,)))
    play(s, ("hit.damage", (9,)))
    assert s.battle.alive("blue1")  # held until the group has acted
    play(s, ("action.choose", "nothing"))
    assert s.battle.units["blue1"].removed
    assert s.prompt is None  # before: "Cleo acts: which action?"
    assert s.battle.result is not None and s.battle.result.winner == "red"
    assert not any(e.actor == "red2" for e in s.battle.log)


def test_rb12_a_gm_entry_that_leaves_a_side_without_models_ends_the_battle() -> None:
    """RB-12 and G-4: the end check after a GM entry finds what the entry changed, though
    it found the battle going on just before (its kept finding, `turns.check_end`): a
    side's last model removed, or set to R 0 (removed first), ends the battle."""
    for key, value, why in (
        ("gm.remove", {"unit": "blue1"}, "a removal"),
        ("gm.set", {"unit": "blue1", "field": "r", "value": 0}, "a model's R"),
    ):
        s = session({"red": [model("A")], "blue": [model("B")]})
        initiative(s, 5, 2)
        assert s.prompt is not None and s.battle.result is None  # found going on
        s.gm(key, **value)
        assert s.battle.units["blue1"].removed, why
        assert s.battle.result is not None and s.battle.result.winner == "red", why
        assert s.prompt is None, why


def test_rb12_the_kept_end_check_sees_each_change_it_reads() -> None:
    """RB-12 on the battle itself (no step replayed in between): the end check keeps "it
    goes on" (`turns.check_end`) until a model's R, a removal or the round changes; each
    of them alone must reach it (it fails when one is left out of the kept mark)."""

    def going_on() -> Session:
        s = session({"red": [model("A")], "blue": [model("B"), model("C")]})
        initiative(s, 5, 2)
        turns.check_end(s.battle)
        assert s.battle.result is None
        return s

    s = going_on()
    s.battle.remove(s.battle.units["blue2"])
    turns.check_end(s.battle)
    assert s.battle.result is None  # Blue still has B
    s.battle.remove(s.battle.units["blue1"])
    turns.check_end(s.battle)
    assert s.battle.result is not None and s.battle.result.winner == "red"  # a removal
    s = going_on()
    s.battle.remove(s.battle.units["blue2"])
    turns.check_end(s.battle)
    s.battle.set(s.battle.units["blue1"], "r", 0)  # as a GM entry would leave it
    turns.check_end(s.battle)
    assert s.battle.units["blue1"].removed and s.battle.result is not None  # its R
    s = session({"red": [model("A")], "blue": [model("B")]})
    b = s.battle
    b.round = 0
    b.remove(b.units["blue1"])
    turns.check_end(b)
    assert b.result is None  # before the first round nothing ends
    b.round = 1
    turns.check_end(b)
    assert b.result is not None and b.result.winner == "red"  # the round
