"""`BaseSystem`: what every rule system used to repeat, written once.

A system declares its phase table, field and option specs and player range, and writes
its rules as phase steps; setup checks, option defaults, unit making, dispatch and the
plain views come from here. It overrides a hook only where its rules say more:

- `complete_profile` — derived fields (a cost) and profile entries the specs do not list;
- `starting_stats` — a current value that does not start at its spec's start;
- `check_armies` — refusals and warnings about whole armies (budget, points);
- `start` — the position and log of a new battle;
- `check_end` — the system's own end condition, checked by the engine after every answer;
- `queue`, `status`, `summary` — the views, once it has more to show than the defaults.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from skirmtui.engine.core.battle import Battle, Scalar, Stat, Unit
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.kit import summary_by_side
from skirmtui.engine.core.prompts import AnswerValue, Prompt
from skirmtui.engine.core.system import (
    FieldSpec,
    OptionSpec,
    Phase,
    QueueRow,
    Setup,
    SetupError,
    Step,
    UnitSpec,
)


class BaseSystem:
    """A rule system built from its declarations (see the module docstring)."""

    id: str
    title: str
    language: str
    round_word = "Turn"
    phases: tuple[Phase, ...]
    unit_fields: tuple[FieldSpec, ...]
    profile_fields: tuple[FieldSpec, ...]
    setup_options: tuple[OptionSpec, ...] = ()
    scenario_options: tuple[OptionSpec, ...] = ()
    min_players = 2
    max_players = 2
    #: How setup errors call a side's units ("units", "characters").
    unit_word = "units"
    #: The prefix of this system's rulings (`WI` for WI-7): stated in docs/rules/<id>.md.
    ruling_prefix: str
    #: The unit field the GM's quick keys (+ / −) change; None: the system has none.
    damage_field: str | None = None
    #: Words and abbreviations the screens show, explained (the help screen's glossary).
    glossary: tuple[tuple[str, str], ...] = ()
    #: Keys of questions only the table answers (engine/core/system.py `decides`).
    table_facts: frozenset[str] = frozenset()
    #: Table facts (a choice of more than two) whose first option is the likely answer:
    #: the app's look-ahead reads on with it (engine/play/lookahead.py).
    likely_first: frozenset[str] = frozenset()
    #: Decisions another side makes in answer to a side's own action, within its step
    #: (how a target defends): the app's look-ahead reads on with the answer worst for
    #: the side acting (the enemy's best) instead of stopping there, so what the action
    #: brings is seen; others end the look-ahead (engine/play/lookahead.py).
    replies: frozenset[str] = frozenset()
    #: Table facts the app's look-ahead stops at, valuing the battle where they are
    #: asked: what they may say is weighed by `standing` (a guess read on would decide).
    horizon: frozenset[str] = frozenset()
    #: The app's players' words for `standing` in a decision's reason ("" : not named).
    standing_words: str = ""
    #: What one more wound does to `damage_field`: +1 where the field counts damage
    #: taken, -1 where it counts what is left (regole-base's current R).
    damage_step: int = 1

    # -- options and setup --------------------------------------------------------------

    @cached_property
    def option_specs(self) -> dict[str, OptionSpec]:
        return {o.name: o for o in (*self.setup_options, *self.scenario_options)}

    def options_of(self, setup: Setup) -> dict[str, Any]:
        """Every option: its spec's default unless the setup sets it (lists copied)."""
        options = {
            name: list(spec.default) if isinstance(spec.default, list) else spec.default
            for name, spec in self.option_specs.items()
        }
        options.update(setup.options)
        return options

    def check_setup(self, setup: Setup) -> list[str]:
        """Raise `SetupError` for a setup the specs or the rules refuse; return warnings."""
        return self._checked(setup)[0]

    def _checked(self, setup: Setup) -> tuple[list[str], dict[str, list[Unit]]]:
        """`check_setup`'s warnings and the armies it built (`new_battle` keeps them:
        making every unit twice was a fixed cost of each simulated battle)."""
        players = len(setup.sides)
        if not self.min_players <= players <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players}–{self.max_players}"
            )
            raise SetupError(f"{players} players: this system takes {span}")
        options = self.options_of(setup)
        for name, spec in self.option_specs.items():
            spec.check(options[name])
        armies: dict[str, list[Unit]] = {}
        for side in setup.sides:
            units = [self.make_unit(u) for u in setup.units if u.side == side.id]
            if not units:
                raise SetupError(f"{side.name} has no {self.unit_word}")
            armies[side.id] = units
        return self.check_armies(setup, options, armies), armies

    def check_armies(
        self, setup: Setup, options: dict[str, Any], armies: dict[str, list[Unit]]
    ) -> list[str]:
        """Hook: refuse (`SetupError`) or warn about whole armies. Default: nothing."""
        return []

    # -- units --------------------------------------------------------------------------

    def make_unit(self, spec: UnitSpec) -> Unit:
        """A unit from its spec: every profile field read and checked against its spec,
        then `complete_profile`, then every current stat at its start."""
        profile: dict[str, Scalar] = {}
        for field in self.profile_fields:
            if not field.derived:
                value = field.read(spec.name, spec.profile.get(field.name))
                assert not isinstance(value, tuple), "profiles hold scalars"
                profile[field.name] = value
        profile = self.complete_profile(spec, profile)
        return Unit(spec.id, spec.side, spec.name, profile, self.starting_stats(profile))

    def complete_profile(self, spec: UnitSpec, profile: dict[str, Scalar]) -> dict[str, Scalar]:
        """Hook: add derived fields and entries the specs do not list. Default: as read."""
        return profile

    def starting_stats(self, profile: dict[str, Scalar]) -> dict[str, Stat]:
        """Each unit field starts at the profile's value of the same name, else its start."""
        return {
            field.name: profile[field.name] if field.name in profile else field.initial()
            for field in self.unit_fields
        }

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        """G-4: what the GM says when putting a unit back (its damage, wounds or models,
        bounded to the values of a living unit). No default: every system says it."""
        raise NotImplementedError(
            f"{self.id}: declare restore_field (the value a GM gives a unit put back, G-4)"
        )

    def replay_options(self, items: Sequence[Item]) -> dict[str, Any]:
        """Hook: options an older answer log needs to replay as played (see `RuleSystem`)."""
        return {}

    def older_questions(self) -> Sequence[dict[str, Any]]:
        """Hook: options of older question sets to replay an older log with (see
        `RuleSystem`); `ASKED_BEFORE` for a system that asks less since issue 25."""
        return ()

    def restore_unit(self, battle: Battle, unit: Unit, level: int | None) -> None:
        """G-4: a unit put back starts afresh (every stat at its start), with the GM's
        `level` of `restore_field` when given. Systems with more to say override it."""
        fresh = self.starting_stats(unit.profile)
        if level is not None:
            fresh[self.restore_field(battle, unit).name] = level
        for field, value in fresh.items():
            battle.set(unit, field, value)

    # -- what a unit is worth (engine/play/: the app's players) ---------------------------

    def strength(self, battle: Battle, unit: Unit) -> float:
        """How whole a unit is, 1 (as it started) to 0 (off the table), read from the
        stat a GM sets to put it back (`restore_field`): damage or wounds counting up
        from its minimum, models or resistance counting down from its maximum."""
        return 0.0 if unit.removed else strength_by(unit, self.restore_field(battle, unit))

    def standing(self, battle: Battle, side: str) -> float:
        """How far a side stands by its system's own way of winning beyond its units'
        worth (objectives held, firmness kept), in units: 0 by default."""
        return 0.0

    def fact_odds(
        self, battle: Battle, prompt: Prompt
    ) -> Sequence[tuple[AnswerValue, float]] | None:
        """None: the look-ahead reads a table fact its own way (each answer as likely)."""
        return None

    def closing(self, battle: Battle, side: str) -> float:
        """What a side's units that closed in this turn may take off next: 0 by default
        (a move brings nothing the engine can see)."""
        return 0.0

    def stays(self, prompt: Prompt, value: AnswerValue) -> bool:
        """False by default: only an answer marked as doing nothing stays (`passive`)."""
        return False

    def closes(self, battle: Battle, prompt: Prompt, value: AnswerValue) -> float:
        """0 by default: an answer that does nothing keeps nothing for later."""
        return 0.0

    def wants(self, battle: Battle, prompt: Prompt) -> str:
        """No words by default: the question names what the app's unit does."""
        return ""

    def attacks_to_come(self, battle: Battle, side: str) -> float | None:
        """None by default: a persona's `attack` counts the attack rolls the look-ahead
        sees in the decision's own step (and the acting unit's)."""
        return None

    def is_attack(self, prompt: Prompt) -> bool:
        """True by default: every roll of a side's at an enemy is an attack."""
        return True

    def mending(self, battle: Battle, side: str) -> float:
        """0 by default: no strength won back past what the look-ahead sees."""
        return 0.0

    def exposure(self, battle: Battle, side: str) -> tuple[float, float]:
        """What a side stands to lose to its enemies' reply (worth, units): (0, 0) by
        default (the look-ahead stops at the enemy's choice)."""
        return (0.0, 0.0)

    def landed(self, battle: Battle) -> Battle:
        """The battle with what the rules hold to land later landed: nothing is held by
        default (combattimento-gdr holds a simultaneous group's hits)."""
        return battle

    def unit_value(self, unit: Unit) -> float:
        """What a whole unit is worth: its cost or points where the profile has one."""
        for name in ("cost", "points"):
            value = unit.profile.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                return float(value)
        return 1.0

    # -- a battle -----------------------------------------------------------------------

    def new_battle(self, setup: Setup) -> Battle:
        return self.battle_of(setup, self.armies(setup))

    def armies(self, setup: Setup) -> dict[str, Unit]:
        """Every unit of `setup` made and checked (`SetupError` if refused), by id."""
        return {u.id: u for units in self._checked(setup)[1].values() for u in units}

    def battle_of(self, setup: Setup, built: dict[str, Unit]) -> Battle:
        """`new_battle` with its units made already (`armies`, or copies of them: a sim
        plays one setup with many seeds, engine/play/sim.py)."""
        battle = Battle(
            self.id,
            setup.title,
            setup.seed,
            self.options_of(setup),
            list(setup.sides),
            {spec.id: built.get(spec.id) or self.make_unit(spec) for spec in setup.units},
            phase=self.phases[0].id,
            phase_labels={p.id: p.label for p in self.phases},
            round_word=self.round_word,
        )
        self.start(battle)
        return battle

    def start(self, battle: Battle) -> None:
        """Hook: set up the position of a new battle and write its first log lines."""

    def demo_setup(self) -> Setup:
        """The bundled battle `skirmtui demo` opens: `data/<id>/scenarios/demo.toml`."""
        from skirmtui.engine.core.armies import setup_from_scenario

        return setup_from_scenario(self.id, "demo")

    @cached_property
    def steps(self) -> dict[str, Any]:
        """Phase id → step, from the phase table (what `next_step` dispatches on)."""
        return {p.id: p.step for p in self.phases}

    def next_step(self, battle: Battle) -> Step | None:
        """The step of the current phase, from the phase table."""
        step = self.steps.get(battle.phase)
        if step is None:
            raise NotImplementedError(f"{self.id}: no step for phase {battle.phase!r}")
        result: Step | None = step(battle)
        return result

    def phase_after(self, phase_id: str) -> str:
        """The phase that follows `phase_id` in the phase table (the table is the one
        place the order is written); the last phase has none."""
        ids = [p.id for p in self.phases]
        at = ids.index(phase_id)
        if at + 1 == len(ids):
            raise ValueError(f"{self.id}: {phase_id!r} is the last phase")
        return ids[at + 1]

    def check_end(self, battle: Battle) -> None:
        """Hook: end the battle when the system's own end condition holds (see
        `RuleSystem.check_end`). Default: nothing (the end is decided by a step: a turn
        limit, the end of a round, the GM)."""

    # -- views (read only) --------------------------------------------------------------

    def queue(self, battle: Battle, /) -> list[QueueRow]:
        """One row per side: how many of its units are on the table; whose step it is."""
        return [
            QueueRow(
                s.id,
                f"{s.name}: {len(battle.on_table(s.id))} {self.unit_word} on the table",
                current=battle.turn_side == s.id,
            )
            for s in battle.sides
        ]

    def status(self, battle: Battle, unit: Unit, /) -> str:
        return "removed" if unit.removed else ""

    def sheet_rows(self, battle: Battle, unit: Unit, /) -> list[tuple[str, str]]:
        """Rows of its own the unit sheet shows after the status (label, text)."""
        return []

    def value_words(
        self, battle: Battle, unit: Unit | None, field: str, value: object, /
    ) -> str | None:
        """No words of its own: the engine words every value."""
        return None

    def summary(self, battle: Battle, /) -> list[str]:
        """The headline, then each side's units standing."""
        return summary_by_side(
            battle,
            lambda side, units, left: (
                f"{side.name}: {len(left)}/{len(units)} {self.unit_word} standing"
            ),
        )


def strength_by(unit: Unit, spec: FieldSpec) -> float:
    """`BaseSystem.strength` of a unit on the table, its `restore_field` given (the
    app's look-ahead reads each unit's once a decision)."""
    now, start = unit.stats.get(spec.name), unit.start.get(spec.name)
    low, high = spec.minimum, spec.maximum
    if not isinstance(now, int) or isinstance(now, bool) or low is None or high is None:
        return 1.0
    if isinstance(start, int) and start >= high > 0:  # counts down: models, R
        return max(0.0, min(1.0, now / high))
    return max(0.0, min(1.0, 1.0 - (now - low) / (high - low + 1)))
