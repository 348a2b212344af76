"""Issue 26: why wargaming-introduttivo's cautious persona lost as many units as
balanced. The look-ahead ends with the activation phase (the enemy's activation is a
decision it does not read), so trying one more unit and "Stop activating" look alike;
the tie-break for the better chance (`policy.CHANCE`) then weighed each answer's first
roll of the side, and stopping's was the recovery roll of another unit in the next
phase, as likely as an activation's own: an exact tie, which goes to doing nothing.
The cautious one (no `bold`) stopped 49 times where balanced stopped 19 (40 battles),
so its damaged units, never active, could not recover (WI-5). The chance an answer is
weighed by is now its own roll's, in the decision's step."""

from __future__ import annotations

from skirmtui.engine.play.policy import decide
from tests.play.test_persona_choices import position

WI = "wargaming-introduttivo"


def test_the_cautious_one_goes_on_activating() -> None:
    s = position(WI, 4, 228, "activation.unit")
    untried = [u for u in s.battle.on_table("red") if not u.flag("tried")]
    assert any(u.num("damage") == 2 for u in untried)  # one hit from death, not yet active
    cautious = decide(s, "cautious")
    assert cautious is not None
    # Its own roll's odds (the two damaged active Veles' recovery, to come or seen in the
    # look-ahead, weighs about the same whichever unit it tries: `mend` = `keep`).
    assert cautious.value == "red4"
    assert cautious.reason == "50% to succeed; tie of 2: picked by the battle's seed"
    stop = next(c for c in cautious.considered if c.value == "done")
    assert stop.outlook is not None
    # Stopping leads to the recovery roll of another unit, in the next phase: not its own.
    assert stop.outlook.chance is None and stop.outlook.roll == ""
    chosen = next(c for c in cautious.considered if c.chosen)
    assert stop.score < chosen.score
