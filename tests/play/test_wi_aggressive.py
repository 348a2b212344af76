"""Issue 26: wargaming-introduttivo's aggressive one holds its best fighter's shot to fight
in melee. A melee is open only to an active unit that did not shoot (WI-8), and a blow
draws a counter-attack (`melee.counter`) a shot does not: by every weight a shot was
worth more, so the aggressive one shot wherever balanced did and played as balanced
(charges 0.77 ± 0.14 a battle against random, balanced's 0.83 ± 0.15). A shot held now
counts the melee edge it keeps for the unit (`profile.closing_in`: its blow, less the
enemy's counter-attack, on each enemy as likely, at least 0), weighed by the persona's
`closing` (20 for the aggressive one alone, data/wargaming-introduttivo/personas.toml):
a unit that beats the enemy in the exchange (CMB 5) holds its shot, an even one (CMB 4)
shoots, and a shot that may finish a wounded enemy is still taken. Balanced and the
cautious one weigh no `closing`: their play is as before."""

from __future__ import annotations

import attrs

from skirmtui.engine.core import records
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.policy import Decision, decide, prepare, think
from skirmtui.engine.play.why import why_lines
from skirmtui.systems.wargaming_introduttivo.position import HOLD
from tests.systems.wi_helpers import SYSTEM, WI, Table


def _shooting() -> Table:
    """Red (the app, aggressive) and Blue all active, today's questions; Red shoots
    first: Centurione (CMB 5), then Legionario (CMB 4), at Guerriero (CMB 4) or
    Frombolieri (CMB 3)."""
    t = Table(
        {
            "red": [("Centurione", 5, 4), ("Legionario", 4, 3)],
            "blue": [("Guerriero", 4, 3), ("Frombolieri", 3, 4)],
        },
        questions=None,
    )
    let_app_play(t.session, {"red": "aggressive"})
    t.all_active()
    assert t.asks.key == "shoot.target" and t.asks.actor == "red1"
    return t


def _made(t: Table, name: str) -> Decision:
    decision = decide(t.session, name)
    assert decision is not None
    return decision


def test_the_aggressive_one_holds_its_best_fighters_shot_for_the_melee() -> None:
    t = _shooting()
    aggressive = _made(t, "aggressive")
    assert aggressive.value == HOLD
    # Its own closing in, not "after it": the held shot is what keeps the melee.
    assert aggressive.reason == "closing in +0.11"
    held = next(c for c in aggressive.considered if c.chosen)
    assert held.passive and not held.still
    why = "\n".join(why_lines(aggressive, "Red"))
    assert "closing in +0.11 (" in why and "after it" not in why
    # Balanced and the cautious one shoot, as before (the shot's odds, no closing in).
    for name in ("balanced", "cautious"):
        other = _made(t, name)
        assert other.value in ("red1", "blue1", "blue2") and other.value != HOLD
        assert other.reason == "deals 0.25; tie of 2: picked by the battle's seed"
    # The weight is what makes it: with `closing` 0 the aggressive one shoots too.
    question = prepare(t.session, "aggressive")
    assert question is not None and question.search is not None
    unweighed = attrs.evolve(persona(WI, "aggressive"), closing=0.0)
    question.search.persona = unweighed
    assert think(records.evolve(question, persona=unweighed)).value != HOLD


def test_an_even_fighter_shoots_and_a_wounded_enemy_is_shot() -> None:
    t = _shooting()
    t("shoot.target", HOLD)
    # Centurione holds: its edge on Guerriero (5/6 - 4/6 a level) and on Frombolieri
    # (5/6 - 3/6), each as likely, a third of a unit a level.
    edge = ((5 - 4) / 6 + (5 - 3) / 6) / 2 / 3
    assert abs(SYSTEM.closing(t.battle, "red") - edge) < 1e-9
    # Legionario (CMB 4) gains little in the exchange: it shoots.
    assert t.asks.actor == "red2"
    assert _made(t, "aggressive").value in ("blue1", "blue2")
    # A wounded enemy: Centurione's shot may finish it (a kill's worth), where its melee
    # is worth no more than on a fresh one (its counter-attack counted as if it lived).
    t = _shooting()
    t.session.gm("gm.set", unit="blue1", field="damage", value=2)
    made = _made(t, "aggressive")
    assert made.value == "blue1"
    assert made.reason.startswith("72% to take a unit off, deals 0.85")


def test_only_held_units_close_in_and_only_until_the_melee() -> None:
    """`closing_in` counts a held unit that may still fight, in the Shooting and
    Movement phases; in the Melee phase its blow is weighed as it is struck."""
    t = _shooting()
    t("shoot.target", HOLD)("shoot.target", "blue1")("shoot.sight", "short")
    t("shoot.to_hit", (6,))
    assert SYSTEM.closing(t.battle, "red") > 0.0
    t.battle.phase = "melee"
    assert SYSTEM.closing(t.battle, "red") == 0.0
