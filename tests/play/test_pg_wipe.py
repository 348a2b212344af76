"""Issue 26: a battle of pequenas-guerras where a side is wiped out is decided (its enemy
alone takes the markers in the rounds left, PG-8), one where both keep a unit is a coin
flip on the markers. The app's standing counts each side's chance to be wiped out by
the battle's end (`wipe.wiped_chances`) at `WIPED`, half a battle won: taking off the
enemy's second-to-last unit is worth more than a unit's worth, and keeping its own last
units likewise. The estimate: each activation the enemies have left is an attack at one
of the side's units, each as likely, taking it off with `threat`'s exact chance; a unit
survives them with the Poisson chance of none, and the rout tests to come while its army
is below half (seed; PG-7: a stunned unit fails)."""

from __future__ import annotations

import math

import pytest

from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.lookahead import RESULT
from skirmtui.engine.play.policy import decide
from skirmtui.systems.pequenas_guerras import system as pg_system
from skirmtui.systems.pequenas_guerras.end_round import last_round_result
from skirmtui.systems.pequenas_guerras.position import pos
from skirmtui.systems.pequenas_guerras.system import WIPED
from skirmtui.systems.pequenas_guerras.wipe import wiped_chances
from skirmtui.systems.registry import get_system
from tests.systems.pg_helpers import BLADE, PG, RIFLE, act, key, session, start

GUNS = "Guns 60cm A2"
TODAY = {"questions": "today"}


def _wounds_then_dead(p: float) -> float:
    """Two dice, each a wound with chance `p`, at a one-model unit: the last model dies
    with d6 + markers 6+ (PG-5): 2/6 with one wound, 3/6 with two."""
    return 2 * p * (1 - p) * 2 / 6 + p * p * 3 / 6


def duel():  # type: ignore[no-untyped-def]
    """Red's A (one model, quality 4, a blade of two dice) against blue's X (one model,
    quality 2, two shots): round 1, nobody has activated."""
    s = session({"red": [("A", 1, 4, BLADE)], "blue": [("X", 1, 2, GUNS)]}, **TODAY)
    start(s, 6, 1)
    return s


def test_wiped_out_is_worth_half_a_battle_won() -> None:
    assert WIPED == RESULT / 2


def test_pg5_each_activation_left_is_an_attack_with_its_exact_chance() -> None:
    """Four activations each (round 1 to come, then rounds 2-4). X's best attack at A is
    its shot (2 dice at 2+, A blocks 4+: a wound 5/12 a die); A's at X its charge (2
    dice at 4+, X blocks 2+: 1/12). A survives with e^(−4 × the chance one takes it off)."""
    b = duel().battle
    got = wiped_chances(b)
    assert got["red"] == pytest.approx(1 - math.exp(-4 * _wounds_then_dead(5 / 12)))
    assert got["blue"] == pytest.approx(1 - math.exp(-4 * _wounds_then_dead(1 / 12)))
    b.units["blue1"].stats["activated"] = True  # X has acted this round: three left
    assert wiped_chances(b)["red"] == pytest.approx(1 - math.exp(-3 * _wounds_then_dead(5 / 12)))
    b.units["blue1"].stats["stunned"] = True  # PG-7: its next activation recovers
    assert wiped_chances(b)["red"] == pytest.approx(1 - math.exp(-2 * _wounds_then_dead(5 / 12)))


def test_pg5_cover_counts_against_this_rounds_attacks_only() -> None:
    """A in cover blocks X's shots on 3+ this round (seed: +1 against shooting); Take
    Cover lasts the round, so the three rounds after find it in the open."""
    b = duel().battle
    b.units["red1"].stats["cover"] = True
    now, later = _wounds_then_dead(5 / 6 * 1 / 3), _wounds_then_dead(5 / 12)
    assert wiped_chances(b)["red"] == pytest.approx(1 - math.exp(-(now + 3 * later)))


def test_pg8_a_side_with_no_unit_left_is_wiped_out_and_a_decided_battle_as_it_ended() -> None:
    b = duel().battle
    b.units["blue1"].removed = True
    assert wiped_chances(b)["blue"] == 1.0
    b.end("red", "test")
    assert wiped_chances(b) == {"red": 0.0, "blue": 1.0}


def test_seed_pg7_an_army_below_half_adds_its_rout_tests_and_a_stunned_unit_fails() -> None:
    """Red's squad is down to 1 of 5 models (2 of 6 with the captain: below half). Round
    3, blue's X stunned after its activation: its next one (round 4's) is spent
    recovering, so no attack is to come and only the rout tests count: this round's end
    and round 4's, the squad (4+) passing each with ½, the captain (3+) with ⅔."""
    s = session(
        {"red": [("A", 5, 4, RIFLE), ("B", 1, 3, RIFLE)], "blue": [("X", 1, 4, BLADE)]},
        **TODAY,
    )
    start(s, 6, 1)
    b = s.battle
    b.round = 3
    b.units["red1"].stats["models"] = 1
    x = b.units["blue1"]
    x.stats["stunned"] = x.stats["activated"] = True
    assert wiped_chances(b, routs=False)["red"] == 0.0
    assert wiped_chances(b)["red"] == pytest.approx((1 - 1 / 4) * (1 - 4 / 9))
    a = b.units["red1"]
    a.stats["stunned"] = a.stats["activated"] = True  # PG-7: fails this round's test
    assert wiped_chances(b)["red"] == pytest.approx(1 - 4 / 9)
    b.round = 4  # the last round: this round's end only
    assert wiped_chances(b)["red"] == pytest.approx(1 - 2 / 3)


def test_pg8_in_the_last_round_a_side_wiped_out_is_absent_at_the_control() -> None:
    """Round 4: red's chance to win at the control, with blue certain to be wiped out by
    then, is red's as if blue had no unit left."""
    b = duel().battle
    b.round = 4
    pos(b).objectives = ["blue", "blue", ""]
    level = last_round_result(b)
    gone = last_round_result(b, {"red": 0.0, "blue": 1.0})
    assert level is not None and gone is not None
    b.units["blue1"].removed = True
    assert gone == pytest.approx(last_round_result(b))
    assert gone["red"] > level["red"]


def between():  # type: ignore[no-untyped-def]
    """Red's squad S (five rifles, quality 4, 50 points) shoots in round 1 of a large
    game (PG-2), at blue's X (one model, quality 4, 15 points) or at Y (five models of
    quality 5, 60 points), both in the open."""
    s = session(
        {
            "red": [("S", 5, 4, RIFLE, 50)],
            "blue": [("X", 1, 4, RIFLE, 15), ("Y", 5, 5, RIFLE, 60)],
        },
        **TODAY,
        size=3,
    )
    start(s, 6, 1)
    act(s, "red1", "hold")
    assert key(s) == "shoot.target"
    let_app_play(s, {"red": "balanced"})
    return s


def test_the_app_wears_down_the_unit_that_keeps_the_enemy_on_the_table() -> None:
    """X, one model, is likely to be taken off by the battle's end whatever S does now;
    Y, five models blocking on 5+, is what keeps blue on the table: each model it loses
    makes blue's wipe-out likelier, more than X's loss does. So S shoots Y."""
    decision = decide(between(), "balanced")
    assert decision is not None
    assert decision.value == "blue2"
    scores = {str(c.value): c for c in decision.considered}
    x, y = scores["blue1"].outlook, scores["blue2"].outlook
    assert x is not None and y is not None
    assert x.kill > y.kill  # X is the likelier unit taken off
    assert y.gained > x.gained  # Y's losses bring blue's wipe-out nearer
    assert "deals " in decision.reason
    assert "markers, routs and wipe-outs at the end +" in decision.reason  # the Why? words


def test_valued_without_the_wipe_out_the_app_shot_for_the_likelier_kill() -> None:
    """The valuation before: the same position, no value for a side wiped out."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pg_system, "WIPED", 0.0)
        decision = decide(between(), "balanced")
    assert decision is not None and decision.value == "blue1"
    assert "% to take a unit off" in decision.reason


def test_the_standing_counts_the_enemys_wipe_out_for_the_side_and_its_own_against() -> None:
    b = duel().battle
    pos(b).objectives = ["", "", ""]
    system = get_system(PG)
    gone = wiped_chances(b)
    red, blue = system.standing(b, "red"), system.standing(b, "blue")
    assert red - blue == pytest.approx(WIPED * (gone["blue"] - gone["red"]))


def test_pg6_this_rounds_charge_after_a_melee_hits_on_natural_sixes_only() -> None:
    """A has fought a melee this round: its charge still to come hits only on a natural
    6 (PG-6: 1/6 × X's 1/6 fail = 1/36 a die); the three rounds after, on 4+ again."""
    b = duel().battle
    b.units["red1"].stats["meleed"] = True
    now, later = _wounds_then_dead(1 / 36), _wounds_then_dead(1 / 12)
    assert wiped_chances(b)["blue"] == pytest.approx(1 - math.exp(-(now + 3 * later)))


def test_pg7_a_stunned_unit_not_yet_activated_spends_this_rounds_activation_recovering() -> None:
    """X stunned before its activation: this round's recovers, rounds 2-4 attack."""
    b = duel().battle
    b.units["blue1"].stats["stunned"] = True
    assert wiped_chances(b)["red"] == pytest.approx(1 - math.exp(-3 * _wounds_then_dead(5 / 12)))


def test_seed_at_the_rounds_end_its_rout_test_is_taken_and_the_next_rounds_are_to_come() -> None:
    """The position of the rout test above, in round 3's end phase: this round's tests
    are behind (a stunned unit that stayed has passed), round 4's alone is to come:
    the squad passes with ½, the captain with ⅔."""
    s = session(
        {"red": [("A", 5, 4, RIFLE), ("B", 1, 3, RIFLE)], "blue": [("X", 1, 4, BLADE)]},
        **TODAY,
    )
    start(s, 6, 1)
    b = s.battle
    b.round, b.phase = 3, "end"
    b.units["red1"].stats["models"] = 1
    x = b.units["blue1"]
    x.stats["stunned"] = x.stats["activated"] = True
    assert wiped_chances(b)["red"] == pytest.approx((1 - 1 / 2) * (1 - 2 / 3))
    a = b.units["red1"]
    a.stats["stunned"] = a.stats["activated"] = True
    assert wiped_chances(b)["red"] == pytest.approx((1 - 1 / 2) * (1 - 2 / 3))


def test_the_standing_kept_between_questions_is_read_again_when_the_phase_moves_on() -> None:
    """The phase changes no unit (no `Battle.set`), yet says whether this round's
    activations and rout test are still to come: a standing kept from the activation
    phase is not the end phase's."""
    b = duel().battle
    system = get_system(PG)
    system.standing(b, "red")
    b.phase = "end"
    assert system.standing(b, "red") == pytest.approx(
        pg_system.PequenasGuerras().standing(b, "red")
    )
