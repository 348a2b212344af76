"""What a rule system provides to the engine, and the setup a battle starts from.

The contract every system keeps (write one with `engine.core.base.BaseSystem`, the helpers
in `engine.core.kit` and `engine.core.rolloff`):

**Steps.** The runner calls `next_step(battle)` (the current phase's `step` from the
phase table) at a step boundary and drives the generator it returns. A step reads the
battle, `yield`s prompts and receives their answers (see prompts.py), and changes the
battle only through it: unit values with `Battle.set` / `remove` / `restore` (each an
effect on the current log entry), the system's `Position` directly for bookkeeping or
with `Battle.track` for state a reader must see (initiative, play order, objectives,
firmness), the phase with `Battle.enter_phase`, the end with `Battle.end`. It keeps
nothing anywhere else (no module or system attribute changes). A step that asks nothing
must still move the position on (a phase, an index), or the runner calls it a loop.
Between steps the battle is plain data: that is where checkpoints are copied. A step
that asks nothing may be a plain function returning None instead of a generator.

**The end is the engine's to enforce.** `check_end(battle)` states the system's own end
condition (a side with no models left, firmness at zero, one side standing) and calls
`Battle.end` when it holds. The runner calls it at every step boundary, when `next_step`
has returned (before the step's first line runs), after every answer and every GM entry
(once the step has taken the answer and stopped at its next question, before that
question is shown): once it holds, no question is asked and the pending step is closed.
A step never stops itself at the end; an end a rule decides at one moment only (a turn
limit, the end of a round) stays in that step.

**A GM entry made while a question waits is seen by the step, by construction.** The
runner plays the step again from the boundary it began at (the session's checkpoints
give that battle): the GM entries that count from the step's start (taking a unit out,
putting one back, adding one, setting a value the step has not changed) first, then the
step's other entries in order, each fed to the question the step asks now. From the
first that no longer fits (another question, a value refused, the step or the battle
over) they are withdrawn: kept in the answer log, logged as `withdrawn`, their effects
gone; the table gives them again if it still means them. A GM entry that corrects what
the step itself did (puts back a unit it took out, sets a value it changed) applies where
it stands, as notes and conditions do. So a step may keep what it read before a `yield`
in local variables; it must only be deterministic given the answers (it is played again
from its start). A cache of derived state a system keeps in its position
(wargaming-introduttivo's units that may still move) is valid while `battle.gm_applied`
(GM entries applied so far, copied with the battle) is unchanged: keep the count beside
the cache and make it again when they differ. A prompt's `LazyOptions` read the battle
as it is while the prompt is pending; the runner makes them before a GM entry changes it.

**Views only read.** `queue`, `status`, `summary` (and the phase labels) are called on
every repaint and must change nothing (tests/property/test_every_system.py checks).

**Rules are deterministic given the answers.** No randomness, clock, environment or
set/dict iteration that is not in insertion order: replaying the same answers must give
the same battle, log and prompts (undo, load and checkpoints rely on it).

**Prompt keys and option values are stable.** A save stores `(key, value)` pairs and
replays them: a key or an option value once shipped is never renamed or reused for
something else (old saves would stop replaying: `skirmtui check` exits 1 naming the
answer). A new question gets a new key.

**Table facts and decisions.** `table_facts` names the prompt keys only the table can
answer (a distance, line of sight, cover, a charge reaching contact, where a unit went).
A side the app plays answers its own decisions (`decides`), never those, never a
`Confirm` (the table did something) and never dice (they follow the table's roll setting).
A new question that is a table fact joins `table_facts` with its key.

**From a keypress to the save file.** The TUI sends the answer to `Session.answer`
(or `roll` for app dice), which hands an `Item(key, value, by)` to `Runner.apply`: the
pending prompt's `coerce` is the one place the value is validated (refused: nothing is
stored), the runner logs the entry (with `value`, dice, `by`), sends the answer into
the step and advances to the next prompt; the session appends the normalised item, and
the autosaver writes the snapshot in the background after the frame that shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any, Protocol

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle, Scalar, Side, Unit
from skirmtui.engine.core.compiled import mypyc_attr
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.prompts import AnswerValue, Ask, Choose, Pick, Prompt
from skirmtui.engine.core.records import frozen_record

# (re-exported: a system declares its fields and options with the contract's names)
from skirmtui.engine.core.specs import FieldSpec as FieldSpec
from skirmtui.engine.core.specs import OptionSpec as OptionSpec
from skirmtui.engine.core.specs import SetupError as SetupError

#: A rule step: yields prompts, receives answers (see prompts.py), returns nothing.
Step = Generator[Prompt, Any, None]


@mypyc_attr(native_class=False)  # a compiled class cannot subclass RuntimeError
class RuleError(RuntimeError):
    """A rule system misbehaved (a step loop that never asks anything; the runner's)."""


@frozen_record
class Phase:
    """One row of a system's phase table: the id the position and the log keep, the
    label every reader sees (breadcrumb, log headings, summary, CLI), and the step the
    runner calls while the battle is in this phase (`None`: the system dispatches)."""

    id: str
    label: str
    step: Callable[[Battle], Step | None] | None = records.field(default=None, eq=False)


@frozen_record
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


@frozen_record
class Setup:
    system: str
    title: str
    seed: int
    sides: tuple[Side, ...] = records.field(converter=_sides)
    units: tuple[UnitSpec, ...] = records.field(converter=_units)
    options: dict[str, Any] = records.field(factory=dict)


@frozen_record
class QueueRow:
    """One line of the activation/initiative queue, as the system words it."""

    side: str | None
    text: str
    unit: str | None = None
    current: bool = False


class RuleSystem(Protocol):
    """A rule system: immutable rules the engine drives through its steps.

    Write one by subclassing `skirmtui.engine.core.base.BaseSystem`, which implements every
    method below from the declarations (phases, field and option specs, player range);
    a system overrides only where its rules have something to say."""

    id: str
    title: str
    language: str
    #: The seed's word for a round ("Turn", "Round"): the TUI header and log headings.
    round_word: str
    phases: tuple[Phase, ...]
    #: Current-state fields of a unit (roster columns, GM overrides).
    unit_fields: tuple[FieldSpec, ...]
    #: Starting-profile fields, in display order.
    profile_fields: tuple[FieldSpec, ...]
    #: Battle options the setup screen offers.
    setup_options: tuple[OptionSpec, ...]
    #: Battle options only a scenario file sets (text, lists); the form carries them over.
    scenario_options: tuple[OptionSpec, ...]
    min_players: int
    max_players: int
    #: The prefix of the system's rulings (`WI` for WI-7), stated in docs/rules/<id>.md.
    ruling_prefix: str
    #: The unit field the GM's quick keys (+ / −) change; None: the system has none.
    damage_field: str | None
    #: What one more wound does to `damage_field` (+1, or -1 where it counts what is left).
    damage_step: int
    #: Words and abbreviations its screens show, explained: (word, meaning).
    glossary: tuple[tuple[str, str], ...]
    #: Prompt keys only the table answers: an AI side never does (see `decides`).
    table_facts: frozenset[str]
    #: Table facts asked as a choice of more than two answers whose first option is the
    #: likely one: the app's look-ahead reads on with it (others it stops at).
    likely_first: frozenset[str]
    #: Decisions another side makes in answer to a side's own action, within its step
    #: (a defence): the look-ahead reads on with the answer worst for the side acting.
    replies: frozenset[str]
    #: Table facts the look-ahead does not read past: it values the battle where they
    #: are asked, the system's `standing` weighing what they may say.
    horizon: frozenset[str]
    #: The app's players' words for `standing` in a decision's reason ("": none).
    standing_words: str

    def check_setup(self, setup: Setup) -> list[str]:
        """Raise `SetupError` for a setup the rules refuse; return warnings."""
        ...

    def make_unit(self, spec: UnitSpec) -> Unit:
        """A unit with its tracked stats at their starting values."""
        ...

    def new_battle(self, setup: Setup) -> Battle: ...

    def next_step(self, battle: Battle) -> Step | None:
        """The next rule step from the plain position in `battle` (None: a step that asked
        nothing and has already moved the position on).

        Steps report two boundaries for the GM's timed conditions: call
        `engine.core.conditions.round_ended(battle)` when a round ends (before the next
        begins) and `engine.core.conditions.activation_ended(battle, unit_id)` when a unit's
        activation ends."""
        ...

    def check_end(self, battle: Battle) -> object:
        """End the battle (`Battle.end`) if the system's own end condition holds now; the
        runner calls it after every answer and GM entry and at every step boundary (see
        the module docstring). It may tidy what the condition reads first (a model at R 0
        removed) but changes nothing else, and finds the same when called again with
        nothing changed: the runner does not call it again after calling a phase's
        generator function (which runs none of its body). What it returns is not read (a
        kept finding, `Watch.kept`, returns one: `object`, so compiled code checks none)."""
        ...

    def queue(self, battle: Battle, /) -> list[QueueRow]:
        """Who acts next and in what order, worded for the queue pane."""
        ...

    def status(self, battle: Battle, unit: Unit, /) -> str:
        """A unit's statuses in a few words (roster, sheet)."""
        ...

    def summary(self, battle: Battle, /) -> list[str]:
        """Lines of the battle summary (review, export)."""
        ...

    def sheet_rows(self, battle: Battle, unit: Unit, /) -> list[tuple[str, str]]:
        """Rows of its own the unit sheet shows after the status (label, text)."""
        ...

    def value_words(
        self, battle: Battle, unit: Unit | None, field: str, value: object, /
    ) -> str | None:
        """A value of `unit`'s `field` in the system's own words where its data keys
        would show (combattimento-gdr's readied items: "Arco corto", not "arco_corto");
        None: as the engine words any value (`report.wording.value_words`)."""
        ...

    def demo_setup(self) -> Setup:
        """The bundled battle `skirmtui demo` opens."""
        ...

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        """What the GM says when putting `unit` back (G-4): its damage, wounds or
        models, bounded to the values of a living unit."""
        ...

    def strength(self, battle: Battle, unit: Unit) -> float:
        """How whole a unit is, 1 (as it started) to 0 (off the table): the app's players
        value what an answer costs or brings with it (engine/play/)."""
        ...

    def unit_value(self, unit: Unit) -> float:
        """What a whole unit is worth to the app's players (its cost, else 1)."""
        ...

    def standing(self, battle: Battle, side: str) -> float:
        """A side's standing by the system's own way of winning beyond its units' worth
        (objectives held, firmness kept), in units; 0 when units are all that count."""
        ...

    def fact_odds(
        self, battle: Battle, prompt: Prompt
    ) -> Sequence[tuple[AnswerValue, float]] | None:
        """A table fact's likely answers with their chances, as the system reads the
        position (regole-base: "which enemies did the move pass within 1\"?", none half
        the time, else one of them); None: each as likely (`likely_first`)."""
        ...

    def closing(self, battle: Battle, side: str) -> float:
        """What `side`'s units that closed in on the enemy this turn may take off next (the
        attack each may make, the table deciding whether it reaches), in units; 0 where a
        system does not say. Weighed by a persona's `closing` (distances are the table's)."""
        ...

    def stays(self, prompt: Prompt, value: AnswerValue) -> bool:
        """Whether an answer leaves its unit where it is, not weighed as doing nothing
        (regole-base's "Pass" in a one-answer list, pequenas-guerras' 0 cm actions):
        weighed by a persona's `hold`; what closes in after it is not its own."""
        ...

    def closes(self, battle: Battle, prompt: Prompt, value: AnswerValue) -> float:
        """What an answer that does nothing keeps for later, in units, weighed by
        `closing` as its own closing in (wargaming-introduttivo: a held shot's melee)."""
        ...

    def wants(self, battle: Battle, prompt: Prompt) -> str:
        """For a table fact about a unit of a side the app plays: what the app wants done
        with that miniature, from the decision it made ("bring Cacciatore within 10 cm of
        the nearest enemy"); "" where the question says it. Words only (the Now pane)."""
        ...

    def attacks_to_come(self, battle: Battle, side: str) -> float | None:
        """The attack rolls at an enemy `side`'s units may still make this turn, as
        things stand (wargaming-introduttivo: its active units that have not attacked);
        None where a system does not say. With it, a persona's `attack` weighs every
        attack roll of the side and what is still to come, wherever the look-ahead ends:
        an activation counts the attack it makes possible a phase later."""
        ...

    def is_attack(self, prompt: Prompt) -> bool:
        """Whether a roll of a side's at an enemy unit is an attack, which a persona's
        `attack` weighs (regole-base: its hit rolls; not a defender's armour save, a
        wound roll or an escape's Confronto, rolled at an enemy too); every such roll
        where a system does not say."""
        ...

    def mending(self, battle: Battle, side: str) -> float:
        """The strength `side`'s units are expected to win back this turn past where a
        decision's look-ahead ends (wargaming-introduttivo: its one recovery, WI-5), in
        units; 0 where a system does not say. Weighed by a persona's `mend`."""
        ...

    def exposure(self, battle: Battle, side: str) -> tuple[float, float]:
        """What `side` stands to lose to its enemies' reply, each enemy unit's best
        attack by the exact odds before the side acts again: (worth, in `unit_value`
        terms; units taken off). (0, 0) where the system does not say: the app's
        look-ahead then stops at the enemy's choice."""
        ...

    def landed(self, battle: Battle) -> Battle:
        """The battle as the app's players value it: what the rules hold to land later
        (a simultaneous group's hits) landed, on a copy; `battle` itself when nothing
        is held."""
        ...

    def restore_unit(self, battle: Battle, unit: Unit, level: int | None) -> None:
        """Make a unit the GM put back alive by the system's rules (G-4): `level` is the
        GM's value of `restore_field` (None: the system's default, as in older saves).
        The engine has already cleared `removed`; every change goes through `battle.set`."""
        ...

    def replay_options(self, items: Sequence[Item]) -> dict[str, Any]:
        """Options an older answer log needs to replay the way it was played, found in the
        log itself (a rule that now asks other questions keeps the old ones for it);
        empty for a log of today's questions."""
        ...

    def older_questions(self) -> Sequence[dict[str, Any]]:
        """Options that bring back older questions (newest first; e.g. one question per
        unit where today one `Pick` answers for all): a saved log that does not replay
        with today's questions is replayed again with each of these until one fits, and
        its setup keeps them. Empty when the system never changed what it asks."""
        ...


def decides(system: RuleSystem, prompt: Prompt) -> bool:
    """Whether `prompt` is a decision a side makes (a choice, a yes/no it may say, which
    of several), so a side the app plays may answer it: not dice, not a `Confirm`, not a
    table fact."""
    return isinstance(prompt, Choose | Ask | Pick) and prompt.key not in system.table_facts
