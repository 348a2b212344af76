"""Shooting and melee (WI-5, WI-6, WI-8): who fights whom, and the rolls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skirmtui.engine.core.asking import FIRST_PASS, asks_as_of, one_at_a_time
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import ATTACK
from skirmtui.engine.core.kit import about, pick_enemy, stat_test, unit_choices
from skirmtui.engine.core.labels import with_side
from skirmtui.engine.core.prompts import Ask, Choose, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.wargaming_introduttivo import profile
from skirmtui.systems.wargaming_introduttivo.position import (
    DONE,
    HOLD,
    pos,
    with_cmb,
)
from skirmtui.systems.wargaming_introduttivo.profile import DAMAGE_WORDS
from skirmtui.systems.wargaming_introduttivo.shared import WIRules


class Combat(WIRules):
    """The Shooting and Melee phases."""

    def _shooting(self, b: Battle) -> Step:
        if asks_as_of(b, FIRST_PASS):
            fight = yield from self._pick_fight(b, "shoot", "shoots", "No more shooting")
        else:
            fight = yield from self._next_shooter(b)
        if fight is None:
            return
        shooter, target = fight
        bands = profile.rules()["bands"]
        if not one_at_a_time(b):
            # Issue 25: sight and distance in one answer (either "no" holds the unit).
            band_id = yield about(
                Choose,
                shooter,
                target=target,
                key="shoot.sight",
                text=f"Does {shooter.label} see at least 50% of {target.label}, how far?",
                options=[Option(band["id"], f"sees it, {band['label']}") for band in bands]
                + [Option("out", "does not see 50% of it, or over 100 cm", passive=True)],
            )
        else:
            visible = yield about(
                Ask,
                shooter,
                target=target,
                key="shoot.visible",
                text=f"Does {shooter.label} see at least 50% of {target.label}?",
            )
            if not visible:
                b.set(shooter, "held", True)
                return
            band_id = yield about(
                Choose,
                shooter,
                target=target,
                key="shoot.band",
                text=f"Distance from {shooter.label} to {target.label}?",
                options=[Option(band["id"], band["label"]) for band in bands]
                + [Option("out", "over 100 cm (out of range)", passive=True)],
            )
        if band_id == "out":
            b.set(shooter, "held", True)
            return
        band = next(band for band in bands if band["id"] == band_id)
        modifiers = yield from self._range_modifiers(b, shooter, target, band)
        result = yield stat_test(
            shooter,
            "cmb",
            "shoot.to_hit",
            f"hits {target.label}",
            target=target,
            modifiers=modifiers,
        )
        self._spend(b, shooter, combat=True)
        b.set(shooter, "shot", True)
        if result.success and b.alive(target.id):
            # Seed: "gli effetti dei danni si applicano solo a fine turno".
            cause = b.cause(ATTACK, shooter, attack="shot")
            b.set(target, "pending", target.num("pending") + 1, cause)
            pos(b).shots.setdefault(target.id, []).append(cause)

    def _next_shooter(self, b: Battle) -> Any:
        """WI-6, issue 25: each active unit that may still shoot, in roster order, says
        its target or that it does not shoot (it holds the phase), or the player stops:
        "il giocatore decide quali unità far attaccare a distanza … quali sono le unità
        nemiche bersaglio per ciascuna sua unità". No question "which unit shoots?": the
        shots' order changes no outcome, their damage waits for the end of the turn."""
        side = self._side(b)
        fighters = [u for u in b.on_table(side) if self._can_fight(u)]
        if not fighters or not b.enemies(side):
            self._next_player(b)
            return None
        shooter = fighters[0]
        # The words read in the story too: "Alpha shot at no one (it does not shoot)".
        after = [Option(HOLD, "no one (it does not shoot)", passive=True)]
        if len(fighters) > 1:
            done = "no one, nor do the others (no more shooting)"
            after.append(Option(DONE, done, passive=True))
        choice = yield about(
            Choose,
            shooter,
            key="shoot.target",
            text=f"{with_cmb(shooter)}: shoot at which enemy?",
            help=f"{b.side_name(side)}'s active units are asked in roster order (WI-6).",
            options=unit_choices(b.enemies(side), self._describe_target(b), *after),
        )
        if choice == DONE:
            self._next_player(b)
            return None
        if choice == HOLD or not b.alive(choice):
            b.set(shooter, "held", True)
            return None
        return shooter, b.units[choice]

    def _describe_target(self, b: Battle) -> Callable[[Unit], str]:
        """A target as the shooting and melee questions list it: its side (once: a label
        another side shows has it already) and its damage level."""

        def described(u: Unit) -> str:
            label, side = u.label, b.side_name(u.side)
            if with_side(label, side) == label:
                return f"{label} ({DAMAGE_WORDS[u.num('damage')]})"
            return f"{label} ({side}, {DAMAGE_WORDS[u.num('damage')]})"

        return described

    def _range_modifiers(self, b: Battle, shooter: Unit, target: Unit, band: dict[str, Any]) -> Any:
        """WI-6: the seed's TODO maluses, only when the battle option is on."""
        modifiers: list[tuple[str, int]] = []
        if not b.options.get("range_modifiers") or not (band["modifier"] or band["fog"]):
            return modifiers
        if band["modifier"]:
            modifiers.append((f"{band['id']} range", int(band["modifier"])))
        if band["fog"]:
            fog = yield about(
                Ask,
                shooter,
                target=target,
                key="shoot.fog",
                text="Reduced visibility (fog, smoke)?",
            )
            if fog:
                modifiers.append(("reduced visibility", int(band["fog"])))
        return modifiers

    def _pick_fighter(self, b: Battle, what: str, verb: str, done: str) -> Any:
        """The player in turn picks an active unit that may still fight (WI-4), or
        passes to the next player (seed: "quando il giocatore non ha più truppe…")."""
        side = self._side(b)
        fighters = [u for u in b.on_table(side) if self._can_fight(u)]
        if not fighters or not b.enemies(side):
            self._next_player(b)
            return None
        choice = yield Choose(
            key=f"{what}.unit",
            side=side,
            options=unit_choices(fighters, with_cmb, Option(DONE, done, passive=True)),
            text=f"{b.side_name(side)}: which active unit {verb}?",
        )
        if choice == DONE or not b.alive(choice):
            self._next_player(b)
            return None
        return b.units[choice]

    def _pick_fight(self, b: Battle, what: str, verb: str, done: str) -> Any:
        """The unit that fights (`_pick_fighter`) and the enemy on the table it attacks,
        or None: the player passed, or cancelled the target (the unit holds this phase)."""
        attacker = yield from self._pick_fighter(b, what, verb, done)
        if attacker is None:
            return None
        target = yield from pick_enemy(
            b,
            attacker,
            f"{what}.target",
            describe=self._describe_target(b),
            cancel_value=DONE,
        )
        if target is None:
            b.set(attacker, "held", True)
            return None
        return attacker, target

    # Melee (WI-8) ---------------------------------------------------------------------

    def _melee(self, b: Battle) -> Step:
        fight = yield from self._pick_fight(b, "melee", "attacks in melee", "No more melee")
        if fight is None:
            return
        attacker, target = fight
        reach = profile.rules()["melee"]["reach_cm"]
        within = yield about(
            Ask,
            attacker,
            target=target,
            key="melee.reach",
            # Seed, general rule: a unit is hit only by units that see at least 50% of it.
            text=f"Is {target.label} within {reach} cm of {attacker.label}, "
            "and at least 50% visible to it?",
        )
        if not within:
            b.set(attacker, "held", True)
            return
        result = yield stat_test(
            attacker, "cmb", "melee.to_hit", f"hits {target.label}", target=target
        )
        self._spend(b, attacker, combat=True)
        if result.success:
            # Seed: in melee "gli effetti dei danni si applicano subito".
            self._damage(b, target, 1, b.cause(ATTACK, attacker, attack="melee"))
        if not b.alive(target.id):
            return
        # Seed: the attacked unit counter-attacks; WI-8: not an action.
        counter = yield stat_test(
            target, "cmb", "melee.counter", f"hits {attacker.label} back", target=attacker
        )
        if counter.success:
            self._damage(b, attacker, 1, b.cause(ATTACK, target, attack="counter"))
