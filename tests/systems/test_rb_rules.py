"""regole-base (seed 000) rules played through the system, each with fixed dice.

Each test quotes the seed line it checks; completions are named after their ruling
(RB-n, G-n). The arithmetic alone is in test_rb_maths.py.
"""

from __future__ import annotations

import pytest

from skirmtui.engine.core.prompts import AnswerError
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import SetupError
from skirmtui.systems.regole_base import SYSTEM
from skirmtui.systems.regole_base.shooting import why_no_shot
from tests.systems.rb_helpers import (
    charge,
    initiative,
    key,
    model,
    options,
    pass_assault,
    pass_movement,
    pass_shooting,
    r,
    session,
    setup,
    stat,
    texts,
)
from tests.systems.scripting import play, refused

DUEL = {
    "red": [model("Cavaliere", c=6, weapons="Spada da guerra")],
    "blue": [model("Brigante", weapons="Daga")],
}


def to_assault(s_units: dict[str, list[tuple[str, dict[str, object]]]], **options: object):  # type: ignore[no-untyped-def]
    s = session(s_units, **options)
    initiative(s, 5, 2)
    pass_movement(s)
    return s


# -- RB-3: the round ------------------------------------------------------------------------


def test_rb3_initiative_rolloff_then_movement_initiative_side_first() -> None:
    """RB-3: each round starts with an initiative roll-off (1d6 per side); Movement →
    Assault → Shooting → End; the initiative side first."""
    s = session(DUEL)
    assert s.battle.phase == "initiative" and key(s) == "initiative.roll"
    initiative(s, 2, 5)
    assert s.battle.pos.order == ["blue", "red"]
    assert s.battle.phase == "movement"
    assert s.prompt is not None and s.prompt.actor == "blue1"


def test_rb3_the_queue_marks_the_side_that_is_choosing_its_model() -> None:
    """RB-3: sides alternate one model at a time; the queue's current row is the side
    asked now, not the side after it."""
    s = session({"red": [model("A"), model("B")], "blue": [model("X"), model("Y")]})
    initiative(s, 2, 5)
    for side in ("blue", "red"):  # each still has two models, so each is asked
        assert key(s) == "move.model" and s.prompt is not None and s.prompt.side == side
        current = [row.side for row in SYSTEM.queue(s.battle) if row.current]
        assert current == [side]
        s.answer(next(v for v, why in options(s).items() if why is None))
        s.answer("pass")


def test_g3_initiative_ties_reroll() -> None:
    """G-3: ties re-roll among the tied players only."""
    s = session({**DUEL, "green": [model("Lupo")]})
    initiative(s, 4, 4, 1)
    assert key(s) == "initiative.roll" and s.prompt is not None and s.prompt.side == "red"
    initiative(s, 2, 6)
    assert s.battle.pos.order == ["blue", "red", "green"]


def test_rb3_sides_alternate_one_model_at_a_time_and_a_model_may_pass() -> None:
    """RB-3: in each phase sides alternate one model at a time, initiative side first;
    a model may pass."""
    s = session(
        {
            "red": [model("A"), model("B"), model("C")],
            "blue": [model("X")],
        }
    )
    initiative(s, 1, 6)
    seen = []
    while key(s) in ("move.model", "move.mode"):
        if key(s) == "move.model":
            assert s.prompt is not None
            s.answer(next(v for v, why in options(s).items() if why is None))
            continue
        assert s.prompt is not None
        seen.append(s.prompt.actor)
        s.answer("pass")
    assert seen == ["blue1", "red1", "red2", "red3"]
    assert s.battle.phase == "assault"


def test_rb3_models_locked_in_melee_skip_movement() -> None:
    """RB-3: models locked in melee skip Movement (seed: "resteranno bloccate in mischia
    fino alla prossima fase di assalto")."""
    s = session(
        {
            "red": [model("A", c=2), model("B")],
            "blue": [model("X", c=2)],
        }
    )
    initiative(s, 6, 1)
    pass_movement(s)
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"))  # blue1, engaged: may escape or pass
    play(s, ("assault.action", "pass"))  # red2, the only red model left to act
    # The melee: one attack each (C 2), both miss.
    play(s, ("melee.hit", (6, 5)), ("melee.hit", (6, 5)))
    pass_shooting(s)
    initiative(s, 6, 1)
    # Only red2 moves: red1 and blue1 are still locked.
    assert key(s) == "move.mode" and s.prompt is not None and s.prompt.actor == "red2"
    s.answer("pass")
    assert s.battle.phase == "assault"


# -- RB-4, RB-5, RB-17, RB-21: movement -------------------------------------------------------


def test_rb4_run_gives_up_assault_and_shooting_and_counts_as_ran() -> None:
    """Seed: "Alla fine della corsa non è possibile né assaltare né tirare"; RB-4: "ran"
    for enemy shooting this and next round."""
    s = session(
        {
            "red": [model("Arciere", weapons="Arco corto")],
            "blue": [model("Bersaglio")],
        }
    )
    initiative(s, 6, 1)
    play(s, ("move.mode", "run"), ("move.within_1", False))
    assert stat(s, "red1", "ran") == 1
    play(s, ("move.mode", "pass"))
    # Assault: red1 ran, so its charge is disabled; blue1 charges nobody (passes).
    assert s.prompt is not None and s.prompt.actor == "blue1"
    play(s, ("assault.action", "pass"))
    assert s.battle.phase == "end" or key(s) == "initiative.roll"  # red1 could not shoot


def test_rb4_march_then_gives_up_the_chosen_action() -> None:
    """Seed: "per tutto il turno in cui ha marciato, il modello deve scegliere se
    rinunciare alla sua azione di assalto o alla sua azione di tiro"."""
    s = session({"red": [model("A", weapons="Frombola")], "blue": [model("B")]})
    initiative(s, 6, 1)
    play(s, ("move.mode", "march"), ("move.give_up", "assault"), ("move.within_1", False))
    play(s, ("move.mode", "pass"))
    # red1 gave up its assault: blue1 acts, red1 is not offered.
    assert s.prompt is not None and s.prompt.actor == "blue1"
    play(s, ("assault.action", "pass"))
    assert key(s) == "shoot.weapon" and s.prompt is not None and s.prompt.actor == "red1"


def _marches_and_is_charged(s: Session) -> None:
    """Red first (6 v 1): red1 marches, giving up its assault; blue1 charges it."""
    initiative(s, 6, 1)
    play(s, ("move.mode", "march"), ("move.give_up", "assault"), ("move.within_1", False))
    play(s, ("move.mode", "pass"))
    charge(s, "blue1", "red1")


def test_rb20_marching_model_that_is_charged_fights_then_loses_its_shot() -> None:
    """RB-20: a marching model that is charged fights, and then loses its shot."""
    s = session({"red": [model("A", c=2, weapons="Frombola")], "blue": [model("B", c=2)]})
    _marches_and_is_charged(s)
    play(s, ("assault.action", "pass"))  # red1, now engaged, does not escape
    play(s, ("melee.hit", (6, 5)), ("melee.hit", (6, 5)))  # blue first (charge V), both miss
    assert why_no_shot(s.battle, s.battle.units["red1"]) == "locked in melee"
    assert s.battle.phase in ("end", "initiative")  # red1 was not offered a shot


def test_rb17_free_attacks_the_table_names_each_enemy_once() -> None:
    """RB-17: each enemy within 1" at any point of the move makes one attack; engaged
    enemies make none."""
    s = session({"red": [model("A")], "blue": [model("B"), model("C"), model("D")]})
    initiative(s, 6, 1)
    play(s, ("move.mode", "simple"), ("move.within_1", True))
    assert options(s) == {"blue1": None, "blue2": None, "blue3": None}
    play(s, ("move.free_attacker", "blue2"), ("melee.hit", (6, 5)), ("move.within_1", True))
    assert options(s) == {"blue1": None, "blue3": None}  # B2 attacked already
    play(s, ("move.free_attacker", "blue3"), ("melee.hit", (6, 5)))
    assert s.prompt is not None and s.prompt.text == 'Did A also pass within 1" of B?'


def test_rb17_free_attack_when_passing_within_one_inch_cannot_be_parried() -> None:
    """Seed: "se in qualsiasi momento si trova entro 1'' da un'unità nemica, questa può
    effettuare un attacco di corpo a corpo gratuito"; RB-17: it cannot be parried."""
    s = session(
        {"red": [model("A", weapons="Spada da guerra")], "blue": [model("B", weapons="Ascia")]}
    )
    initiative(s, 6, 1)
    play(s, ("move.mode", "simple"))
    assert s.prompt is not None and s.prompt.text == 'Did A pass within 1" of B?'
    play(s, ("move.within_1", True), ("melee.hit", (3, 3)))
    # Hit: red1 carries a parry weapon, but no parry is offered; no armour: wound roll.
    assert key(s) == "wound.roll"
    play(s, ("wound.roll", (3, 3)))
    assert r(s, "red1") == 3
    assert key(s) == "move.mode"  # no other enemy left to ask about


def test_rb4_running_within_half_range_gives_a_free_shot() -> None:
    """Seed: "se il modello in corsa passa entro la metà della gittata in pollici di
    qualsiasi arma da tiro utilizzata da un nemico, questi può effettuare un attacco di
    tiro gratuito"; RB-17: a loaded weapon without a template."""
    s = session({"red": [model("A")], "blue": [model("B", weapons="Balestra; Trombone")]})
    initiative(s, 6, 1)
    play(s, ("move.mode", "run"), ("move.within_1", False), ("move.half_range", True))
    # T 4 vs V 4 + 1 (it ran this round): 6 or less.
    assert s.prompt is not None and "T 4 vs V 5 (ran)" in s.prompt.text
    play(s, ("shoot.hit", (6, 5)))
    assert stat(s, "blue1", "unloaded") == "balestra"  # RB-10: fired, so unloaded


def test_rb5_jump_up_failure_risks_a_fall_wound_and_ends_the_move() -> None:
    """Seed: "Per salire verso l'alto un modello deve saltare, confrontando la sua F con
    il valore in pollici dislivello … in caso di fallimento … rischia di subire una ferita
    da una forza pari al dislivello"; RB-21: a failed jump ends its move."""
    s = session({"red": [model("A")], "blue": [model("B")]})
    initiative(s, 6, 1)
    play(s, ("move.mode", "simple_up"), ("move.height", 3))
    assert s.prompt is not None and "F 4 vs 3" in s.prompt.text and "8 on 2d6" in s.prompt.text
    play(s, ("move.height_roll", (5, 4)), ("fall.wound", (2, 3)))
    assert r(s, "red1") == 3
    play(s, ("move.within_1", False))  # enemies passed before the jump still count
    assert key(s) == "move.mode" and s.prompt is not None and s.prompt.actor == "blue1"


def test_rb5_climb_halves_the_height_round_up() -> None:
    """Seed: "è possibile effettuare una scalata; in essa un modello può muoversi solo
    di metà della sua V, ma la difficoltà con cui confrontare la F viene dimezzata";
    RB-5: half the height, rounded up."""
    s = session({"red": [model("A")], "blue": [model("B")]})
    initiative(s, 6, 1)
    play(s, ("move.mode", "climb"), ("move.height", 5))
    assert s.prompt is not None and "F 4 vs 3" in s.prompt.text


def test_rb5_descend_is_v_against_the_height() -> None:
    """Seed: "Per scendere incolume verso il basso un modello deve confrontare la sua V
    con il valore in pollici del dislivello"."""
    s = session({"red": [model("A", v=5)], "blue": [model("B")]})
    initiative(s, 6, 1)
    play(s, ("move.mode", "run_down"), ("move.height", 4))
    assert s.prompt is not None and "V 5 vs 4" in s.prompt.text
    play(s, ("move.height_roll", (2, 3)))
    assert key(s) == "move.within_1"  # success: the move goes on


# -- RB-6..RB-8, RB-13..RB-16: assault --------------------------------------------------------


def test_rb6_charge_gives_plus_one_f_and_v_and_charger_strikes_first() -> None:
    """Seed: "Il modello che carica l'avversario durante un assalto ottiene un bonus di +1
    a F e V"; "attacca per primo il modello con la V più alta"."""
    s = to_assault(DUEL)
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"))
    assert "Order of attacks: Cavaliere, Brigante" in texts(s)
    # C 6 vs C 4: 9 or less; no armour; F 4 + 1 vs R 4: 8 or less.
    play(s, ("melee.hit", (4, 4)))
    assert s.prompt is not None and "F 5 vs R 4" in s.prompt.text
    play(s, ("wound.roll", (4, 4)))
    assert r(s, "blue1") == 3


def test_rb13_failed_charge_moves_but_makes_no_contact() -> None:
    """Seed: "Se tale distanza non è sufficiente a portarsi in contatto di basetta,
    l'assalto fallisce"; RB-13: a failed charge still moves up to V/2"."""
    s = to_assault(DUEL)
    charge(s, "red1", "blue1", reaches=False)
    assert any('falls short: it moves up to 2"' in t for t in texts(s))
    assert s.battle.pos.contacts == []


def test_rb6_round_robin_one_attack_each_until_all_spent() -> None:
    """Seed: "ogni modello effettua un singolo attacco per volta, e attacca nuovamente
    solo dopo che tutti gli altri modelli hanno agito, fino all'esaurimento"."""
    s = to_assault(DUEL)  # Cavaliere C 6: 3 attacks; Brigante C 4: 2
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"))
    actors = []
    while key(s) == "melee.hit":
        assert s.prompt is not None
        actors.append(s.prompt.actor)
        s.answer((6, 5))  # every attack misses
    assert actors == ["red1", "blue1", "red1", "blue1", "red1"]


def test_rb6_hit_critical_success_ignores_armour() -> None:
    """Seed: "Un successo critico in questa fase nega l'armatura del bersaglio"."""
    s = to_assault(
        {"red": [model("A", c=2)], "blue": [model("B", c=2, armour="plate", shield=True)]}
    )
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (1, 1)))
    assert key(s) == "wound.roll"  # no armour save


def test_rb6_hit_critical_failure_gives_the_target_an_extra_attack() -> None:
    """Seed: "un fallimento critico gli concede un attacco extra estemporaneo"."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (6, 6)))
    assert key(s) == "melee.hit" and s.prompt is not None and s.prompt.actor == "blue1"
    assert any("B makes an extra attack on A" in t for t in texts(s))


def test_rb7_armour_save_absorbs_the_hit() -> None:
    """Seed: "Il bersaglio di un attacco può tentare di assorbire un attacco a segno con
    la propria armatura, ottenendo con 1d un valore pari o inferiore"; RB-7: mail 2 +
    shield 1."""
    s = to_assault(
        {
            "red": [model("A", c=2, weapons="Daga")],
            "blue": [model("B", c=2, armour="mail", shield=True)],
        }
    )
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)))
    assert key(s) == "armour.save" and s.prompt is not None
    assert "3 or less" in s.prompt.text
    play(s, ("armour.save", (3,)))
    assert key(s) == "melee.hit" and r(s, "blue1") == 4


def test_rb7_armour_critical_success_in_melee_costs_the_attacker_its_next_attack() -> None:
    """Seed: "Un successo critico in questa fase nega all'avversario il suo attacco
    successivo"."""
    s = to_assault({"red": [model("A", c=4)], "blue": [model("B", c=2, armour="leather")]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)), ("armour.save", (1,)))
    assert stat(s, "red1", "lose") == 1
    play(s, ("melee.hit", (6, 5)))  # blue1's attack
    assert any("A loses this attack" in t for t in texts(s))


def test_rb7_armour_critical_failure_wounds_automatically_with_extra_wounds() -> None:
    """Seed: "un fallimento critico fa sì che l'attacco ferisca in automatico"; RB-7: as
    a non-critical success of F vs R, extra wounds still apply."""
    s = to_assault(
        {
            "red": [model("A", c=2, f=6, weapons="Mazzafrusto pesante")],
            "blue": [model("B", c=2, armour="mail")],
        }
    )
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)), ("armour.save", (6,)))
    # F 6 + 1 (weapon) + 1 (charge) = 8 vs R 4: 1 + 2 extra wounds, no wound roll.
    assert r(s, "blue1") == 1


def test_rb8_wound_critical_failure_gives_c_minus_one_on_the_next_attack() -> None:
    """Seed: "un fallimento critico riduce di 1 il valore di C per il prossimo attacco";
    RB-16: whenever that attack comes."""
    s = to_assault({"red": [model("A", c=4)], "blue": [model("B", c=2)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)), ("wound.roll", (6, 6)))
    assert stat(s, "red1", "c_malus") == 1
    play(s, ("melee.hit", (6, 5)))  # blue1
    assert s.prompt is not None and "C 3 vs C 2" in s.prompt.text


def test_rb8_wound_critical_success_adds_a_wound_and_r_zero_removes() -> None:
    """Seed: "Un successo critico in questa fase infligge un danno extra. Quando giunge a
    R 0 un modello viene rimosso dal gioco"."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2, r=2)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)), ("wound.roll", (1, 1)))
    # F 5 vs R 2: 1 + 1 (3 over: one full 2) + 1 critical = 3 wounds.
    assert s.battle.units["blue1"].removed
    assert s.battle.result is not None and s.battle.result.winner == "red"


def test_rb10_parry_cancels_the_hit_and_costs_an_attack() -> None:
    """Seed (Parata): "si può rinunciare a un proprio attacco in corpo a corpo per
    rispondere a un attacco a segno di un nemico con un nuovo confronto fra i rispettivi
    punteggi di C; in caso di successo, tale attacco è annullato"."""
    s = to_assault({"red": [model("A", c=4)], "blue": [model("B", c=4, weapons="Stocco")]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"))
    # Stocco: +1 V for the order: B (V 5) and A (V 4 + 1 charge) tie; red has initiative.
    play(s, ("melee.hit", (3, 3)), ("melee.parry", "parry"), ("melee.parry_roll", (3, 3)))
    assert r(s, "blue1") == 4
    assert any("B parries the blow" in t for t in texts(s))
    actors = []
    while key(s) == "melee.hit":
        assert s.prompt is not None
        actors.append(s.prompt.actor)
        s.answer((6, 5))
    assert actors == ["blue1", "red1"]  # B's second attack went into the parry


def test_rb10_parry_critical_success_strikes_back() -> None:
    """Seed: "in caso di successo critico, si può inoltre replicare con un attacco
    gratuito"."""
    s = to_assault({"red": [model("A", c=4)], "blue": [model("B", c=4, weapons="Stocco")]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"))
    play(s, ("melee.hit", (3, 3)), ("melee.parry", "parry"), ("melee.parry_roll", (1, 1)))
    assert key(s) == "melee.hit" and s.prompt is not None and s.prompt.actor == "blue1"
    assert any("strikes back (free attack)" in t for t in texts(s))


def test_rb10_stun_hit_not_parried_tests_r_or_loses_next_attack() -> None:
    """Seed (Stordire): "il bersaglio, se colpito dall'arma, deve superare una prova di R
    o rinunciare al suo prossimo attacco"; RB-10: any hit not parried."""
    s = to_assault({"red": [model("A", c=2, weapons="Mazza")], "blue": [model("B", c=2)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)), ("wound.roll", (6, 5)))
    assert key(s) == "stun.test"
    play(s, ("stun.test", (5,)))
    assert any("B is stunned: loses its next attack" in t for t in texts(s))
    assert any("B loses this attack" in t for t in texts(s))  # its turn came at once


def test_rb15_lancia_bonus_only_in_the_first_assault_phase() -> None:
    """Seed: Lancia "+1 V ai fini dell'iniziativa nel primo turno di corpo a corpo";
    RB-15: the first Assault phase of that melee."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2, weapons="Lancia")]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"))
    # A: V 4 + 1 charge = 5; B: V 4 + 1 lance = 5: tie, red (initiative) first.
    assert "Order of attacks: A, B" in texts(s)


def test_rb9_assault_morale_flight_and_pursuit_catches_with_a_free_attack() -> None:
    """Seed: "i modelli appartenenti alla fazione che ha subito il maggior numero di
    ferite devono effettuare una prova di M … Costoro possono effettuare una prova di V
    per cercare di reingaggiare il nemico; in caso di successo, il fuggitivo … subisce un
    attacco gratuito"."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)), ("wound.roll", (3, 3)))
    play(s, ("melee.hit", (6, 5)))  # blue misses; blue lost more R: it tests
    assert key(s) == "morale.assault"
    play(s, ("morale.assault", (5,)), ("morale.pursue", "pursue"), ("morale.pursuit", (1,)))
    # The pursuer's natural 1: its free attack hits automatically (no hit roll).
    assert key(s) == "wound.roll"


def test_rb9_fugitive_gets_away_when_no_pursuer_passes() -> None:
    """Seed: "allontanandosi di V'' dai nemici"; RB-9: a pursuer's natural 6 lets the
    fugitive move 1.5V"."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)), ("wound.roll", (3, 3)))
    play(s, ("melee.hit", (6, 5)), ("morale.assault", (6,)), ("morale.pursue", "pursue"))
    play(s, ("morale.pursuit", (6,)))
    assert key(s) == "morale.flee_move" and s.prompt is not None
    assert 'up to 6"' in s.prompt.text
    play(s, ("morale.flee_move", True))
    assert s.battle.pos.contacts == []


def test_rb9_morale_malus_per_model_removed_and_at_r_one() -> None:
    """Seed: "con un malus di -1 per ogni unità rimossa dal gioco; ogni modello ridotto a
    R 1 subisce un ulteriore malus di -1"."""
    s = to_assault(
        {"red": [model("A", c=2, f=6)], "blue": [model("B", c=2, r=2), model("C", c=2, r=1)]}
    )
    charge(s, "red1", "blue1")
    play(s, ("assault.model", "blue2"), ("assault.action", "charge:red1"), ("assault.reach", True))
    play(s, ("assault.action", "pass"))  # blue1
    # A and C both charged (V 5): red, the initiative side, first.
    play(s, ("assault.target", "blue1"), ("melee.hit", (3, 3)), ("wound.roll", (3, 3)))
    assert s.battle.units["blue1"].removed  # F 7 vs R 2: 3 wounds
    play(s, ("melee.hit", (6, 5)))  # C misses
    assert key(s) == "morale.assault" and s.prompt is not None and s.prompt.actor == "blue2"
    roll = s.prompt
    assert roll.modifiers == (("1 removed", -1), ("at R 1", -1))  # type: ignore[attr-defined]
    assert roll.effective_threshold == 2  # type: ignore[attr-defined]


def test_rb13_voluntary_escape_moves_v_and_makes_no_attacks() -> None:
    """Seed: "È anche possibile tentare volontariamente di fuggire dal corpo a corpo,
    confrontando la propria V con quella del modello nemico più veloce"; RB-13."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2, v=5)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "escape"))
    # The charger's +1 V lasts the whole Assault phase (RB-6, RB-15): 5 against 5.
    assert s.prompt is not None and "V 5 vs V 5" in s.prompt.text
    play(s, ("assault.escape", (3, 3)))
    assert key(s) == "assault.escape_move" and s.prompt is not None and '5"' in s.prompt.text
    play(s, ("assault.escape_move", True))
    assert s.battle.pos.contacts == []


def test_rb9_escape_critical_failure_gives_the_enemy_an_extra_attack() -> None:
    """Seed: "un fallimento critico permette al nemico di effettuare un attacco extra
    contro il mancato fuggitivo"."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "escape"), ("assault.escape", (6, 6)))
    assert key(s) == "melee.hit" and s.prompt is not None and s.prompt.actor == "red1"


def test_rb9_winners_may_move_half_v_when_the_enemy_is_gone() -> None:
    """Seed: "Se alla fine di un corpo a corpo non sono più presenti modelli di una delle
    due fazioni, i loro avversari possono muoversi in qualunque direzione di V / 2''"."""
    s = to_assault(
        {"red": [model("A", c=2), model("D")], "blue": [model("B", c=2, r=1), model("E")]}
    )
    charge(s, "red1", "blue1")
    play(s, ("assault.model", "blue2"), ("assault.action", "pass"))
    play(s, ("assault.action", "pass"))  # red2
    play(s, ("assault.action", "pass"))  # blue1, engaged, does not escape
    play(s, ("melee.hit", (3, 3)), ("wound.roll", (3, 3)))
    assert s.battle.units["blue1"].removed
    assert key(s) == "assault.winners" and s.prompt is not None and 'A up to 2"' in s.prompt.text


# -- RB-10, RB-11, RB-18, RB-19: shooting -------------------------------------------------------


def to_shooting(units: dict[str, list[tuple[str, dict[str, object]]]]):  # type: ignore[no-untyped-def]
    s = to_assault(units)
    pass_assault(s)
    return s


ARCHER = {"red": [model("Arciere", weapons="Arco corto")], "blue": [model("B", armour="mail")]}


def test_rb10_rapid_fire_declares_three_targets_then_resolves_in_order() -> None:
    """Seed: "Per prima cosa egli dichiara contro quali bersagli indirizzerà ciascuno dei
    suoi attacchi … gli attacchi vengono risolti separatamente"; Tiro rapido: three
    attacks if it neither fought nor moved."""
    s = to_shooting(ARCHER)
    play(s, ("shoot.weapon", "arco-corto"))
    play(s, *[("shoot.target", "blue1")] * 3)
    assert key(s) == "shoot.range"  # asked once for the target
    play(s, ("shoot.range", "half"))
    hits = 0
    while key(s) == "shoot.hit":
        hits += 1
        s.answer((6, 5))
    assert hits == 3


def test_rb10_beyond_half_range_lowers_t_f_and_penetration() -> None:
    """Seed: "Se un bersaglio si trova oltre la metà della gittata massima … considera il
    proprio punteggio di T e la F e la Penetrazione dell'arma più bassi di 1 punto"."""
    s = to_shooting({"red": [model("A", weapons="Frombola")], "blue": [model("B", armour="mail")]})
    play(s, ("shoot.weapon", "frombola"), ("shoot.target", "blue1"), ("shoot.range", "far"))
    assert s.prompt is not None and "T 3 vs V 4" in s.prompt.text
    play(s, ("shoot.hit", (3, 3)))
    # Mail 2; the Frombola's penetration 0 − 1 = −1 raises the save to 3 (RB-7, RB-10).
    assert s.prompt is not None and "3 or less" in s.prompt.text
    play(s, ("armour.save", (4,)))
    assert s.prompt is not None and "F 4 vs R 4" in s.prompt.text  # Frombola F+1, −1


#: A with a sling and C on red, B on blue.
SLING_AND_MELEE = {
    "red": [model("A", weapons="Frombola"), model("C", c=2)],
    "blue": [model("B", c=2)],
}


def _sling_at_b_in_melee_with_c(s: Session) -> None:
    """From the movement phase (nobody moves): C charges B, both hit once in melee, then A
    aims its sling at B at half range."""
    pass_movement(s)
    play(s, ("assault.model", "red2"), ("assault.action", "charge:blue1"), ("assault.reach", True))
    play(s, ("assault.action", "pass"), ("assault.action", "pass"))
    play(s, ("melee.hit", (6, 5)), ("melee.hit", (6, 5)))
    play(s, ("shoot.weapon", "frombola"), ("shoot.target", "blue1"), ("shoot.range", "half"))


def test_rb10_target_in_melee_counts_plus_two_v() -> None:
    """Seed: "se si trova impegnato in un corpo a corpo, essa viene considerata più alta
    di 2 punti"."""
    s = session(SLING_AND_MELEE)
    initiative(s, 6, 1)
    _sling_at_b_in_melee_with_c(s)
    assert s.prompt is not None and "T 4 vs V 6 (in melee)" in s.prompt.text


def test_rb10_critical_failure_jams_and_loses_the_remaining_shots() -> None:
    """Seed: "un fallimento critico indica un qualche incepparsi o rovinarsi dell'arma, che
    non potrà essere usata fino alla successiva fase di tiro"; RB-15: its other shots are
    lost."""
    s = to_shooting(ARCHER)
    play(s, ("shoot.weapon", "arco-corto"), *[("shoot.target", "blue1")] * 3)
    play(s, ("shoot.range", "half"), ("shoot.hit", (6, 6)))
    assert stat(s, "red1", "jammed") == "arco-corto"
    assert key(s) == "initiative.roll"  # no more shots; the round ended


def test_rb10_hit_critical_success_passes_the_armour() -> None:
    """Seed: "Un successo critico in questa fase indica che l'attacco supera l'armatura
    del bersaglio"."""
    s = to_shooting(ARCHER)
    play(s, ("shoot.weapon", "arco-corto"), *[("shoot.target", "blue1")] * 3)
    play(s, ("shoot.range", "half"), ("shoot.hit", (1, 1)))
    assert key(s) == "wound.roll"


def test_rb7_armour_critical_against_a_shot_gives_plus_one_v_against_shots() -> None:
    """Seed: "Un successo critico in questa fase indica che il bersaglio si è messo in
    qualche modo al riparo godendo di un +1 alla propria V contro successive armi da
    tiro"; RB-15: it does not stack."""
    s = to_shooting(ARCHER)
    play(s, ("shoot.weapon", "arco-corto"), *[("shoot.target", "blue1")] * 3)
    play(s, ("shoot.range", "half"), ("shoot.hit", (3, 3)), ("armour.save", (1,)))
    assert stat(s, "blue1", "covered") is True
    assert s.prompt is not None and "T 4 vs V 5 (took cover)" in s.prompt.text
    play(s, ("shoot.hit", (3, 3)), ("armour.save", (1,)))
    assert s.prompt is not None and "V 5 (took cover)" in s.prompt.text


def test_rb10_slow_reload_unloads_and_reloading_gives_up_the_move() -> None:
    """Seed (Ricarica lenta): "per ricaricare l'arma è necessario rinunciare ad agire
    durante la fase di movimento o di assalto (ricarica lenta 1)"; RB-10: after firing
    the weapon is unloaded."""
    s = to_shooting({"red": [model("A", weapons="Balestra")], "blue": [model("B")]})
    play(s, ("shoot.weapon", "balestra"), ("shoot.target", "blue1"), ("shoot.range", "half"))
    play(s, ("shoot.hit", (6, 5)))
    assert stat(s, "red1", "unloaded") == "balestra"
    initiative(s, 6, 1)
    assert "reload:balestra" in options(s)
    play(s, ("move.mode", "reload:balestra"))
    assert stat(s, "red1", "unloaded") == "" and stat(s, "red1", "moved") is False


def test_rb10_slow_reload_two_needs_movement_and_assault() -> None:
    """Seed: "o durante entrambe (ricarica lenta 2)"; RB-20: the Assault reload counts
    only if the model did not fight and is not engaged."""
    s = to_shooting({"red": [model("A", weapons="Pistola")], "blue": [model("B")]})
    play(s, ("shoot.weapon", "pistola"), ("shoot.target", "blue1"), ("shoot.range", "half"))
    play(s, ("shoot.hit", (6, 5)))
    initiative(s, 6, 1)
    play(s, ("move.mode", "reload:pistola"), ("move.mode", "pass"))
    assert stat(s, "red1", "unloaded") == "pistola" and stat(s, "red1", "reload") == 1
    play(s, ("assault.action", "reload:pistola"), ("assault.action", "pass"))
    assert stat(s, "red1", "unloaded") == ""
    assert key(s) == "shoot.weapon"


def test_rb14_no_reload_while_engaged() -> None:
    """Seed: "Non si può ricaricare l'arma se ingaggiati in corpo a corpo"."""
    s = to_shooting({"red": [model("A", c=2, weapons="Balestra")], "blue": [model("B", c=2)]})
    play(s, ("shoot.weapon", "balestra"), ("shoot.target", "blue1"), ("shoot.range", "half"))
    play(s, ("shoot.hit", (6, 5)))
    initiative(s, 1, 6)
    play(s, ("move.mode", "pass"), ("move.mode", "pass"))
    charge(s, "blue1", "red1")
    assert "reload:balestra" not in options(s) and "escape" in options(s)


def test_rb12_thrown_munizione_weapon_is_gone() -> None:
    """Seed: Pugnale "munizione"; RB-12: a thrown "munizione" weapon is gone."""
    s = to_shooting({"red": [model("A", weapons="Pugnale")], "blue": [model("B")]})
    play(s, ("shoot.weapon", "pugnale"), ("shoot.target", "blue1"), ("shoot.range", "half"))
    play(s, ("shoot.hit", (6, 5)))
    assert stat(s, "red1", "gone") == "pugnale"
    from skirmtui.systems.regole_base.profile import wielded

    assert wielded(s.battle.units["red1"]).id == "colpo"  # bare hands now


def test_rb19_blunderbuss_template_hits_every_model_named_friends_included_once() -> None:
    """Seed: Trombone "a distanza (sagoma) … un solo colpo"; RB-19: every model under
    the template, friends included, takes a full attack; once per battle."""
    s = to_shooting({"red": [model("A", weapons="Trombone"), model("C")], "blue": [model("B")]})
    play(s, ("shoot.weapon", "trombone"))
    play(s, ("shoot.template", "red2"), ("shoot.template", "blue1"))
    assert key(s) == "shoot.hit" and s.prompt is not None and s.prompt.target == "red2"
    play(s, ("shoot.hit", (6, 5)))
    assert s.prompt is not None and s.prompt.target == "blue1"
    play(s, ("shoot.hit", (6, 5)))
    assert stat(s, "red1", "gone") == "trombone"
    from skirmtui.systems.regole_base.profile import ranged_ready

    assert ranged_ready(s.battle.units["red1"]) == ()


def test_rb18_attack_at_a_target_removed_meanwhile_is_lost() -> None:
    """RB-18: attacks declared at targets then found out of range (or already removed)
    are lost."""
    s = to_shooting(
        {"red": [model("A", weapons="Arco corto")], "blue": [model("B", r=1), model("D")]}
    )
    play(s, ("shoot.weapon", "arco-corto"), *[("shoot.target", "blue1")] * 2)
    play(s, ("shoot.target", "blue2"), ("shoot.range", "half"))
    play(s, ("shoot.hit", (3, 3)), ("wound.roll", (3, 3)))
    assert s.battle.units["blue1"].removed
    assert any("attack at B is lost" in t for t in texts(s))
    assert key(s) == "shoot.range" and s.prompt is not None and s.prompt.target == "blue2"
    play(s, ("shoot.range", "out"))
    assert any("out of range: the attack is lost" in t for t in texts(s))


def test_rb11_shooting_morale_flight_then_recovery() -> None:
    """Seed: "Se alla fine della fase di tiro un modello ha visto la propria R dimezzata,
    egli deve superare una prova di M … nella successiva fase di movimento egli correrà
    più lontano possibile … Ad ogni ulteriore fase di movimento, il modello può tentare una
    nuova prova di M per riprendersi"."""
    s = to_shooting({"red": [model("A", f=6, weapons="Frombola")], "blue": [model("B")]})
    play(s, ("shoot.weapon", "frombola"), ("shoot.target", "blue1"), ("shoot.range", "half"))
    play(s, ("shoot.hit", (3, 3)), ("wound.roll", (3, 3)))
    assert r(s, "blue1") == 2  # F 7 vs R 4: 2 wounds
    assert key(s) == "morale.shooting"
    play(s, ("morale.shooting", (5,)))
    assert stat(s, "blue1", "fleeing") is True
    initiative(s, 1, 6)
    assert key(s) == "move.flee"  # it runs, no choice
    play(s, ("move.flee", True), ("move.within_1", False), ("move.half_range", False))
    play(s, ("move.mode", "pass"))
    assert s.prompt is None or s.prompt.actor != "blue1"  # fleeing: no assault
    pass_assault(s)
    pass_shooting(s)
    initiative(s, 1, 6)
    play(s, ("morale.recover", (2,)))
    assert stat(s, "blue1", "fleeing") is False
    assert key(s) == "move.mode" and s.prompt is not None and s.prompt.actor == "red1"


# -- RB-12: the end ----------------------------------------------------------------------------


def test_rb12_round_limit_ends_the_battle_most_standing_wins() -> None:
    """RB-12: the battle ends at the scenario's round limit (winner: most models
    standing, then most R; ours)."""
    s = session({"red": [model("A"), model("C")], "blue": [model("B")]}, round_limit=1)
    initiative(s, 6, 1)
    pass_movement(s)
    play(s, ("assault.model", "red1"), ("assault.action", "pass"))
    play(s, ("assault.action", "pass"), ("assault.action", "pass"))
    assert s.battle.result is not None and s.battle.result.winner == "red"
    assert "round limit (1)" in s.battle.result.reason


def test_g4_gm_ends_the_battle_and_the_summary_says_so() -> None:
    """G-4: a GM may end the battle at any time; the summary says so."""
    s = session(DUEL)
    s.gm("gm.end", winner="blue", reason="the bandits hold the road")
    assert SYSTEM.summary(s.battle)[0].startswith("Winner: Blue — the bandits hold the road")


def test_g4_gm_setting_r_to_zero_removes_the_model() -> None:
    """Seed: "Quando giunge a R 0 un modello viene rimosso dal gioco"; G-4."""
    s = session({"red": [model("A"), model("C")], "blue": [model("B")]})
    initiative(s, 6, 1)
    s.gm("gm.set", unit="red2", field="r", value=0)
    # At once (the end check after every GM entry); Red's only model left moves.
    assert s.battle.units["red2"].removed
    assert s.prompt is not None and s.prompt.actor == "red1"
    play(s, ("move.mode", "pass"))


# -- bad input ---------------------------------------------------------------------------------


def test_bad_input_a_model_that_ran_is_not_offered_in_the_assault() -> None:
    """RB-4: after a run, no assault: the model is not offered."""
    s = session({"red": [model("A"), model("C")], "blue": [model("B")]})
    initiative(s, 6, 1)
    play(s, ("move.model", "red1"), ("move.mode", "run"), ("move.within_1", False))
    play(s, ("move.mode", "pass"), ("move.mode", "pass"))
    # Assault: red1 ran, so red2 is the only red model to act (no model prompt).
    assert key(s) == "assault.action" and s.prompt is not None and s.prompt.actor == "red2"


def test_bad_input_a_charge_while_locked_is_refused_with_the_reason() -> None:
    """RB-14: engaged models do not move (only escape); nothing is stored."""
    s = to_assault({"red": [model("A")], "blue": [model("B"), model("D")]})
    charge(s, "red1", "blue1")
    play(s, ("assault.model", "blue1"))
    assert options(s)["charge:red1"] == "locked in melee"
    refused(s, "charge:red1", "locked in melee")


def test_bad_input_a_weapon_not_carried_is_refused() -> None:
    s = to_shooting({"red": [model("A", weapons="Frombola")], "blue": [model("B")]})
    refused(s, "balestra", "not one of the options")


def test_bad_input_reload_of_a_loaded_weapon_is_not_offered() -> None:
    s = session({"red": [model("A", weapons="Balestra")], "blue": [model("B")]})
    initiative(s, 6, 1)
    assert not any(v.startswith("reload:") for v in options(s))
    with pytest.raises(AnswerError):
        s.answer("reload:balestra")


def test_bad_input_faces_off_the_dice_are_refused_and_nothing_stored() -> None:
    """G-2: typed faces are checked against the dice."""
    s = session(DUEL)
    stored = len(s.items)
    with pytest.raises(AnswerError, match="not a face of a d6"):
        s.answer((7,))
    with pytest.raises(AnswerError, match="needs 1 face"):
        s.answer((3, 4))
    assert len(s.items) == stored


def test_bad_input_army_with_an_unknown_weapon_or_armour_is_refused() -> None:
    with pytest.raises(SetupError, match="unknown weapon 'Katana'"):
        SYSTEM.check_setup(setup({"red": [model("A", weapons="Katana")], "blue": [model("B")]}))
    with pytest.raises(SetupError, match="Armour must be one of"):
        SYSTEM.check_setup(setup({"red": [model("A", armour="mithril")], "blue": [model("B")]}))
    with pytest.raises(SetupError, match=r"V \(Velocità\) must be a whole number 1–10"):
        SYSTEM.check_setup(setup({"red": [model("A", v=0)], "blue": [model("B")]}))
    with pytest.raises(SetupError, match="5 players"):
        SYSTEM.check_setup(setup({c: [model("A")] for c in ("a", "b", "c", "d", "e")}))


def test_rb3_rb14_initiative_order_and_base_contacts_are_effects_in_the_log() -> None:
    """Every change a reader must see is an effect (export format 1): the round's order
    (RB-3) and base contacts made and broken (RB-14) are tracked position fields."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2, v=5)]})
    order = [e for entry in s.battle.log for e in entry.effects if e.field == "order"]
    assert [(e.unit, e.after) for e in order] == [(None, ["red", "blue"])]
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "escape"), ("assault.escape", (3, 3)))
    made, broken = [e for entry in s.battle.log for e in entry.effects if e.field == "contacts"]
    assert made.before == [] and made.after == [["blue1", "red1"]]
    assert broken.before == [["blue1", "red1"]] and broken.after == []


# -- review follow-ups ---------------------------------------------------------------------


def test_rb1_grid_file_reads_the_characteristic_across_and_the_opposed_value_down() -> None:
    """Seed: "la Caratteristica è indicata in orizzontale, il valore opposto in
    verticale": a row of confronti.toml is one opposed value, as the author prints it."""
    from skirmtui.systems.regole_base.tables import confronti

    _, rows = confronti()
    assert rows[0][5] == "12*"  # opposed 0 (first row), own 5 (sixth column)
    assert rows[6][1] == "2\\"  # opposed 6, own 1
    assert rows[3][6] == "10"  # own 6 vs opposed 3: 7 + 3


def test_rb11_a_fleeing_model_held_in_melee_still_tests_to_recover_and_may_escape() -> None:
    """RB-11: "at each later Movement phase it tests M to recover"; RB-3 keeps a locked
    model from moving, so (ours) it takes the test without moving, and it may try the
    RB-9 voluntary escape in the Assault phase."""
    s = to_shooting({"red": [model("A", f=6, weapons="Frombola")], "blue": [model("B")]})
    play(s, ("shoot.weapon", "frombola"), ("shoot.target", "blue1"), ("shoot.range", "half"))
    play(s, ("shoot.hit", (3, 3)), ("wound.roll", (3, 3)), ("morale.shooting", (5,)))
    initiative(s, 6, 1)
    play(s, ("move.mode", "pass"), ("move.flee", True), ("move.within_1", False))
    play(s, ("move.half_range", False))
    charge(s, "red1", "blue1")
    assert options(s)["escape"] is None  # the fleeing B may try to escape
    play(s, ("assault.action", "pass"), ("melee.hit", (6, 5)), ("melee.hit", (6, 5)))
    pass_shooting(s)
    initiative(s, 6, 1)
    assert key(s) == "morale.recover" and s.prompt is not None and s.prompt.actor == "blue1"
    play(s, ("morale.recover", (2,)))
    assert stat(s, "blue1", "fleeing") is False


def test_rb6_the_charge_bonus_counts_for_pursuit() -> None:
    """Seed: the charger "ottiene un bonus di +1 a F e V"; RB-15: for that whole Assault
    phase, so also in its pursuit V test."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)), ("wound.roll", (3, 3)))
    play(s, ("melee.hit", (6, 5)), ("morale.assault", (5,)), ("morale.pursue", "pursue"))
    roll = s.prompt
    assert roll is not None and roll.key == "morale.pursuit"
    assert roll.effective_threshold == 5  # type: ignore[attr-defined]


def test_rb9_a_pursuer_may_let_the_fugitive_go() -> None:
    """RB-9: each enemy in contact *may* test V."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)), ("wound.roll", (3, 3)))
    play(s, ("melee.hit", (6, 5)), ("morale.assault", (5,)), ("morale.pursue", "stay"))
    assert key(s) == "morale.flee_move" and s.prompt is not None and 'up to 4"' in s.prompt.text


def test_rb10_attacks_left_from_a_fight_do_not_buy_a_parry_later() -> None:
    """RB-10: a parry gives up a *remaining* attack of the fight; the next phase starts
    with none left."""
    s = to_assault(
        {
            "red": [model("A", c=6, f=6, weapons="Spada da guerra")],
            "blue": [model("B", c=2, r=1), model("D")],
        }
    )
    charge(s, "red1", "blue1")
    play(s, ("assault.model", "blue2"), ("assault.action", "pass"), ("assault.action", "pass"))
    play(s, ("melee.hit", (3, 3)), ("wound.roll", (3, 3)))
    assert s.battle.units["blue1"].removed and stat(s, "red1", "attacks") == 2
    play(s, ("assault.winners", True))
    assert s.battle.phase in ("shooting", "end", "initiative")
    assert stat(s, "red1", "attacks") == 0


def test_rb16_a_stunned_model_loses_its_extra_attack_too() -> None:
    """Seed (Stordire): "rinunciare al suo prossimo attacco"; RB-16: the next melee
    attack whenever it comes, an extra attack too."""
    s = to_assault(
        {
            "red": [model("A", v=6, c=2, weapons="Mazza"), model("C", v=6, c=2)],
            "blue": [model("B", c=2)],
        }
    )
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"))  # blue1
    charge(s, "red2", "blue1")
    play(s, ("assault.first", "red1"))  # A and C tie at V 7: red orders its own tie
    play(s, ("melee.hit", (3, 3)), ("wound.roll", (6, 5)), ("stun.test", (5,)))
    assert stat(s, "blue1", "lose") == 1
    play(s, ("melee.hit", (6, 6)))  # C fumbles: B's extra attack is its next attack
    assert stat(s, "blue1", "lose") == 0
    assert any("B loses this attack" in t for t in texts(s))


def test_rb20_a_marcher_that_escaped_a_charge_loses_its_shot() -> None:
    """RB-20: the action a marching model gives up counts only if it did nothing else in
    that phase and is not engaged; an escape is doing something."""
    s = session({"red": [model("A", weapons="Frombola")], "blue": [model("B", c=2)]})
    _marches_and_is_charged(s)
    play(s, ("assault.action", "escape"), ("assault.escape", (2, 3)))
    assert why_no_shot(s.battle, s.battle.units["red1"]) == (
        "marched and was in melee this round: its shot is lost"
    )
    play(s, ("assault.escape_move", True))
    assert key(s) == "initiative.roll"  # the Shooting phase offered A nothing


def test_rb20_a_marcher_that_killed_its_charger_still_loses_its_shot() -> None:
    """RB-20: "a marching model that is charged fights, and then loses its shot"."""
    s = session({"red": [model("A", f=6, weapons="Frombola")], "blue": [model("B", r=1)]})
    _marches_and_is_charged(s)
    play(s, ("assault.action", "pass"), ("melee.hit", (6, 5)), ("melee.hit", (3, 3)))
    play(s, ("wound.roll", (3, 3)))
    assert s.battle.units["blue1"].removed
    assert why_no_shot(s.battle, s.battle.units["red1"]) == (
        "marched and was in melee this round: its shot is lost"
    )


def test_rb4_free_shot_the_table_names_which_weapon_of_which_enemy() -> None:
    """RB-4: running within half range of *an enemy's ranged weapon*: each weapon has its
    own half range, so the app names them and the table picks."""
    s = session({"red": [model("A")], "blue": [model("B", weapons="Pugnale; Balestra")]})
    initiative(s, 6, 1)
    play(s, ("move.mode", "run"), ("move.within_1", False), ("move.half_range", True))
    assert options(s) == {"blue1:pugnale": None, "blue1:balestra": None}
    assert s.prompt is not None and 'half range 10"' in str(s.prompt.options[1].label)  # type: ignore[attr-defined]
    play(s, ("move.free_shooter", "blue1:balestra"), ("shoot.hit", (6, 5)))
    assert stat(s, "blue1", "unloaded") == "balestra" and stat(s, "blue1", "gone") == ""


def test_rb15_a_jam_stops_the_blunderbuss_too() -> None:
    """RB-15: a jam loses that weapon's remaining attacks this phase."""
    s = to_shooting({"red": [model("A", weapons="Trombone")], "blue": [model("B"), model("C")]})
    play(s, ("shoot.weapon", "trombone"), ("shoot.template", "blue1"), ("shoot.template", "blue2"))
    play(s, ("shoot.hit", (6, 6)))
    assert key(s) == "initiative.roll"  # blue2's attack is lost


def test_rb7_flail_penetrates_a_carried_shield_even_with_two_hands_busy() -> None:
    """RB-7: "Flails: penetration 2 against a target carrying a shield"."""
    s = to_assault(
        {
            "red": [model("A", v=6, c=2, weapons="Mazzafrusto")],
            "blue": [model("B", c=2, armour="mail", shield=True, weapons="Picca")],
        }
    )
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)))
    # Mail 2 (the shield does not count with a Picca in hand), penetration 2: 0 or less.
    assert s.prompt is not None and "0 or less" in s.prompt.text


def test_rb15_the_lancia_bonus_is_gone_in_the_melees_second_assault_phase() -> None:
    """RB-15: the Lancia V bonus applies in the first Assault phase of that melee."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2, weapons="Lancia")]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (6, 5)), ("melee.hit", (6, 5)))
    initiative(s, 1, 6)  # blue has the initiative now
    play(s, ("assault.action", "pass"), ("assault.action", "pass"))
    orders = [t for t in texts(s) if t.startswith("Order of attacks")]
    assert orders == ["Order of attacks: A, B", "Order of attacks: B, A"]  # V 4 each: blue first


def test_rb4_ran_counts_next_round_too_and_adds_to_the_melee_bonus() -> None:
    """Seed: "se nel turno appena concluso il bersaglio ha corso, la sua V viene
    considerata più alta di 1 punto; se si trova impegnato in un corpo a corpo … 2 punti";
    RB-4: "ran" this round and the next; ours: the two add up."""
    s = session(SLING_AND_MELEE)
    initiative(s, 1, 6)
    play(s, ("move.mode", "run"), ("move.within_1", False), ("move.half_range", False))
    pass_movement(s)
    pass_assault(s)
    pass_shooting(s)
    initiative(s, 6, 1)  # round 2: B ran last round
    _sling_at_b_in_melee_with_c(s)
    assert s.prompt is not None and "T 4 vs V 7 (ran, in melee)" in s.prompt.text


def test_rb16_a_shooters_wound_fumble_gives_t_minus_one_on_its_next_shot() -> None:
    """RB-16: a shooter's wound-roll critical failure gives T −1 on its next shot."""
    s = to_shooting(ARCHER)
    play(s, ("shoot.weapon", "arco-corto"), *[("shoot.target", "blue1")] * 3)
    play(s, ("shoot.range", "half"), ("shoot.hit", (3, 3)), ("armour.save", (5,)))
    play(s, ("wound.roll", (6, 6)))
    assert any("T −1 on its next shot" in t for t in texts(s))
    assert s.prompt is not None and "T 3 vs V 4" in s.prompt.text  # the next shot
    assert stat(s, "red1", "t_malus") == 0  # spent by it


def test_rb5_a_failed_climb_or_descent_risks_the_fall() -> None:
    """Seed: descending, "in caso di fallimento, il modello si sposta della distanza
    verticale desiderata, ma non di quella orizzontale, e rischia di subire una ferita";
    RB-5: a climb's failure risks it too."""
    s = session({"red": [model("A")], "blue": [model("B")]})
    initiative(s, 6, 1)
    play(s, ("move.mode", "climb"), ("move.height", 6), ("move.height_roll", (6, 5)))
    assert key(s) == "fall.wound" and s.prompt is not None and "F 6 vs R 4" in s.prompt.text
    play(s, ("fall.wound", (6, 5)), ("move.within_1", False))
    play(s, ("move.mode", "simple_down"), ("move.height", 5), ("move.height_roll", (6, 4)))
    assert key(s) == "fall.wound" and s.prompt is not None and "F 5 vs R 4" in s.prompt.text


def test_rb9_equal_losses_no_morale_test() -> None:
    """RB-9: the side that lost more R tests; equal, no test."""
    s = to_assault({"red": [model("A", c=2)], "blue": [model("B", c=2)]})
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("melee.hit", (3, 3)), ("wound.roll", (3, 3)))
    play(s, ("melee.hit", (3, 3)), ("wound.roll", (3, 3)))
    assert r(s, "red1") == 3 and r(s, "blue1") == 3
    assert key(s) == "initiative.roll"  # no morale test, no shooting: the next round


def test_rb9_each_melee_tests_its_own_morale() -> None:
    """RB-9: in each melee (the models linked by base contact) the side that lost more
    R tests — two separate melees, two separate counts."""
    s = to_assault(
        {
            "red": [model("A", c=2), model("C", c=2)],
            "blue": [model("B", c=2), model("D", c=2)],
        }
    )
    charge(s, "red1", "blue1")
    play(s, ("assault.model", "blue2"), ("assault.action", "charge:red2"), ("assault.reach", True))
    play(s, ("assault.action", "pass"), ("assault.action", "pass"))
    # Melee 1 (A, B): A hits and wounds; B misses.
    play(s, ("melee.hit", (3, 3)), ("wound.roll", (3, 3)), ("melee.hit", (6, 5)))
    # Melee 2 (C, D): D (charging) hits and wounds; C misses.
    play(s, ("melee.hit", (3, 3)), ("wound.roll", (3, 3)), ("melee.hit", (6, 5)))
    testers = []
    while key(s) == "morale.assault":
        assert s.prompt is not None
        testers.append(s.prompt.actor)
        s.answer((1,))
    assert testers == ["blue1", "red2"]
