"""Issue 26: wargaming-introduttivo's aggressive one holds its best fighter's shot to fight
in melee. A melee is open only to an active unit that did not shoot (WI-8), and a blow
draws a counter-attack (`melee.counter`) a shot does not: by every weight a shot was
worth more, so the aggressive one shot wherever balanced did and played as balanced
(charges 0.77 ± 0.14 a battle against random, balanced's 0.83 ± 0.15). A shot held now
keeps the unit's melee edge (`system.closes`, `profile.melee_edge`: its blow less the
enemy's counter-attack, on each enemy as likely, at least 0), weighed by the persona's
`closing` (20 for the aggressive one alone, data/wargaming-introduttivo/personas.toml):
a unit that wins the exchange (CMB 5) holds its shot, an even one (CMB 4) shoots, and a
shot that may finish a wounded enemy is still taken. Balanced and the cautious one weigh
no `closing`: their play is as before."""

from __future__ import annotations

from skirmtui.engine.core import records
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.policy import Decision, decide, prepare, think
from skirmtui.engine.play.why import why_lines
from skirmtui.systems.wargaming_introduttivo import profile
from skirmtui.systems.wargaming_introduttivo.position import DONE, HOLD
from tests.systems.wi_helpers import SYSTEM, WI, Army, Table

CENTURIONE = ("Centurione", 5, 4)
BLUE: Army = [("Guerriero", 4, 3), ("Frombolieri", 3, 4)]


def _shooting(red: Army) -> Table:
    """Red (the app, aggressive) and Blue (Guerriero CMB 4, Frombolieri CMB 3) all
    active, today's questions; Red's first unit is asked its target."""
    t = Table({"red": red, "blue": BLUE}, questions=None)
    let_app_play(t.session, {"red": "aggressive"})
    t.all_active()
    assert t.asks.key == "shoot.target" and t.asks.actor == "red1"
    return t


def _made(t: Table, name: str) -> Decision:
    decision = decide(t.session, name)
    assert decision is not None
    return decision


def test_the_aggressive_one_holds_its_best_fighters_shot_for_the_melee() -> None:
    t = _shooting([CENTURIONE, ("Legionario", 4, 3)])
    # Centurione's edge: on Guerriero 5/6 - 4/6 of a damage level, on Frombolieri
    # 5/6 - 3/6, each as likely; a damage level is a third of a unit.
    edge = ((5 - 4) / 6 + (5 - 3) / 6) / 2 / 3
    assert abs(SYSTEM.closes(t.battle, t.asks, HOLD) - edge) < 1e-9
    assert SYSTEM.closes(t.battle, t.asks, "blue1") == 0.0  # a shot keeps nothing
    aggressive = _made(t, "aggressive")
    assert aggressive.value == HOLD
    # Its own closing in, not "after it" (Legionario's shot follows in the look-ahead).
    assert aggressive.reason == "deals 0.17, closing in +0.08"
    held = next(c for c in aggressive.considered if c.chosen)
    assert held.passive and not held.still
    why = "\n".join(why_lines(aggressive, "Red"))
    assert "closing in +0.08 (kept for later: the attack its unit keeps" in why
    assert "after it" not in why and "moved toward" not in why
    # Balanced and the cautious one shoot, as before.
    for name in ("balanced", "cautious"):
        other = _made(t, name)
        assert other.value in ("blue1", "blue2")
        assert other.reason == "deals 0.25; tie of 2: picked by the battle's seed"
    # The weight is what makes it: with `closing` 0 the aggressive one shoots too.
    question = prepare(t.session, "aggressive")
    assert question is not None and list(question.closes) == [HOLD]
    assert abs(question.closes[HOLD] - edge) < 1e-9
    unweighed = records.evolve(persona(WI, "aggressive"), closing=0.0)
    assert think(records.evolve(question, persona=unweighed)).value in ("blue1", "blue2")


def test_an_even_fighter_shoots() -> None:
    """Legionario (CMB 4) against Guerriero (CMB 4) and Frombolieri (CMB 3): its edge is
    small (on Frombolieri only), its shot worth more."""
    t = _shooting([CENTURIONE, ("Legionario", 4, 3)])
    t("shoot.target", HOLD)
    assert t.asks.actor == "red2"
    assert abs(SYSTEM.closes(t.battle, t.asks, HOLD) - (4 - 3) / 6 / 2 / 3) < 1e-9
    made = _made(t, "aggressive")
    assert made.value in ("blue1", "blue2")
    assert "closing in" not in made.reason


def test_a_wounded_enemy_is_shot() -> None:
    """Centurione alone: its shot may finish the wounded Guerriero (a kill's worth),
    where its melee is counted no better than on a fresh enemy."""
    t = _shooting([CENTURIONE])
    t.session.gm("gm.set", unit="blue1", field="damage", value=2)
    made = _made(t, "aggressive")
    assert made.value == "blue1"
    assert made.reason.startswith("67% to take a unit off")


def test_the_edge_of_a_unit_that_may_not_fight_is_none() -> None:
    t = _shooting([CENTURIONE])
    unit = t.battle.units["red1"]
    assert profile.melee_edge(t.battle, unit) > 0.0
    t("shoot.target", "blue1")("shoot.sight", "short")("shoot.to_hit", (6,))
    assert unit.flag("combat") and profile.melee_edge(t.battle, unit) == 0.0


# -- a held shot counts only a melee the app will ask the table to reach (review mend) --


def test_a_wounded_unit_does_not_hold_its_shot() -> None:
    """Centurione wounded cannot move (seed: "si possono muovere solo le unità non
    ferite"), so the app would tell the table to leave it where it is: its hold counts
    no melee, and it shoots."""
    t = _shooting([CENTURIONE])
    t.session.gm("gm.set", unit="red1", field="damage", value=2)
    unit = t.battle.units["red1"]
    assert not profile.can_close(unit) and profile.melee_edge(t.battle, unit) == 0.0
    assert SYSTEM.closes(t.battle, t.asks, HOLD) == 0.0
    made = _made(t, "aggressive")
    assert made.value in ("blue1", "blue2") and "closing in" not in made.reason


def test_a_unit_that_recovered_does_not_hold_its_shot() -> None:
    """Centurione recovered this turn (WI-5: an action), so a move would be its second
    and last (WI-4): no melee after it. Its hold counts none and it shoots; Legionario,
    with both actions, is the one the table is asked to bring within 10 cm."""
    t = Table({"red": [CENTURIONE, ("Legionario", 4, 3)], "blue": BLUE}, questions=None)
    let_app_play(t.session, {"red": "aggressive"})
    t.order(6, 1)
    t.session.gm("gm.set", unit="red1", field="damage", value=1)
    for unit_id in ("red1", "red2", "blue1", "blue2"):
        t.activate(unit_id, 1)
    t("recovery.unit", "red1")("recovery.roll", (1,))
    assert t.stat("red1", "damage") == 0 and t.stat("red1", "actions") == 1
    assert t.asks.key == "shoot.target" and t.asks.actor == "red1"
    assert SYSTEM.closes(t.battle, t.asks, HOLD) == 0.0
    made = _made(t, "aggressive")
    assert made.value in ("blue1", "blue2") and "closing in" not in made.reason
    # Had it held, the table would not be asked to move it: the same rule.
    t("shoot.target", HOLD)("shoot.target", HOLD)
    while t.asks.key == "shoot.target":
        t.no_shots()
    assert t.asks.key == "move.units" and t.asks.side == "red"
    wants = SYSTEM.wants(t.battle, t.asks)
    assert wants.startswith("bring Legionario within") and "Centurione" not in wants


def test_a_first_pass_cancel_is_a_hold_and_todays_done_counts_nothing() -> None:
    """Asked as in issue 25's first pass (`shoot.unit`, then the target with `done`, no
    `hold`), `done` holds the unit and counts its edge as `hold` does today, none for a
    wounded unit; today's `done` ("no one, nor do the others") counts nothing: each
    unit's hold is weighed at its own question."""
    first = Table({"red": [CENTURIONE], "blue": BLUE}).all_active()
    first("shoot.unit", "red1")
    prompt = first.asks
    assert prompt.key == "shoot.target" and HOLD not in first.offered()
    edge = profile.melee_edge(first.battle, first.battle.units["red1"])
    assert edge > 0.0 and SYSTEM.closes(first.battle, prompt, DONE) == edge
    first.session.gm("gm.set", unit="red1", field="damage", value=2)
    assert SYSTEM.closes(first.battle, first.asks, DONE) == 0.0
    today = _shooting([CENTURIONE, ("Legionario", 4, 3)])
    assert DONE in today.offered() and SYSTEM.closes(today.battle, today.asks, HOLD) > 0.0
    assert SYSTEM.closes(today.battle, today.asks, DONE) == 0.0
