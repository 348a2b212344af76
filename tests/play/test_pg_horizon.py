"""Issue 26: who is near each marker at the round's end is the table's to say (PG-8);
the app's look-ahead stops there (`horizon`) and values the battle as it stands, its
standing taking each answer about a marker as likely (tests/play/test_pg_objectives.py).
It used to read on with one guessed answer (last round's), so in the last round the
battle looked won, or lost, whatever the app did: every answer scored ±20 (the value of
the result) but those the search's budget cut, and the app held or charged "expecting
no loss" at random."""

from __future__ import annotations

import pytest

from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.lookahead import RESULT
from skirmtui.engine.play.policy import decide
from tests.systems.pg_helpers import RIFLE, act, cover_all, key, play, session, start


def last_activation(holder: str):  # type: ignore[no-untyped-def]
    """Red's A and blue's X (one model each, quality 4, a rifle) took cover three rounds;
    marker 1 was captured by `holder` in round 1, the table said nothing since. Round 4:
    blue wins the roll-off and X takes cover again: red's A acts last in the battle."""
    s = session({"red": [("A", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}, questions="today")
    start(s, 6, 1)
    for n in range(3):
        cover_all(s)
        assert key(s) == "objective.controls"
        s.answer((f"1|{holder}",) if n == 0 else ())
        play(s, ("round.rolls", (1, 6) if n == 2 else (6, 1)))
    assert s.battle.round == 4
    act(s, "blue1", "cover")
    let_app_play(s, {"red": "balanced"})
    return s


@pytest.mark.parametrize("holder", ["red", "blue"])
def test_pg8_the_last_round_is_not_decided_by_a_guess_of_the_markers(holder: str) -> None:
    decision = decide(last_activation(holder), "balanced")
    assert decision is not None
    # No answer is valued as the battle won or lost: the result waits for the table.
    assert all(abs(c.score) < RESULT / 4 for c in decision.considered)
    scores = {str(c.value).split("|")[1]: c for c in decision.considered}
    charge = scores["charge"].outlook
    assert charge is not None and charge.kill > 0
    # Taking X off leaves red alone at the markers (PG-8): standing gained.
    assert charge.gained > 0
    assert scores["charge"].score > max(scores["cover"].score, scores["hold"].score)
    assert decision.value == "red1|charge"
    assert "% to take a unit off" in decision.reason
    assert "markers, routs and wipe-outs at the end +" in decision.reason  # the Why? words
