"""Issue 26: regole-base's personas play to their names. A charge only makes contact;
the blows it leads to are fought a stage later than one decision looks ahead, so the
aggressive one's `attack` saw none of them, and with the shared aggressive's weights it
threw its models away (1.84 lost a battle against random, balanced 0.66): a model lost
attacks no more, and it attacked no more than balanced. Now the system counts the
attacks still to come (`attacks_to_come`: each engaged model's attacks in its next
fight, RB-6), and regole-base's aggressive keeps its models more than the shared one
(data/regole-base/personas.toml). The cautious one does not close in (`closing` 0): it
holds its ground and lets the enemy come."""

from __future__ import annotations

import random

import attrs
import pytest

from skirmtui.engine.core import records
from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.policy import decide, prepare, think
from skirmtui.systems.regole_base import SYSTEM, edge
from tests.play.test_persona_choices import position
from tests.play.test_rb_closing import _lupo_against
from tests.systems.rb_helpers import model

RB = "regole-base"


def test_the_aggressive_one_charges_for_the_blows_to_come() -> None:
    """Beside the Briganti, balanced passes (a charge here loses the melee's edge); the
    aggressive one charges, and its reason counts the blows the fight after the charge
    brings (the charger's attacks, RB-6), which its look-ahead does not reach."""
    s = position(RB, 7, 100, "assault.action")
    balanced = decide(s, "balanced")
    aggressive = decide(s, "aggressive")
    assert balanced is not None and aggressive is not None
    assert balanced.value == "pass" and balanced.reason == "no loss expected"
    assert str(aggressive.value).startswith("charge:")
    assert aggressive.reason.endswith(", 1.00 attack rolls at the enemy")
    # Without the attacks to come, the blows are not seen: no attack roll in its reason.
    question = prepare(s, "aggressive")
    assert question is not None and question.search is not None
    question.search.to_come = None
    unseen = think(question)
    assert "attack rolls" not in unseen.reason


def test_the_cautious_one_holds_its_ground() -> None:
    """Lupo (C 6, F 5, mail and shield) against Debole (C 3, R 3): balanced and the
    aggressive one close in (their reasons say so); the cautious one passes its move."""
    debole = model("Debole", c=3, r=3)
    made = {name: decide(_lupo_against(debole, name)) for name in ("cautious", "balanced")}
    cautious, balanced = made["cautious"], made["balanced"]
    assert cautious is not None and balanced is not None
    # It does not close in (`closing` 0): its pass wins without its `hold`, not said.
    assert cautious.value == "pass" and cautious.reason == "no loss expected"
    assert balanced.value != "pass" and "closing in +" in balanced.reason


def test_attacks_to_come_are_the_engaged_models_attacks() -> None:
    """Nobody engaged: nothing to come; a model in contact makes max(1, ⌊C/2⌋) attacks
    in its next fight (RB-6), none when fleeing (RB-11)."""
    s = _lupo_against(model("Debole", c=3, r=3))
    battle = s.battle
    assert SYSTEM.attacks_to_come(battle, "red") == 0.0
    battle.pos.contacts = {("red1", "blue1")}
    assert SYSTEM.attacks_to_come(battle, "red") == 3.0  # C 6: 3 attacks
    assert SYSTEM.attacks_to_come(battle, "blue") == 1.0  # C 3: 1
    battle.units["blue1"].stats["fleeing"] = True
    assert edge.attacks_to_come(battle, "blue") == 0.0


def test_the_aggressive_one_stays_in_the_fight(monkeypatch: pytest.MonkeyPatch) -> None:
    """Capitano, in a melee whose edge is the enemy's: balanced and the cautious one
    pass (they stay); the aggressive one stays too: an escape (RB-13) gives up its
    attacks of the next fight (RB-6), which its `attack` (0.5 here) weighs. With the
    shared 0.3 and the escape's Confronto counted as an attack roll, its `bold` and
    `risk` made it try to escape ("42% to succeed, melee edge -0.10")."""
    s = position(RB, 1, 100, "assault.action")
    made = {name: decide(s, name) for name in ("cautious", "balanced", "aggressive")}
    assert {name: d.value for name, d in made.items() if d is not None} == {
        "cautious": "pass",
        "balanced": "pass",
        "aggressive": "pass",
    }
    aggressive = made["aggressive"]
    assert aggressive is not None and aggressive.reason == "no loss expected"
    escape = next(c for c in aggressive.considered if c.value == "escape")
    assert escape.outlook is not None and escape.outlook.attacks < -0.5  # given up
    # Before: every roll at an enemy an attack (the engine's default), `attack` 0.3.
    monkeypatch.setattr(type(SYSTEM), "is_attack", lambda self, prompt: True)
    before = _aggressive_with(s, attack=0.3)
    assert before.value == "escape"
    assert before.reason.startswith("42% to succeed") and "attack rolls" in before.reason


def test_only_hit_rolls_are_attacks() -> None:
    """A persona's `attack` weighs regole-base's hit rolls (RB-6), a shot's and a
    blow's: not the defender's armour save, a wound roll or an escape's Confronto,
    each also rolled at an enemy."""
    assert SYSTEM.is_attack(Roll(key="melee.hit", text="", dice="2d6"))
    assert SYSTEM.is_attack(Roll(key="shoot.hit", text="", dice="2d6"))
    for key in ("armour.save", "wound.roll", "assault.escape", "stun.test"):
        assert not SYSTEM.is_attack(Roll(key=key, text="", dice="2d6"))


def _aggressive_with(s, attack: float):  # type: ignore[no-untyped-def]
    """The aggressive one's decision with another `attack` (its look-ahead's own copy)."""
    question = prepare(s, "aggressive")
    assert question is not None and question.search is not None
    changed = attrs.evolve(persona(RB, "aggressive"), attack=attack)
    question.search.persona = changed
    return think(records.evolve(question, persona=changed))


def _first_move() -> Session:
    """The demo battle's first move of the app's side (Red, cautious; Blue at random,
    the initiative and every other answer drawn from seed 1), today's question: which
    model moves, and how (each model's "Pass" grouped under it, so not marked passive)."""
    setup = SYSTEM.demo_setup()
    s = Session(SYSTEM, setup)
    red = setup.sides[0].id
    let_app_play(s, {red: "cautious"})
    rng = random.Random(1)
    while s.prompt is not None and not (s.prompt.key == "move.which" and s.prompt.side == red):
        s.answer(s.prompt.random_answer(rng))
    assert s.prompt is not None
    return s


def test_the_cautious_one_holds_its_ground_where_a_move_costs_nothing() -> None:
    """The battle's first move, no enemy near: every move is worth the same as a pass
    (nothing to close in on, nothing to lose). Without `hold` the cautious one took one
    of the seven at random and ran its model toward the enemy line (run, 15"); with it
    a model passes its move and the reason says so. Balanced closes in."""
    s = _first_move()
    cautious = decide(s, "cautious")
    assert cautious is not None
    assert str(cautious.value).endswith("|pass")
    assert "holds its ground" in cautious.reason
    balanced = decide(s, "balanced")
    assert balanced is not None and "closing in +" in balanced.reason
    assert "holds its ground" not in balanced.reason
    question = prepare(s, "cautious")
    assert question is not None and question.search is not None
    before = attrs.evolve(persona(RB, "cautious"), hold=0.0)
    question.search.persona = before
    was = think(records.evolve(question, persona=before))
    assert str(was.value).endswith("|run") and "holds its ground" not in was.reason
    assert was.reason == "no loss expected; tie of 7: picked by the battle's seed"
