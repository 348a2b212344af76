"""Issue 26: a unit that routs is gone as one taken off is (seed: an army below half its
models tests morale with every unit at the round's end, the failures are removed; PG-8
credits them to who last wounded them). The app's standing counts a unit expected to rout
three units of worth (`ROUTED`), not one: pushing the enemy below half counts before
its look-ahead reaches the round's end, where the tests' units taken off count in full."""

from __future__ import annotations

from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.policy import decide
from skirmtui.systems.pequenas_guerras.system import MARKER, ROUTED
from tests.systems.pg_helpers import play, session, start

RIFLE = "Rifle 60cm A1"


def test_seed_the_app_shoots_the_squad_that_puts_the_enemy_below_half() -> None:
    """Red's A (quality 2, four shots) holds and shoots. Blue: X, three models of quality
    6 (30 points), Y one of quality 6 (40 points), Z one of quality 2 (10 points): five
    models, below half at two left. Y is the likelier unit taken off (one model, a wound
    and d6 + markers), but three wounds on X leave blue with two models: every unit
    tests morale at the round's end (quality 6 and 2: five in six and one in six fail)."""
    s = session(
        {
            "red": [("A", 1, 2, "Guns 60cm A4", 20)],
            "blue": [("X", 3, 6, RIFLE, 30), ("Y", 1, 6, RIFLE, 40), ("Z", 1, 2, RIFLE, 10)],
        },
        questions="today",
    )
    start(s, 6, 1)
    let_app_play(s, {"red": "balanced"})
    play(s, ("activate.action", "red1|hold"))
    assert (MARKER, ROUTED) == (1.5, 3.0)
    decision = decide(s, "balanced")
    assert decision is not None
    by = {c.value: c for c in decision.considered}
    x, y = by["blue1"].outlook, by["blue2"].outlook
    assert x is not None and y is not None
    assert y.kill > x.kill and y.dealt > x.dealt  # Y: more worth and likelier off
    assert x.gained > 0 and y.gained == 0  # X: the rout to come
    assert decision.value == "blue1"
    assert "markers at the end and routs +" in decision.reason
