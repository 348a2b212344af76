"""The rule author's API: everything a rule system imports, from one module.

A system is a `BaseSystem` subclass declaring its phase table, field and option specs
and player range; its steps are generators that `yield` prompts (`Choose`, `Pick`,
`Roll`, `Ask`, `Confirm`) and change the battle only through `Battle`. The contract
(what the engine calls, what a step may do) is in `engine/core/system.py`; the helpers
that keep a rule reading like the rulebook are in `engine/core/kit.py`.

    from skirmtui.engine.rules import BaseSystem, Battle, Phase, Roll, Step, stat_test
"""

from __future__ import annotations

from skirmtui.engine.core import conditions
from skirmtui.engine.core.armies import setup_from_scenario
from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, Position, Scalar, Side, Stat, Unit
from skirmtui.engine.core.causes import Cause
from skirmtui.engine.core.data import data_file, load_toml, player_range
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.kit import (
    about,
    charge_cue,
    choose_one,
    pick_enemy,
    reset,
    skipped,
    stat_test,
    summary_by_side,
    unit_choices,
    units_by_side,
    winner_by_score,
)
from skirmtui.engine.core.prompts import (
    Ask,
    Choose,
    Compare,
    Confirm,
    LazyOptions,
    Option,
    Pick,
    Prompt,
    Roll,
    RollResult,
)
from skirmtui.engine.core.records import frozen_record, record
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.engine.core.system import (
    FieldSpec,
    OptionSpec,
    Phase,
    QueueRow,
    RuleSystem,
    Setup,
    SetupError,
    Step,
    UnitSpec,
)
from skirmtui.engine.core.watch import Watch

__all__ = [
    "Ask",
    "BaseSystem",
    "Battle",
    "Cause",
    "Choose",
    "Compare",
    "Confirm",
    "FieldSpec",
    "Item",
    "LazyOptions",
    "Option",
    "OptionSpec",
    "Phase",
    "Pick",
    "Position",
    "Prompt",
    "QueueRow",
    "Roll",
    "RollOff",
    "RollResult",
    "RuleSystem",
    "Scalar",
    "Setup",
    "SetupError",
    "Side",
    "Stat",
    "Step",
    "Unit",
    "UnitSpec",
    "Watch",
    "about",
    "charge_cue",
    "choose_one",
    "conditions",
    "data_file",
    "frozen_record",
    "load_toml",
    "pick_enemy",
    "player_range",
    "record",
    "reset",
    "setup_from_scenario",
    "skipped",
    "stat_test",
    "summary_by_side",
    "unit_choices",
    "units_by_side",
    "winner_by_score",
]
