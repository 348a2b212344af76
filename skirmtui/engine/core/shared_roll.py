"""A roll several sides make at the same moment, typed in one answer (issue 25).

The table rolls both players' activation dice together, each its own pool, neither's
number of dice depending on the other's faces: one prompt, one answer, the faces of each
side in the order `shares` names them. It is a `Roll` in every way (its log entry's kind
is `roll`, its odds, the app's `r`), with the dice of each side said: the luck tally
(`report/luck.py`) gives each side the trials of its own dice. A rule asks one only when
one party rolls every share (`app_rolls.one_party`), else a roll a side as before.
"""

from __future__ import annotations

from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.core.records import frozen_record


@frozen_record(kw_only=True)
class SharedRoll(Roll):
    """A pool of one kind of die rolled by several sides at once (`per_die`)."""

    #: Whose dice these are, in the order typed: (side id, number of dice) pairs.
    shares: tuple[tuple[str, int], ...] = ()

    def split(self, faces: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
        """Each side's faces, in `shares` order."""
        parts: list[tuple[str, tuple[int, ...]]] = []
        start = 0
        for side, count in self.shares:
            parts.append((side, tuple(faces[start : start + count])))
            start += count
        return parts

    def side_of_die(self) -> list[str]:
        """The side of each die, in the order typed."""
        return [side for side, count in self.shares for _ in range(count)]


SharedRoll.kind = "roll"  # a roll in the log and the export, like any other
