"""wargaming-introduttivo (seed 002) rule by rule, with fixed dice.

Every test drives a `Session` by answering the prompts the rules ask, in the order the
rules ask them: `Table.__call__` asserts each key before answering, so a test reads like
the rulebook. The battles here are asked with issue 25's first-pass questions (the
unit that shoots named, the ground of each move: `questions = "first pass"`, as saves
of that time replay); test_wi_asking_again.py plays today's. Docstrings quote the seed
line checked (Italian, then English); tests of our completions carry the ruling id
(WI-1..WI-9, G-3, G-4; docs/rules/) in their name.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from skirmtui.engine.core.armies import army_names, load_army
from skirmtui.engine.core.odds import success_chance
from skirmtui.engine.core.prompts import AnswerError, Pick, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import SetupError, UnitSpec
from skirmtui.engine.store.saves import load_session, save_session
from skirmtui.systems.registry import systems
from tests.systems.wi_helpers import BLUE, RED, SYSTEM, WI, Army, Table, labels, make_setup

# == WI-1: units, cost, budget, players =====================================================


def test_wi1_cost_is_CMB_plus_ABI() -> None:
    """Seed: "Il costo di un'unità base (con CMB = 3 e ABI = 3) è di 6 punti, ogni
    incremento alle caratteristiche costa un ulteriore punto. Un'unità eccellente (CMB = 5,
    ABI = 5) costerà quindi 10 punti." — a 3/3 unit costs 6, each increment one point."""
    for cmb in range(1, 6):
        for abi in range(1, 6):
            unit = SYSTEM.make_unit(UnitSpec("u", "red", "U", {"cmb": cmb, "abi": abi}))
            assert unit.profile == {"cmb": cmb, "abi": abi, "cost": cmb + abi}
    t = Table({"red": [("Base", 3, 3), ("Eccellente", 5, 5)], "blue": [("Scarso", 1, 1)]})
    assert [t.unit(u).profile["cost"] for u in ("red1", "red2", "blue1")] == [6, 10, 2]


def test_wi1_army_over_budget_is_refused() -> None:
    """Seed: "All'inizio della partita si concordano le risorse (uguali per tutti) che ogni
    giocatore utilizzerà per acquistare … unità, in base al loro costo" — resources are
    agreed and equal; WI-1: an army over the budget is refused."""
    army: Army = [("A", 5, 5), ("B", 5, 5), ("C", 1, 1)]  # 10 + 10 + 2 = 22
    over = make_setup({"red": army, "blue": [("X", 1, 1)]}, budget=21)
    with pytest.raises(SetupError, match="Red's army costs 22, over the budget of 21"):
        SYSTEM.check_setup(over)
    with pytest.raises(SetupError, match="over the budget"):
        Session(SYSTEM, over)  # no battle starts from a refused setup
    SYSTEM.check_setup(make_setup({"red": army, "blue": [("X", 1, 1)]}, budget=22))


def test_wi1_default_budget_is_120() -> None:
    """WI-1: budget equal for all, default 120 (the seed advises "100-150 punti")."""
    twelve: Army = [("Eroe", 5, 5)] * 12
    SYSTEM.check_setup(make_setup({"red": twelve, "blue": twelve}))
    with pytest.raises(SetupError, match="costs 130, over the budget of 120"):
        SYSTEM.check_setup(make_setup({"red": [*twelve, ("Eroe", 5, 5)], "blue": twelve}))


@pytest.mark.parametrize("value", [0, 6, -1, True, "3", None])
def test_wi1_characteristics_are_1_to_5(value: Any) -> None:
    """Seed: "Entrambe le caratteristiche possono avere un valore compreso tra 1 (scarso) e
    5 (ottimo)" — CMB and ABI are 1 (poor) to 5 (excellent)."""
    with pytest.raises(SetupError, match="CMB must be a whole number 1–5"):
        SYSTEM.check_setup(make_setup({"red": [("A", value, 3)], "blue": [("X", 3, 3)]}))
    with pytest.raises(SetupError, match="ABI must be a whole number 1–5"):
        SYSTEM.check_setup(make_setup({"red": [("A", 3, value)], "blue": [("X", 3, 3)]}))


def test_wi1_two_to_four_players_each_with_units() -> None:
    """WI-1: 2–4 players ("Ogni giocatore controlla un numero variabile di unità")."""
    one: Army = [("A", 3, 3)]
    for players in (1, 5):
        armies = {f"p{i}": one for i in range(players)}
        with pytest.raises(SetupError, match=f"{players} players: this system takes 2–4"):
            SYSTEM.check_setup(make_setup(armies))
    for players in (2, 3, 4):
        assert SYSTEM.check_setup(make_setup({f"p{i}": one for i in range(players)})) == []
    with pytest.raises(SetupError, match="Blue has no units"):
        SYSTEM.check_setup(make_setup({"red": one, "blue": []}))


def test_wi1_unequal_spending_is_only_a_warning() -> None:
    """WI-1: armies within the budget may spend different points; the setup says so."""
    warnings = SYSTEM.check_setup(make_setup({"red": [("A", 5, 5)], "blue": [("X", 1, 1)]}))
    assert warnings == ["armies spend different points: Red 10, Blue 2"]


def test_wi1_sample_armies_are_legal_and_within_the_default_budget() -> None:
    """Seed: "Per iniziare è consigliato di utilizzare 100-150 punti risorsa per giocatore"
    — the four sample armies fit the default budget (WI-1: 120)."""
    names = army_names(WI)
    assert names == ["arcieri", "barbari", "legionari", "mercenari"]
    for name in names:
        army = load_army(WI, name)
        units = [(u["name"], u["cmb"], u["abi"]) for u in army["units"]]
        assert SYSTEM.check_setup(make_setup({"red": units, "blue": units})) == []


def test_wi1_the_demo_setup_is_legal_without_warnings() -> None:
    """WI-1: the bundled demo (`skirmtui demo`, the TUI and CLI tests' battle) passes the
    setup check: armies within the budget and spending equal points."""
    assert SYSTEM.check_setup(SYSTEM.demo_setup()) == []


# == WI-2, G-3: play order ==================================================================


def test_wi2_play_order_highest_roll_first() -> None:
    """Seed: "I giocatori lanciano un d6 e si stabilisce l'ordine di gioco: inizia chi ha
    punteggio più alto" — each player rolls a d6; the highest plays first."""
    t = Table({"red": RED, "blue": BLUE, "green": [("Golf", 3, 3)]})
    for side, face in (("red", 2), ("blue", 6), ("green", 4)):
        prompt = t.asks
        assert isinstance(prompt, Roll) and (prompt.side, prompt.dice) == (side, "1d6")
        t("order.roll", (face,))
    assert t.battle.pos.order == ["blue", "green", "red"]
    assert t.asks.key == "activation.unit" and t.asks.side == "blue"
    assert any(e.text == "Play order: Blue, Green, Red" for e in t.battle.log)


def test_wi2_play_order_ties_reroll_among_tied_only() -> None:
    """Seed: "i giocatori con risultati uguali ritirano (solo loro)" — players with equal
    results roll again, only they (G-3)."""
    t = Table({"red": RED, "blue": BLUE, "green": [("Golf", 3, 3)]})
    t.order(5, 5, 2)  # red and blue tie; green's 2 is last whatever they roll
    assert any(e.text == "Tie for play order: Red, Blue roll again" for e in t.battle.log)
    rerolls = []
    for face in (1, 4):
        rerolls.append(t.asks.side)
        assert "(tie re-roll)" in t.asks.text
        t("order.roll", (face,))
    assert rerolls == ["red", "blue"]  # green does not roll again
    assert t.battle.pos.order == ["blue", "red", "green"]


def test_G_3_two_separate_ties_each_reroll_among_themselves() -> None:
    """G-3: "ties re-roll" roll-offs are re-rolled among the tied players only — two ties
    are settled separately, and a tie in a re-roll is re-rolled again."""
    t = Table({"red": RED, "blue": BLUE, "green": [("G", 3, 3)], "yellow": [("Y", 3, 3)]})
    sides = []
    for face in (6, 6, 3, 3, 2, 5, 4, 4, 1, 6):
        sides.append(t.asks.side)
        t("order.roll", (face,))
    first, ties, tie_again = sides[:4], sides[4:8], sides[8:]
    assert first == ["red", "blue", "green", "yellow"]
    assert ties == ["red", "blue", "green", "yellow"]  # 6-6 re-roll, then 3-3 re-roll
    assert tie_again == ["green", "yellow"]  # 4-4 again: only those two
    assert t.battle.pos.order == ["blue", "red", "yellow", "green"]


def test_wi2_play_order_is_rolled_once_and_kept_for_the_battle() -> None:
    """WI-2: rolled once at the start, kept for the battle (the seed rolls it once,
    before the armies are even chosen)."""
    t = Table().order(1, 6)  # blue first
    for turn in (1, 2, 3):
        assert t.battle.round == turn
        assert t.asks.key == "activation.unit" and t.asks.side == "blue"
        t("activation.unit", "done")("activation.unit", "done").no_moves()
    assert sum(1 for e in t.battle.log if e.key == "order.roll") == 2


# == WI-3: the turn and activation ==========================================================


def test_wi3_turn_phases_in_order() -> None:
    """Seed "Fasi": Attivazione, Recupero, Tiro, Movimento, Mischia, then "si completa il
    turno" — WI-3: Activation → Recovery → Shooting → Movement → Melee → End of turn."""
    t = Table().order(6, 1)
    t("activation.unit", "done")("activation.unit", "done").no_moves()
    phases = [(e.round, e.phase) for e in t.battle.log if e.kind == "phase"]
    assert phases[1:8] == [
        (1, "activation"),
        (1, "recovery"),
        (1, "shooting"),
        (1, "movement"),
        (1, "melee"),
        (1, "end"),
        (2, "activation"),
    ]


def test_wi3_activation_is_a_d6_test_under_ABI() -> None:
    """Seed: "si lancia il d6 e si confronta il risultato con la caratteristica richiesta
    (CMB o ABI): se è minore o uguale … l'unità effettua l'azione"; ABI is used for
    "iniziativa" — activation passes on d6 ≤ ABI."""
    t = Table().order(6, 1)
    t("activation.unit", "red1")
    prompt = t.asks
    assert isinstance(prompt, Roll)
    assert (prompt.key, prompt.dice, prompt.compare, prompt.threshold) == (
        "activation.roll",
        "1d6",
        "<=",
        4,
    )
    assert prompt.actor == "red1" and success_chance(prompt) == Fraction(4, 6)
    t("activation.roll", (4,))  # 4 ≤ ABI 4
    assert t.stat("red1", "active") is True
    t.activate("red2", 4)  # 4 > ABI 3
    assert t.stat("red2", "active") is False and t.stat("red2", "tried") is True


def test_wi3_a_pass_makes_the_unit_active_and_the_same_player_continues() -> None:
    """Seed: "il giocatore di turno prova ad attivare le proprie unità" — the player in
    turn goes on trying units while they pass."""
    t = Table({"red": [*RED, ("Charlie", 2, 2)], "blue": BLUE}).order(6, 1)
    t.activate("red1", 1)
    assert t.stat("red1", "active") is True
    assert t.asks.key == "activation.unit" and t.asks.side == "red"
    assert t.offered() == ["red2", "red3", "done"]
    t.activate("red3", 2)
    assert t.asks.side == "red" and t.offered() == ["red2", "done"]


def test_wi3_the_first_failure_passes_to_the_next_player() -> None:
    """Seed: "quando fallisce il turno passa al giocatore seguente" — on a failure play
    passes to the next player; the units not yet tried stay inactive this turn."""
    t = Table({"red": [*RED, ("Charlie", 2, 2)], "blue": BLUE}).order(6, 1)
    t.activate("red1", 1).activate("red2", 5)  # 5 > ABI 3: fails
    assert t.asks.key == "activation.unit" and t.asks.side == "blue"
    t.activate("blue1", 6)
    # every player had its activation phase: on to the next phase, red3 never tried
    assert t.battle.phase == "shooting"
    assert t.stat("red3", "tried") is False and t.stat("red3", "active") is False


def test_wi3_stop_passes_to_the_next_player() -> None:
    """WI-3: the first failure "(or the player stopping) passes to the next player"."""
    t = Table().order(6, 1)
    t.activate("red1", 1)("activation.unit", "done")
    assert t.asks.side == "blue"
    assert t.stat("red2", "tried") is False


def test_wi3_each_unit_tries_once_per_turn() -> None:
    """WI-3: each unit tries once per turn — passed or failed, it is not offered again
    until the next turn."""
    t = Table().order(6, 1)
    t.activate("red2", 6)  # fails
    t.activate("blue1", 1)
    assert t.offered() == ["blue2", "done"]
    t("activation.unit", "done")
    assert t.battle.phase == "shooting" and t.asks.side == "blue"  # red has nobody active
    t("shoot.unit", "done").no_moves()("melee.unit", "done")
    assert t.battle.round == 2
    assert t.offered() == ["red1", "red2", "done"]  # a new turn: every unit may try again
    assert not any(t.stat(u, "active") or t.stat(u, "tried") for u in t.battle.units)


def test_wi3_a_player_with_every_unit_tried_passes_on_its_own() -> None:
    """Seed: "quando tutti i giocatori hanno effettuato una fase di attivazione si passa
    alla fase seguente"."""
    t = Table().order(6, 1)
    t.activate("red1", 1).activate("red2", 1)  # nothing left to try: blue's turn
    assert t.asks.side == "blue"
    t.activate("blue1", 1).activate("blue2", 1)
    assert t.battle.phase == "shooting" and t.asks.key == "shoot.unit"


# == WI-4: two actions, one of them combat ==================================================


def test_wi4_a_unit_that_recovered_and_moved_cannot_melee() -> None:
    """Seed: "una unità può effettuare al massimo due azioni per turno, solo una delle
    quali può essere di combattimento"; WI-4: recovery and moving each count as one."""
    t = Table().order(6, 1)
    t.session.gm("gm.set", unit="red1", field="damage", value=1)
    t.activate("red1", 1).activate("red2", 1).activate("blue1", 1).activate("blue2", 1)
    t("recovery.unit", "red1")("recovery.roll", (1,))  # action 1
    t("shoot.unit", "done")("shoot.unit", "done")
    t.move("red1", "open")  # red1 moves: action 2
    assert t.stat("red1", "actions") == 2
    t.no_moves()
    assert t.battle.phase == "melee"
    assert t.offered() == ["red2", "done"]  # red1 has no action left for melee


def test_wi4_a_unit_that_shot_cannot_melee() -> None:
    """Seed (Mischia): "tra quelle attive e che non abbiano già attaccato a distanza" —
    only one combat action: a unit that shot does not melee, though it has an action left."""
    t = Table().all_active()
    t.shoot("red1", "blue1", "short", 6)  # a miss still spends the combat action
    assert t.stat("red1", "actions") == 1 and t.stat("red1", "combat") is True
    assert t.offered() == ["red2", "done"]  # red1 cannot shoot twice either
    t("shoot.unit", "done")("shoot.unit", "done").no_moves()
    assert t.offered() == ["red2", "done"]


def test_wi4_a_unit_that_recovered_and_shot_cannot_move() -> None:
    """Seed: at most two actions a turn; WI-4: moving is an action too."""
    t = Table().order(6, 1)
    t.session.gm("gm.set", unit="red1", field="damage", value=1)
    t.activate("red1", 1).activate("red2", 1).activate("blue1", 1).activate("blue2", 1)
    t("recovery.unit", "red1")("recovery.roll", (1,))
    t.shoot("red1", "blue1", "short", 6)
    assert t.stat("red1", "actions") == 2
    t("shoot.unit", "done")("shoot.unit", "done")
    assert t.asks.key == "move.units"  # red1 is not offered
    assert t.offered() == ["red2|open", "red2|rough", "red2|impervious"]


def test_wi4_only_active_units_shoot_and_melee() -> None:
    """Seed (Tiro): "il giocatore decide quali unità far attaccare a distanza, tra quelle
    attive"; (Mischia): "tra quelle attive"."""
    t = Table().order(6, 1)
    t.activate("red1", 1).activate("red2", 6).activate("blue1", 6)
    assert t.asks.key == "shoot.unit" and t.offered() == ["red1", "done"]
    t("shoot.unit", "done")  # blue has no active unit: no shooting prompt for blue
    assert t.asks.key == "move.units"
    t.no_moves()
    assert t.asks.key == "melee.unit" and t.offered() == ["red1", "done"]


# == WI-5: recovery =========================================================================


def test_wi5_a_passed_recovery_removes_one_damage_level_and_is_an_action() -> None:
    """Seed (Recupero): "il giocatore di turno può ripristinare un livello di danno";
    ABI is used for "ripristino" — an ABI test; a pass removes one level (WI-5)."""
    t = Table().order(6, 1)
    t.session.gm("gm.set", unit="red1", field="damage", value=2)
    t.activate("red1", 1)("activation.unit", "done").activate("blue1", 6)
    assert t.asks.key == "recovery.unit" and t.offered() == ["red1", "done"]
    t("recovery.unit", "red1")
    prompt = t.asks
    assert isinstance(prompt, Roll) and prompt.key == "recovery.roll"
    assert (prompt.threshold, prompt.compare, prompt.actor) == (4, "<=", "red1")
    t("recovery.roll", (4,))
    assert t.stat("red1", "damage") == 1  # wounded → prone: one level only
    assert t.stat("red1", "actions") == 1


def test_wi5_a_failed_recovery_still_costs_the_action() -> None:
    """WI-5 / WI-4: recovering counts as one action, passed or not."""
    t = Table().order(6, 1)
    t.session.gm("gm.set", unit="red1", field="damage", value=1)
    t.activate("red1", 1)("activation.unit", "done").activate("blue1", 6)
    t("recovery.unit", "red1")("recovery.roll", (5,))  # 5 > ABI 4
    assert t.stat("red1", "damage") == 1 and t.stat("red1", "actions") == 1


def test_wi5_a_unit_healed_by_the_gm_during_its_test_stays_fine() -> None:
    """G-4 with WI-5: the GM sets damage 0 while the recovery roll is pending: the
    question sees it (the engine plays the step again), so the unit, fine now, is not
    asked to recover and spends no action (found by the GM-override property test)."""
    t = Table().order(6, 1)
    t.session.gm("gm.set", unit="red1", field="damage", value=1)
    t.activate("red1", 1)("activation.unit", "done").activate("blue1", 6)
    t("recovery.unit", "red1")
    assert t.asks.key == "recovery.roll"
    t.session.gm("gm.set", unit="red1", field="damage", value=0)
    assert t.stat("red1", "damage") == 0 and t.stat("red1", "actions") == 0
    assert [e.answer for e in t.battle.log if e.kind == "withdrawn"] == [8]
    assert t.asks.key == "shoot.unit"  # Blue has nothing to recover: shooting begins


def test_wi5_one_unit_per_player_in_play_order() -> None:
    """WI-5: "each player in order may test ABI with one active damaged unit"."""
    t = Table().order(6, 1)
    for unit_id in ("red1", "red2", "blue2"):
        t.session.gm("gm.set", unit=unit_id, field="damage", value=1)
    t.activate("red1", 1).activate("red2", 1).activate("blue1", 1).activate("blue2", 1)
    assert t.asks.side == "red" and t.offered() == ["red1", "red2", "done"]
    t("recovery.unit", "red2")("recovery.roll", (1,))
    assert t.asks.key == "recovery.unit" and t.asks.side == "blue"  # red had its one
    assert t.offered() == ["blue2", "done"]
    t("recovery.unit", "done")
    assert t.battle.phase == "shooting"
    assert t.stat("red1", "damage") == 1 and t.stat("red2", "damage") == 0


def test_wi5_only_active_damaged_units_may_recover() -> None:
    """WI-5: an inactive damaged unit, or an active unhurt one, is not offered."""
    t = Table().order(6, 1)
    t.session.gm("gm.set", unit="red2", field="damage", value=1)
    t.activate("red1", 1).activate("red2", 6).activate("blue1", 6)
    assert t.battle.phase == "shooting" and t.asks.key == "shoot.unit"  # no recovery asked
    assert not any(e.key.startswith("recovery") for e in t.battle.log)


# == WI-6: shooting =========================================================================


def test_wi6_a_target_not_seen_at_50_percent_cannot_be_shot() -> None:
    """Seed: "una unità può essere colpita solo da unità che la vedano almeno al 50%
    (copertura parziale)" — no shot, no action; the shooter stands down this phase."""
    t = Table().all_active()
    t("shoot.unit", "red1")("shoot.target", "blue1")
    assert t.asks.key == "shoot.sight" and t.asks.target == "blue1"
    t("shoot.sight", "out")  # issue 25: "does not see 50% of it" is this answer
    assert t.stat("red1", "actions") == 0 and t.stat("red1", "shot") is False
    assert t.asks.key == "shoot.unit" and t.offered() == ["red2", "done"]
    assert not any(e.key == "shoot.to_hit" for e in t.battle.log)


def test_wi6_distance_bands_and_out_of_range() -> None:
    """Seed "Distanze": "tra 0 e 5cm: mischia / lancio; tra 5 20cm: corto raggio; tra 20 e
    50cm: medio raggio; da 50 a 100cm: lungo raggio" — the table answers the band."""
    t = Table().all_active()
    t("shoot.unit", "red1")("shoot.target", "blue2")
    options = labels(t.asks)
    assert list(options) == ["throw", "short", "medium", "long", "out"]
    assert [options[b].label for b in ("throw", "short", "medium", "long")] == [
        "sees it, 0–5 cm (throw)",
        "sees it, 5–20 cm (short)",
        "sees it, 20–50 cm (medium)",
        "sees it, 50–100 cm (long)",
    ]
    t("shoot.sight", "out")  # beyond 100 cm (or not seen): no shot
    assert t.stat("red1", "actions") == 0 and t.asks.key == "shoot.unit"


@pytest.mark.parametrize("band", ["throw", "short", "medium", "long"])
def test_wi6_a_shot_is_a_CMB_test(band: str) -> None:
    """Seed: "il giocatore lancia per ciascuna unità il d6 — se il risultato è minore o
    uguale a CMB l'attacco va a segno"; without the option no band changes the number."""
    t = Table().all_active()
    t("shoot.unit", "red2")("shoot.target", "blue1")("shoot.sight", band)
    prompt = t.asks
    assert isinstance(prompt, Roll) and prompt.key == "shoot.to_hit"
    assert (prompt.dice, prompt.compare, prompt.effective_threshold) == ("1d6", "<=", 3)
    assert prompt.modifiers == () and (prompt.actor, prompt.target) == ("red2", "blue1")
    t("shoot.to_hit", (3,))
    assert t.stat("blue1", "pending") == 1
    t.shoot("red1", "blue1", band, 5)  # 5 > CMB 4: a miss
    assert t.stat("blue1", "pending") == 1


def test_wi6_a_hit_is_applied_only_at_end_of_turn() -> None:
    """Seed: "ogni colpo andato a segno provoca un danno all'unità bersaglio — gli effetti
    dei danni si applicano solo a fine turno" and "si completa il turno, applicando i danni
    degli attacchi a distanza" — the target acts all turn as if unhurt."""
    t = Table({"red": [*RED, ("Charlie", 3, 3)], "blue": BLUE}).all_active()
    t.shoot("red1", "blue2", "medium", 4).shoot("red2", "blue2", "short", 1)
    assert t.stat("blue2", "pending") == 2 and t.stat("blue2", "damage") == 0
    assert SYSTEM.status(t.battle, t.unit("blue2")).startswith("active, +2 pending")
    t("shoot.unit", "done")
    # Blue2 still shoots back this turn …
    t.shoot("blue2", "red1", "short", 6)("shoot.unit", "done")
    # … moves its full 20 cm, not as prone (1) nor held back as wounded (2) …
    t("move.units", [])  # red: nobody moves
    assert "up to 20 cm" in labels(t.asks)["blue2|open"].label
    t("move.units", [])
    # … and counter-attacks in melee.
    t.melee("red3", "blue2", 6)
    assert t.asks.key == "melee.counter" and t.asks.actor == "blue2"
    t("melee.counter", (6,))
    assert t.asks.side == "blue"  # red has nobody left to fight
    t("melee.unit", "done")
    # End of turn: both hits land now.
    assert t.battle.round == 2
    assert t.stat("blue2", "damage") == 2 and t.stat("blue2", "pending") == 0
    end = [e for e in t.battle.log if e.round == 1 and e.phase == "end"]
    done = [f.as_dict() for e in end for f in e.effects if f.field == "damage"]
    assert [{k: v for k, v in d.items() if k != "cause"} for d in done] == [
        {"unit": "blue2", "field": "damage", "from": 0, "to": 2}
    ]
    # Issue 27: the damage names the shot that made it (the second hit: the last applied).
    shots = [e for e in t.battle.log if e.key == "shoot.to_hit" and e.target == "blue2"]
    assert done[0]["cause"] == {
        "kind": "attack",
        "entry": shots[-1].index,
        "unit": shots[-1].actor,
        "attack": "shot",
    }


def test_wi6_three_hits_remove_the_target_at_end_of_turn() -> None:
    """Seed: "3 = unità deceduta, va rimossa dal tavolo da gioco" — even when the three
    hits came by shooting, the unit leaves the table at End of turn, not before."""
    t = Table({"red": [*RED, ("Charlie", 5, 5)], "blue": BLUE}).all_active()
    t.shoot("red1", "blue1", "short", 1).shoot("red2", "blue1", "short", 1)
    t.shoot("red3", "blue1", "throw", 1)
    assert t.stat("blue1", "pending") == 3 and not t.unit("blue1").removed
    assert t.offered() == ["blue1", "blue2", "done"]  # blue1 still shoots in its turn
    t("shoot.unit", "done").no_moves()
    assert t.asks.key == "melee.unit" and t.offered() == ["blue1", "blue2", "done"]
    t("melee.unit", "done")
    assert t.battle.round == 2
    assert t.unit("blue1").removed and t.stat("blue1", "damage") == 3


@pytest.mark.parametrize(
    ("band", "fog", "modifiers", "threshold"),
    [
        ("throw", None, (), 4),
        ("short", None, (), 4),
        ("medium", False, (("medium range", -1),), 3),
        ("medium", True, (("medium range", -1), ("reduced visibility", -1)), 2),
        ("long", False, (("long range", -2),), 2),
        ("long", True, (("long range", -2), ("reduced visibility", -2)), 0),
    ],
)
def test_wi6_range_modifiers_option_lowers_the_number_to_roll_under(
    band: str, fog: bool | None, modifiers: tuple[tuple[str, int], ...], threshold: int
) -> None:
    """Seed TODO: "i colpi a distanza media ricevono un malus a -1, quelli a lunga distanza
    di -2" and "in caso di ridotta visibilità (nebbia, fumo) … -1 a medio raggio e -2 a
    lungo raggio" — WI-6: a battle option; fog is asked only where it matters."""
    t = Table(range_modifiers=True).all_active()
    t("shoot.unit", "red1")("shoot.target", "blue1")("shoot.sight", band)
    if fog is not None:
        assert t.asks.key == "shoot.fog"
        t("shoot.fog", fog)
    prompt = t.asks
    assert isinstance(prompt, Roll) and prompt.key == "shoot.to_hit"
    assert prompt.modifiers == modifiers
    assert prompt.effective_threshold == threshold
    assert success_chance(prompt) == Fraction(threshold, 6)
    face = max(threshold, 1)
    t("shoot.to_hit", (face,))  # exactly the lowered number hits; at 0 nothing does
    assert t.stat("blue1", "pending") == (1 if threshold else 0)
    t.shoot("red2", "blue1", band, face, fog)  # CMB 3, lowered alike: this face misses
    assert t.stat("blue1", "pending") == (1 if threshold else 0)


def test_wi6_range_modifiers_are_off_by_default() -> None:
    """WI-6: the seed's TODO maluses are "a battle option, off by default"."""
    t = Table().all_active()
    assert t.battle.options["range_modifiers"] is False
    t("shoot.unit", "red1")("shoot.target", "blue1")("shoot.sight", "long")
    prompt = t.asks
    assert isinstance(prompt, Roll) and prompt.key == "shoot.to_hit"  # no fog question
    assert prompt.modifiers == () and prompt.effective_threshold == 4
    t("shoot.to_hit", (4,))
    assert t.stat("blue1", "pending") == 1


def test_wi6_players_shoot_in_play_order_until_they_pass() -> None:
    """Seed: "quando il giocatore non ha più truppe che devono attaccare passa il turno al
    giocatore successivo" — each player shoots with as many units as it likes, then passes."""
    t = Table().all_active()
    t.shoot("red1", "blue1", "short", 6)
    assert t.asks.side == "red"
    t("shoot.unit", "done")
    assert t.asks.side == "blue" and t.offered() == ["blue1", "blue2", "done"]


def test_seed_any_unit_may_act_on_any_other_enemy() -> None:
    """Seed: "ogni unità può agire su un'altra" — every enemy, of every other player, is a
    target; a player's own units are not."""
    t = Table({"red": RED, "blue": BLUE, "green": [("Golf", 3, 3)]}).order(6, 3, 1)
    t.activate("red1", 1)("activation.unit", "done")
    t("activation.unit", "done")("activation.unit", "done")
    t("shoot.unit", "red1")
    assert t.offered() == ["blue1", "blue2", "green1", "done"]


def test_wi6_a_shooter_that_finds_no_target_may_still_melee() -> None:
    """WI-8: melee is for "active units that did not shoot"; a unit that found no target
    in Shooting did not shoot."""
    t = Table().all_active()
    t("shoot.unit", "red1")("shoot.target", "done")
    assert t.offered() == ["red2", "done"]
    t.to_melee()
    assert "red1" in t.offered()


# == WI-7: movement =========================================================================


def moved_units(t: Table) -> list[str | None]:
    """The units the log says moved, in the order they were told."""
    return [e.actor for e in t.battle.log if e.phase == "movement" and " moves up to " in e.text]


def test_wi7_movement_is_simultaneous_and_optional() -> None:
    """Seed: "tutti i giocatori effettuano i movimenti in simultanea — non è obbligatorio
    muovere tutte le unità" — each player says in one answer which of its units moved
    and over what ground (issue 25); the others stay where they are."""
    t = Table().order(6, 1)
    t("activation.unit", "done")("activation.unit", "done")
    assert t.battle.phase == "movement" and t.asks.key == "move.units"
    assert isinstance(t.asks, Pick)
    assert t.asks.side == "red" and t.offered() == [
        "red1|open",
        "red1|rough",
        "red2|open",
        "red2|rough",
    ]
    t.move("red2", "open")  # red1 stays
    assert t.asks.side == "blue"
    t.moves(("blue1", "rough"), ("blue2", "open"))
    assert t.battle.phase != "movement"
    assert moved_units(t) == ["red2", "blue1", "blue2"]


def test_wi7_a_unit_moves_over_one_ground_at_most() -> None:
    """Seed: a unit moves over open, rough or impervious ground: its three moves are one
    group of the Pick, and an answer giving it two is refused with nothing stored."""
    t = Table().order(6, 1)
    t("activation.unit", "done")("activation.unit", "done")
    items = list(t.session.items)
    with pytest.raises(AnswerError, match=r"Alpha: rough ground.*Alpha: open ground"):
        t.session.answer(["red1|open", "red1|rough"])
    assert t.session.items == items and t.asks.key == "move.units"


def test_wi7_one_players_answer_ends_only_that_players_movement() -> None:
    """Seed: "tutti i giocatori effettuano i movimenti in simultanea … quando tutti i
    giocatori hanno spostato le truppe si passa alla fase seguente" — red's answer ends
    red's movement only: blue's and green's units are still asked."""
    t = Table({"red": RED, "blue": BLUE, "green": [("Golf", 3, 3)]}).order(6, 3, 1)
    for _ in range(3):
        t("activation.unit", "done")
    assert t.asks.key == "move.units" and t.asks.side == "red"
    t("move.units", [])
    assert t.battle.phase == "movement" and t.asks.side == "blue"
    assert t.stat("red1", "moved") is False and t.stat("red2", "moved") is False
    t.move("blue2", "open")
    assert t.battle.phase == "movement" and t.asks.side == "green"
    t.move("green1", "rough")
    assert t.battle.phase != "movement"
    assert moved_units(t) == ["blue2", "green1"]


def test_wi7_a_player_with_ten_units_tells_its_movement_in_one_answer() -> None:
    """Seed: "non è obbligatorio muovere tutte le unità" — "these three moved over open
    ground, this one tried the impervious slope, the rest stay" is one answer and the
    impervious roll (issue 25): 2 answers, where it was one per unit that moved and
    "done" (6); the outcome is the same: the same units moved, the same test rolled."""
    army: Army = [(f"Unit {n}", 3, 3) for n in range(1, 11)]
    t = Table({"red": army, "blue": [("Xray", 3, 3)]}).order(6, 1)
    t.activate("red4", 1)("activation.unit", "done")("activation.unit", "done")
    t("shoot.unit", "done")
    before = len(t.session.items)
    t.moves(("red4", "impervious"), ("red1", "open"), ("red2", "open"), ("red3", "open"))
    assert t.session.items[-1].value == ("red1|open", "red2|open", "red3|open", "red4|impervious")
    t("move.impervious", (3,))
    assert len(t.session.items) - before == 2
    assert t.asks.side == "blue"
    moved = [u for u in t.battle.units if t.stat(u, "moved")]
    assert moved == ["red1", "red2", "red3", "red4"]
    log = [e.text for e in t.battle.log[-5:]]
    assert "Unit 4 moves up to 10 cm (impervious)" in log


def test_wi7_an_impervious_move_shows_the_chance_of_its_ABI_test() -> None:
    """Seed: impervious ground needs an ABI test (1d6 ≤ ABI): the option shows its chance."""
    t = Table().order(6, 1)
    t.activate("red1", 1).activate("red2", 1)("activation.unit", "done")
    t("shoot.unit", "done")
    assert labels(t.asks)["red1|impervious"].chance == 4 / 6  # Alpha: ABI 4
    assert labels(t.asks)["red2|impervious"].chance == 3 / 6
    assert labels(t.asks)["red1|open"].chance is None


def test_wi7_enter_offers_last_turns_movement_of_the_same_units() -> None:
    """Issue 25: the default of a player's movement is what it told last turn, of the
    units that may still move (a unit since wounded drops out); never given by itself."""
    t = Table().order(6, 1)
    t("activation.unit", "done")("activation.unit", "done")
    assert t.asks.default is None  # the first turn: nothing told before
    t.moves(("red1", "open"), ("red2", "rough")).no_moves()
    while t.asks.key != "move.units":
        t(t.asks.key, "done")
    assert t.asks.side == "red" and t.asks.default == ("red1|open", "red2|rough")
    t.session.undo()  # back before turn 2's movement: red2 is wounded there
    t.session.gm("gm.set", unit="red2", field="damage", value=2)  # wounded: cannot move
    t(t.asks.key, "done")
    assert t.asks.key == "move.units" and t.asks.default == ("red1|open",)
    t.session.answer(t.asks.default)
    assert t.stat("red1", "moved") is True


def test_wi7_an_older_save_tells_movement_one_unit_at_a_time() -> None:
    """A save from before issue 25 (`move.unit`, one answer per unit that moved, then
    "done") replays with the questions it was played with: the session finds that its
    log does not fit today's and sets `questions = "one at a time"`."""
    old = Table(questions="one at a time").order(6, 1)
    old("activation.unit", "done")("activation.unit", "done")
    old("move.unit", "red2|open")("move.unit", "done")
    old("move.unit", "blue1|rough")("move.unit", "blue2|open")
    replayed = Session(SYSTEM, make_setup({"red": RED, "blue": BLUE}), old.session.items)
    assert replayed.setup.options["questions"] == "one at a time"
    moved = [e.actor for e in replayed.battle.log if " moves up to " in e.text]
    assert moved == ["red2", "blue1", "blue2"] == moved_units(old)


def test_wi7_allowances_open_20_rough_10_impervious_10() -> None:
    """Seed: "ogni unità si può spostare al massimo di 20cm … su terreno scosceso o
    accidentato la distanza si riduce a 10cm … su terreno impervio la distanza si riduce a
    10cm ed è necessario effettuare una prova su ABI"."""
    t = Table().order(6, 1)
    t.activate("red1", 1)("activation.unit", "done")("activation.unit", "done")
    t("shoot.unit", "done")
    options = labels(t.asks)
    assert t.asks.side == "red"
    assert options["red1|open"].label == "Alpha: open ground, up to 20 cm"
    assert options["red1|rough"].label == "Alpha: rough ground, up to 10 cm"
    assert options["red1|impervious"].label == "Alpha: impervious ground, up to 10 cm (ABI test)"
    t.move("red1", "rough")
    assert t.battle.log[-1].text == "Alpha moves up to 10 cm (rough)"
    assert t.stat("red1", "moved") is True and t.stat("red1", "actions") == 1  # an action


def test_wi7_prone_units_move_half() -> None:
    """Seed: "le unità prone si muovono di metà distanza"."""
    t = Table().order(6, 1)
    t.session.gm("gm.set", unit="red1", field="damage", value=1)
    t("activation.unit", "done")("activation.unit", "done")
    options = labels(t.asks)
    assert "up to 10 cm" in options["red1|open"].label
    assert "up to 5 cm" in options["red1|rough"].label
    assert "up to 5 cm" in options["red1|impervious"].label
    t.move("red1", "open")
    assert t.battle.log[-1].text == "Alpha moves up to 10 cm (open)"


def test_wi7_wounded_units_cannot_move() -> None:
    """Seed: "si possono muovere solo le unità non ferite"."""
    t = Table().order(6, 1)
    t.session.gm("gm.set", unit="red1", field="damage", value=2)
    t("activation.unit", "done")("activation.unit", "done")
    assert not any(o.startswith("red1|") for o in labels(t.asks))
    t.session.gm("gm.set", unit="blue1", field="damage", value=2)
    t.session.gm("gm.set", unit="blue2", field="damage", value=2)
    t.move("red2", "open")  # red's last unit that may move; blue has none: phase over
    assert t.battle.phase != "movement"


def test_wi7_inactive_units_may_move_but_not_onto_impervious_ground() -> None:
    """Seed: "si possono muovere anche le unità non attive (fase di attivazione) eccetto
    che su terreni impervi" — the option is shown disabled, and picking it is refused
    with nothing stored."""
    t = Table().order(6, 1)
    t.activate("red1", 6)("activation.unit", "done")  # red1 failed: inactive
    impervious = labels(t.asks)["red1|impervious"]
    assert impervious.disabled == "inactive units cannot enter impervious terrain"
    assert "red1|impervious" not in t.offered() and "red1|open" in t.offered()
    items, log = list(t.session.items), len(t.battle.log)
    with pytest.raises(AnswerError, match="inactive units cannot enter impervious terrain"):
        t.session.answer(["red1|impervious"])
    assert t.session.items == items and len(t.battle.log) == log
    t.move("red1", "open")  # an inactive unit does move in the open
    assert t.stat("red1", "moved") is True


def test_wi7_impervious_ground_needs_an_ABI_test() -> None:
    """Seed: "su terreno impervio … è necessario effettuare una prova su ABI per verificare
    se il movimento riesce"."""
    t = Table().order(6, 1)
    t.activate("red1", 1).activate("red2", 1)("activation.unit", "done")
    t("shoot.unit", "done")
    t.moves(("red1", "impervious"), ("red2", "impervious"))
    prompt = t.asks
    assert isinstance(prompt, Roll) and prompt.key == "move.impervious"
    assert (prompt.actor, prompt.threshold, prompt.compare) == ("red1", 4, "<=")
    t("move.impervious", (4,))
    assert t.battle.log[-1].text == "Alpha moves up to 10 cm (impervious)"
    t("move.impervious", (4,))  # red2: 4 > ABI 3
    assert t.battle.log[-1].text == "Bravo fails to move through impervious terrain"
    # Ours (not a ruling): a failed impervious test still spends the move action.
    assert t.stat("red2", "actions") == 1 and t.stat("red2", "moved") is True


# == WI-8: melee ============================================================================


def test_wi8_a_melee_hit_is_damage_at_once() -> None:
    """Seed (Mischia): "se il risultato è minore o uguale a CMB l'attacco va a segno … gli
    effetti dei danni si applicano subito"."""
    t = Table().all_active().to_melee()
    t("melee.unit", "red1")("melee.target", "blue2")("melee.reach", True)
    prompt = t.asks
    assert isinstance(prompt, Roll) and prompt.key == "melee.to_hit"
    assert (prompt.actor, prompt.target, prompt.threshold) == ("red1", "blue2", 4)
    t("melee.to_hit", (4,))
    assert t.stat("blue2", "damage") == 1 and t.stat("blue2", "pending") == 0
    assert t.stat("red1", "actions") == 1 and t.stat("red1", "combat") is True


def test_wi8_the_attacked_unit_counter_attacks_with_a_CMB_test() -> None:
    """Seed: "il giocatore che controlla l'unità attaccata effettua un contro-attacco" —
    hit or miss, the target strikes back (d6 ≤ its CMB), damage at once."""
    t = Table().all_active().to_melee()
    t.melee("red2", "blue2", 6)  # a miss: the counter-attack comes anyway
    prompt = t.asks
    assert isinstance(prompt, Roll) and prompt.key == "melee.counter"
    assert (prompt.side, prompt.actor, prompt.target, prompt.threshold) == (
        "blue",
        "blue2",
        "red2",
        3,
    )
    t("melee.counter", (3,))
    assert t.stat("red2", "damage") == 1


def test_wi8_the_counter_attack_is_not_an_action() -> None:
    """WI-8: "the counter-attack is not an action" — the target keeps its own attack."""
    t = Table().all_active().to_melee()
    t.melee("red1", "blue1", 6)("melee.counter", (6,))
    assert t.stat("blue1", "actions") == 0 and t.stat("blue1", "combat") is False
    t("melee.unit", "done")
    assert t.asks.side == "blue" and "blue1" in t.offered()
    t.melee("blue1", "red1", 1)
    assert t.stat("red1", "damage") == 1


def test_wi8_no_counter_attack_from_a_unit_no_longer_on_the_table() -> None:
    """WI-8: the target counter-attacks "if it is still on the table"."""
    t = Table().all_active()
    t.session.gm("gm.set", unit="blue2", field="damage", value=2)
    t.to_melee().melee("red1", "blue2", 1)
    assert t.unit("blue2").removed and t.stat("blue2", "damage") == 3
    assert t.asks.key == "melee.unit"  # no melee.counter
    assert t.offered() == ["red2", "done"]


def test_wi8_a_counter_attack_may_remove_the_attacker() -> None:
    """Seed: damage in melee applies at once, and "3 = unità deceduta, va rimossa"."""
    t = Table().all_active()
    t.session.gm("gm.set", unit="red1", field="damage", value=2)
    t.to_melee().melee("red1", "blue1", 6)("melee.counter", (1,))
    assert t.unit("red1").removed
    t("melee.unit", "done")
    assert t.offered() == ["blue1", "blue2", "done"]
    t("melee.unit", "blue1")
    assert t.offered() == ["red2", "done"]  # a removed unit is no target


def test_wi8_only_targets_within_10_cm() -> None:
    """Seed: "possono essere attaccate solo unità che siano nel raggio di 10cm dall'unità
    attaccante" — the table says; out of reach there is no attack and no action."""
    t = Table().all_active().to_melee()
    t("melee.unit", "red1")("melee.target", "blue1")
    assert t.asks.key == "melee.reach" and "within 10 cm" in t.asks.text
    t("melee.reach", False)
    assert t.stat("red1", "actions") == 0 and t.stat("blue1", "damage") == 0
    assert t.offered() == ["red2", "done"]


def test_wi8_inactive_units_are_attacked_and_counter_attack() -> None:
    """Seed: every unit may be acted on; "il giocatore che controlla l'unità attaccata
    effettua un contro-attacco" — being inactive does not stop the counter-attack."""
    t = Table().order(6, 1)
    t.activate("red1", 1)("activation.unit", "done").activate("blue1", 6)
    t("shoot.unit", "done").no_moves()
    t.melee("red1", "blue1", 6)
    assert t.asks.key == "melee.counter" and t.asks.actor == "blue1"


# == WI-9: damage levels, the end of the battle =============================================


def test_wi9_damage_levels_prone_wounded_dead() -> None:
    """Seed "Danni": "0 = unità operativa, 1 = unità prona, 2 = unità ferita, 3 = unità
    deceduta, va rimossa dal tavolo da gioco"."""
    t = Table({"red": [*RED, ("Charlie", 5, 5)], "blue": BLUE}).all_active().to_melee()
    words = []
    for attacker in ("red1", "red2", "red3"):
        t.melee(attacker, "blue1", 1)
        words.append(SYSTEM.status(t.battle, t.unit("blue1")).split(",")[0])
        if not t.unit("blue1").removed:
            t("melee.counter", (6,))
    assert words == ["prone", "wounded", "dead"]
    assert t.unit("blue1").removed and t.stat("blue1", "damage") == 3
    assert "blue1" not in [u.id for u in t.battle.on_table()]


def test_wi9_the_battle_ends_when_one_player_has_units_left() -> None:
    """WI-9: "The battle ends when one player has units left" — here at End of turn, when
    the shooting damage removes Blue's last unit."""
    t = Table({"red": RED, "blue": [("Xray", 1, 1)]}).order(6, 1)
    t.session.gm("gm.set", unit="blue1", field="damage", value=1)
    t.activate("red1", 1).activate("red2", 1).activate("blue1", 6)
    t.shoot("red1", "blue1", "short", 1).shoot("red2", "blue1", "short", 1)
    assert t.battle.result is None and t.stat("blue1", "pending") == 2
    t.no_moves()  # no melee: both red units shot, blue1 is inactive
    assert t.unit("blue1").removed
    result = t.battle.result
    assert result is not None and (result.winner, result.round) == ("red", 1)
    assert result.reason == "the only player with units left"
    assert SYSTEM.summary(t.battle)[0].startswith("Winner: Red — the only player")
    assert t.session.prompt is None


def test_wi9_a_player_without_units_is_skipped_while_two_others_fight_on() -> None:
    """WI-9: with three players the battle goes on while two still have units."""
    t = Table({"red": RED, "blue": BLUE, "green": [("Golf", 3, 3)]}).order(6, 3, 1)
    t.session.gm("gm.remove", unit="green1")
    t("activation.unit", "done")("activation.unit", "done")  # green is not asked
    t.no_moves()
    assert t.battle.result is None and t.battle.round == 2
    assert {e.side for e in t.battle.log if e.key == "activation.unit"} == {"red", "blue"}


def test_wi9_no_units_left_on_any_side_is_a_draw() -> None:
    """WI-9: shooting damage lands together at End of turn, so every side may be wiped
    out at once: nobody has units left, a draw."""
    t = Table({"red": [("Alpha", 5, 5)], "blue": [("Xray", 5, 5)]}).order(6, 1)
    t.session.gm("gm.set", unit="red1", field="damage", value=2)
    t.session.gm("gm.set", unit="blue1", field="damage", value=2)
    t.activate("red1", 1).activate("blue1", 1)
    t("recovery.unit", "done")("recovery.unit", "done")
    t.shoot("red1", "blue1", "short", 1).shoot("blue1", "red1", "short", 1)
    # both wounded: nobody moves; both shot: no melee; End of turn removes both
    result = t.battle.result
    assert result is not None and result.winner is None
    assert result.reason == "no units left on any side"
    assert SYSTEM.summary(t.battle)[0].startswith("Winner: nobody (draw)")


def test_wi9_turn_limit_most_cost_surviving_wins() -> None:
    """WI-9: "an optional turn limit, then most cost surviving wins"."""
    t = Table({"red": [("Alpha", 5, 5)], "blue": [("Xray", 4, 4), ("Yankee", 1, 1)]}, turn_limit=2)
    t.session.gm("gm.remove", unit="blue2")  # 10 against 8 on the table
    for _ in range(2):
        if t.battle.round == 0:
            t.order(6, 1)
        t("activation.unit", "done")("activation.unit", "done").no_moves()
    result = t.battle.result
    assert result is not None and result.winner == "red" and result.round == 2
    assert result.reason == "turn limit 2: most cost surviving (10)"
    assert t.session.prompt is None


def test_wi9_turn_limit_equal_cost_is_a_draw_and_no_limit_plays_on() -> None:
    """WI-9: equal cost surviving at the turn limit: nobody has most, a draw; with no
    limit (0, the default) the battle goes on."""
    t = Table({"red": [("Alpha", 3, 3)], "blue": [("Xray", 2, 4)]}, turn_limit=1).order(6, 1)
    t("activation.unit", "done")("activation.unit", "done").no_moves()
    assert t.battle.result is not None and t.battle.result.winner is None
    t = Table().order(6, 1)
    for _ in range(10):
        t("activation.unit", "done")("activation.unit", "done").no_moves()
    assert t.battle.result is None and t.battle.round == 11


def test_wi9_turn_limit_counts_only_units_on_the_table() -> None:
    """WI-9: the dead do not count; cost is the unit's cost (CMB + ABI), hurt or not."""
    t = Table({"red": [("A", 5, 5), ("B", 1, 1)], "blue": [("X", 3, 3)]}, turn_limit=1)
    t.order(6, 1)
    t.session.gm("gm.remove", unit="red1")
    t.session.gm("gm.set", unit="blue1", field="damage", value=2)
    t("activation.unit", "done")("activation.unit", "done").no_moves()
    result = t.battle.result
    assert result is not None and result.winner == "blue"
    assert result.reason == "turn limit 1: most cost surviving (6)"


# == G-4: GM overrides and notes ============================================================


def test_G_4_gm_overrides_take_effect_and_survive_undo_redo_and_save_load(
    tmp_path: Path,
) -> None:
    """G-4: "A GM may always override (wounds, status, stats, remove/add a unit) and write
    notes; both are logged. A GM may end the battle at any time; the summary says so."."""
    t = Table().order(6, 1)
    gm = t.session.gm
    gm("gm.set", unit="red1", field="damage", value=1)  # prone: moves half
    gm("gm.remove", unit="blue2")
    gm("gm.add", id="blue3", side="blue", name="Zulu", profile={"cmb": 5, "abi": 2})
    gm("gm.note", text="Rain: the ford is rough ground.")
    t("activation.unit", "done")
    assert t.offered() == ["blue1", "blue3", "done"]  # the added unit plays, blue2 is gone
    t("activation.unit", "done")
    assert "up to 10 cm" in labels(t.asks)["red1|open"].label  # red1 is prone
    gm("gm.end", winner="red", reason="")
    assert t.session.prompt is None
    assert SYSTEM.summary(t.battle)[0] == "Winner: Red — the GM ended the battle (turn 1)"

    def facts(session: Session) -> tuple[Any, ...]:
        b = session.battle
        return (
            b.units["red1"].stats["damage"],
            b.units["blue2"].removed,
            b.units["blue3"].profile,
            [e.text for e in b.log if e.kind in ("note", "override", "result")],
            b.result,
        )

    expected = facts(t.session)
    assert expected[3] == [
        "GM sets Alpha's damage to 1",
        "GM removes Yankee",
        "GM adds Zulu to Blue",
        "Rain: the ford is rough ground.",
        "Red wins: the GM ended the battle",
    ]
    t.session.undo()
    assert t.battle.result is None and t.asks.key == "move.units"
    t.session.redo()
    assert facts(t.session) == expected
    for _ in range(3):
        t.session.undo()  # the end, the last two answers: the overrides stay
    assert facts(t.session)[:3] == expected[:3]
    assert facts(t.session)[3] == expected[3][:4]
    for _ in range(3):
        t.session.redo()
    path = tmp_path / "gm.toml"
    save_session(t.session, path, "2026-01-01T00:00:00Z")
    loaded, _ = load_session(path, systems())
    assert facts(loaded) == expected
    assert loaded.items == t.session.items


def test_g4_a_unit_put_back_is_alive_at_the_damage_the_gm_says() -> None:
    """Seed: "3 = unità deceduta, va rimossa dal tavolo da gioco"; G-4: "A unit put back on
    the table comes back alive by its system's rules (the GM says its wounds)" — damage
    0–2 (fine when not said), never 3: it was back at 3 and could "recover" to 2."""
    t = Table().all_active()
    t.session.gm("gm.set", unit="blue1", field="damage", value=2)
    t.to_melee().melee("red1", "blue1", 1)
    assert t.unit("blue1").removed and t.stat("blue1", "damage") == 3
    with pytest.raises(AnswerError, match="damage at most 2"):
        t.session.gm("gm.restore", unit="blue1", value=3)
    t.session.gm("gm.restore", unit="blue1")
    assert not t.unit("blue1").removed and t.stat("blue1", "damage") == 0
    # Back as a unit that has not tried to activate: no stale markers of its last turn.
    assert (t.stat("blue1", "active"), t.stat("blue1", "actions")) == (False, 0)
    assert SYSTEM.status(t.battle, t.unit("blue1")) == "inactive"
    t.session.gm("gm.remove", unit="blue1")
    t.session.gm("gm.restore", unit="blue1", value=2)
    assert t.stat("blue1", "damage") == 2
    assert t.battle.log[-1].text == "GM puts Xray back (damage 2)"
    t("melee.unit", "done")("melee.unit", "done")  # end of turn 1
    t("activation.unit", "done")
    assert "blue1" in t.offered()  # it tries to activate in turn 2
    t.activate("blue1", 1)("activation.unit", "done")
    assert t.asks.key == "recovery.unit" and t.stat("blue1", "damage") == 2


def test_wi7_a_save_played_before_movement_by_player_still_replays() -> None:
    """An older save (the example of 0.1, movement walked unit by unit, `move.terrain`)
    loads and replays to its own end: its log asks the old questions (the setup records
    `movement = "by unit"` when saved again); a new battle asks movement by player."""
    path = Path(__file__).parent / "saves" / "wi-movement-by-unit.toml"
    session, _ = load_session(path, systems())
    assert session.setup.options["movement"] == "by unit"
    assert session.battle.result is not None and session.prompt is None
    assert "move.terrain" in {i.key for i in session.items}
    summary = SYSTEM.summary(session.battle)[0]
    assert summary.startswith("Winner: ")
    fresh = Table().order(6, 1)
    fresh("activation.unit", "done")("activation.unit", "done")
    assert fresh.asks.key == "move.units" and "movement" not in fresh.session.setup.options


@pytest.mark.parametrize(("visible", "band"), [(False, None), (True, "out"), (True, "medium")])
def test_wi6_sight_and_distance_in_one_answer_give_the_same_shot(
    visible: bool, band: str | None
) -> None:
    """Seed: a unit is hit only by units that see at least 50% of it; "Distanze" (bands
    to 100 cm). Issue 25: told in one answer (`shoot.sight`) where they were two
    (`shoot.visible`, `shoot.band`): not seen and out of range both hold the shooter, a
    band gives the same roll, with the same outcome for the same face."""
    before = Table(questions="one at a time").all_active()
    now = Table().all_active()
    for t in (before, now):
        t("shoot.unit", "red1")("shoot.target", "blue1")
    before("shoot.visible", visible)
    if visible:
        before("shoot.band", band)
    now("shoot.sight", band or "out")
    for t in (before, now):
        if band in (None, "out"):
            assert t.stat("red1", "held") is True and t.asks.key == "shoot.unit"
        else:
            assert isinstance(t.asks, Roll) and t.asks.effective_threshold == 4
            t("shoot.to_hit", (4,))
            assert t.stat("blue1", "pending") == 1 and t.stat("red1", "shot") is True
