"""The app's look-ahead reads on through a table fact of several answers its system
lists likely first (`likely_first`): pequenas-guerras asks sight and cover in one answer
(`shoot.sight`) and a charge's reach and path in one (`charge.path`), issue 25. Without
reading on, the look-ahead stopped there and a shot or a charge looked worth nothing."""

from __future__ import annotations

from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.policy import decide
from skirmtui.systems.registry import get_system
from tests.systems.pg_helpers import BLADE, PG, RIFLE, session, start
from tests.systems.scripting import play


def test_pequenas_guerras_declares_its_likely_first_facts_as_table_facts() -> None:
    system = get_system(PG)
    # What a move crosses is weighed every way (tests/play/test_pg_move_risk.py).
    assert system.likely_first == {"shoot.sight", "charge.path"}
    assert system.likely_first <= system.table_facts


def test_a_shot_and_a_charge_are_weighed_through_the_merged_facts() -> None:
    """Gun (5 models, quality 2, two attacks each) against X in the open: holding to
    shoot and advancing to shoot lead to its 10 dice; charging to the melee's dice."""
    s = session(
        {"red": [("Gun", 5, 2, "Guns 60cm A2")], "blue": [("X", 3, 4, RIFLE), ("Y", 1, 4, BLADE)]},
        questions="today",
    )
    start(s, 1, 6)
    play(s, ("activate.action", "blue2|hold"))
    let_app_play(s, {"red": "balanced"})
    decision = decide(s, "balanced")
    assert decision is not None and decision.question.startswith("Red: which unit activates?")
    seen = {c.value: c.outlook for c in decision.considered}
    for value in ("red1|hold", "red1|advance"):
        outlook = seen[value]
        assert outlook is not None and outlook.dealt > 0, value
    # At X or at Y (the one-model unit, whose loss the app values most): its 10 dice.
    # (Advancing meets the move's terrain first, weighed every way: no one first roll.)
    hold = seen["red1|hold"]
    assert hold is not None
    assert hold.roll in {
        f"Gun shoots {target} with Guns: 10 dice, each 2+ succeeds" for target in "XY"
    }
    charge = seen["red1|charge"]
    assert charge is not None
    assert charge.roll in {f"Gun strikes {target}: 5 dice, each 2+ succeeds" for target in "XY"}
    cover = seen["red1|cover"]
    assert cover is not None and cover.dealt == 0 and cover.roll == ""


def test_the_app_does_not_go_round_in_circles_when_it_takes_a_charge_back() -> None:
    """A charge whose target the app cancels asks the unit's action again (seed: the
    charge must reach; G-1): the same question, nothing changed. Before, a persona whose
    look-ahead valued the charge more from the action (a step shallower) than from the
    target could charge and cancel for ever (cape-et-epee's cautious did, thousands of
    answers). An answer given to the same question in that run is weighed no more."""
    s = session(
        {"red": [("Gun", 5, 2, "Guns 60cm A2")], "blue": [("X", 3, 4, RIFLE), ("Y", 1, 4, BLADE)]},
        questions="today",
    )
    start(s, 1, 6)
    play(s, ("activate.action", "blue2|hold"))
    let_app_play(s, {"red": "cautious"})
    s.decide("red1|charge", "cautious", "test")
    s.decide("none", "cautious", "test")  # charge.target: choose another action
    assert s.prompt is not None and s.prompt.key == "action.choose"
    s.decide("charge", "cautious", "test")
    s.decide("none", "cautious", "test")
    assert s.prompt is not None and s.prompt.key == "action.choose"
    decision = decide(s, "cautious")
    assert decision is not None and decision.value != "charge"
    assert "charge" not in {c.value for c in decision.considered}
