"""Issue 26: in pequenas-guerras' last round the battle ends at this round's control
(seed: the game ends after round 4; the player controlling the most objectives wins, a
tie goes to the points of the enemy units each destroyed, PG-8; ours: a tie on both is a
draw). So the app's look-ahead, which stops at who controls the markers (`horizon`),
values the battle there by its result: each side's chance to win at `WIN`, the value it
gives a battle it sees won, worked out from the markers' exact odds (each answer about a
marker as likely, as the bench's table and `expected_standings` read the table) and the
points destroyed so far. Before, a marker expected held was worth a unit and a half
there as in any round, less than a likely wound: the tie-break was not counted at all.
"""

from __future__ import annotations

import pytest

from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.lookahead import RESULT
from skirmtui.engine.play.policy import decide
from skirmtui.systems.pequenas_guerras import end_round
from skirmtui.systems.pequenas_guerras.end_round import last_round_result
from skirmtui.systems.pequenas_guerras.position import pos
from skirmtui.systems.pequenas_guerras.system import WIN
from skirmtui.systems.registry import get_system
from tests.systems.pg_helpers import (
    PG,
    RIFLE,
    act,
    cover_all,
    key,
    play,
    red_stunned_at_the_objectives,
    session,
    start,
)

TODAY = {"questions": "today"}
#: A large game (PG-2: 360 points an army), for armies of uneven worth.
LARGE = {**TODAY, "size": 3}


def _last_round(s):  # type: ignore[no-untyped-def]
    b = s.battle
    b.round = 4
    return b


def test_win_is_what_the_look_ahead_gives_a_battle_won() -> None:
    assert WIN == RESULT


def test_pg8_before_the_last_round_the_markers_are_valued_as_held_not_as_the_result() -> None:
    s = session({"red": [("A", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}, **TODAY)
    start(s, 6, 1)
    assert last_round_result(s.battle) is None


def test_pg8_both_present_equal_points_the_markers_are_a_fair_coin() -> None:
    s = session({"red": [("A", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}, **TODAY)
    start(s, 6, 1)
    b = _last_round(s)
    pos(b).objectives = ["red", "", "blue"]
    assert last_round_result(b) == pytest.approx({"red": 0.5, "blue": 0.5})
    assert get_system(PG).standing(b, "red") == pytest.approx(WIN / 2)


def test_pg8_a_tie_on_markers_goes_to_points_destroyed() -> None:
    """Red has destroyed more points: it wins every tie on markers, so more than half."""
    s = session(
        {"red": [("A", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE), ("Y", 1, 4, RIFLE, 25)]},
        **TODAY,
    )
    start(s, 6, 1)
    b = _last_round(s)
    pos(b).objectives = ["red", "", "blue"]
    b.units["blue2"].removed = True
    b.units["blue2"].stats["destroyed_by"] = "red"
    got = last_round_result(b)
    assert got is not None
    assert got["red"] > 0.5
    assert got["red"] + got["blue"] == pytest.approx(1.0)


def test_pg7_pg8_an_enemy_stunned_after_its_activation_can_only_lose_markers() -> None:
    """Blue's shot stunned red's only unit after it acted: at the round's end only blue
    may be named. Markers red, blue, neutral: blue's stays; red's and the neutral one
    each go to blue or stay, ½ each. Level (1-1) only when both stay, ¼, where neither
    has destroyed anything: a draw, half of it red's; else blue leads."""
    s = red_stunned_at_the_objectives(**TODAY)
    b = _last_round(s)
    pos(b).objectives = ["red", "blue", ""]
    got = last_round_result(b)
    assert got == pytest.approx({"red": 0.125, "blue": 0.875})


def tie_break_shot():  # type: ignore[no-untyped-def]
    """Red's squad S (five rifles, quality 4) against blue's X (one model, 15 points)
    and Y (five models of quality 6, 300 points), a large game; three rounds in cover,
    red took marker 1 and blue marker 2 in round 1. Round 4: blue wins the roll-off, X
    holds and shoots at nobody; red's S shoots, at X in the open or at Y in cover. Y is
    present at the control whatever S does, so the markers (one each, one neutral) end
    level in 3/8 of the ways: a draw while nobody has destroyed anything. Taking X off
    (15 points) wins red every tie (PG-8); a volley at Y takes more off in worth (Y
    blocks on 5+ in cover, X on 4+) and wins nothing."""
    s = session(
        {
            "red": [("S", 5, 4, RIFLE, 50)],
            "blue": [("X", 1, 4, RIFLE, 15), ("Y", 5, 6, RIFLE, 300)],
        },
        **LARGE,
    )
    start(s, 6, 1)
    for n in range(3):
        cover_all(s)
        assert key(s) == "objective.controls"
        s.answer(("1|red", "2|blue") if n == 0 else ())
        play(s, ("round.rolls", (1, 6) if n == 2 else (6, 1)))
    assert s.battle.round == 4
    act(s, "blue1", "hold")
    play(s, ("shoot.target", "none"))
    act(s, "red1", "hold")
    assert key(s) == "shoot.target"
    let_app_play(s, {"red": "balanced"})
    return s


def test_pg8_in_the_last_round_the_app_shoots_for_the_tie_break() -> None:
    decision = decide(tie_break_shot(), "balanced")
    assert decision is not None
    assert decision.value == "blue1"
    scores = {str(c.value): c for c in decision.considered}
    x, y = scores["blue1"].outlook, scores["blue2"].outlook
    assert x is not None and y is not None
    assert y.dealt > x.dealt  # the volley at Y takes more off in worth
    assert x.gained > y.gained  # but only X's loss changes the result
    assert "markers, routs and wipe-outs at the end +" in decision.reason  # the Why? words


def test_pg8_valued_as_markers_held_the_app_shot_for_worth() -> None:
    """The valuation before: the same position, a marker held worth a unit and a half."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(end_round, "last_round_result", lambda b, gone=None: None)
        decision = decide(tie_break_shot(), "balanced")
    assert decision is not None and decision.value == "blue2"
