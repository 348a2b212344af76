"""Issue 26, regole-base: what the app's players read of a position. The melee edge
(`edge.py`): a charge only makes base contact; the fight it starts comes later in the
Assault phase than a decision looks ahead, so without the edge every charge looked worth
nothing and the app charged the strongest enemy as readily as the weakest. And what a
move passed: weighed as "nothing", every move looked free (regole-base reads what a
move passed by its own odds, `fact_odds`: tests/play/test_rb_closing.py)."""

from __future__ import annotations

from fractions import Fraction

from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.policy import decide
from skirmtui.engine.play.why import why_lines
from skirmtui.systems.regole_base import edge
from tests.systems.rb_helpers import initiative, key, model, pass_movement, session


def test_a_confronto_s_chance_is_the_grid_s_cell_on_2d6() -> None:
    """RB-1: target 7 + (own − opposed); 2 always succeeds, 12 always fails."""
    assert edge.confronto_chance(4, 4) == float(Fraction(21, 36))  # 7 on 2d6
    assert edge.confronto_chance(5, 4) == float(Fraction(26, 36))  # 8 on 2d6
    assert edge.confronto_chance(10, 1) == float(Fraction(35, 36))  # "12*": 2-11
    assert edge.confronto_chance(1, 10) == float(Fraction(1, 36))  # "2\": only a 2


def _charge_position():  # type: ignore[no-untyped-def]
    """Lupo (C 5, F 5, a war sword) faces Debole (C 3, R 3, no armour) and Forte (C 6,
    R 5, mail and shield) in the Assault phase; both sides passed their move."""
    s = session(
        {
            "red": [model("Lupo", c=5, f=5, weapons="Spada da guerra")],
            "blue": [
                model("Debole", c=3, r=3),
                model("Forte", c=6, r=5, armour="mail", shield=True, weapons="Spada da guerra"),
            ],
        }
    )
    let_app_play(s, {"red": "balanced"})
    initiative(s, 6, 1)
    pass_movement(s)
    assert key(s) == "assault.action"
    return s


def test_the_edge_counts_each_attack_s_hit_armour_and_wound() -> None:
    """One attack of Lupo on Debole: C 5 vs C 3 (9 on 2d6), no armour roll (armour 0),
    F 5 +1 (charging) vs R 3: 10 on 2d6, 2 wounds (+1 per full 2 points of F over R,
    RB-8), of Debole's R 3."""
    s = _charge_position()
    lupo, debole = s.battle.units["red1"], s.battle.units["blue1"]
    assert edge.blow(lupo, debole) > 0.0
    s.battle.units["red1"].stats["charged"] = True
    assert abs(edge.blow(lupo, debole) - 30 / 36 * 33 / 36 * 2 / 3) < 1e-9


def test_balanced_charges_the_weak_enemy_and_says_it_gains_the_melee_edge() -> None:
    s = _charge_position()
    decision = decide(s)
    assert decision is not None
    assert decision.value == "charge:blue1"
    assert "melee edge +" in decision.reason
    scores = {c.value: c.score for c in decision.considered}
    # Charging Forte (C 6, mail and shield) is worse than not charging at all.
    assert scores["charge:blue1"] > scores["pass"] > scores["charge:blue2"]
    lines = why_lines(decision, "Red")
    assert any("melee edge -" in line for line in lines)  # Forte's charge, in words


def test_no_contact_no_edge() -> None:
    s = _charge_position()
    assert edge.melee_edge(s.battle, "red") == 0.0 == edge.melee_edge(s.battle, "blue")


def test_balanced_does_not_walk_into_free_attacks_for_nothing() -> None:
    """RB-4, RB-17: each enemy the move passed within 1" (the table's answer) strikes the
    mover once. The look-ahead weighs it both ways, nothing passed and every enemy
    listed, as it weighed the yes/no question ("did it pass within 1"?") before issue
    25: a move shows what it risks, and one that brings nothing is not made."""
    s = session({"red": [model("Lupo")], "blue": [model("Uno"), model("Due")]})
    let_app_play(s, {"red": "balanced"})
    initiative(s, 6, 1)
    assert key(s) == "move.mode"
    decision = decide(s)
    assert decision is not None
    assert decision.value == "pass" and decision.reason == "no loss expected"
    outlook = {c.value: c.outlook for c in decision.considered}
    simple = outlook["simple"]
    assert simple is not None and simple.taken > 0.0  # half the time, two free attacks


def test_against_a_better_fighter_only_the_aggressive_one_charges() -> None:
    """Lupo (C 4) against Pari (C 5): the edge is the enemy's (-0.03). Balanced and
    cautious hold; the aggressive one's `bold` (acting over passing) outweighs it, and
    its `attack` counts the blow the charge leads to in the fight after it (Lupo's one
    attack to come, RB-6: `attacks_to_come`)."""
    s = session({"red": [model("Lupo", weapons="Spada da guerra")], "blue": [model("Pari", c=5)]})
    let_app_play(s, {"red": "balanced"})
    initiative(s, 6, 1)
    pass_movement(s)
    made = {name: decide(s, name) for name in ("cautious", "balanced", "aggressive")}
    # The cautious one's pass wins by its own worth (the charge is at a loss), not by
    # its `hold`: its reason does not say it holds its ground.
    for name in ("cautious", "balanced"):
        decision = made[name]
        assert decision is not None
        assert decision.value == "pass" and decision.reason == "no loss expected", name
    aggressive = made["aggressive"]
    assert aggressive is not None
    assert aggressive.value == "charge:blue1"
    assert aggressive.reason == "melee edge -0.03, 1.00 attack rolls at the enemy"
