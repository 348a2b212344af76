"""combattimento-gdr's pure rule modules with fixed dice (seed 003, CG-1..CG-16)."""

from __future__ import annotations

import pytest

from skirmtui.engine.core.dice import DiceError, parse_expr, parse_faces
from skirmtui.engine.core.odds import success_chance
from skirmtui.engine.core.prompts import Roll
from skirmtui.systems.combattimento_gdr import armour, checks, defence, tables
from skirmtui.systems.combattimento_gdr.body import Track

# -- CG-1: dice-valued characteristics --------------------------------------------------


def test_cg1_characteristics_are_dice_d4_to_d12_or_zero() -> None:
    """CG-1: characteristics and skills as dice (d4–d12, or 0)."""
    assert [checks.die_sides(v) for v in ("d4", "d6", "D8", "1d10", "d12", "0")] == [
        4,
        6,
        8,
        10,
        12,
        0,
    ]
    for bad in ("d3", "d20", "8", "dx", "2d6"):
        with pytest.raises(ValueError, match="not a die"):
            checks.die_sides(bad)


# -- CG-2 / CG-9: exploding checks ------------------------------------------------------


def test_cg2_a_check_adds_the_characteristic_die_and_the_skill_die_each_exploding() -> None:
    """Seed "Ritirare": "ottiene da uno dei propri dadi (quello dell'abilità o quello della
    caratteristica) il massimo punteggio … può rilanciare lo stesso dado e sommare"."""
    assert checks.check_dice(8, 6) == "1d8!+1d6!"


def test_cg9_a_zero_adds_no_die() -> None:
    """CG-9: a 0 adds no die (seed: without a fitting skill, the characteristic alone)."""
    assert checks.check_dice(8, 0) == "1d8!"
    assert checks.check_dice(0, 0) == ""


def test_cg2_an_explosion_chain_typed_from_the_table_adds_up() -> None:
    """Seed: "In caso di nuovo punteggio massimo, può ancora ritirare, e così di seguito.
    Eventuali modificatori vengono calcolati sul totale finale."""
    roll = Roll(
        key="attack.roll",
        text="t",
        dice="1d8!+1d6!",
        compare=">=",
        threshold=10,
        modifiers=[("Serio", -2)],
    )
    faces = parse_faces("8 8 3 6 2", roll.parsed)  # d8: 8+8+3 = 19, d6: 6+2 = 8
    result = roll.resolve(faces)
    assert (result.natural, result.total, result.success) == (27, 25, True)


def test_cg2_a_non_maximum_face_followed_by_more_faces_is_refused() -> None:
    """Seed: a die is rolled again only on its maximum: "3 5 4" for d8+d6 has one face too
    many; a face off the die is refused too. Nothing is stored (the parser raises)."""
    dice = parse_expr("1d8!+1d6!")
    with pytest.raises(DiceError, match="too many"):
        parse_faces("3 5 4", dice)
    with pytest.raises(DiceError, match="not a face of a d6"):
        parse_faces("3 7", dice)


def test_cg2_odds_cap_explosions_at_ten_rerolls_per_die() -> None:
    """CG-2: odds cap explosions at 10 re-rolls per die. A d4+d4 reaching 100 needs more
    than ten re-rolls of one die, so its chance is 0; 88 (eleven 4s on each) is reachable."""

    def chance(threshold: int) -> float:
        return float(
            success_chance(
                Roll(key="k", text="t", dice="1d4!+1d4!", compare=">=", threshold=threshold)
            )
            or 0
        )

    assert chance(89) == 0.0
    assert chance(88) > 0.0
    assert chance(2) == 1.0


# -- CG-3: the five outcomes ------------------------------------------------------------


def test_cg3_both_fail_nothing_happens() -> None:
    """Seed: "Ambedue i personaggi falliscono il confronto …: nulla di fatto"."""
    result = checks.opposed(attacker=9, defender=7, difficulty=10)
    assert (result.outcome, result.hit) == ("both_fail", False)


def test_cg3_only_the_attacker_succeeds_the_defender_is_hit() -> None:
    """Seed: "Solo il personaggio che attacca supera la difficoltà …: il difensore deve
    subire i danni"."""
    result = checks.opposed(attacker=10, defender=9, difficulty=10)
    assert (result.outcome, result.hit, result.attacker_margin) == ("attacker", True, 0)


def test_cg3_only_the_defender_succeeds_the_attack_fails() -> None:
    """Seed: "Solo il personaggio che difende supera la difficoltà: l'attaccante non
    infligge danni"."""
    result = checks.opposed(attacker=4, defender=12, difficulty=10)
    assert (result.outcome, result.hit) == ("defender", False)


def test_cg3_both_succeed_the_better_margin_wins() -> None:
    """Seed: "Ambedue i personaggi superano la difficoltà: vince chi ha ottenuto il miglior
    margine di successo"."""
    attacker_wins = checks.opposed(attacker=15, defender=12, difficulty=10)
    defender_wins = checks.opposed(attacker=12, defender=15, difficulty=10)
    assert (attacker_wins.outcome, attacker_wins.hit) == ("better_margin", True)
    assert (attacker_wins.attacker_margin, attacker_wins.defender_margin) == (5, 2)
    assert (defender_wins.outcome, defender_wins.hit) == ("better_margin", False)


def test_cg3_both_succeed_with_the_same_margin_nothing_happens() -> None:
    """Seed: "Ambedue i personaggi superano la difficoltà con lo stesso margine di
    successo: nulla di fatto"."""
    result = checks.opposed(attacker=13, defender=13, difficulty=10)
    assert (result.outcome, result.hit) == ("same_margin", False)


# -- CG-6 / CG-13: defences -------------------------------------------------------------

CHARS = {"agi": 10, "des": 8, "pot": 8, "pre": 6}


def test_cg13_each_melee_attack_uses_a_defence_skill_not_yet_used() -> None:
    """Seed: "può cercare di difendersi utilizzando per ogni attacco avversario un'abilità
    di difesa diversa (schivare, parare con lo scudo, parare con l'arma)"."""
    skills = {"schivare": 6, "parare_scudo": 8}
    ready = defence.skills_ready(skills, shield=True, weapon=True, ranged=False)
    first = defence.choices(skills, CHARS, ready, used=[], attackers=1)
    assert [(d.skill, d.dice) for d in first] == [
        ("schivare", "1d10!+1d6!"),
        ("parare_scudo", "1d8!+1d8!"),
    ]
    second = defence.choices(skills, CHARS, ready, used=["schivare"], attackers=2)
    assert [d.skill for d in second] == ["parare_scudo"]


def test_cg6_beyond_the_skills_agi_alone_one_die_lower_per_extra_attacker() -> None:
    """Seed: "si difenderà da ogni attacco in eccesso utilizzando solo la caratteristica AGI,
    con la caratteristica diminuita di un dado (minimo 1d4) per ogni attaccante oltre al
    primo"."""
    skills = {"schivare": 6}
    ready = defence.skills_ready(skills, shield=False, weapon=False, ranged=False)
    third = defence.choices(skills, CHARS, ready, used=["schivare"], attackers=3)
    assert [(d.skill, d.dice) for d in third] == [("agi", "1d6!")]  # d10 two dice lower
    many = defence.choices({}, CHARS, [], used=[], attackers=6)
    assert many[0].dice == "1d4!"  # never below a d4


def test_cg6_one_attacker_with_several_attacks_does_not_lower_agi() -> None:
    """Seed: the die lower is "per ogni attaccante oltre al primo": a creature's three
    attacks are one attacker."""
    assert defence.choices({}, CHARS, [], used=[], attackers=1)[0].dice == "1d10!"


def test_cg13_a_shield_parry_needs_a_readied_shield_and_a_weapon_parry_is_melee_only() -> None:
    """CG-13 (ours: what each defence needs); seed: "non si può parare con l'arma un
    attacco a distanza"."""
    skills = {"schivare": 6, "parare_scudo": 6, "parare_arma": 8}
    assert defence.skills_ready(skills, shield=False, weapon=True, ranged=False) == [
        "schivare",
        "parare_arma",
    ]
    assert defence.skills_ready(skills, shield=True, weapon=True, ranged=True) == [
        "schivare",
        "parare_scudo",
    ]


# -- CG-7 / CG-15: body points and armour -----------------------------------------------


def test_cg7_body_points_fill_from_lieve_downward_after_the_blacked_boxes() -> None:
    """Seed: "annerendo gli appositi quadretti dei punti corpo …, partendo dalla sezione più
    alta (ferita lieve) e proseguendo verso quella più in basso (ferita mortale)"."""
    track = Track.parse("4 3 3 2 2", "1 1 0 0 0")
    assert track.capacity == 12
    assert track.crossed(5) == (3, 2, 0, 0, 0)
    assert track.lines(4)[0] == "Lieve    ■✕✕✕   -1"


def test_cg15_only_the_lowest_full_sections_penalty_applies() -> None:
    """Seed: "Quando tutti i quadretti di una sezione sono occupati … la penalità indicata per
    quella sezione verrà applicata a tutte le azioni"; CG-15: penalties do not add up."""
    track = Track.parse("4 4 3 2 2", "0 0 0 0 0")
    assert track.penalty(3) is None
    assert track.penalty(4) == ("Lieve", -1)
    assert track.penalty(8) == ("Serio", -2)  # Lieve and Serio full: Serio's only


def test_cg7_a_section_blacked_out_from_the_start_counts_as_full() -> None:
    """Seed: "occupati (vuoi perché anneriti dall'inizio o perché sbarrati durante il gioco)"."""
    track = Track.parse("2 3 3 2 2", "2 0 0 0 0")
    assert track.penalty(0) == ("Lieve", -1)


def test_cg7_all_boxes_full_is_death() -> None:
    """Seed: "Quando un personaggio o una creatura perde tutti i propri punti corpo, allora
    viene considerata morta"."""
    track = Track.parse("4 4 3 2 2", "1 0 0 0 0")
    assert not track.dead(13)
    assert track.dead(14)


def test_cg7_a_track_must_leave_a_free_box() -> None:
    with pytest.raises(ValueError, match="five whole numbers"):
        Track.parse("4 4 3 2", "0 0 0 0")
    with pytest.raises(ValueError, match="more blacked boxes than boxes"):
        Track.parse("4 4 3 2 2", "5 0 0 0 0")


def test_cg15_armour_broken_exactly_takes_all_the_damage() -> None:
    """Seed: "Se i punti danno subiti sono pari a quelli della protezione, la protezione è
    distrutta"."""
    hit = armour.absorb("elmo", 3, 3)
    assert (hit.after, hit.excess, hit.broken) == (0, 0, True)


def test_cg15_damage_above_the_armour_breaks_it_and_the_rest_reaches_the_body() -> None:
    """Seed: "Se i punti danni subiti sono superiori a quelli rimasti alla protezione, i punti
    di differenza vengono scalati dai punti corpo"."""
    hit = armour.absorb("elmo", 3, 5)
    assert (hit.after, hit.excess, hit.broken) == (0, 2, True)


def test_cg15_damage_below_the_armour_lowers_its_points() -> None:
    """CG-15: hits lower its points."""
    hit = armour.absorb("cotta_maglia", 6, 4)
    assert (hit.after, hit.excess, hit.broken) == (2, 0, False)


def test_cg15_only_a_piece_covering_the_location_with_points_left_takes_the_hit() -> None:
    pieces = ["cotta_maglia", "elmo"]
    assert armour.covering(pieces, [6, 3], "head") == 1
    assert armour.covering(pieces, [6, 0], "head") is None
    assert armour.covering(pieces, [6, 3], "right_leg") is None


# -- CG-8 / CG-16: locations, criticals, critical failures ------------------------------


def test_cg16_hit_location_is_read_from_the_body_types_table() -> None:
    """Seed: "l'attaccante tira un dado percentuale e consulta la scheda …"; CG-16's
    default humanoid and quadruped tables (ours)."""
    assert tables.location("humanoid", 10)["id"] == "head"
    assert tables.location("humanoid", 25)["id"] == "left_arm"
    assert tables.location("humanoid", 100)["id"] == "left_leg"
    assert tables.location("quadruped", 96)["id"] == "tail"
    assert tables.location("other", 42)["id"] == "body"


def test_cg8_the_critical_table_reads_the_location_roll_reversed() -> None:
    """Seed: "se ad esempio un giocatore ha ottenuto … '25' …, consulterà la tabella dei colpi
    critici utilizzando come risultato '52'"; CG-16: 10 → 01, 00 stays 00."""
    assert tables.reversed_d100(25) == 52
    assert tables.reversed_d100(10) == 1
    assert tables.reversed_d100(100) == 100
    assert tables.reversed_d100(7) == 70


def test_cg16_critical_table_rows() -> None:
    """CG-16's default critical table (ours): 01–40 bypass, 41–70 ×2, 71–90 ×2 and stun,
    91–00 all three."""
    assert tables.critical(tables.reversed_d100(25))["multiply"] == 2  # 52
    row = tables.critical(tables.reversed_d100(10))  # 01
    assert (row["bypass"], row["multiply"], row["stun"]) == (True, 1, False)
    row = tables.critical(tables.reversed_d100(19))  # 91
    assert (row["bypass"], row["multiply"], row["stun"]) == (True, 2, True)


def test_cg16_critical_failure_table_rows() -> None:
    """CG-16's default critical-failure table (ours)."""
    assert [tables.failure(n)["effect"] for n in (1, 50, 51, 81, 96, 100)] == [
        "lose_action",
        "lose_action",
        "drop",
        "break",
        "self",
        "self",
    ]


def test_cg8_a_critical_hit_needs_twice_the_difficulty() -> None:
    """Seed: "ottenendo con i dadi (ed eventuali modificatori) un risultato pari o superiore
    al doppio della difficoltà richiesta, infligge all'avversario un colpo critico"."""
    assert checks.critical_hit(True, 20, 10)
    assert not checks.critical_hit(True, 19, 10)
    assert not checks.critical_hit(False, 25, 10)  # a total that does not win


def test_cg16_a_critical_failure_needs_every_die_at_one_and_a_tenth() -> None:
    """Seed: "ottenendo con i dadi il risultato minimo possibile (senza applicare
    modificatori), e il risultato è pari o inferiore a 1/10 della difficoltà richiesta (per
    attacchi a distanza) o del risultato dell'avversario (per attacchi in mischia)"."""
    assert checks.critical_failure(False, (1, 1), 20)
    assert not checks.critical_failure(False, (1, 1), 19)
    assert not checks.critical_failure(False, (1, 2), 40)
    assert checks.critical_failure(False, (1,), 10)  # one die: a 1 against 10
    assert not checks.critical_failure(True, (1, 1), 30)  # the attacker did not lose
