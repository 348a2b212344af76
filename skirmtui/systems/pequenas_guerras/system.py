"""The sequence of pequenas-guerras (seed 001, rulings PG-1..PG-8).

Deployment → Objectives → rounds of (Roll-off →) Activation → End of round, for 2–4
players. Each step is a small generator in the modules next to this one; between
steps the position is `battle.pos` (order, corners, objectives) plus unit stats.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from skirmtui.engine.core.asking import ASKED_BEFORE_THIRD_PASS
from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, Scalar, Unit
from skirmtui.engine.core.data import player_range
from skirmtui.engine.core.kit import charge_cue
from skirmtui.engine.core.prompts import AnswerValue, Prompt
from skirmtui.engine.core.system import FieldSpec, Phase, Setup, UnitSpec
from skirmtui.systems.pequenas_guerras import (
    deployment,
    end_round,
    profile,
    rounds,
    threat,
    views,
    wipe,
)
from skirmtui.systems.pequenas_guerras.actions import ACTION_KEYS, moves_unit
from skirmtui.systems.pequenas_guerras.position import app_move as pg_app_move

#: What winning the battle is worth to the app's look-ahead, in units (as
#: engine/play/lookahead.py's `RESULT` values a battle it sees end).
WIN = 20.0
#: What a side's enemies wiped out by the battle's end is worth over a battle where
#: both keep a unit, in units: half a battle won (the markers' coin flip then, PG-8).
WIPED = WIN / 2

PHASES = (
    Phase("deployment", "Deployment", deployment.deployment_step),
    Phase("objectives", "Objectives", deployment.objectives_step),
    Phase("rolloff", "Roll-off", rounds.rolloff_phase_step),
    Phase("activation", "Activation", rounds.activation_step),
    Phase("end", "End of round", end_round.end_step),
)


#: The markers of a unit that has done nothing yet this round.
_ROUND_FREE: dict[str, Scalar] = {
    "activated": False,
    "cover": False,
    "overwatch": False,
    "meleed": False,
}


class PequenasGuerras(BaseSystem):
    #: Questions only the table answers (distances, sight, cover, contact, where a
    #: unit went): an AI side never answers them (engine/play/).
    table_facts = frozenset(
        {
            "objective.controls",
            "charge.reach",
            "jump.height",
            "jump.drop",
            "leap.gap",
            "leap.span",
            "fall.height",
            "fall.span",
            "push.off_edge",
            "shoot.cover",
            "shoot.models",
            "shoot.in_range",
            "shoot.sight",
            "charge.path",
            "overwatch.shot",
            "melee.counter_reach",
            "move.terrain",
            "objective.control",
        }
    )
    #: Facts of several answers listed likely first (in range and sight, a charge that
    #: reaches over open ground): the app's look-ahead reads on with that answer. Not
    #: `move.terrain`: read as open ground, a move looked free and the app's models fell
    #: in jumps and leaps for nothing; its six answers are weighed each as likely.
    likely_first = frozenset({"shoot.sight", "charge.path"})
    #: Who is near each marker at the round's end: the look-ahead values the battle there,
    #: `standing` taking each answer as likely. Read on with one guessed answer (last
    #: round's), the last round's result looked certain, won or lost, whatever it did.
    horizon = frozenset({"objective.controls", "objective.control"})
    #: The Why? words for `standing`: the markers expected held at the battle's end, the
    #: units this round's rout test is expected to take, and each side's chance to be
    #: wiped out by the battle's end (`wipe`).
    standing_words = "markers, routs and wipe-outs at the end"
    id = profile.SYSTEM_ID
    title = "Pequenas Guerras"
    language = "Portuguese"
    round_word = "Round"
    phases = PHASES
    ruling_prefix = "PG"
    #: The help screen's glossary: words and abbreviations the screens show.
    glossary = (("quality", "the d6 result a unit needs, or more, to pass a test"),)
    unit_fields = profile.UNIT_FIELDS
    #: The field the quick GM keys (+ / -) change: wound markers.
    damage_field = "markers"
    profile_fields = profile.PROFILE_FIELDS
    setup_options = profile.setup_options()
    min_players, max_players = player_range(profile.rules())

    def complete_profile(self, spec: UnitSpec, read: dict[str, Scalar]) -> dict[str, Scalar]:
        profile.parse_weapons(str(read["weapons"]))  # refuses a weapon it cannot read
        return read

    def check_armies(
        self, setup: Setup, options: dict[str, Any], armies: dict[str, list[Unit]]
    ) -> list[str]:
        return profile.check_armies(setup, int(options["size"]), armies)

    def start(self, battle: Battle) -> None:
        size = profile.size_of(battle.options)
        battle.record(
            "phase",
            f"{size['name'].capitalize()} game: {size['table']} table, armies of up to "
            f"{size['points']} points. Deployment: every player rolls a d6 (PG-2)",
        )
        deployment.start(battle)

    def older_questions(self) -> Sequence[dict[str, Any]]:
        """Saves of issue 25's third pass typed how far a model falls after a failed
        leap or a push (`fall.height`); saves of its second pass also asked each side's
        round roll apart, a marker's "only its holder", a melee's fall back and
        follow-up and a landing as "done?", and a wound roll whose result was certain;
        saves of its first pass also the unit, then its action, sight then cover, reach
        then terrain, an overwatch's fire then sight; saves from before it also each
        objective, unit placed and marker."""
        return ASKED_BEFORE_THIRD_PASS

    def standing(self, battle: Battle, side: str) -> float:
        """For the app's players: each objective a side is expected to hold at the
        battle's end is worth a unit and a half (the seed's victory: most objectives),
        each unit it is expected to lose to this round's rout test one
        (`end_round.expected_standings`), and the enemy's chance to be wiped out by the
        battle's end at `WIPED`, its own against it (`wipe.wiped_chances`). In the last
        round of a two-player battle the battle ends at this round's control, so what
        counts is the result itself: its
        chance to win there (`end_round.last_round_result`: the markers, then points
        destroyed) at `WIN`, the look-ahead's value of a battle won."""
        # The look-ahead asks for every side of each outcome in turn: worked out once
        # while nothing changed (every change goes through `Battle.set`, counted; the
        # phase does not, and says whether this round's activations and rout test are
        # still to come).
        mark = (sum(battle.changes.values()), battle.round, battle.phase, battle.result is None)
        kept = self._standings
        if kept is None or kept[0] is not battle or kept[1] != mark:
            last = None
            if battle.round >= end_round.LAST_ROUND:
                last = end_round.last_round_result(battle, wipe.wiped_chances(battle, routs=False))
            if last is None:
                gone = wipe.wiped_chances(battle)
                got = {
                    s: 1.5 * h - r + WIPED * math.prod(p for o, p in gone.items() if o != s)
                    for s, (h, r) in end_round.expected_standings(battle).items()
                }
            else:
                got = {s: WIN * chance for s, chance in last.items()}
            kept = self._standings = (battle, mark, got)
        return kept[2][side]

    def exposure(self, battle: Battle, side: str) -> tuple[float, float]:
        """For the app's players: what `side` stands to lose to the enemy's reply, each
        enemy unit's best attack before the side acts again (`threat.exposure`)."""
        mark = (sum(battle.changes.values()), battle.round, battle.result is None, side)
        kept = self._exposed
        if kept is None or kept[0] is not battle or kept[1] != mark:
            kept = self._exposed = (battle, mark, threat.exposure(battle, side))
        return kept[2]

    def wants(self, battle: Battle, prompt: Prompt) -> str:
        """Issue 26: where the table moves the app's unit (ours, docs/rules "The app as a
        player"): a charge the shortest way to its target; any other move toward the
        objective markers its side does not hold (`position.app_move`: also in the log
        line of a melee's survivor, which asks nothing); a push off the nearest
        elevation (a fall hurts, PG-7)."""
        if prompt.key == "charge.path":
            return charge_cue(battle, prompt)
        unit = battle.units.get(prompt.actor or "")
        target = battle.units.get(prompt.target or "")
        if unit is None:
            return ""
        if prompt.key == "push.off_edge" and target is not None:
            return f"push {target.label} off the nearest elevation in reach, if any (PG-7)"
        if prompt.key == "melee.follow_up" or (prompt.key == "move.terrain" and target is None):
            return pg_app_move(battle, unit.side)  # a charge's move has its target (`move`)
        return ""

    def stays(self, prompt: Prompt, value: AnswerValue) -> bool:
        """For the app's players (issue 26): an action that moves its unit 0 cm (seed:
        Hold, Take Cover, Overwatch; `activate.action`'s `red1|hold`, or `action.choose`'s
        `hold` asked again) leaves it where it stands; a persona's `hold` values that
        (the cautious one's, data/pequenas-guerras/personas.toml). A stunned unit's
        recovery is no action chosen (PG-7): not one of them."""
        return prompt.key in ACTION_KEYS and moves_unit(value) is False

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        """PG-1/PG-5: a unit on the table has 1 model up to the models it started with."""
        return FieldSpec("models", "models", int, 1, int(unit.profile["models"]))

    def restore_unit(self, battle: Battle, unit: Unit, level: int | None) -> None:
        """G-4: back with the GM's models (those it had when removed, when not said), no
        wound markers, not stunned, its points no longer counted as destroyed (PG-8), and
        free to activate this round (no stale markers of the round it fell in) — but a
        melee it fought this round still counts: natural 6s only until the round ends
        (PG-6, ours)."""
        models = unit.num("models") if level is None else level
        fresh: dict[str, Scalar] = {"models": models, "markers": 0, "stunned": False}
        fresh.update(destroyed_by="", **{k: v for k, v in _ROUND_FREE.items() if k != "meleed"})
        for field, value in fresh.items():
            battle.set(unit, field, value)

    #: The last battle `standing` worked out, its count of changes, and each side's.
    _standings: tuple[Battle, tuple[int, int, str, bool], dict[str, float]] | None = None
    #: The last battle and side `exposure` worked out, with its count of changes.
    _exposed: tuple[Battle, tuple[int, int, bool, str], tuple[float, float]] | None = None

    queue = staticmethod(views.queue)
    status = staticmethod(views.status)
    summary = staticmethod(views.summary)
