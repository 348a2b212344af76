"""Issue 26: pequenas-guerras is won on objectives held (seed: most objectives; PG-8:
whoever alone has a non-stunned unit within 7.5 cm of a marker captures it, two or more
neutralise it, nobody leaves it as it was). Who is near a marker is the table's to say,
so the app's look-ahead takes each answer about a marker as likely as the others; what
play changes is who is present at all: a player whose units are all stunned after their
activation (or gone, or routed: seed, an army below half its models tests quality with
every unit at the round's end) can only keep what it holds. The markers are followed
to the battle's end (seed: the game ends after round 4, most objectives wins), who is
present staying as it is after this round: a player left alone takes the markers in the
rounds left."""

from __future__ import annotations

import pytest

from skirmtui.systems.pequenas_guerras.end_round import (
    expected_standing,
    expected_standings,
    present,
)
from skirmtui.systems.pequenas_guerras.position import pos
from skirmtui.systems.pequenas_guerras.system import WIPED
from skirmtui.systems.pequenas_guerras.wipe import wiped_chances
from skirmtui.systems.registry import get_system
from tests.systems.pg_helpers import PG, RIFLE, red_stunned_at_the_objectives, session, start

TODAY = {"questions": "today"}


def test_pg8_with_both_players_present_each_answer_about_a_marker_is_as_likely() -> None:
    s = session({"red": [("A", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}, **TODAY)
    start(s, 6, 1)  # three markers (D3 = 1, + 2)
    b = s.battle
    pos(b).objectives = ["red", "", "blue"]
    # Each marker: nobody (kept), only red, only blue, two or more (neutral): ¼ each.
    this_round = expected_standings(b, later=False)
    assert this_round["red"] == pytest.approx((0.25 + 3 * 0.25, 0.0))
    assert this_round["blue"] == pytest.approx((0.25 + 3 * 0.25, 0.0))
    # Four rounds' ends so: a marker keeps its holder with (¼)⁴, else is a third each.
    kept = 0.25**4
    assert expected_standing(b, "red") == pytest.approx((kept + 3 * (1 - kept) / 3, 0.0))
    # (and the enemy's chance to be wiped out by the end, tests/play/test_pg_wipe.py)
    wiped = WIPED * wiped_chances(b)["blue"]
    assert get_system(PG).standing(b, "red") == pytest.approx(1.5 + wiped)


def test_pg7_pg8_a_player_stunned_after_its_activation_only_keeps_what_it_holds() -> None:
    s = red_stunned_at_the_objectives(**TODAY)
    b = s.battle
    red = b.units["red1"]
    assert red.stats["stunned"] and red.stats["activated"]
    assert not present(b, "red") and present(b, "blue")
    pos(b).objectives = ["red", "", ""]
    # Blue alone may be named: each marker nobody (kept) or blue, ½ each.
    this_round = expected_standings(b, later=False)
    assert this_round["red"] == pytest.approx((0.5, 0.0))
    assert this_round["blue"] == pytest.approx((1.5, 0.0))
    # Red recovers (PG-7): rounds 2-4 both are present, a marker kept with (¼)³.
    kept = 0.25**3
    red, blue = 0.5 * kept + (1 - kept), 1.5 * kept + (1 - kept)
    assert expected_standing(b, "red") == pytest.approx((red, 0.0))
    assert expected_standing(b, "blue") == pytest.approx((blue, 0.0))
    wiped = WIPED * wiped_chances(b)["red"]
    assert get_system(PG).standing(b, "blue") == pytest.approx(1.5 * blue + wiped)


def test_pg7_a_stunned_unit_still_to_activate_recovers_first_and_counts_as_present() -> None:
    s = red_stunned_at_the_objectives(**TODAY)
    b = s.battle
    b.units["red1"].stats["activated"] = False
    assert present(b, "red")


def test_pg7_an_army_below_half_its_models_is_expected_to_lose_units_to_the_rout() -> None:
    """Red's squad is down to 1 of 5 models: 2 of 6 left, below half. The squad (quality
    4+) stays with ½, the captain (3+) with ⅔: ½ + ⅓ units expected lost, and red is
    present unless both rout (1 − ½·⅓)."""
    s = session(
        {"red": [("A", 5, 4, RIFLE), ("B", 1, 3, RIFLE)], "blue": [("X", 1, 4, RIFLE)]},
        **TODAY,
    )
    start(s, 6, 1)
    b = s.battle
    b.units["red1"].stats["models"] = 1
    pos(b).objectives = ["", "", ""]
    red_there = 1 - 0.5 * (1 / 3)
    # Blue alone when red routs whole (1/6): ½ a marker each; both: ¼ each.
    blue = 3 * (red_there * 0.25 + (1 - red_there) * 0.5)
    this_round = expected_standings(b, later=False)
    assert this_round["red"] == pytest.approx((3 * red_there * 0.25, 0.5 + 1 / 3))
    assert this_round["blue"] == pytest.approx((blue, 0.0))
    red_held, routed = expected_standing(b, "red")
    assert routed == pytest.approx(0.5 + 1 / 3)
    # Below half, red tests again at every round's end: it holds less by round 4.
    assert red_held < 3 * red_there * 0.25
    wiped = WIPED * wiped_chances(b)["blue"]
    assert get_system(PG).standing(b, "red") == pytest.approx(1.5 * red_held - 5 / 6 + wiped)


def test_seed_a_player_left_alone_takes_the_markers_in_the_rounds_left() -> None:
    """Round 3, blue's last unit gone: red alone may be named at rounds 3 and 4's ends,
    each marker nobody (kept) or red, ½ each: a marker not red's is red's with ¾ by the
    end (one round: ½). Blue keeps a marker only if red is never named near it."""
    s = session({"red": [("A", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}, **TODAY)
    start(s, 6, 1)
    b = s.battle
    pos(b).objectives = ["blue", "", ""]
    b.units["blue1"].removed = True
    b.round = 3
    assert expected_standings(b, later=False)["red"] == pytest.approx((1.5, 0.0))
    assert expected_standing(b, "red") == pytest.approx((3 * 0.75, 0.0))
    assert expected_standing(b, "blue") == pytest.approx((0.25, 0.0))
    b.round = 4  # the last round: its end only
    assert expected_standing(b, "red") == pytest.approx((1.5, 0.0))


def test_seed_a_battle_decided_counts_the_markers_as_they_are() -> None:
    s = session({"red": [("A", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}, **TODAY)
    start(s, 6, 1)
    b = s.battle
    pos(b).objectives = ["blue", "red", "red"]
    b.end("red", "test")
    assert expected_standing(b, "red") == (2.0, 0.0)
    assert expected_standing(b, "blue") == (1.0, 0.0)


def test_seed_the_rout_test_of_the_rounds_end_is_not_counted_again_once_taken() -> None:
    """The round's end tests the rout first, then asks who controls the markers: an
    army still below half there has tested this round (its next test is next round's)."""
    s = red_stunned_at_the_objectives(**TODAY)
    b = s.battle
    assert b.phase == "end"
    b.units["red1"].stats["stunned"] = False
    b.units["red1"].stats["models"] = 1
    b.units["red1"].profile["models"] = 3  # 1 of 3 models: below half
    assert expected_standing(b, "red")[1] == 0.0
    b.phase = "activation"
    assert expected_standing(b, "red")[1] == pytest.approx(0.5)  # quality 4+: ½
