"""Number keys of a question's options that do not move.

A GM presses numbers from memory: "7. Stop activating" must stay 7 while the question
is open and when it is asked again with fewer options (a unit activated, an option run
out), or the same key picks something else. So an option keeps the number it was first
given for its question (its key, side and actor) for the rest of the round; a new
option takes a number never given in that question yet, and only nine are typeable.
A question that shares no option with the one remembered starts afresh, and so does
every question at a new round (the same list reads 1, 2, 3… again).
"""

from __future__ import annotations

from collections.abc import Sequence

#: Number keys: 1–9.
KEYS = 9


class OptionNumbers:
    """Remembers, per question, the number each option value was given."""

    def __init__(self) -> None:
        self._round: object = None
        self._given: dict[tuple[object, ...], dict[str, int]] = {}

    def numbers(
        self, question: tuple[object, ...], round_: object, values: Sequence[str]
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
        free = (n for n in range(1, KEYS + 1) if n not in given.values())
        for index, value in enumerate(values):
            number = given.get(value)
            if number is None:
                number = next(free, None)
                if number is None:
                    continue
                given[value] = number
            numbers[index] = number
        return numbers
