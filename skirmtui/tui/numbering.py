"""Number keys of a question's options that do not move.

A GM presses numbers from memory: "7. Stop activating" must stay 7 while the question
is open and when it is asked again with fewer options (a unit activated, an option run
out), or the same key picks something else. So an option keeps the number it was first
given for its question (its key, side and actor) for the rest of the round, also once
it is disabled (pressing it says why). An enabled option without one (new, or beyond
the first nine) takes the lowest number no option listed holds: a number freed by an
option gone from the list is given again, so a long list still reaches its later
options by number as the first ones run out. A disabled option without one gets none
(it is listed, with its reason, but takes no key from what can be picked). A question
that shares no option with the one remembered starts afresh, and so does every
question at a new round (the same list reads 1, 2, 3… again).
"""

from __future__ import annotations

from collections.abc import Sequence

from skirmtui.engine.core.prompts import Choose, Option, Pick

#: Number keys: 1–9.
KEYS = 9


class OptionNumbers:
    """Remembers, per question, the number each option value was given."""

    def __init__(self) -> None:
        self._round: object = None
        self._given: dict[tuple[object, ...], dict[str, int]] = {}

    def numbers(
        self,
        question: tuple[object, ...],
        round_: object,
        values: Sequence[str],
        enabled: Sequence[bool] | None = None,
    ) -> dict[int, int]:
        """Option index → its number key, for the options of `question` (values in the
        order shown) at round `round_`. Options left without a number are reached with
        the arrows."""
        if round_ != self._round:
            self._round = round_
            self._given.clear()
        given = self._given.get(question, {})
        if not any(value in given for value in values):
            given = {}
        self._given[question] = given
        numbers: dict[int, int] = {}
        for index, value in enumerate(values):  # the numbers kept come first
            if value in given:
                numbers[index] = given[value]
        taken = set(numbers.values())
        free = (n for n in range(1, KEYS + 1) if n not in taken)
        for index, value in enumerate(values):
            if index in numbers or (enabled is not None and not enabled[index]):
                continue
            number = next(free, None)
            if number is None:
                break
            for old in [v for v, n in given.items() if n == number]:
                del given[old]  # a value gone from the list gives its number up
            given[value] = numbers[index] = number
        return numbers


def option_numbers(
    numbering: OptionNumbers, prompt: Choose | Pick, round_: object
) -> dict[int, int]:
    """Option index → number key for `prompt` as the Now pane shows it: one number an
    option, but one a group (every option of the group shows it): a `Pick`'s number
    ticks the group's choices in turn, a `Choose`'s opens the group (`group_numbers`)."""
    options = prompt.options
    grouping = isinstance(prompt, Pick) or _groups_open(options) > 1
    slots: dict[str, list[int]] = {}
    for index, option in enumerate(options):
        grouped = grouping and option.group is not None
        slot = f"group:{option.group}" if grouped else option.value
        slots.setdefault(slot, []).append(index)
    numbers = numbering.numbers(
        (prompt.key, prompt.side, prompt.actor),
        round_,
        list(slots),
        [any(options[i].disabled is None for i in members) for members in slots.values()],
    )
    members = list(slots.values())
    return {i: number for slot, number in numbers.items() for i in members[slot]}


def next_in_cycle(enabled: Sequence[int], ticked: int | None) -> int | None:
    """The choice a group's number ticks next: the first when none is ticked, the one
    after the ticked one, and none after the last (so a mistake is two presses away)."""
    if ticked is None or ticked not in enabled:
        return enabled[0] if enabled else None
    position = enabled.index(ticked) + 1
    return enabled[position] if position < len(enabled) else None


def opens_groups(prompt: Choose | Pick) -> bool:
    """Whether a group's number opens the group (a `Choose` with several groups left)."""
    return isinstance(prompt, Choose) and _groups_open(prompt.options) > 1


def _groups_open(options: Sequence[Option]) -> int:
    """How many groups have an option that can be chosen: with one left (a player's
    last unit), a `Choose` numbers its options straight away, one key an answer."""
    return len({o.group for o in options if o.group is not None and o.disabled is None})


def group_numbers(options: Sequence[Option], member: int) -> dict[int, int]:
    """Option index → number key inside the `Choose` group of option `member` once its
    number is pressed: each option by its place in the group (1, 2, 3…, disabled ones
    too, so a unit's "Advance" has the same number as every other unit's)."""
    group = options[member].group
    members = [i for i, o in enumerate(options) if o.group == group]
    return {index: n for n, index in enumerate(members[:KEYS], start=1)}
