"""Dice expressions, typed-in faces and exact odds."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from skirmtui.engine.dice import Dice, DiceError, parse_dice, parse_faces
from skirmtui.engine.odds import success_chance
from skirmtui.engine.prompts import AnswerError, Roll


def test_parse_dice_expressions() -> None:
    assert parse_dice("1d6") == Dice(1, 6)
    assert parse_dice("d10") == Dice(1, 10)
    assert parse_dice("2d8!") == Dice(2, 8, explode=True)
    for bad in ("", "d", "0d6", "2d1", "3x6", "d6+1"):
        with pytest.raises(DiceError):
            parse_dice(bad)


def test_typed_faces_are_checked_against_the_dice() -> None:
    assert parse_faces("3 5", Dice(2, 6)) == (3, 5)
    assert parse_faces("3,5", Dice(2, 6)) == (3, 5)
    with pytest.raises(DiceError, match="7 is not a face of a d6"):
        parse_faces("7", Dice(1, 6))
    with pytest.raises(DiceError, match="needs 2 faces, got 1"):
        parse_faces("4", Dice(2, 6))
    with pytest.raises(DiceError, match="not a number"):
        parse_faces("4 x", Dice(2, 6))
    with pytest.raises(DiceError, match="type the faces"):
        parse_faces("  ", Dice(1, 6))


def test_exploding_faces_need_each_maximum_followed_by_its_extra_die() -> None:
    dice = Dice(1, 6, explode=True)
    assert parse_faces("6 6 2", dice) == (6, 6, 2)
    with pytest.raises(DiceError):
        parse_faces("6", dice)  # a 6 must be followed by its extra die
    with pytest.raises(DiceError):
        parse_faces("2 3", dice)  # two dice for one


def test_rolled_faces_are_always_valid() -> None:
    rng = random.Random(3)
    for dice in (Dice(1, 6), Dice(2, 6), Dice(2, 8, explode=True)):
        for _ in range(200):
            assert dice.check_faces(dice.roll(rng))


def test_roll_prompt_refuses_bad_faces_and_resolves_good_ones() -> None:
    roll = Roll(
        key="t",
        text="t",
        dice="1d6",
        compare="<=",
        threshold=4,
        modifiers=(("long range", -2),),
        mod_target=True,
    )
    with pytest.raises(AnswerError, match="not a face"):
        roll.coerce((0,))
    with pytest.raises(AnswerError):
        roll.coerce("4")
    result = roll.resolve((2,))
    assert (result.total, result.threshold, result.success) == (2, 2, True)
    assert roll.resolve((3,)).success is False


def test_odds_are_exact() -> None:
    d6_under_4 = Roll(key="t", text="t", dice="1d6", compare="<=", threshold=4)
    assert success_chance(d6_under_4) == Fraction(2, 3)
    malus = Roll(
        key="t",
        text="t",
        dice="1d6",
        compare="<=",
        threshold=4,
        modifiers=(("long", -2),),
        mod_target=True,
    )
    assert success_chance(malus) == Fraction(1, 3)
    two_d6 = Roll(key="t", text="t", dice="2d6", compare="<=", threshold=7)
    assert success_chance(two_d6) == Fraction(21, 36)
    bonus = Roll(key="t", text="t", dice="1d10", compare=">=", threshold=8, modifiers=(("aim", 1),))
    assert success_chance(bonus) == Fraction(4, 10)
    naturals = Roll(
        key="t", text="t", dice="1d6", compare="<=", threshold=10, always_fail=frozenset({6})
    )
    assert success_chance(naturals) == Fraction(5, 6)
    assert success_chance(Roll(key="t", text="t", dice="1d6")) is None


def test_exploding_odds_cap_the_explosions() -> None:
    # d6 exploding ≥ 7 needs a 6 then anything: 1/6 exactly.
    roll = Roll(key="t", text="t", dice="1d6!", compare=">=", threshold=7)
    assert success_chance(roll) == Fraction(1, 6)
