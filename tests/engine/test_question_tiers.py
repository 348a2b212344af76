"""The questions a battle was played with (issue 25): a save made with older questions
keeps asking them, tier by tier (`asks_as_of`)."""

from __future__ import annotations

import pytest

from skirmtui.engine.core.asking import (
    ASKED_BEFORE_FIRST_PASS,
    ASKED_BEFORE_SECOND_PASS,
    ASKED_BEFORE_THIRD_PASS,
    FIRST_PASS,
    ONE_AT_A_TIME,
    QUESTIONS,
    SECOND_PASS,
    THIRD_PASS,
    asks_as_of,
    only_or_ask,
)
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.prompts import Choose, Option


def battle_with(questions: str | None) -> Battle:
    options = {} if questions is None else {QUESTIONS: questions}
    return Battle(system="t", title="t", seed=1, options=options, sides=[], units={})


@pytest.mark.parametrize(
    ("played", "tier", "expected"),
    [
        (None, FIRST_PASS, False),  # today's questions: neither older tier
        (None, ONE_AT_A_TIME, False),
        (FIRST_PASS, FIRST_PASS, True),
        (FIRST_PASS, ONE_AT_A_TIME, False),  # the first pass already asked less
        (ONE_AT_A_TIME, FIRST_PASS, True),  # the oldest save asks as the first pass did
        (ONE_AT_A_TIME, ONE_AT_A_TIME, True),
        ("a value no version wrote", FIRST_PASS, False),
        (None, SECOND_PASS, False),  # today's questions: no older tier
        (SECOND_PASS, SECOND_PASS, True),
        (SECOND_PASS, FIRST_PASS, False),  # the second pass asked less than the first
        (FIRST_PASS, SECOND_PASS, True),  # a first-pass save asks older questions still
        (ONE_AT_A_TIME, SECOND_PASS, True),
        (THIRD_PASS, THIRD_PASS, True),
        (THIRD_PASS, SECOND_PASS, False),
        (SECOND_PASS, THIRD_PASS, True),
        (None, THIRD_PASS, False),
    ],
)
def test_a_battle_asks_as_of_the_tier_it_was_played_with(
    played: str | None, tier: str, expected: bool
) -> None:
    assert asks_as_of(battle_with(played), tier) is expected


def test_a_system_that_asks_less_again_tries_the_newest_older_questions_first() -> None:
    assert [o[QUESTIONS] for o in ASKED_BEFORE_FIRST_PASS] == [FIRST_PASS, ONE_AT_A_TIME]


def test_a_system_that_asks_less_once_more_tries_the_newest_older_questions_first() -> None:
    assert [o[QUESTIONS] for o in ASKED_BEFORE_SECOND_PASS] == [
        SECOND_PASS,
        FIRST_PASS,
        ONE_AT_A_TIME,
    ]


def test_a_system_that_asks_less_after_its_third_pass_tries_the_third_first() -> None:
    assert [o[QUESTIONS] for o in ASKED_BEFORE_THIRD_PASS] == [
        THIRD_PASS,
        SECOND_PASS,
        FIRST_PASS,
        ONE_AT_A_TIME,
    ]


def _asked(b: Battle, prompt: Choose) -> tuple[str | None, Choose | None]:
    """What `only_or_ask` does with `prompt`: (the option taken unasked, None) or
    (None, the prompt it asks)."""
    step = only_or_ask(b, prompt)
    try:
        asked = next(step)
    except StopIteration as done:
        return str(done.value), None
    assert isinstance(asked, Choose)
    return None, asked


def test_only_or_ask_takes_the_one_enabled_option_and_asks_otherwise() -> None:
    # Issue 25: a choice with one legal option is taken and logged, unasked; with none
    # or several enabled (disabled ones are shown with their reason) it is asked.
    off = "not now"
    one = Choose(
        key="k",
        text="which?",
        options=[Option("a", "A", disabled=off), Option("b", "B"), Option("c", "C", off)],
    )
    b = battle_with(None)
    assert _asked(b, one) == ("b", None)
    assert b.log[-1].text == "which? → B (the only choice)"
    two = Choose(
        key="k", text="which?", options=[Option("a", "A"), Option("b", "B", off), Option("c", "C")]
    )
    assert _asked(battle_with(None), two) == (None, two)
    none = Choose(key="k", text="which?", options=[Option("a", "A", off)])
    assert _asked(battle_with(None), none) == (None, none)
    # A save of the questions before issue 25 is asked even the only choice.
    assert _asked(battle_with(ONE_AT_A_TIME), one) == (None, one)
