"""Issue 26: the app's look-ahead stops where the enemy has a choice; pequenas-guerras
says what a side stands to lose to the enemy's reply (`exposure`): each enemy unit still
able to act makes its best attack, a shot or a charge, at the side's unit it hurts most,
by the exact odds of PG-5 and PG-6 (every model in range and sight, the table facts'
likely answers). Without it, taking cover or stunning a unit before it acts looked worth
nothing ("risks" was 0 in almost every decision)."""

from __future__ import annotations

import tomllib

import attrs
import pytest

from skirmtui.engine.core.data import data_root
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.policy import decide, prepare, think
from skirmtui.systems.pequenas_guerras.threat import exposure
from skirmtui.systems.registry import get_system
from tests.systems.pg_helpers import BLADE, PG, session, start

GUNS = "Guns 60cm A2"


def duel():  # type: ignore[no-untyped-def]
    """Red's A (one model, quality 4, a blade, 10 points) against blue's X (one model,
    quality 2, two shots): red activates first."""
    s = session({"red": [("A", 1, 4, BLADE)], "blue": [("X", 1, 2, GUNS)]}, questions="today")
    start(s, 6, 1)
    return s


def _wounds_then_dead(p: float) -> float:
    """Two dice, each a wound with chance `p`: the last model dies with d6 + markers
    6+ (PG-5): 2/6 with one wound, 3/6 with two."""
    return 2 * p * (1 - p) * 2 / 6 + p * p * 3 / 6


def test_pg5_the_reply_is_the_enemy_units_best_attack_by_the_exact_odds() -> None:
    s = duel()
    # X shoots 2 dice at 2+ (5/6), A blocks at 4+ (1/2): a wound 5/12 a die. X's charge
    # (unarmed, one die) would take less.
    units = _wounds_then_dead(5 / 6 * 1 / 2)
    worth, lost = get_system(PG).exposure(s.battle, "red")
    assert lost == pytest.approx(units)
    assert worth == pytest.approx(10 * units)  # A's 10 points a model


def test_pg5_cover_makes_the_reply_smaller_and_a_stunned_or_spent_enemy_makes_none() -> None:
    b = duel().battle
    b.units["red1"].stats["cover"] = True  # seed: +1 to block shots in cover
    assert exposure(b, "red")[1] == pytest.approx(_wounds_then_dead(5 / 6 * 1 / 3))
    b.units["red1"].stats["cover"] = False
    x = b.units["blue1"]
    x.stats["activated"] = True  # it acts again next round, maybe after red: half
    assert exposure(b, "red")[1] == pytest.approx(0.5 * _wounds_then_dead(5 / 12))
    x.stats["stunned"] = True  # PG-7: its next activation is spent recovering
    assert exposure(b, "red") == (0.0, 0.0)
    x.stats["stunned"] = False
    b.round = 4  # the last round: nobody acts after its activation
    assert exposure(b, "red") == (0.0, 0.0)


def test_pg5_the_cautious_one_takes_cover_when_it_cannot_hurt_the_enemy() -> None:
    """A's blade cannot reach X's 2+ blocks to any purpose and holding shoots nothing:
    before, every action scored the same and the seed chose. Taking cover now scores the
    enemy's reply it saves (X's two shots block on 3+ instead of 4+), in its words."""
    s = duel()
    let_app_play(s, {"red": "cautious"})
    decision = decide(s, "cautious")
    assert decision is not None
    scores = {c.value.split("|")[1]: c for c in decision.considered}
    saved = _wounds_then_dead(5 / 12) - _wounds_then_dead(5 / 18)  # units, 10 points each
    cover = scores["cover"]
    assert cover.outlook is not None and cover.outlook.reply == pytest.approx(-saved)
    # cautious: keep 2.5 a unit of worth, cohesion 3 a unit lost; objective 1 for the
    # standing, which the cover changes too (A's chance to be wiped out this round)
    hold = scores["hold"]
    assert hold.outlook is not None
    standing = cover.outlook.gained - hold.outlook.gained
    assert standing > 0
    assert cover.score - hold.score == pytest.approx((2.5 + 3) * saved + standing)
    # A move risks what it may cross (tests/play/test_pg_move_risk.py): holding is better.
    assert scores["hold"].score > max(scores["rush"].score, scores["advance"].score)
    assert decision.value.split("|")[1] not in {"hold", "rush", "advance"}
    assert f"the enemy's reply takes {saved:.2f} less" in decision.reason


def test_pg8_the_balanced_one_keeps_its_lone_model_out_of_a_poor_charge() -> None:
    """pequenas-guerras' balanced values its own units twice the shared weights (a unit
    lost is a marker it cannot hold, PG-8: data/pequenas-guerras/personas.toml). A's
    blade (2 dice at 4+) against X (quality 3: blocks 3+, shoots 2 dice at 3+), blue's Y
    (a blade) still to act too: it takes cover (its charge, called off for cover, is
    worth the same), saving what X's shots would take."""
    s = session(
        {"red": [("A", 1, 4, BLADE)], "blue": [("X", 1, 3, GUNS), ("Y", 1, 3, BLADE)]},
        questions="today",
    )
    start(s, 6, 1)
    let_app_play(s, {"red": "balanced"})
    decision = decide(s, "balanced")
    assert decision is not None
    scores = {c.value.split("|")[1]: c.score for c in decision.considered}
    assert scores["cover"] > scores["hold"] > max(scores["rush"], scores["advance"])
    assert scores["charge"] == pytest.approx(scores["cover"])
    assert decision.value in {"red1|cover", "red1|charge"}
    saved = _wounds_then_dead(4 / 6 * 1 / 2) - _wounds_then_dead(4 / 6 * 1 / 3)
    assert f"the enemy's reply takes {saved:.2f} less" in decision.reason


def test_pg8_a_small_chance_at_the_enemys_last_unit_is_worth_the_markers() -> None:
    """The same charge when X is blue's only unit: taken off, blue can hold no marker
    for the rest of the battle (PG-8) and red's standing gains, so both the shared
    weights and pequenas-guerras' balanced charge, though X's reply then takes more;
    the balanced one's own units, valued twice, make the charge's margin smaller."""
    s = session({"red": [("A", 1, 4, BLADE)], "blue": [("X", 1, 3, GUNS)]}, questions="today")
    start(s, 6, 1)
    let_app_play(s, {"red": "balanced"})
    with open(data_root() / "personas.toml", "rb") as handle:
        weights = tomllib.load(handle)["balanced"]
    shared = attrs.evolve(
        persona(PG, "balanced"), keep=weights["keep"], cohesion=weights["cohesion"]
    )
    assert (shared.keep, shared.cohesion) == (1.0, 1.0)
    question = prepare(s)
    assert question is not None and question.search is not None
    question.search.persona = shared
    before = think(attrs.evolve(question, persona=shared))
    decision = decide(s, "balanced")
    assert decision is not None
    for chosen in (before, decision):
        assert chosen.value == "red1|charge"
        # (The odds seen depend on the search's budget: the reason's kind, not figures.)
        assert "% to take a unit off, deals " in chosen.reason
        assert "the enemy's reply takes" in chosen.reason
        assert "markers, routs and wipe-outs at the end +" in chosen.reason
        charge = next(c for c in chosen.considered if c.value == "red1|charge")
        assert charge.outlook is not None and charge.outlook.gained > 0

    def margin(d):  # type: ignore[no-untyped-def]
        score = {c.value.split("|")[1]: c.score for c in d.considered}
        return score["charge"] - score["cover"]

    assert margin(decision) < margin(before)
