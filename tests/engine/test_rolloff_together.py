"""A roll-off's tied dice in one prompt (issue 25), opt-in per call (`together=KEY`):
the same faces give the same order as one prompt an id (G-3: highest first, ties roll
again among the tied); asked apart when the app rolls some of them and the table the
others; a call without it asks as before."""

from __future__ import annotations

import pytest

from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.core.rolloff import RollOff
from tests.engine.test_kit_helpers import battle, drive


def test_the_tied_roll_in_one_prompt_to_the_same_order_as_apart() -> None:
    """G-3: the same faces, one prompt or one an id: the same ranking and re-roll."""
    b = battle()
    apart, together = RollOff.among(["r1", "b1", "b2"]), RollOff.among(["r1", "b1", "b2"])
    drive(apart.step(b, "strike.roll", "striking first"), (4,), (4,), (2,))
    asked, _ = drive(
        together.step(b, "strike.roll", "striking first", together="strike.rolls"), (4, 4, 2)
    )
    [prompt] = asked
    assert isinstance(prompt, Roll) and prompt.key == "strike.rolls" and prompt.dice == "3d6"
    assert prompt.side is None and prompt.per_die and prompt.compare is None
    assert prompt.text == (
        "Capo, Guerriero (Blue), Arciere roll for striking first: one die each, in that order"
    )
    assert b.log[-2].text == "Capo 4, Guerriero (Blue) 4, Arciere 2 (striking first)"
    assert together.groups == apart.groups == [["r1", "b1"], ["b2"]]
    drive(apart.step(b, "strike.roll", "striking first"), (1,), (6,))
    asked, _ = drive(together.step(b, "s.roll", "striking first", together="s.rolls"), (1, 6))
    assert "(tie re-roll)" in asked[0].text and asked[0].dice == "2d6"  # type: ignore[attr-defined]
    assert together.order == apart.order == ["b1", "r1", "b2"]


def test_asked_apart_when_the_app_rolls_for_some_of_the_tied() -> None:
    """The app rolls Red's die, the table types Blue's: one prompt each, as before; when
    the app rolls for everyone, one prompt."""
    b = battle()
    b.options["app_rolls"] = ["red"]
    off = RollOff.among(["red", "blue"])
    asked, _ = drive(off.step(b, "order.roll", "play order", together="order.rolls"), (2,), (5,))
    assert [(p.key, p.side) for p in asked] == [("order.roll", "red"), ("order.roll", "blue")]
    assert off.order == ["blue", "red"]
    b.options["app_rolls"] = "all"
    off = RollOff.among(["red", "blue"])
    asked, _ = drive(off.step(b, "order.roll", "play order", together="order.rolls"), (2, 5))
    assert [p.key for p in asked] == ["order.rolls"] and off.order == ["blue", "red"]


def test_without_the_option_each_rolls_apart_and_together_needs_one_die_each() -> None:
    """A system that does not ask for it (regole-base, wargaming-introduttivo) is asked
    one roll an id; a roll-off of several dice an id cannot be typed together."""
    b = battle()
    asked, _ = drive(RollOff.among(["red", "blue"]).step(b, "o.roll", "order"), (2,), (5,))
    assert [p.key for p in asked] == ["o.roll", "o.roll"]
    with pytest.raises(ValueError, match="one die an id"):
        drive(RollOff.among(["red", "blue"]).step(b, "o", "order", "2d6", together="o.all"))
