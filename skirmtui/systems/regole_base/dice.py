"""The two kinds of roll of regole-base: 1d6 tests (RB-2) and 2d6 Confronti (RB-1).

Both are declarative `Roll` prompts, so the app shows the target and the exact chance
before the dice are rolled (G-2) and the log records the outcome and any critical.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import annotate
from skirmtui.engine.core.prompts import Roll
from skirmtui.systems.regole_base.tables import confronti

#: Natural totals as the `Roll` converters take them (typed once for mypy's attrs plugin).
_NONE: Any = frozenset()
_TWO: Any = frozenset({2})
_TWELVE: Any = frozenset({12})
_ONE: Any = frozenset({1})
_SIX: Any = frozenset({6})


class Cell(NamedTuple):
    """One cell of the Confronti grid: the 2d6 target and how 2 and 12 read (RB-1)."""

    target: int
    #: "12*": a 12 fails, but not critically.
    twelve_star: bool = False
    #: "2\": only a 2 succeeds, and not critically.
    two_slash: bool = False

    @property
    def text(self) -> str:
        if self.twelve_star:
            return "12*"
        if self.two_slash:
            return "2\\"
        return str(self.target)

    @property
    def words(self) -> str:
        """The cell as a prompt says it (the table's `2\\` has a backslash, which a
        reader takes for a typo: issue 27)."""
        if self.two_slash:
            return "only 2, not critical,"
        return self.text


def parse_cell(text: str) -> Cell:
    """`"8"`, `"12*"` or `"2\\"` (what confronti.toml holds)."""
    text = text.strip()
    if text == "12*":
        return Cell(11, twelve_star=True)
    if text == "2\\":
        return Cell(2, two_slash=True)
    target = int(text)
    if not 3 <= target <= 11:
        raise ValueError(f"confronti.toml: {text!r} is not a cell (3–11, 12* or 2\\)")
    return Cell(target)


def _index(values: tuple[int, ...], value: int) -> int:
    """RB-1: values beyond the grid use its edge."""
    clamped = min(max(value, values[0]), values[-1])
    return values.index(clamped)


@cache
def cell(own: int, opposed: int) -> Cell:
    """Seed: "la Caratteristica è indicata in orizzontale, il valore opposto in
    verticale"; the grid in `data/regole-base/confronti.toml` (RB-1)."""
    values, rows = confronti()
    return parse_cell(rows[_index(values, opposed)][_index(values, own)])


@cache
def _words(own: int, opposed: int) -> str:
    """`cell(own, opposed).words` (read for every Confronto)."""
    return cell(own, opposed).words


def confronto(
    unit: Unit, key: str, text: str, own: int, opposed: int, *, target: Unit | None = None
) -> Roll:
    """`unit`'s 2d6 Confronto: success on a roll at or under the cell's target; a 2 is a
    critical success and a 12 a critical failure, except where "12*" and "2\\" say."""
    found = cell(own, opposed)
    # (`kit.about` spelled out: a Confronto is most of a battle's rolls.)
    return Roll(
        side=unit.side,
        actor=unit.id,
        target=None if target is None else target.id,
        key=key,
        text=f"{text} ({own} vs {opposed}: {_words(own, opposed)} on 2d6)",
        dice="2d6",
        compare="<=",
        threshold=found.target,
        always_succeed=_TWO,
        always_fail=_TWELVE,
        crit_success=_NONE if found.two_slash else _TWO,
        crit_failure=_NONE if found.twelve_star else _TWELVE,
    )


class Mod(NamedTuple):
    label: str
    value: int


def test(
    unit: Unit,
    stat: str,
    key: str,
    text: str,
    *,
    value: int | None = None,
    modifiers: tuple[Mod, ...] = (),
    target: Unit | None = None,
) -> Roll:
    """Seed: a test is passed on 1d6 at or under the value (the unit's `stat`, or
    `value`); RB-2: a 1 always succeeds critically, a 6 always fails critically. A malus
    lowers the value to roll under (the kit's `stat_test`, in the rulebook's words;
    spelled out as `confronto` is)."""
    return Roll(
        side=unit.side,
        actor=unit.id,
        target=None if target is None else target.id,
        key=key,
        text=text,
        dice="1d6",
        compare="<=",
        threshold=unit.num(stat) if value is None else value,
        modifiers=tuple([(m.label, m.value) for m in modifiers]),
        mod_target=True,
        always_succeed=_ONE,
        always_fail=_SIX,
        crit_success=_ONE,
        crit_failure=_SIX,
    )


class Operand(NamedTuple):
    """One side of a Confronto as compared (export `roll.parts`): the characteristic's
    `label`, the `value` used, and the `mods` that moved it from the model's own."""

    label: str
    value: int
    mods: tuple[Mod, ...] = ()


def part(role: str, operand: Operand) -> dict[str, Any]:
    """An operand as export `roll.parts` shows it: `base` + each mod = `value`."""
    return {
        "role": role,
        "label": operand.label,
        "value": operand.value,
        "base": operand.value - sum(m.value for m in operand.mods),
        "mods": [{"label": m.label, "value": m.value} for m in operand.mods],
    }


def confront(
    unit: Unit, key: str, text: str, own: Operand, against: Operand, *, target: Unit | None = None
) -> Roll:
    """`confronto` of `own` against `against`. The step yields it and, as soon as the roll
    is answered, names its operands on the roll's entry: `annotate(b, roll=parts(own,
    against))` (RB-1: the cell read is the characteristic's value across, the opposed
    value down), with the attack's keys in the same call where it has them. (Not a
    generator around the one roll: a Confronto is most answers of a battle.)"""
    return confronto(unit, key, text, own.value, against.value, target=target)


@cache
def parts(own: Operand, against: Operand) -> dict[str, Any]:
    """A Confronto's `roll` keys (shared by every roll of these operands: not mutated)."""
    found = cell(own.value, against.value)
    return {"parts": [part("own", own), part("against", against)], "cell": found.text}


def mods(*pairs: tuple[str, int]) -> tuple[Mod, ...]:
    """The non-zero modifiers of `pairs`."""
    return tuple(Mod(label, value) for label, value in pairs if value)


def tested(b: Battle, operand: Operand) -> None:
    """A 1d6 test's entry names the value tested: its base and what moved it (the roll's
    own modifiers, which move the number to roll under, are `roll.mods`)."""
    annotate(b, roll=_tested(operand))


@cache
def _tested(operand: Operand) -> dict[str, Any]:
    return {"parts": [part("own", operand)]}
