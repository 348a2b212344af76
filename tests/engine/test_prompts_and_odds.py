"""Prompts (Choose, Roll, Ask, Confirm) validate answers; odds are exact (DESIGN.md, G-2)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.dice import MAX_EXPLOSIONS, parse_dice, parse_expr
from skirmtui.engine.core.odds import (
    die_chance,
    expected_successes,
    natural_distribution,
    percent,
    success_chance,
)
from skirmtui.engine.core.prompts import (
    AnswerError,
    Ask,
    Choose,
    Confirm,
    LazyOptions,
    Option,
    Roll,
    describe_roll,
)
from skirmtui.engine.core.runner import roll_record


def d6_test(threshold: int, *modifiers: tuple[str, int], mod_target: bool = True) -> Roll:
    """The seed-002 test: d6 ≤ characteristic, maluses lowering the number to roll under."""
    return Roll(
        key="t.roll",
        text="test",
        dice="1d6",
        compare="<=",
        threshold=threshold,
        modifiers=modifiers,
        mod_target=mod_target,
    )


def bare(dice: str, **fields: Any) -> Roll:
    """A roll with nothing but its dice and `fields` (key and text "r")."""
    return Roll(key="r", text="r", dice=dice, **fields)


# -- Choose ---------------------------------------------------------------------------------

CHOOSE = Choose(
    key="pick",
    text="which?",
    options=[
        Option("a", "Alpha"),
        Option("b", "Bravo", disabled="cannot now"),
        Option("stop", "Stop", passive=True),
    ],
)


def test_choose_takes_the_value_of_an_enabled_option() -> None:
    assert CHOOSE.coerce("a") == "a"
    assert CHOOSE.coerce("stop") == "stop"
    assert [o.value for o in CHOOSE.enabled()] == ["a", "stop"]
    assert CHOOSE.kind == "choose"
    assert CHOOSE.describe("a") == "Alpha"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("b", "Bravo: cannot now"),
        ("zz", "'zz' is not one of the options"),
        (1, "expected an option"),
        (True, "expected an option"),
        (("a",), "expected an option"),
    ],
)
def test_choose_refuses_disabled_unknown_and_non_text_answers(value: object, message: str) -> None:
    with pytest.raises(AnswerError, match=message):
        CHOOSE.coerce(value)


def test_random_choice_is_always_enabled_and_prefers_active_options() -> None:
    rng = random.Random(1)
    picks = Counter(CHOOSE.random_answer(rng) for _ in range(2000))
    assert set(picks) == {"a", "stop"}
    assert picks["a"] > picks["stop"] * 3  # "pass" is picked only now and then
    only_passive = Choose(key="k", text="t", options=[Option("stop", "Stop", passive=True)])
    assert only_passive.random_answer(rng) == "stop"


def lazy_choose(made: list[int]) -> Choose:
    """CHOOSE's options as `LazyOptions`; `made` counts how often the list is made."""

    def make() -> tuple[Option, ...]:
        made.append(1)
        return tuple(CHOOSE.options)

    def find(value: str) -> Option | None:
        return next((o for o in CHOOSE.options if o.value == value), None)

    return attrs.evolve(CHOOSE, options=LazyOptions(make, find))


def test_lazy_options_check_an_answer_without_making_the_list() -> None:
    made: list[int] = []
    choose = lazy_choose(made)
    assert choose.coerce("a") == "a" and choose.describe("a") == "Alpha"
    with pytest.raises(AnswerError, match="Bravo: cannot now"):
        choose.coerce("b")
    with pytest.raises(AnswerError, match="'zz' is not one of the options"):
        choose.coerce("zz")
    assert not made  # replay looks the answer up alone
    # read whole (the pick list, random play): made once, then the same as a tuple
    assert choose.options == CHOOSE.options and choose == CHOOSE
    assert [o.value for o in choose.enabled()] == ["a", "stop"]
    assert len(choose.options) == 3 and choose.options[1].value == "b"
    assert choose.random_answer(random.Random(1)) == CHOOSE.random_answer(random.Random(1))
    assert len(made) == 1 and hash(choose) == hash(CHOOSE)


def test_lazy_options_are_made_when_answered_in_play_never_after() -> None:
    """Made after the battle moved on, the list would be of another time: in play it is
    made when answered; a replay's prompts (seen by nobody) never make it."""
    made: list[int] = []
    replayed = lazy_choose(made)
    replayed.answered(replaying=True)
    with pytest.raises(RuntimeError, match="answered prompt"):
        list(replayed.options)
    assert not made
    played = lazy_choose(made)
    played.answered(replaying=False)
    assert len(made) == 1 and played.options == CHOOSE.options and len(made) == 1
    settled = lazy_choose(made)
    settled.settle()  # the runner, before a GM entry lands under the pending prompt
    settled.answered(replaying=True)
    assert settled.options == CHOOSE.options and len(made) == 2


# -- Ask and Confirm ------------------------------------------------------------------------


def test_yes_no_ask_takes_only_booleans() -> None:
    ask = Ask(key="seen", text="Visible?")
    assert ask.yes_no
    assert ask.coerce(True) is True and ask.coerce(False) is False
    for bad in (1, 0, "yes", None):
        with pytest.raises(AnswerError, match="answer yes or no"):
            ask.coerce(bad)
    assert ask.describe(True) == "yes" and ask.describe(False) == "no"
    assert {ask.random_answer(random.Random(s)) for s in range(30)} == {True, False}


def test_bounded_ask_takes_a_whole_number_in_range() -> None:
    ask = Ask(key="turns", text="How many?", minimum=1, maximum=3)
    assert not ask.yes_no
    assert [ask.coerce(v) for v in (1, 2, 3)] == [1, 2, 3]
    with pytest.raises(AnswerError, match="4 is outside 1–3"):
        ask.coerce(4)
    with pytest.raises(AnswerError, match="0 is outside"):
        ask.coerce(0)
    for bad in (True, "2", 2.0):
        with pytest.raises(AnswerError, match="whole number"):
            ask.coerce(bad)
    assert {ask.random_answer(random.Random(s)) for s in range(50)} == {1, 2, 3}


def test_confirm_takes_only_true() -> None:
    confirm = Confirm(key="moved", text="Movement done?")
    assert confirm.coerce(True) is True
    assert confirm.random_answer(random.Random(0)) is True
    assert confirm.describe(True) == "done"
    for bad in (False, 1, "yes"):
        with pytest.raises(AnswerError, match="only confirmation"):
            confirm.coerce(bad)


# -- Roll -----------------------------------------------------------------------------------


def test_roll_takes_faces_as_a_tuple_or_list_of_ints() -> None:
    roll = bare("2d6", compare="<=", threshold=7)
    assert roll.coerce((3, 4)) == (3, 4)
    assert roll.coerce([3, 4]) == (3, 4)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ((7, 1), "7 is not a face of a d6"),
        ((0, 1), "0 is not a face of a d6"),
        ((3,), "needs 2 faces, got 1"),
        ((True, 1), "expected the faces"),
        ("3 4", "expected the faces"),
        (7, "expected the faces"),
        ((3.0, 4), "expected the faces"),
    ],
)
def test_roll_refuses_faces_that_do_not_fit_the_dice(value: object, message: str) -> None:
    roll = bare("2d6", compare="<=", threshold=7)
    with pytest.raises(AnswerError, match=message):
        roll.coerce(value)


def test_a_malus_on_a_roll_under_test_lowers_the_number_to_roll_under() -> None:
    """Seed 002 TODO: medium range −1 — a CMB 4 shooter then needs 3 or less."""
    roll = d6_test(4, ("medium range", -1))
    assert roll.effective_threshold == 3
    hit, miss = roll.resolve((3,)), roll.resolve((4,))
    assert (hit.total, hit.threshold, hit.success) == (3, 3, True)
    assert (miss.total, miss.threshold, miss.success) == (4, 3, False)
    assert describe_roll(roll, miss) == "[4] ≤ 3: failure"


def test_modifiers_on_the_total_add_to_the_faces() -> None:
    roll = bare("2d6", compare=">=", threshold=8, modifiers=[("aim", 1)])
    result = roll.resolve((3, 4))
    assert (result.natural, result.total, result.threshold, result.success) == (7, 8, 8, True)
    assert describe_roll(roll, result) == "[3 4] +1 = 8 ≥ 8: success"
    assert roll.describe((1, 1)) == "[1 1] +1 = 3 ≥ 8: failure"


def test_naturals_that_always_succeed_fail_or_are_critical() -> None:
    roll = bare(
        "1d6",
        compare="<=",
        threshold=3,
        always_succeed=frozenset({1}),
        always_fail=frozenset({6}),
        crit_success=frozenset({1}),
        crit_failure=frozenset({6}),
    )
    assert roll.resolve((1,)).critical == "success" and roll.resolve((1,)).success
    assert roll.resolve((6,)).critical == "failure" and roll.resolve((6,)).success is False
    assert roll.resolve((3,)).critical is None
    assert "(critical failure)" in roll.describe((6,))
    high = bare("1d6", compare="<=", threshold=9, always_fail={6})
    assert high.resolve((6,)).success is False and high.resolve((5,)).success is True


def test_a_roll_without_target_has_no_success() -> None:
    roll = bare("2d6")
    result = roll.resolve((2, 5))
    assert (result.total, result.threshold, result.success) == (7, None, None)
    assert describe_roll(roll, result) == "[2 5] = 7"
    assert success_chance(roll) is None


# -- odds -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "chance"),
    [
        (d6_test(4), Fraction(4, 6)),
        (d6_test(1), Fraction(1, 6)),
        (d6_test(5, ("medium range", -1)), Fraction(4, 6)),
        (d6_test(4, ("long range", -2)), Fraction(2, 6)),
        (d6_test(4, ("long range", -2), ("reduced visibility", -2)), Fraction(0)),
        (d6_test(6, ("x", +3)), Fraction(1)),
        (bare("2d6", compare="<=", threshold=7), Fraction(21, 36)),
        (bare("2d6", compare=">", threshold=10), Fraction(3, 36)),
        (
            bare("1d10", compare=">=", threshold=8, modifiers=[("+", 1)]),
            0.4,
        ),
        (
            bare(
                "1d6",
                compare="<=",
                threshold=10,
                always_fail=frozenset({6}),
            ),
            Fraction(5, 6),
        ),
        (bare("1d6!", compare=">=", threshold=7), Fraction(1, 6)),
        (bare("1d6!", compare=">=", threshold=13), Fraction(1, 36)),
    ],
)
def test_odds_are_exact(roll: Roll, chance: Fraction | float) -> None:
    assert success_chance(roll) == Fraction(chance).limit_denominator(1000)


def test_percent_shows_one_decimal() -> None:
    assert percent(Fraction(2, 3)) == "66.7%"
    assert percent(Fraction(1)) == "100.0%"
    assert percent(None) == ""


def _exploding_weights(sides: int) -> dict[int, Fraction]:
    """Natural total of one exploding die, explosions capped as the app rolls them."""
    weights: dict[int, Fraction] = {}

    def walk(total: int, depth: int, p: Fraction) -> None:
        for face in range(1, sides + 1):
            q = p / sides
            if face == sides and depth < MAX_EXPLOSIONS:
                walk(total + face, depth + 1, q)
            else:
                weights[total + face] = weights.get(total + face, Fraction(0)) + q

    walk(0, 0, Fraction(1))
    return weights


def _brute_force(roll: Roll) -> Fraction:
    """The chance that `roll.resolve` succeeds, by enumerating every outcome."""
    dice = roll.parsed
    if dice.explode:
        one = _exploding_weights(dice.sides)
        totals: dict[int, Fraction] = {0: Fraction(1)}
        for _ in range(dice.count):
            nxt: dict[int, Fraction] = {}
            for a, pa in totals.items():
                for b, pb in one.items():
                    nxt[a + b] = nxt.get(a + b, Fraction(0)) + pa * pb
            totals = nxt
        return sum((p for t, p in totals.items() if roll.success_of(t)), Fraction(0))
    outcomes = list(itertools.product(range(1, dice.sides + 1), repeat=dice.count))
    wins = sum(1 for faces in outcomes if roll.resolve(faces).success)
    return Fraction(wins, len(outcomes))


rolls = st.builds(
    lambda count, sides, explode, compare, threshold, mods, mod_target, always, never: bare(
        f"{count}d{sides}{'!' if explode else ''}",
        compare=compare,
        threshold=threshold,
        modifiers=[(f"m{i}", m) for i, m in enumerate(mods)],
        mod_target=mod_target,
        always_succeed=frozenset(always),
        always_fail=frozenset(never),
    ),
    count=st.integers(1, 3),
    sides=st.sampled_from([2, 4, 6, 8, 10]),
    explode=st.booleans(),
    compare=st.sampled_from(["<=", ">=", "<", ">"]),
    threshold=st.integers(-2, 20),
    mods=st.lists(st.integers(-3, 3), max_size=3),
    mod_target=st.booleans(),
    always=st.sets(st.integers(1, 12), max_size=2),
    never=st.sets(st.integers(1, 12), max_size=2),
)


@settings(max_examples=80, deadline=None)
@given(rolls)
def test_the_odds_shown_are_the_chance_that_the_roll_succeeds(roll: Roll) -> None:
    """G-2: before a roll the app shows the exact chance that resolving it succeeds."""
    if roll.parsed.explode and roll.parsed.count > 2:
        return  # enumeration too slow; the one- and two-die cases cover the same code
    assert success_chance(roll) == _brute_force(roll)


def test_exploding_distribution_caps_explosions() -> None:
    weights = natural_distribution(parse_dice("1d4!"))
    assert max(weights) == 4 * (1 + MAX_EXPLOSIONS)
    assert min(weights) == 1


# -- pools: every die its own test (pequenas-guerras quality tests, jumps) ------------------


def pool(count: int, face: int, need: int | None = None, **extra: object) -> Roll:
    return Roll(
        key="p.roll",
        text="pool",
        dice=f"{count}d6",
        compare=">=",
        threshold=face,
        per_die=True,
        need=need,
        **extra,  # type: ignore[arg-type]
    )


def test_a_pool_counts_the_dice_that_succeed_not_their_sum() -> None:
    result = pool(3, 4).resolve((4, 4, 6))
    assert (result.total, result.success) == (3, None)
    assert pool(3, 4).resolve((1, 3, 4)).total == 1
    assert (
        describe_roll(pool(3, 4), pool(3, 4).resolve((1, 3, 4))) == "[1 3 4] each ≥ 4: 1 succeeds"
    )


def test_a_pool_that_needs_every_die_fails_on_one_miss() -> None:
    assert pool(2, 3, need=2).resolve((3, 6)).success is True
    failed = pool(2, 3, need=2).resolve((6, 2))
    assert failed.success is False
    assert (
        describe_roll(pool(2, 3, need=2), failed) == "[6 2] each ≥ 3: 1 succeeds, 2 needed: failure"
    )


def test_a_pool_applies_modifiers_and_always_sets_to_each_die() -> None:
    bonus = pool(2, 5, modifiers=(("cover", 1),))
    assert bonus.resolve((4, 3)).total == 1  # 4 + 1 ≥ 5, 3 + 1 < 5
    natural_six = pool(2, 7, always_succeed=frozenset({6}))
    assert natural_six.resolve((6, 5)).total == 1


def test_pool_odds_are_binomial_and_exact() -> None:
    # each die 4+ on a d6 is 1/2; all of 3 dice: 1/8; at least one of 3: 7/8
    assert die_chance(pool(3, 4)) == Fraction(1, 2)
    assert expected_successes(pool(3, 4)) == Fraction(3, 2)
    assert success_chance(pool(3, 4)) is None  # a bare count has no overall success
    assert success_chance(pool(3, 4, need=3)) == Fraction(1, 8)
    assert success_chance(pool(3, 4, need=1)) == Fraction(7, 8)
    # brute force over every outcome of 3d6, each 3+ (2/3), at least 2 needed
    outcomes = list(itertools.product(range(1, 7), repeat=3))
    wins = sum(1 for faces in outcomes if pool(3, 3, need=2).resolve(faces).success)
    assert success_chance(pool(3, 3, need=2)) == Fraction(wins, len(outcomes))


def test_a_pool_roll_is_logged_with_its_count_and_mode() -> None:
    prompt = pool(3, 4, need=3)
    record = roll_record(prompt, prompt.resolve((4, 5, 1)))
    assert record["total"] == 2 and record["per_die"] is True and record["need"] == 3
    assert record["success"] is False


def test_always_sets_given_as_plain_sets_still_give_odds() -> None:
    roll = Roll(key="r", text="r", dice="1d6", compare="<=", threshold=10, always_fail={6})  # type: ignore[arg-type]
    assert success_chance(roll) == Fraction(5, 6)


def test_the_odds_of_a_sum_of_exploding_dice_are_exact() -> None:
    """Seed 003 checks add a characteristic die and a skill die, each exploding (CG-2)."""
    roll = bare("1d4!+1d6!", compare=">=", threshold=9, modifiers=[("wounds", -1)])
    four, six = _exploding_weights(4), _exploding_weights(6)
    expected = sum(
        (pa * pb for a, pa in four.items() for b, pb in six.items() if a + b - 1 >= 9),
        Fraction(0),
    )
    assert success_chance(roll) == expected


@pytest.mark.parametrize(("a", "b"), [(4, 4), (6, 8), (12, 4), (12, 12)])
def test_two_exploding_dice_by_runs_equal_the_plain_convolution(a: int, b: int) -> None:
    """The check's fast path (runs of equal weights) gives the same odds as adding every
    total of one die to every total of the other."""
    total = {0: 1}
    for part in (parse_dice(f"1d{a}!"), parse_dice(f"1d{b}!")):
        nxt: dict[int, int] = {}
        for x, wx in total.items():
            for y, wy in natural_distribution(part).items():
                nxt[x + y] = nxt.get(x + y, 0) + wx * wy
        total = nxt
    assert natural_distribution(parse_expr(f"1d{a}!+1d{b}!")) == total
