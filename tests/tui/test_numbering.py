"""Number keys that stay with their options (tui/numbering.py; issue 25, point 4)."""

from __future__ import annotations

from skirmtui.engine.core.prompts import Choose, Option, Pick
from skirmtui.tui.numbering import OptionNumbers, next_in_cycle, option_numbers

Q = ("activation.unit", "red", None)


def test_options_are_numbered_in_order_the_first_time() -> None:
    assert OptionNumbers().numbers(Q, 1, ["a", "b", "done"]) == {0: 1, 1: 2, 2: 3}


def test_an_option_keeps_its_number_when_the_question_comes_back_shorter() -> None:
    numbers = OptionNumbers()
    numbers.numbers(Q, 1, ["a", "b", "c", "done"])
    assert numbers.numbers(Q, 1, ["b", "c", "done"]) == {0: 2, 1: 3, 2: 4}
    assert numbers.numbers(Q, 1, ["done"]) == {0: 4}


def test_a_new_option_takes_the_lowest_number_no_listed_option_holds() -> None:
    numbers = OptionNumbers()
    numbers.numbers(Q, 1, ["a", "b", "done"])
    assert numbers.numbers(Q, 1, ["b", "new", "done"]) == {0: 2, 1: 1, 2: 3}
    # "a" gave its number up: back in the list, it takes a free one.
    assert numbers.numbers(Q, 1, ["a", "b", "new", "done"]) == {0: 4, 1: 2, 2: 1, 3: 3}


def test_options_beyond_nine_take_the_numbers_the_first_ones_free() -> None:
    numbers = OptionNumbers()
    values = [str(n) for n in range(12)]
    numbers.numbers(Q, 1, values)
    left = values[2:]  # "0" and "1" ran out: "9" and "10" take 1 and 2, the rest stay
    assert numbers.numbers(Q, 1, left) == {i: n for i, n in enumerate(range(3, 10))} | {
        7: 1,
        8: 2,
    }


def test_only_nine_options_take_a_number() -> None:
    values = [str(n) for n in range(12)]
    assert list(OptionNumbers().numbers(Q, 1, values).values()) == list(range(1, 10))


def test_a_new_round_or_another_list_starts_afresh() -> None:
    numbers = OptionNumbers()
    numbers.numbers(Q, 1, ["a", "b", "done"])
    assert numbers.numbers(Q, 2, ["b", "done"]) == {0: 1, 1: 2}
    assert numbers.numbers(Q, 2, ["x", "y"]) == {0: 1, 1: 2}


def test_questions_of_other_sides_do_not_share_numbers() -> None:
    numbers = OptionNumbers()
    numbers.numbers(Q, 1, ["a", "b", "done"])
    numbers.numbers(("activation.unit", "blue", None), 1, ["x", "done"])
    assert numbers.numbers(Q, 1, ["b", "done"]) == {0: 2, 1: 3}


def test_a_disabled_option_keeps_its_number_but_takes_none_new() -> None:
    numbers = OptionNumbers()
    assert numbers.numbers(Q, 1, ["a", "b", "c"], [True, False, True]) == {0: 1, 2: 2}
    # "a" is disabled now: it keeps 1 (pressing it says why); "c" keeps 2.
    assert numbers.numbers(Q, 1, ["a", "b", "c"], [False, False, True]) == {0: 1, 2: 2}


def _move_pick() -> Pick:
    """Six units, each with its ground (a group: one of them), as a movement asks."""
    options = []
    for unit in ("u1", "u2", "u3", "u4", "u5", "u6"):
        options += [
            Option(f"{unit}|open", f"{unit} open", group=unit),
            Option(f"{unit}|rough", f"{unit} rough", group=unit),
            Option(f"{unit}|steep", f"{unit} steep", group=unit, disabled="not active"),
        ]
    options.append(Option("none", "Nobody moved"))
    return Pick(key="move.units", text="Which units moved?", options=options)


def test_a_group_of_a_multi_select_shares_one_number() -> None:
    prompt = _move_pick()
    numbers = option_numbers(OptionNumbers(), prompt, 1)
    # 19 options, 7 numbers: a unit's three choices (its disabled one too) show its number.
    assert [numbers.get(i) for i in range(6)] == [1, 1, 1, 2, 2, 2]
    assert numbers[18] == 7
    assert sorted(set(numbers.values())) == [1, 2, 3, 4, 5, 6, 7]


def test_a_choice_keeps_one_number_an_option() -> None:
    options = [Option("a", "A", group="g"), Option("b", "B", group="g")]
    prompt = Choose(key="k", text="?", options=options)  # groups only mean something in a Pick
    assert option_numbers(OptionNumbers(), prompt, 1) == {0: 1, 1: 2}


def test_a_group_number_ticks_each_choice_in_turn_then_none() -> None:
    enabled = [3, 4]  # open, rough (steep is disabled: skipped)
    assert next_in_cycle(enabled, None) == 3
    assert next_in_cycle(enabled, 3) == 4
    assert next_in_cycle(enabled, 4) is None
    assert next_in_cycle([], None) is None
