"""The sequence of regole-base (seed 000, rulings RB-1..RB-21): each round an
initiative roll-off, then Movement → Assault → Shooting → End (RB-3). Each step is a
small generator in the modules next to this one; between steps the position is
`RBPosition` (side order, base contacts, the melee being fought) plus model stats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skirmtui.engine.core.asking import ASKED_BEFORE_THIRD_PASS
from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, Scalar, Stat, Unit
from skirmtui.engine.core.data import player_range
from skirmtui.engine.core.prompts import AnswerValue, Prompt
from skirmtui.engine.core.system import FieldSpec, Phase, UnitSpec
from skirmtui.systems.regole_base import edge, passing, profile, turns, views
from skirmtui.systems.regole_base.assault import assault_step
from skirmtui.systems.regole_base.movement import movement_step
from skirmtui.systems.regole_base.position import RBPosition
from skirmtui.systems.regole_base.shooting import shooting_step
from skirmtui.systems.regole_base.state import part
from skirmtui.systems.regole_base.tables import SYSTEM_ID, rules

#: Its hit rolls (RB-6), a shot's and a blow's (free attacks too): the attacks a
#: persona's `attack` weighs (`is_attack`).
ATTACK_ROLLS = frozenset({"shoot.hit", "melee.hit"})

PHASES = (
    Phase("initiative", "Initiative", turns.initiative_step),
    Phase("movement", "Movement", movement_step),
    Phase("assault", "Assault", assault_step),
    Phase("shooting", "Shooting", shooting_step),
    Phase("end", "End", turns.end_step),
)


class RegoleBase(BaseSystem):
    #: Questions only the table answers (distances, sight, cover, contact, where a
    #: unit went): an AI side never answers them (engine/play/).
    table_facts = frozenset(
        {
            "move.passed",
            "move.half_ranges",
            "shoot.range",
            "move.height",
            "move.half_range",
            "move.within_1",
            "assault.reach",
            # A side the table plays says its charge and whether it reached at once
            # (issue 25); a side the app plays is asked `assault.action`, then the reach.
            "assault.charge",
            "move.free_attacker",
            "move.free_shooter",
            "shoot.under",
            # A side the table plays says its move and whether it passed an enemy at
            # once (issue 25); a side the app plays chooses `move.mode`, then the table
            # says `move.passed`.
            "move.made",
            # The same, with the model chosen in the same answer (grouped by model).
            "move.which_made",
            # Which model acts in the Assault and what, a charge's reach with it.
            "assault.which_charge",
            # After "passing enemies" or "falling short": which move, which enemy.
            "move.passing",
            "assault.short",
        }
    )
    #: The app's players name `standing` so in their reasons (issue 26, `edge.py`).
    standing_words = "melee edge"
    id = SYSTEM_ID
    title = "Regole base"
    language = "Italian"
    #: RB-15: the seed's "turno" is the round.
    round_word = "Round"
    phases = PHASES
    ruling_prefix = "RB"
    #: The help screen's glossary: words and abbreviations the screens show.
    glossary = (("V F R M C T", "Velocità, Forza, Resistenza, Morale, Corpo a corpo, Tiro"),)
    unit_fields = profile.UNIT_FIELDS
    profile_fields = profile.PROFILE_FIELDS
    setup_options = profile.setup_options()
    min_players, max_players = player_range(rules())
    unit_word = "models"
    #: A wound takes one from the current R (the GM's quick `+`; `-` gives one back).
    damage_field = "r"
    damage_step = -1

    def complete_profile(self, spec: UnitSpec, read: dict[str, Scalar]) -> dict[str, Scalar]:
        """RB-12: every weapon must be one of the seed's (names or ids, any case)."""
        profile.parse_weapons(str(read["weapons"]))
        return read

    def starting_stats(self, read: dict[str, Scalar]) -> dict[str, Stat]:
        """The characteristics start at the profile's; the first melee weapon in hand."""
        stats = super().starting_stats(read)
        stats["wielding"] = profile.first_melee(str(read["weapons"]))
        return stats

    def start(self, battle: Battle) -> None:
        limit = int(battle.options.get("round_limit", 0) or 0)
        battle.record(
            "phase",
            "Regole base: single models, 2d6 Confronti, "
            + (f"{limit} rounds" if limit else "until a side has no models left"),
        )
        battle.pos = RBPosition()
        turns.begin_round(battle)

    def older_questions(self) -> Sequence[dict[str, Any]]:
        """Saves from before issue 25 asked each enemy passed and weapon run past; saves
        of its first pass asked what a march gives up on its own; saves of its second
        pass asked a table side's move and what it passed apart; saves of its third pass
        asked which model moves before how (tried first)."""
        return ASKED_BEFORE_THIRD_PASS

    #: RB-12: a side with no models left ends the battle at once, in the middle of an
    #: activation too (no free attack, free shot or rest of a blast after it). The rule
    #: itself, not a method calling it: the runner calls it about twice an answer.
    #: (mypy reads a staticmethod for a method as another signature; the call is the same.)
    check_end = staticmethod(turns.check_end)  # type: ignore[assignment]

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        """G-4: a model back on the table has R 1 up to its starting R."""
        return FieldSpec("r", "R", int, 1, int(unit.profile["r"]))

    def restore_unit(self, battle: Battle, unit: Unit, level: int | None) -> None:
        """G-4: back with the GM's R (1 when not said), out of any melee, not fleeing,
        its weapons as they were; it has acted this phase (it was not on the table)."""
        part(battle, unit)
        fresh: dict[str, Scalar] = {
            "r": 1 if level is None else level,
            "fleeing": False,
            "fled": False,
            "since": 0,
            "attacks": 0,
            "lose": 0,
            "acted": True,
        }
        for field, value in fresh.items():
            battle.set(unit, field, value)

    def standing(self, battle: Battle, side: str) -> float:
        """The app's players (issue 26): the melee edge, the worth `side`'s engaged
        models are expected to take off their foes in their next fight (`edge.py`): a
        charge that makes contact counts before the fight it starts."""
        return edge.melee_edge(battle, side)

    def fact_odds(
        self, battle: Battle, prompt: Prompt
    ) -> Sequence[tuple[AnswerValue, float]] | None:
        """The app's look-ahead (issue 26): what a move passed, nothing half the time,
        else one enemy (or weapon) listed, each as likely (`edge.passed_odds`); read as
        "nothing", every move looked free, read as "every enemy listed" half the time,
        none was worth making."""
        return edge.passed_odds(prompt)

    def closing(self, battle: Battle, side: str) -> float:
        """The app's players (issue 26): the charge each model that closed in this round
        may make on the enemy it moved toward, the table deciding whether it reaches
        (`edge.closing_in`): what a move toward the enemy makes possible."""
        return edge.closing_in(battle, side)

    def stays(self, prompt: Prompt, value: AnswerValue) -> bool:
        """The app's players (issue 26): a model that passes (a move, a charge, an
        escape from the melee it is locked in) or reloads (instead of moving or
        assaulting) stays where it is, in a one-answer list too (`red3|pass`, not marked
        passive there); a persona's `hold` values it (the cautious one's), and what
        closes in after it is not its own."""
        does = str(value).rpartition(turns.SEP)[2]
        return does == "pass" or does.startswith("reload:")

    def wants(self, battle: Battle, prompt: Prompt) -> str:
        """Issue 26: how the table moves the app's model (`passing.APP_MOVED`, asked
        what it passed within 1"), and the app's models that won a melee. Only a move
        the app chose, in the Movement phase by a model not fleeing: an escape (RB-13,
        the Assault phase) or a flight (RB-11) is asked the same, its own way said in
        the question."""
        if prompt.key == "move.passed":
            unit = battle.units.get(prompt.actor or "")
            chosen = battle.phase == "movement" and unit is not None and not unit.flag("fleeing")
            return passing.APP_MOVED if chosen else ""
        if prompt.key != "assault.winners":
            return ""
        return (
            'move them toward the nearest enemy model, stopping more than 1" from it '
            "(a charge next round)"
        )

    def attacks_to_come(self, battle: Battle, side: str) -> float | None:
        """The app's players (issue 26): the attack rolls the side's engaged models are
        to make in their next fight (`edge.attacks_to_come`): a persona's `attack` sees
        a charge's blows, fought a stage past where its look-ahead ends."""
        return edge.attacks_to_come(battle, side)

    def is_attack(self, prompt: Prompt) -> bool:
        """The app's players (issue 26): a hit roll, a shot's or a blow's (RB-6), is
        an attack; a defender's armour save, a wound roll and an escape's Confronto,
        also rolled at an enemy, are not: a persona's `attack` weighs the blows a
        charge leads to (`attacks_to_come`), not the saves of a model under attack
        nor an escape."""
        return prompt.key in ATTACK_ROLLS

    queue = staticmethod(views.queue)
    status = staticmethod(views.status)
    summary = staticmethod(views.summary)
