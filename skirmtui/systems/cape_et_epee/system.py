"""The turn sequence of cape-et-epee (seed 004, rulings CE-1..CE-10).

Each turn: Activation → Orders → Deployment → Activated characters (impulses) →
Non-activated characters → End of turn. Each step is one small generator in the
modules beside this one; between steps the position is `CEPosition` (position.py) plus unit stats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import ASKED_BEFORE_THIRD_PASS
from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, Scalar, Stat, Unit
from skirmtui.engine.core.data import player_range
from skirmtui.engine.core.kit import charge_cue, reset, winner_by_score
from skirmtui.engine.core.prompts import Choose, Option, Prompt
from skirmtui.engine.core.system import FieldSpec, Phase, Setup, Step, UnitSpec
from skirmtui.engine.core.watch import Watch
from skirmtui.systems.cape_et_epee import (
    activation,
    firmness,
    impulses,
    morale,
    nonactivated,
    profile,
    views,
)
from skirmtui.systems.cape_et_epee.position import CEPosition, pos

NO = "no"


def _going_on(b: Battle) -> bool | None:
    """Seed §3.1.1: an army whose firmness falls to zero leaves the field at once. True
    while no army's has (kept: `CapeEtEpee.check_end`), None once the battle has ended."""
    beaten = firmness.beaten(b)
    if not beaten:
        return True
    if len(beaten) > 1:
        b.end(None, "both armies' firmness fell to zero")
    else:
        b.end(activation.other(b, beaten[0]), f"{b.side_name(beaten[0])}'s firmness fell to zero")
    return None


#: The end check runs about twice an answer: `_going_on` reads the units only when the
#: battle's firmness losses, starting firmness or units have changed since it was last
#: found going on.
_GOING_ON: Watch[bool] = Watch("firm_loss", "firmness")

#: Seed §2.1: every turn starts with no order die, no AP, nobody having acted.
_TURN_FRESH: dict[str, Stat] = {"die": 0, "ap": 0, "acted": False}


class CapeEtEpee(BaseSystem):
    #: Questions only the table answers (distances, sight, cover, contact, where a
    #: unit went): an AI side never answers them (engine/play/).
    table_facts = frozenset(
        {
            "morale.facts",
            "morale.situation",
            "na.separated",
            "na.act_with",
            "move.cover",
            "move.off",
            "charge.contact",
            "shoot.cover",
            "react.cover",
            "deploy.distance",
            "deploy.at_clear",
            "morale.threat",
            "morale.cover",
            "shoot.range",
            "react.range",
            "shoot.sight",
            "react.sight",
        }
    )
    id = profile.SYSTEM_ID
    title = "A la Guerre… de cape et d'épée"
    language = "Italian"
    round_word = "Turn"
    ruling_prefix = "CE"
    #: The help screen's glossary: words and abbreviations the screens show.
    glossary = (
        ("um", "the game's unit of measure: one foot model's base diameter (1 um is 2 m)"),
        ("CA", "armour class, 5 unarmoured to 1 full armour (a shield lowers it by one)"),
        ("AP, order die", "action points; the activation die (face 1–3: AP and priority)"),
    )
    unit_fields = profile.UNIT_FIELDS
    #: The field the quick GM keys (+ / -) change: wounds taken.
    damage_field = "wounds"
    profile_fields = profile.PROFILE_FIELDS
    setup_options = profile.setup_options()
    scenario_options = profile.scenario_options()
    min_players, max_players = player_range(profile.rules())
    unit_word = "characters"

    def __init__(self) -> None:
        self.phases = (
            Phase("activation", "Activation", activation.roll_step),
            Phase("orders", "Orders", activation.orders_step),
            Phase("deployment", "Deployment", activation.deployment_step),
            Phase("activated", "Activated characters", impulses.impulse_step),
            Phase("nonactivated", "Non-activated characters", nonactivated.na_step),
            Phase("end", "End of turn", self._end_of_turn),
        )

    # -- setup ----------------------------------------------------------------------------

    def complete_profile(self, spec: UnitSpec, read: dict[str, Scalar]) -> dict[str, Scalar]:
        return profile.complete_profile(spec, read)

    def starting_stats(self, unit_profile: dict[str, Scalar]) -> dict[str, Stat]:
        stats = super().starting_stats(unit_profile)
        stats["deployed"] = not unit_profile["reserve"]  # CE-4: reserves start off the table
        return stats

    def check_armies(
        self, setup: Setup, options: dict[str, Any], armies: dict[str, list[Unit]]
    ) -> list[str]:
        return profile.check_armies(setup, armies)

    def start(self, battle: Battle) -> None:
        options = battle.options
        units = battle.units
        starts = {
            s.id: firmness.starting(
                [u for u in units.values() if u.side == s.id], str(options["stakes"])
            )
            for s in battle.sides
        }
        battle.pos = CEPosition()
        battle.record(
            "info",
            "Firmness: "
            + ", ".join(f"{s.name} {starts[s.id]}" for s in battle.sides)
            + f" ({profile.rules()['stakes'][options['stakes']]['label']}, CE-10)",
        )
        battle.track("firmness", starts)
        battle.track("markers", list(options["markers"]))
        self._new_turn(battle)

    def older_questions(self) -> Sequence[dict[str, Any]]:
        """Saves from before issue 25 asked each morale fact and "done" on its own;
        saves of its first pass asked a shot's distance and cover apart, the character
        and the action of the non-activated phase apart, and never a repeated action; saves
        of its third pass asked a morale test's facts as a multi-select and a squad
        member's separation after its action."""
        return ASKED_BEFORE_THIRD_PASS

    # -- GM restore (G-4) -----------------------------------------------------------------

    def standing(self, battle: Battle, side: str) -> float:
        """For the app's players: the firmness kept (seed §3.1.1: at zero the army leaves
        the field), as a share of the army's units."""
        start = pos(battle).firmness.get(side) if battle.pos else None
        if not start:
            return 0.0
        units = sum(1 for u in battle.units.values() if u.side == side)
        return units * firmness.current(battle, side) / start

    def wants(self, battle: Battle, prompt: Prompt) -> str:
        """Issue 26: where the table moves the app's character (`profile.app_move`; a
        charge the shortest way to its target)."""
        if prompt.key == "charge.contact":
            return charge_cue(battle, prompt)
        unit = battle.units.get(prompt.actor or "")
        if unit is None or prompt.key not in ("move.done", "move.cover"):
            return ""
        where = profile.app_move(unit.stats["status"])
        return f"move {unit.label} {where}" if where else ""

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        """Seed §1.2: 3/2/1 wounds put a hero/protagonist/extra out, so one fewer at most."""
        return FieldSpec("wounds", "wounds", int, 0, profile.max_wounds(unit) - 1)

    def restore_unit(self, battle: Battle, unit: Unit, level: int | None) -> None:
        """G-4: back in play with the GM's wounds (none when not said), steady (no
        status, not fleeing, in no melee, standing), not activated this turn, and the
        firmness its elimination or flight cost given back (CE-10)."""
        firmness.restore(battle, unit)
        # In no melee: both sides of the link (an opponent still holding it as its `foe`
        # would bring the melee back one-sided).
        morale.break_melee(battle, unit)
        fresh: dict[str, Scalar] = {"wounds": 0 if level is None else level, "status": ""}
        fresh.update(prone=False, die=0, ap=0, acted=False)
        for field, value in fresh.items():
            battle.set(unit, field, value)

    # -- the sequence ---------------------------------------------------------------------

    check_end = staticmethod(_GOING_ON.kept(_going_on))  # type: ignore[assignment]

    def _new_turn(self, b: Battle) -> None:
        if b.round:
            conditions.round_ended(b)
        b.round += 1
        reset(b, b.on_table(), _TURN_FRESH)
        pos(b).rolled = {}
        b.enter_phase("activation", None)

    def _end_of_turn(self, b: Battle) -> Step:
        objective = str(b.options.get("objective") or "")
        if objective:
            # Seed §3: the scenario's objective ends the battle; the table says if reached.
            answer = yield Choose(
                key="turn.objective",
                text=f"Has a side reached the objective ({objective})?",
                options=[Option(NO, "No")]
                + [Option(s.id, f"{s.name} has", passive=True) for s in b.sides],
            )
            if answer != NO:
                b.end(answer, f"reached the objective: {objective}")
                return
        limit = int(b.options.get("turn_limit") or 0)
        if limit and b.round >= limit:
            # Ours: at the turn limit the side that kept more of its firmness wins.
            starts = pos(b).firmness
            kept = {s.id: firmness.current(b, s.id) / starts[s.id] for s in b.sides}
            b.end(winner_by_score(kept), f"turn limit {limit}: more of its firmness kept")
            return
        self._new_turn(b)

    # -- views for the UI -----------------------------------------------------------------

    queue = staticmethod(views.queue)
    status = staticmethod(views.status)
    summary = staticmethod(views.summary)
    sheet_rows = staticmethod(views.sheet_rows)
