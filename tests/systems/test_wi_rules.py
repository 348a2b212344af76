"""wargaming-introduttivo (seed 002) rules, each with fixed dice.

Each test quotes the seed line it checks; completions cite their ruling id (WI-n).
"""

from __future__ import annotations

import pytest

from skirmtui.engine.prompts import AnswerError
from skirmtui.engine.system import SetupError
from skirmtui.systems.registry import get_system
from tests.systems.wi_helpers import (
    WI,
    activate,
    activate_all,
    options,
    order,
    play,
    session,
    setup,
    shoot,
    stat,
    two_a_side,
)

# -- units and armies ------------------------------------------------------------------


def test_WI_1_cost_is_cmb_plus_abi() -> None:
    """Seed: "Il costo di un'unità base (CMB = 3 e ABI = 3) è di 6 punti, ogni incremento
    … costa un ulteriore punto. Un'unità eccellente (CMB = 5, ABI = 5) costerà … 10"."""
    s = session({"red": [("Base", 3, 3), ("Best", 5, 5), ("Weak", 1, 2)], "blue": [("X", 3, 3)]})
    assert [s.battle.units[u].profile["cost"] for u in ("red1", "red2", "red3")] == [6, 10, 3]


def test_WI_1_army_over_budget_is_refused() -> None:
    """Seed: resources agreed, equal for all; WI-1: armies over budget are refused."""
    system = get_system(WI)
    army = [("A", 5, 5), ("B", 5, 5), ("C", 1, 0 + 1)]  # 10 + 10 + 2 = 22
    with pytest.raises(SetupError, match="costs 22, over the budget of 20"):
        system.check_setup(setup({"red": army, "blue": [("X", 1, 1)]}, budget=20))
    system.check_setup(setup({"red": army, "blue": [("X", 1, 1)]}, budget=22))


def test_WI_1_stats_out_of_range_and_player_count_refused() -> None:
    """Seed: "un valore compreso tra 1 (scarso) e 5 (ottimo)"; WI-1: 2–4 players."""
    system = get_system(WI)
    with pytest.raises(SetupError, match="CMB must be a whole number 1–5"):
        system.check_setup(setup({"red": [("A", 6, 3)], "blue": [("X", 3, 3)]}))
    with pytest.raises(SetupError, match="takes 2–4"):
        system.check_setup(setup({"red": [("A", 3, 3)]}))


# -- play order --------------------------------------------------------------------------


def test_WI_2_play_order_highest_first_ties_reroll_among_tied_only() -> None:
    """Seed: "inizia chi ha punteggio più alto, i giocatori con risultati uguali ritirano
    (solo loro)" (also G-3)."""
    s = session({"red": [("A", 3, 3)], "blue": [("B", 3, 3)], "green": [("C", 3, 3)]})
    order(s, 5, 5, 2)  # red and blue tie on 5, green is last
    assert s.prompt is not None and s.prompt.key == "order.roll"
    assert s.prompt.side == "red"  # only the tied roll again
    order(s, 1, 4)
    assert s.battle.pos["order"] == ["blue", "red", "green"]


def test_WI_2_play_order_is_kept_every_turn() -> None:
    """WI-2: rolled once at the start and kept for the battle."""
    s = two_a_side()
    play(s, ("activation.unit", "done"), ("activation.unit", "done"))
    play(s, ("move.terrain", "done"))  # nothing to shoot or melee with: to movement
    assert s.battle.round == 2
    assert s.prompt is not None and s.prompt.side == "red"


# -- activation --------------------------------------------------------------------------


def test_WI_3_activation_pass_continues_and_first_failure_passes_on() -> None:
    """Seed: "il giocatore di turno prova ad attivare le proprie unità; quando fallisce il
    turno passa al giocatore seguente". A test is d6 ≤ ABI."""
    s = two_a_side()
    play(s, ("activation.unit", "red1"), ("activation.roll", (4,)))  # 4 ≤ ABI 4: active
    assert stat(s, "red1", "active") is True
    assert s.prompt is not None and s.prompt.side == "red"  # the same player goes on
    play(s, ("activation.unit", "red2"), ("activation.roll", (4,)))  # 4 > ABI 3: fails
    assert stat(s, "red2", "active") is False
    assert s.prompt is not None and s.prompt.side == "blue"  # passed to the next player


def test_WI_3_each_unit_tries_once_per_turn() -> None:
    """WI-3: each unit tries once per turn; a failed unit is not offered again."""
    s = two_a_side()
    play(s, ("activation.unit", "red1"), ("activation.roll", (6,)))
    play(s, ("activation.unit", "blue1"), ("activation.roll", (1,)))
    assert "blue1" not in options(s)
    play(s, ("activation.unit", "done"))
    assert s.battle.phase == "shooting"
    assert s.prompt is not None and s.prompt.side == "blue"  # only blue1 is active


def test_WI_3_stop_passes_to_the_next_player() -> None:
    """WI-3: the player stopping passes to the next player."""
    s = two_a_side()
    play(s, ("activation.unit", "done"))
    assert s.prompt is not None and s.prompt.side == "blue"
    assert stat(s, "red1", "tried") is False


# -- actions ---------------------------------------------------------------------------


def test_WI_4_a_unit_that_shot_cannot_melee() -> None:
    """Seed: "al massimo due azioni per turno, solo una delle quali può essere di
    combattimento"; melee is for "quelle attive e che non abbiano già attaccato a distanza"."""
    s = two_a_side()
    activate_all(s)
    shoot(s, "red1", "blue1", "short", 6)
    play(s, ("shoot.unit", "done"), ("shoot.unit", "done"), ("move.terrain", "done"))
    assert s.battle.phase == "melee"
    assert options(s) == ["red2", "done"]  # red1 shot: not offered


def test_WI_4_two_actions_at_most_recover_and_move_then_no_melee() -> None:
    """Seed: at most two actions a turn; WI-4: recovery and moving each count as one."""
    s = session({"red": [("Alpha", 4, 4)], "blue": [("Xray", 4, 4)]})
    order(s, 6, 1)
    s.gm("gm.set", unit="red1", field="damage", value=1)
    activate(s, ("red1", 1), ("blue1", 6))
    play(s, ("recovery.unit", "red1"), ("recovery.roll", (2,)))
    assert stat(s, "red1", "damage") == 0 and stat(s, "red1", "actions") == 1
    play(s, ("shoot.unit", "done"))
    play(s, ("move.terrain", "open"))  # red1 moves: second action
    assert stat(s, "red1", "actions") == 2
    # Blue's Xray may move (inactive, fine); then melee: red1 has no action left.
    play(s, ("move.terrain", "stay"))
    # Melee offered nothing: red1 is at two actions, blue1 is inactive.
    assert s.battle.round == 2
    assert not any(e.key == "melee.unit" for e in s.battle.log)


# -- recovery --------------------------------------------------------------------------


def test_WI_5_recovery_removes_one_level_on_a_pass_and_costs_an_action_either_way() -> None:
    """Seed: "il giocatore di turno può ripristinare un livello di danno" (ABI test);
    WI-5: one active damaged unit per player."""
    s = session({"red": [("Alpha", 4, 3), ("Bravo", 4, 3)], "blue": [("Xray", 4, 4)]})
    order(s, 6, 1)
    s.gm("gm.set", unit="red1", field="damage", value=2)
    s.gm("gm.set", unit="red2", field="damage", value=1)
    activate(s, ("red1", 1), ("red2", 1), ("blue1", 6))
    assert options(s) == ["red1", "red2", "done"]
    play(s, ("recovery.unit", "red1"), ("recovery.roll", (4,)))  # 4 > ABI 3: fails
    assert stat(s, "red1", "damage") == 2 and stat(s, "red1", "actions") == 1
    assert s.prompt is not None and s.prompt.key == "shoot.unit"  # one unit per player


# -- shooting --------------------------------------------------------------------------


def test_WI_6_hit_is_pending_until_end_of_turn() -> None:
    """Seed: "se il risultato è minore o uguale a CMB l'attacco va a segno … gli effetti
    dei danni si applicano solo a fine turno"."""
    s = two_a_side()
    activate_all(s)
    shoot(s, "red1", "blue2", "medium", 4)  # 4 ≤ CMB 4: hit
    assert stat(s, "blue2", "pending") == 1 and stat(s, "blue2", "damage") == 0
    shoot(s, "red2", "blue2", "short", 3)
    assert stat(s, "blue2", "pending") == 2
    # Blue2 still shoots back this turn: damage is not applied yet.
    shoot(s, "blue2", "red1", "short", 5)  # 5 > CMB 3: miss
    play(s, ("shoot.unit", "done"), ("move.terrain", "done"))
    play(s, ("melee.unit", "done"))  # red shot with both units; blue1 may still melee
    # End of turn: two pending hits → wounded.
    assert stat(s, "blue2", "damage") == 2 and stat(s, "blue2", "pending") == 0


def test_WI_6_target_not_visible_means_no_shot_and_no_action() -> None:
    """Seed: "una unità può essere colpita solo da unità che la vedano almeno al 50%"."""
    s = two_a_side()
    activate_all(s)
    play(s, ("shoot.unit", "red1"), ("shoot.target", "blue1"), ("shoot.visible", False))
    assert stat(s, "red1", "actions") == 0 and stat(s, "red1", "shot") is False
    assert "red1" not in options(s)  # holds for the rest of the phase


def test_WI_6_range_maluses_only_with_the_option() -> None:
    """Seed TODO: "i colpi a distanza media ricevono un malus a -1, quelli a lunga
    distanza di -2" and fog −1/−2 more; WI-6: a battle option, off by default."""
    s = two_a_side()
    activate_all(s)
    play(
        s,
        ("shoot.unit", "red1"),
        ("shoot.target", "blue1"),
        ("shoot.visible", True),
        ("shoot.band", "long"),
    )
    assert s.prompt is not None and s.prompt.key == "shoot.to_hit"
    assert s.prompt.effective_threshold == 4  # type: ignore[attr-defined]

    s = two_a_side(range_modifiers=True)
    activate_all(s)
    play(
        s,
        ("shoot.unit", "red1"),
        ("shoot.target", "blue1"),
        ("shoot.visible", True),
        ("shoot.band", "long"),
        ("shoot.fog", True),
    )
    prompt = s.prompt
    assert prompt is not None and prompt.key == "shoot.to_hit"
    assert prompt.effective_threshold == 0  # type: ignore[attr-defined]  # 4 −2 −2
    play(s, ("shoot.to_hit", (1,)))
    assert stat(s, "blue1", "pending") == 0  # nothing hits at long range in fog

    s = two_a_side(range_modifiers=True)
    activate_all(s)
    play(
        s,
        ("shoot.unit", "red1"),
        ("shoot.target", "blue1"),
        ("shoot.visible", True),
        ("shoot.band", "medium"),
        ("shoot.fog", False),
    )
    assert s.prompt is not None and s.prompt.effective_threshold == 3  # type: ignore[attr-defined]
    play(s, ("shoot.to_hit", (3,)))
    assert stat(s, "blue1", "pending") == 1


# -- movement --------------------------------------------------------------------------


def test_WI_7_allowances_prone_half_wounded_cannot_inactive_no_impervious() -> None:
    """Seed: "ogni unità si può spostare al massimo di 20cm … scosceso 10cm … impervio
    10cm ed è necessario effettuare una prova su ABI … solo le unità non ferite … prone
    metà distanza … anche le unità non attive eccetto che su terreni impervi"."""
    s = session({"red": [("Fine", 3, 3), ("Prone", 3, 3), ("Hurt", 3, 3)], "blue": [("X", 3, 3)]})
    order(s, 6, 1)
    s.gm("gm.set", unit="red2", field="damage", value=1)
    s.gm("gm.set", unit="red3", field="damage", value=2)
    play(s, ("activation.unit", "done"), ("activation.unit", "done"))
    prompt = s.prompt
    assert prompt is not None and prompt.actor == "red1"
    labels = {o.value: o for o in prompt.options}  # type: ignore[attr-defined]
    assert "20 cm" in labels["open"].label and "10 cm" in labels["rough"].label
    assert labels["impervious"].disabled == "inactive units cannot enter impervious terrain"
    with pytest.raises(AnswerError, match="inactive units cannot enter impervious"):
        s.answer("impervious")
    play(s, ("move.terrain", "open"))
    prompt = s.prompt
    assert prompt is not None and prompt.actor == "red2"  # prone: half
    labels = {o.value: o for o in prompt.options}  # type: ignore[attr-defined]
    assert "10 cm" in labels["open"].label and "5 cm" in labels["rough"].label
    play(s, ("move.terrain", "stay"))
    assert s.prompt is not None and s.prompt.actor == "blue1"  # wounded red3 is skipped


def test_WI_7_impervious_needs_an_abi_test() -> None:
    """Seed: impervious terrain needs "una prova su ABI per verificare se il movimento
    riesce"."""
    s = session({"red": [("Alpha", 3, 3)], "blue": [("X", 3, 3)]})
    order(s, 6, 1)
    play(
        s,
        ("activation.unit", "red1"),
        ("activation.roll", (1,)),
        ("activation.unit", "done"),
        ("shoot.unit", "done"),
    )
    play(s, ("move.terrain", "impervious"), ("move.impervious", (4,)))  # 4 > ABI 3
    assert "fails to move" in s.battle.log[-1].text
    assert stat(s, "red1", "moved") is True and stat(s, "red1", "actions") == 1


# -- melee -----------------------------------------------------------------------------


def test_WI_8_hit_is_damage_at_once_and_target_counter_attacks() -> None:
    """Seed: "gli effetti dei danni si applicano subito; il giocatore che controlla
    l'unità attaccata effettua un contro-attacco"; WI-8: not an action."""
    s = two_a_side()
    activate_all(s)
    play(s, ("shoot.unit", "done"), ("shoot.unit", "done"), ("move.terrain", "done"))
    play(
        s,
        ("melee.unit", "red1"),
        ("melee.target", "blue2"),
        ("melee.reach", True),
        ("melee.to_hit", (2,)),
    )
    assert stat(s, "blue2", "damage") == 1  # at once
    play(s, ("melee.counter", (3,)))  # 3 ≤ CMB 3
    assert stat(s, "red1", "damage") == 1
    assert stat(s, "blue2", "actions") == 0  # the counter-attack is not an action
    assert stat(s, "red1", "actions") == 1 and stat(s, "red1", "combat") is True


def test_WI_8_no_counter_attack_from_a_unit_removed_by_the_hit() -> None:
    """WI-8: the target counter-attacks only if it is still on the table."""
    s = two_a_side()
    activate_all(s)
    s.gm("gm.set", unit="blue2", field="damage", value=2)
    play(s, ("shoot.unit", "done"), ("shoot.unit", "done"), ("move.terrain", "done"))
    play(
        s,
        ("melee.unit", "red1"),
        ("melee.target", "blue2"),
        ("melee.reach", True),
        ("melee.to_hit", (1,)),
    )
    assert s.battle.units["blue2"].removed
    assert s.prompt is not None and s.prompt.key == "melee.unit"  # no melee.counter


def test_WI_8_out_of_reach_no_attack() -> None:
    """Seed: "possono essere attaccate solo unità che siano nel raggio di 10cm"."""
    s = two_a_side()
    activate_all(s)
    play(s, ("shoot.unit", "done"), ("shoot.unit", "done"), ("move.terrain", "done"))
    play(s, ("melee.unit", "red1"), ("melee.target", "blue1"), ("melee.reach", False))
    assert stat(s, "red1", "actions") == 0
    assert options(s) == ["red2", "done"]


def test_holding_in_shooting_does_not_block_melee() -> None:
    """WI-8: active units that did not shoot may melee; a unit that found no target in
    Shooting held only for that phase."""
    s = two_a_side()
    activate_all(s)
    play(s, ("shoot.unit", "red1"), ("shoot.target", "done"))
    play(s, ("shoot.unit", "done"), ("shoot.unit", "done"), ("move.terrain", "done"))
    assert "red1" in options(s)


# -- damage and the end ----------------------------------------------------------------


def test_WI_9_three_damage_removes_the_unit_and_last_player_standing_wins() -> None:
    """Seed: "3 = unità deceduta, va rimossa dal tavolo"; WI-9: the battle ends when one
    player has units left."""
    s = session({"red": [("Alpha", 5, 5)], "blue": [("Xray", 1, 1)]})
    order(s, 6, 1)
    s.gm("gm.set", unit="blue1", field="damage", value=2)
    play(s, ("activation.unit", "red1"), ("activation.roll", (1,)), ("activation.unit", "done"))
    shoot(s, "red1", "blue1", "short", 1)
    assert not s.battle.units["blue1"].removed  # pending until End of turn
    play(s, ("move.terrain", "done"))
    assert s.battle.units["blue1"].removed
    assert s.battle.result is not None and s.battle.result.winner == "red"
    assert s.prompt is None


def test_WI_9_turn_limit_most_cost_surviving_wins_and_a_tie_is_a_draw() -> None:
    """WI-9: with an optional turn limit, most cost surviving wins."""
    s = session({"red": [("Alpha", 5, 5)], "blue": [("Xray", 1, 1)]}, turn_limit=1)
    order(s, 6, 1)
    play(s, ("activation.unit", "done"), ("activation.unit", "done"), ("move.terrain", "done"))
    result = s.battle.result
    assert result is not None and result.winner == "red" and "turn limit 1" in result.reason

    s = session({"red": [("Alpha", 3, 3)], "blue": [("Xray", 3, 3)]}, turn_limit=1)
    order(s, 6, 1)
    play(s, ("activation.unit", "done"), ("activation.unit", "done"), ("move.terrain", "done"))
    assert s.battle.result is not None and s.battle.result.winner is None


def test_WI_9_no_units_left_anywhere_is_a_draw() -> None:
    """WI-9: pending damage can remove the last units of every side together."""
    s = session({"red": [("Alpha", 5, 5)], "blue": [("Xray", 5, 5)]})
    order(s, 6, 1)
    s.gm("gm.set", unit="red1", field="damage", value=2)
    s.gm("gm.set", unit="blue1", field="damage", value=2)
    activate(s, ("red1", 1), ("blue1", 1))
    play(s, ("recovery.unit", "done"), ("recovery.unit", "done"))
    shoot(s, "red1", "blue1", "short", 1)
    shoot(s, "blue1", "red1", "short", 1)
    # Both are wounded: nobody moves; both shot: no melee; End of turn removes both.
    assert s.battle.result is not None and s.battle.result.winner is None
