"""What a system declares of its units and battles, checked where a setup gives them:
a unit value (`FieldSpec`: how the roster shows it, how a GM may override it) and a
battle option (`OptionSpec`), with the error a refused setup raises (`SetupError`).
Apart from engine/core/system.py, the contract of a rule system, which re-exports them."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.battle import Scalar, Stat
from skirmtui.engine.core.records import frozen_record


class SetupError(ValueError):
    """A battle setup the system refuses (over budget, wrong player count…)."""


def _check_number(what: str, value: object, low: int | None, high: int | None) -> int:
    """`value` as a whole number within [low, high], else `SetupError` naming `what`."""
    ok = isinstance(value, int) and not isinstance(value, bool)
    if ok and (low is None or value >= low) and (high is None or value <= high):  # type: ignore[operator]
        return value  # type: ignore[return-value]
    if low is not None and high is not None:
        raise SetupError(f"{what} must be a whole number {low}–{high}")
    if low is not None:
        raise SetupError(f"{what} must be a whole number, at least {low}")
    raise SetupError(f"{what} must be a whole number")


@frozen_record
class FieldSpec:
    """A unit value: how the roster shows it, how a GM may override it, and (for a
    profile field) how a setup is checked: `kind`, range or `choices`, `default`."""

    name: str
    label: str
    #: `tuple`: several unit ids (a multi-valued stat, e.g. every opponent in a melee).
    kind: type[int] | type[bool] | type[str] | type[tuple[str, ...]] = int
    minimum: int | None = None
    maximum: int | None = None
    #: Computed from the other fields (cost), so never typed in.
    derived: bool = False
    #: The value a setup may leave out (None: it must give one).
    default: Scalar | None = None
    #: The only values a text field takes (empty: any text).
    choices: tuple[str, ...] = ()
    #: A current stat's starting value when the profile has no field of its name
    #: (None: 0, False or "" by `kind`).
    start: Stat | None = None

    def read(self, owner: str, value: object) -> Stat:
        """`value` checked against this spec; `SetupError` names `owner` and the field."""
        if value is None and self.default is not None:
            return self.default
        if self.kind is bool:
            if not isinstance(value, bool):
                raise SetupError(f"{owner}: {self.label} must be yes or no (true/false)")
            return value
        if self.kind is tuple:
            if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
                raise SetupError(f"{owner}: {self.label} must be a list of unit ids")
            return tuple(value)
        if self.kind is str:
            if not isinstance(value, str):
                raise SetupError(f"{owner}: {self.label} must be text")
            if self.choices and value not in self.choices:
                raise SetupError(f"{owner}: {self.label} must be one of {', '.join(self.choices)}")
            return value
        return _check_number(f"{owner}: {self.label}", value, self.minimum, self.maximum)

    def initial(self) -> Stat:
        if self.start is not None:
            return self.start
        return self.kind()

    def show(self, value: object) -> str:
        """A value in words (the roster, the sheet, the log of a GM override)."""
        if value is True:
            return "yes"
        if value is False:
            return "no"
        if isinstance(value, tuple):
            return ", ".join(map(str, value)) or "—"
        return str(value)


@frozen_record
class OptionSpec:
    """A battle option: its default, and the check a setup's value must pass.

    `kind` int and bool are offered by the setup screen; str and list (of names) are
    set by scenario files (`RuleSystem.scenario_options`)."""

    name: str
    label: str
    kind: type[int] | type[bool] | type[str] | type[list[str]] = int
    default: Any = 0
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] = ()

    def check(self, value: object) -> None:
        """Raise `SetupError` if `value` is not a legal value of this option."""
        if self.choices:
            if isinstance(value, bool) or value not in self.choices:
                words = ", ".join(map(str, self.choices))
                raise SetupError(f"{self.label}: must be one of {words}")
        elif self.kind is bool:
            if not isinstance(value, bool):
                raise SetupError(f"{self.label}: must be on or off (true/false)")
        elif self.kind is str:
            if not isinstance(value, str):
                raise SetupError(f"{self.label}: must be text")
        elif self.kind is list:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise SetupError(f"{self.label}: must be a list of names")
        else:
            _check_number(f"{self.label}:", value, self.minimum, self.maximum)
