"""regole-base (seed 000): the Confronti grid, 1d6 tests and the rule arithmetic, with
fixed dice. Each test quotes the seed; completions are named after their ruling (RB-n)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skirmtui.engine.core.battle import Unit
from skirmtui.engine.core.odds import success_chance
from skirmtui.systems.regole_base import dice, maths
from skirmtui.systems.regole_base.tables import Weapon, armour_scores, weapons


def w(weapon_id: str) -> Weapon:
    return weapons()[weapon_id]


#: A model the rolls are about (the tests give the value tested).
MODEL = Unit("red1", "red", "Armigero", {}, {})


# -- RB-1: the Confronti grid --------------------------------------------------------------


def test_rb1_grid_target_is_seven_plus_the_difference() -> None:
    """Seed: "si utilizza la tabella seguente per determinare il numero minimo da
    ottenere col lancio di 2d"; RB-1: target = 7 + (own − opposed)."""
    assert dice.cell(4, 4).target == 7
    assert dice.cell(5, 3).target == 9
    assert dice.cell(3, 6).target == 4
    roll = dice.confronto(MODEL, "k", "C vs C", 5, 3)
    assert roll.resolve((4, 5)).success is True
    assert roll.resolve((5, 5)).success is False


def test_rb1_twelve_star_cell_twelve_fails_but_not_critically() -> None:
    """Seed: "* un tiro di 12 resta comunque un fallimento, ma non viene considerato un
    fallimento critico"; RB-1: target ≥ 12 reads 12*."""
    assert dice.cell(7, 2).text == "12*"
    roll = dice.confronto(MODEL, "k", "x", 7, 2)
    twelve = roll.resolve((6, 6))
    assert twelve.success is False and twelve.critical is None
    assert roll.resolve((5, 6)).success is True
    two = roll.resolve((1, 1))  # elsewhere in the cell a 2 stays a critical success
    assert two.success is True and two.critical == "success"


def test_rb1_two_slash_cell_only_two_succeeds_not_critically() -> None:
    """Seed: "\\ un tiro di 2 viene considerato un semplice successo non critico"; RB-1:
    target ≤ 2 reads 2\\."""
    assert dice.cell(1, 6).text == "2\\"
    roll = dice.confronto(MODEL, "k", "x", 1, 6)
    two = roll.resolve((1, 1))
    assert two.success is True and two.critical is None
    assert roll.resolve((1, 2)).success is False
    twelve = roll.resolve((6, 6))  # a 12 stays a critical failure
    assert twelve.success is False and twelve.critical == "failure"


def test_rb1_plain_cell_two_and_twelve_are_critical() -> None:
    """Seed: "un 2 su 2d è sempre un successo critico … un 12 su 2d sempre un
    fallimento critico"."""
    roll = dice.confronto(MODEL, "k", "x", 4, 4)
    assert roll.resolve((1, 1)).critical == "success"
    assert roll.resolve((6, 6)).critical == "failure"
    assert roll.resolve((3, 4)).critical is None


def test_rb1_values_beyond_the_grid_use_its_edge() -> None:
    """RB-1: "values beyond the grid use its edge"."""
    assert dice.cell(14, 0) == dice.cell(10, 0)
    assert dice.cell(-3, 12) == dice.cell(0, 10)


def test_rb1_every_cell_of_the_shipped_grid_follows_the_ruling() -> None:
    """RB-1: the grid (values 0–10 each side) lives in data/regole-base/confronti.toml."""
    for own in range(11):
        for opposed in range(11):
            target = 7 + own - opposed
            found = dice.cell(own, opposed)
            if target >= 12:
                assert found.twelve_star and found.target == 11
            elif target <= 2:
                assert found.two_slash and found.target == 2
            else:
                assert found.target == target and not found.twelve_star


def test_g2_confronto_shows_its_target_and_exact_chance() -> None:
    """G-2: before a roll the app shows the target and the exact chance."""
    roll = dice.confronto(MODEL, "k", "Armigero hits Brigante", 4, 4)
    assert "7 on 2d6" in roll.text
    assert success_chance(roll) == Fraction(21, 36)
    assert success_chance(dice.confronto(MODEL, "k", "x", 0, 9)) == Fraction(1, 36)
    assert success_chance(dice.confronto(MODEL, "k", "x", 9, 0)) == Fraction(35, 36)


def test_rb1_a_bad_cell_in_the_grid_is_refused() -> None:
    with pytest.raises(ValueError, match="not a cell"):
        dice.parse_cell("13")


# -- RB-2: 1d6 tests ------------------------------------------------------------------------


def test_rb2_test_succeeds_at_or_under_the_value() -> None:
    """Seed: "essa viene considerata superata se il risultato del dado è pari o
    inferiore al valore richiesto"."""
    roll = dice.test(MODEL, "m", "k", "M test", value=4)
    assert roll.resolve((4,)).success is True
    assert roll.resolve((5,)).success is False


def test_rb2_one_always_succeeds_six_always_fails_critically() -> None:
    """Seed: "un 1 su 1d … è sempre un successo critico, così come un 6 su 1d … sempre
    un fallimento critico"; RB-2: whatever the value."""
    low = dice.test(MODEL, "m", "k", "x", value=0)
    one = low.resolve((1,))
    assert one.success is True and one.critical == "success"
    high = dice.test(MODEL, "m", "k", "x", value=9)
    six = high.resolve((6,))
    assert six.success is False and six.critical == "failure"


def test_rb9_test_malus_lowers_the_value() -> None:
    """Seed: "una prova di M, con un malus di -1 per ogni unità rimossa"."""
    roll = dice.test(
        MODEL, "m", "k", "M", value=4, modifiers=(dice.Mod("1 removed", -1), dice.Mod("at R 1", -1))
    )
    assert roll.resolve((2,)).success is True
    assert roll.resolve((3,)).success is False
    assert success_chance(roll) == Fraction(2, 6)


# -- RB-6: attacks and their order ------------------------------------------------------------


def test_rb6_attacks_per_model_half_c_at_least_one() -> None:
    """Seed: "ogni modello ha a disposizione un numero di attacchi pari al suo valore
    di C / 2"; RB-6: max(1, ⌊C/2⌋)."""
    assert [maths.attacks_per_model(c) for c in (1, 2, 3, 4, 5, 6, 7)] == [1, 1, 1, 2, 2, 3, 3]


def test_rb6_attack_order_by_effective_v() -> None:
    """Seed: "attacca per primo il modello con la V più alta, quindi a scendere i
    modelli con una V man mano inferiore"; RB-6: ties initiative side first."""
    fighters = [
        maths.Fighter("a", "red", 4),
        maths.Fighter("b", "blue", 5),
        maths.Fighter("c", "blue", 4),
        maths.Fighter("d", "red", 4),
    ]
    groups = maths.attack_order(fighters, ["blue", "red"])
    assert [[f.unit for f in g] for g in groups] == [["b"], ["c"], ["a", "d"]]
    groups = maths.attack_order(fighters, ["red", "blue"])
    assert [[f.unit for f in g] for g in groups] == [["b"], ["a", "d"], ["c"]]


def test_rb6_charge_and_weapon_bonuses_count_for_the_order() -> None:
    """Seed: Stocco "+1 V ai fini dell'iniziativa"; charger "+1 a F e V"; RB-15: the
    Lancia/Picca bonus only in the melee's first Assault phase."""
    assert maths.initiative_v(4, w("stocco"), charged=False, first_phase=False) == 5
    assert maths.initiative_v(4, w("daga"), charged=True, first_phase=True) == 5
    assert maths.initiative_v(4, w("picca"), charged=False, first_phase=True) == 6
    assert maths.initiative_v(4, w("picca"), charged=False, first_phase=False) == 4
    assert maths.initiative_v(4, w("lancia"), charged=True, first_phase=True) == 6


# -- RB-7: armour ---------------------------------------------------------------------------


def test_rb7_armour_scores_and_shield() -> None:
    """RB-7: none 0, leather 1, mail 2, plate 3; shield +1; two-handed weapons exclude
    a shield."""
    assert armour_scores() == {"none": 0, "leather": 1, "mail": 2, "plate": 3}
    assert maths.armour_score("mail", shield=True, two_handed=False) == 3
    assert maths.armour_score("mail", shield=True, two_handed=True) == 2


def test_rb7_penetration_lowers_and_negative_raises_the_save() -> None:
    """Seed: "la penetrazione (il numero di cui riduce l'Armatura del bersaglio)";
    Colpo senz'armi "penetrazione -2"."""
    assert maths.save_target(3, w("ascia-pesante"), False, False) == 1
    assert maths.save_target(1, w("colpo"), False, False) == 3
    assert maths.save_target(2, w("arco-lungo"), False, True) == 1  # beyond half range


def test_rb7_flails_penetrate_only_a_shield() -> None:
    """Seed: Mazzafrusto "penetrazione 2 (solo nei confronti dello scudo)"."""
    assert maths.save_target(3, w("mazzafrusto"), True, False) == 1
    assert maths.save_target(2, w("mazzafrusto"), False, False) == 2


# -- RB-8: wounds ---------------------------------------------------------------------------


def test_rb8_extra_wound_per_full_two_points_and_critical() -> None:
    """Seed: "Per ogni 2 punti di cui la F dell'attacco surclassa la R del difensore
    viene inflitta una ferita extra. Un successo critico in questa fase infligge un danno
    extra"."""
    assert maths.wounds(4, 4) == 1
    assert maths.wounds(5, 4) == 1
    assert maths.wounds(6, 4) == 2
    assert maths.wounds(7, 2) == 3
    assert maths.wounds(3, 4) == 1
    assert maths.wounds(4, 4, critical=True) == 2


# -- RB-10, RB-11: shooting numbers -------------------------------------------------------------


def test_rb10_rapid_fire_count() -> None:
    """Seed (Tiro rapido): "egli può effettuare due attacchi … se non ha compiuto
    nessuna delle due azioni, egli può effettuare tre attacchi"."""
    bow = w("arco-corto")
    assert maths.rapid_fire_attacks(bow, engaged_in_assault=False, moved=False) == 3
    assert maths.rapid_fire_attacks(bow, engaged_in_assault=True, moved=False) == 2
    assert maths.rapid_fire_attacks(bow, engaged_in_assault=False, moved=True) == 2
    assert maths.rapid_fire_attacks(bow, engaged_in_assault=True, moved=True) == 1
    assert maths.rapid_fire_attacks(w("balestra"), False, False) == 1


def test_rb11_shooting_morale_at_half_starting_r() -> None:
    """Seed: "Se alla fine della fase di tiro un modello ha visto la propria R
    dimezzata"; RB-11: at half its starting R or less."""
    assert maths.shaken_by_shooting(2, 4) and maths.shaken_by_shooting(2, 5)
    assert not maths.shaken_by_shooting(3, 5)


def test_rb9_the_side_that_lost_more_tests_equal_no_test() -> None:
    """Seed: "i modelli appartenenti alla fazione che ha subito il maggior numero di
    ferite devono effettuare una prova di M"; RB-9: equal, no test."""
    assert maths.losing_side({"red": 2, "blue": 1}) == "red"
    assert maths.losing_side({"red": 1, "blue": 1}) is None
    assert maths.losing_side({"red": 0, "blue": 0}) is None


# -- RB-12: the 25 weapons ------------------------------------------------------------------


def test_rb12_all_25_seed_weapons_are_data() -> None:
    """RB-12: all 25 seed weapons are data, penetration 0 where none is listed."""
    table = weapons()
    assert len(table) == 25
    assert table["daga"].penetration == 0 and table["mazza"].penetration == 0
    assert table["balestra-pesante"].reach(4) == 40 and table["balestra-pesante"].slow_reload == 2
    assert table["arco-lungo"].reach(4) == 24 and table["arco-lungo"].attack_f(4) == 5
    assert table["pugnale"].reach(3) == 3 and table["pugnale"].munizione
    assert table["trombone"].template and table["trombone"].one_shot
    assert table["spadone"].parry and table["spadone"].two_handed
    assert table["martello-pesante"].stun and table["martello-pesante"].attack_f(4) == 5
