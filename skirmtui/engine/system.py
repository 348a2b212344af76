"""What a rule system provides to the engine, and the setup a battle starts from."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any, Protocol

import attrs

from skirmtui.engine.battle import Battle, Scalar, Side, Unit
from skirmtui.engine.prompts import Prompt

#: A rule step: yields prompts, receives answers (see prompts.py), returns nothing.
Step = Generator[Prompt, Any, None]


class SetupError(ValueError):
    """A battle setup the system refuses (over budget, wrong player count…)."""


@attrs.frozen
class Phase:
    id: str
    label: str


@attrs.frozen
class FieldSpec:
    """A tracked unit value: how the roster shows it and how a GM may override it."""

    name: str
    label: str
    kind: type[int] | type[bool] | type[str] = int
    minimum: int | None = None
    maximum: int | None = None
    #: Computed from the other fields (cost), so never typed in.
    derived: bool = False


@attrs.frozen
class OptionSpec:
    """A battle option a setup screen offers (budget, turn limit, optional rules)."""

    name: str
    label: str
    kind: type[int] | type[bool] = int
    default: int | bool = 0
    minimum: int | None = None
    maximum: int | None = None


@attrs.frozen
class UnitSpec:
    """A unit as a setup (or a GM's add) describes it: profile in the system's names."""

    id: str
    side: str
    name: str
    profile: dict[str, Scalar]


def _sides(value: Iterable[Side]) -> tuple[Side, ...]:
    return tuple(value)


def _units(value: Iterable[UnitSpec]) -> tuple[UnitSpec, ...]:
    return tuple(value)


@attrs.frozen
class Setup:
    system: str
    title: str
    seed: int
    sides: tuple[Side, ...] = attrs.field(converter=_sides)
    units: tuple[UnitSpec, ...] = attrs.field(converter=_units)
    options: dict[str, Any] = attrs.field(factory=dict)


@attrs.frozen
class QueueRow:
    """One line of the activation/initiative queue, as the system words it."""

    side: str | None
    text: str
    unit: str | None = None
    current: bool = False


class RuleSystem(Protocol):
    """A rule system: immutable rules the engine drives through its steps."""

    id: str
    title: str
    language: str
    phases: tuple[Phase, ...]
    #: Current-state fields of a unit (roster columns, GM overrides).
    unit_fields: tuple[FieldSpec, ...]
    #: Starting-profile fields, in display order.
    profile_fields: tuple[FieldSpec, ...]
    #: Battle options a setup may set.
    setup_options: tuple[OptionSpec, ...]
    min_players: int
    max_players: int

    def check_setup(self, setup: Setup) -> list[str]:
        """Raise `SetupError` for a setup the rules refuse; return warnings."""
        ...

    def make_unit(self, spec: UnitSpec) -> Unit:
        """A unit with its tracked stats at their starting values."""
        ...

    def new_battle(self, setup: Setup) -> Battle: ...

    def next_step(self, battle: Battle) -> Step:
        """The next rule step from the plain position in `battle`.

        Steps report two boundaries for the GM's timed conditions: call
        `engine.conditions.round_ended(battle)` when a round ends (before the next
        begins) and `engine.conditions.activation_ended(battle, unit_id)` when a unit's
        activation ends."""
        ...

    def queue(self, battle: Battle) -> list[QueueRow]:
        """Who acts next and in what order, worded for the queue pane."""
        ...

    def status(self, battle: Battle, unit: Unit) -> str:
        """A unit's statuses in a few words (roster, sheet)."""
        ...

    def summary(self, battle: Battle) -> list[str]:
        """Lines of the battle summary (review, export)."""
        ...

    def demo_setup(self) -> Setup:
        """The bundled battle `skirmtui demo` opens."""
        ...

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        """What the GM says when putting `unit` back (G-4): its damage, wounds or
        models, bounded to the values of a living unit."""
        ...

    def restore_unit(self, battle: Battle, unit: Unit, level: int | None) -> None:
        """Make a unit the GM put back alive by the system's rules (G-4): `level` is the
        GM's value of `restore_field` (None: the system's default, as in older saves).
        The engine has already cleared `removed`; every change goes through `battle.set`."""
        ...


def phase_label(system: RuleSystem, phase_id: str) -> str:
    for phase in system.phases:
        if phase.id == phase_id:
            return phase.label
    return phase_id.replace("_", " ").capitalize()
