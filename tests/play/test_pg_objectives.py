"""Issue 26: pequenas-guerras is won on objectives held (seed: most objectives; PG-8:
whoever alone has a non-stunned unit within 7.5 cm of a marker captures it, two or more
neutralise it, nobody leaves it as it was). Who is near a marker is the table's to say,
so the app's look-ahead takes each answer about a marker as likely as the others; what
play changes is who is present at all: a player whose units are all stunned after their
activation (or gone, or routed: seed, an army below half its models tests quality with
every unit at the round's end) can only keep what it holds."""

from __future__ import annotations

import pytest

from skirmtui.systems.pequenas_guerras.end_round import expected_standing, present
from skirmtui.systems.pequenas_guerras.position import pos
from skirmtui.systems.registry import get_system
from tests.systems.pg_helpers import PG, RIFLE, red_stunned_at_the_objectives, session, start

TODAY = {"questions": "today"}


def test_pg8_with_both_players_present_each_answer_about_a_marker_is_as_likely() -> None:
    s = session({"red": [("A", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}, **TODAY)
    start(s, 6, 1)  # three markers (D3 = 1, + 2)
    b = s.battle
    pos(b).objectives = ["red", "", "blue"]
    # Each marker: nobody (kept), only red, only blue, two or more (neutral): ¼ each.
    assert expected_standing(b, "red") == pytest.approx((0.25 + 3 * 0.25, 0.0))
    assert expected_standing(b, "blue") == pytest.approx((0.25 + 3 * 0.25, 0.0))
    assert get_system(PG).standing(b, "red") == pytest.approx(1.5)


def test_pg7_pg8_a_player_stunned_after_its_activation_only_keeps_what_it_holds() -> None:
    s = red_stunned_at_the_objectives(**TODAY)
    b = s.battle
    red = b.units["red1"]
    assert red.stats["stunned"] and red.stats["activated"]
    assert not present(b, "red") and present(b, "blue")
    pos(b).objectives = ["red", "", ""]
    # Blue alone may be named: each marker nobody (kept) or blue, ½ each.
    assert expected_standing(b, "red") == pytest.approx((0.5, 0.0))
    assert expected_standing(b, "blue") == pytest.approx((1.5, 0.0))
    assert get_system(PG).standing(b, "blue") == pytest.approx(2.25)


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
    assert expected_standing(b, "red") == pytest.approx((3 * red_there * 0.25, 0.5 + 1 / 3))
    assert expected_standing(b, "blue") == pytest.approx((blue, 0.0))
    assert get_system(PG).standing(b, "red") == pytest.approx(1.5 * 3 * red_there * 0.25 - 5 / 6)
