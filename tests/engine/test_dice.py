"""Dice expressions, rolling, and faces typed at the table (DESIGN.md "Dice and odds")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.dice import (
    MAX_EXPLOSIONS,
    Dice,
    DiceError,
    DiceSum,
    below,
    parse_dice,
    parse_expr,
    parse_faces,
)


@pytest.mark.parametrize(
    ("expr", "dice"),
    [
        ("1d6", Dice(1, 6)),
        ("d6", Dice(1, 6)),
        ("2d6", Dice(2, 6)),
        ("1d10", Dice(1, 10)),
        ("d10", Dice(1, 10)),
        ("3D8", Dice(3, 8)),
        ("  2d4  ", Dice(2, 4)),
        ("1d8!", Dice(1, 8, explode=True)),
        ("2d8!", Dice(2, 8, explode=True)),
        ("d12!", Dice(1, 12, explode=True)),
    ],
)
def test_parse_dice_reads_count_sides_and_explosion(expr: str, dice: Dice) -> None:
    assert parse_dice(expr) == dice


@pytest.mark.parametrize(
    "expr", ["", "d", "6", "0d6", "2d1", "2d0", "d6+1", "2x6", "1d6!!", "-1d6"]
)
def test_parse_dice_refuses_what_is_not_a_dice_expression(expr: str) -> None:
    with pytest.raises(DiceError, match="not a dice expression"):
        parse_dice(expr)


def test_dice_print_as_they_are_written() -> None:
    assert str(Dice(2, 6)) == "2d6"
    assert str(Dice(1, 8, explode=True)) == "1d8!"
    assert str(parse_dice("d10")) == "1d10"


@pytest.mark.parametrize(
    ("text", "faces"),
    [("3 5", (3, 5)), ("3,5", (3, 5)), ("3;5", (3, 5)), ("  6   1 ", (6, 1)), ("1,\t2", (1, 2))],
)
def test_typed_faces_accept_spaces_commas_and_semicolons(text: str, faces: tuple[int, ...]) -> None:
    assert parse_faces(text, Dice(2, 6)) == faces


@pytest.mark.parametrize(
    ("text", "dice", "message"),
    [
        ("7", Dice(1, 6), "7 is not a face of a d6"),
        ("0", Dice(1, 6), "0 is not a face of a d6"),
        ("11", Dice(1, 10), "11 is not a face of a d10"),
        ("4", Dice(2, 6), "needs 2 faces, got 1"),
        ("1 2 3", Dice(2, 6), "needs 2 faces, got 3"),
        ("2 2", Dice(1, 6), "needs 1 face, got 2"),
        ("4 x", Dice(2, 6), "'x' is not a number"),
        ("-3", Dice(1, 6), "not a number"),
        ("3.5", Dice(1, 6), "not a number"),
        ("", Dice(1, 6), "type the faces rolled for 1d6"),
        ("   ", Dice(2, 6), "type the faces rolled for 2d6, e.g. 3 4"),
    ],
)
def test_malformed_or_out_of_range_faces_are_refused_with_a_message(
    text: str, dice: Dice, message: str
) -> None:
    with pytest.raises(DiceError, match=message):
        parse_faces(text, dice)


def test_exploding_faces_need_each_maximum_followed_by_its_extra_die() -> None:
    """Rolling explodes until a non-maximum face, so typed faces must read that way."""
    one = Dice(1, 6, explode=True)
    assert parse_faces("4", one) == (4,)
    assert parse_faces("6 2", one) == (6, 2)
    assert parse_faces("6 6 6 1", one) == (6, 6, 6, 1)
    for bad in ("6", "6 6", "2 3", "6 2 3"):
        with pytest.raises(DiceError, match="each maximum face followed by its extra die"):
            parse_faces(bad, one)
    two = Dice(2, 8, explode=True)
    assert parse_faces("8 3 5", two) == (8, 3, 5)
    assert parse_faces("2 8 8 1", two) == (2, 8, 8, 1)
    with pytest.raises(DiceError):
        parse_faces("8 3", two)  # one die only
    with pytest.raises(DiceError):
        parse_faces("9 1", two)  # not a face of a d8


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(1, 4),
    sides=st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20]),
    explode=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_rolled_faces_are_always_valid_answers(
    count: int, sides: int, explode: bool, seed: int
) -> None:
    dice = Dice(count, sides, explode)
    rng = random.Random(seed)
    for _ in range(20):
        faces = dice.roll(rng)
        assert dice.check_faces(faces) == faces
        assert all(1 <= f <= sides for f in faces)
        if not explode:
            assert len(faces) == count
        # typed back in, the same faces are accepted unchanged
        assert parse_faces(" ".join(map(str, faces)), dice) == faces


def test_explosions_are_capped_per_die() -> None:
    class AlwaysMax(random.Random):
        def randint(self, a: int, b: int) -> int:
            return b

    dice = Dice(2, 6, explode=True)
    faces = dice.roll(AlwaysMax())
    assert len(faces) == 2 * (1 + MAX_EXPLOSIONS)
    assert set(faces) == {6}
    # What the app rolls, the app accepts: a capped die is complete without a closing face.
    assert dice.check_faces(faces) == faces
    capped = (6,) * (1 + MAX_EXPLOSIONS)
    assert dice.check_faces((*capped, 3)) == (*capped, 3)
    assert dice.check_faces((3, *capped)) == (3, *capped)
    with pytest.raises(DiceError):
        dice.check_faces((*capped, 6))  # a third die for 2d6!


def test_a_plain_random_rolls_the_faces_randint_gives() -> None:
    """`Dice.roll` draws a plain `random.Random`'s faces without `randint` (issue 28):
    the same faces, seed for seed, as `randint(1, sides)` die after die; `below` is
    `randrange` (so `choice`'s index), whatever the range."""

    class Plain(random.Random):  # a subclass: rolled through its own `randint`
        pass

    for seed in range(200):
        for dice in (Dice(1, 6), Dice(3, 6), Dice(2, 10), Dice(1, 2), Dice(4, 20)):
            fast, slow = random.Random(seed), Plain(seed)
            for _ in range(3):
                assert dice.roll(fast) == tuple(
                    slow.randint(1, dice.sides) for _ in range(dice.count)
                )
        a, b = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 7, 8, 9, 16, 17, 100, 2**40 + 3):
            assert below(a, n) == b.randrange(n)


def test_the_same_seed_rolls_the_same_faces() -> None:
    dice = Dice(3, 6)
    assert [dice.roll(random.Random(5)) for _ in range(3)] == [
        dice.roll(random.Random(5)) for _ in range(3)
    ]


# -- sums of kinds (`1d8!+1d6!`: a characteristic die and a skill die, seed 003) -------------


def test_a_sum_reads_each_part_and_rolls_them_in_order() -> None:
    dice = parse_expr("1d8!+1d6!")
    assert dice == DiceSum((Dice(1, 8, True), Dice(1, 6, True)))
    assert str(dice) == "1d8!+1d6!" and dice.count == 2
    faces = dice.roll(random.Random(3))
    assert dice.check_faces(faces) == faces
    assert parse_expr("2d6") == Dice(2, 6)


def test_typed_sum_faces_follow_each_die_and_its_explosions() -> None:
    dice = parse_expr("1d8!+1d6!")
    assert parse_faces("3 5", dice) == (3, 5)
    assert parse_faces("8 8 2 6 1", dice) == (8, 8, 2, 6, 1)  # 18 on the d8, 7 on the d6


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3 5 4", "1 face too many"),  # a non-maximum face followed by more faces
        ("3 2 6 2", "2 faces too many"),
        ("3", "needs a face for its d6"),
        ("8 5 6", "6 is the d6's maximum: type the face it rolled again"),
        ("9 1", "9 is not a face of a d8"),
        ("3 7", "7 is not a face of a d6"),
    ],
)
def test_inconsistent_or_off_the_die_sum_faces_are_refused(text: str, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        parse_faces(text, parse_expr("1d8!+1d6!"))
