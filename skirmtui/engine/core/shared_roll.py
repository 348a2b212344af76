"""A roll several sides make at the same moment, typed in one answer (issue 25).

The table rolls both players' activation dice together, each its own pool, neither's
number of dice depending on the other's faces: one prompt, one answer, the faces of each
side in the order `shares` names them. It is a `Roll` in every way (its log entry's kind
is `roll`, its odds, the app's `r`), with the dice of each side said: the luck tally
(`report/luck.py`) gives each side the trials of its own dice. A rule asks one only when
one party rolls every share (`app_rolls.one_party`), else a roll a side as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from skirmtui.engine.core import records
from skirmtui.engine.core.prompt_base import AnswerValue
from skirmtui.engine.core.roll_prompt import NO_NATURALS, ROLL_SPECS, Compare, Roll


class SharedRoll(Roll):
    """A pool of one kind of die rolled by several sides at once (`per_die`)."""

    __slots__ = ("shares",)
    #: Whose dice these are, in the order typed: (side id, number of dice) pairs.
    shares: tuple[tuple[str, int], ...]
    kind: ClassVar[str] = "roll"  # a roll in the log and the export, like any other

    def __init__(
        self,
        *,
        key: str,
        text: str,
        side: str | None = None,
        actor: str | None = None,
        target: str | None = None,
        help: str = "",
        actors: tuple[str, ...] = (),
        targets: tuple[str, ...] = (),
        default: AnswerValue | None = None,
        dice: str,
        compare: Compare | None = None,
        threshold: int | None = None,
        modifiers: Sequence[tuple[str, int]] = (),
        mod_target: bool = False,
        always_succeed: Iterable[int] = NO_NATURALS,
        always_fail: Iterable[int] = NO_NATURALS,
        crit_success: Iterable[int] = NO_NATURALS,
        crit_failure: Iterable[int] = NO_NATURALS,
        per_die: bool = False,
        need: int | None = None,
        shares: tuple[tuple[str, int], ...] = (),
    ) -> None:
        Roll.__init__(
            self,
            key=key,
            text=text,
            side=side,
            actor=actor,
            target=target,
            help=help,
            actors=actors,
            targets=targets,
            default=default,
            dice=dice,
            compare=compare,
            threshold=threshold,
            modifiers=modifiers,
            mod_target=mod_target,
            always_succeed=always_succeed,
            always_fail=always_fail,
            crit_success=crit_success,
            crit_failure=crit_failure,
            per_die=per_die,
            need=need,
        )
        object.__setattr__(self, "shares", shares)

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


records.explicit(SharedRoll, frozen=True, kw_only=True, specs=ROLL_SPECS)
