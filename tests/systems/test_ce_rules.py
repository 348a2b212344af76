"""Fixed-dice rule tests of cape-et-epee (seed 004, rulings CE-1..CE-10).

Each docstring quotes the seed line (Italian) or names the ruling the test checks.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from skirmtui.engine.core.odds import die_chance
from skirmtui.engine.core.prompts import AnswerError, Roll
from skirmtui.engine.core.session import Session
from skirmtui.systems.cape_et_epee import firmness, impulses, profile
from skirmtui.systems.cape_et_epee.activation import dice_count
from skirmtui.systems.cape_et_epee.sides import side_units
from skirmtui.systems.registry import get_system
from tests.systems.ce_helpers import (
    act,
    activate,
    ch,
    disabled,
    key,
    options,
    play,
    roll,
    session,
    skip_turn,
    stat,
)

SYSTEM = get_system("cape-et-epee")

SQUAD = [
    ch("Sergente", "protagonist", squad="Guards", role="officer"),
    ch("Alfiere", squad="Guards", role="standard"),
    ch("Guard A", squad="Guards"),
    ch("Guard B", squad="Guards"),
]


def duel(**options: object):  # type: ignore[no-untyped-def]
    """Red: Athos (protagonist, pistol). Blue: Jussac (protagonist, pistol)."""
    return session(
        [ch("Athos", "protagonist", weapon="pistol")],
        [ch("Jussac", "protagonist", weapon="pistol")],
        **options,
    )


# -- CE-2 activation ----------------------------------------------------------------------


def test_ce2_activation_dice_count() -> None:
    """Seed §2.1: "pari al numero dei personaggi che agiscono in modo autonomo e che non
    sono fuori combattimento, più il numero di squadre che non sono scosse, più il numero
    degli ufficiali presenti nelle squadre che non sono fuori combattimento"."""
    s = session([ch("Hero", "hero"), ch("Lone", "extra"), *SQUAD], [ch("X")])
    prompt = s.prompt
    assert prompt is not None and prompt.key == "activation.roll"
    assert prompt.dice == "4d6"  # type: ignore[attr-defined]  # 2 autonomous + squad + officer
    b = s.battle
    b.remove(b.units["red2"])  # an autonomous character out
    assert dice_count(b, "red") == 3
    b.set(b.units["red4"], "status", "leave table")  # the squad is shaken
    assert dice_count(b, "red") == 2
    b.remove(b.units["red3"])  # the officer out
    assert dice_count(b, "red") == 1


def test_ce2_a_character_the_gm_adds_counts_at_once() -> None:
    """Issue 28: a side's units and a squad's models are kept between steps (they change
    only when the GM adds a unit); one added mid-battle is counted at once: an
    autonomous character gets an activation die (CE-2), a model joining a squad counts
    in its squad's losses (seed §2.7)."""
    s = session([ch("Lone"), *SQUAD], [ch("X")])
    b = s.battle
    assert dice_count(b, "red") == 3  # Lone, the squad, its officer
    assert len(profile.members(b, "red", "Guards")) == 4
    s.gm("gm.add", id="red9", side="red", name="Rinforzo", profile=ch("Rinforzo"))
    s.gm("gm.add", id="red10", side="red", name="Recluta", profile=ch("Recluta", squad="Guards"))
    b = s.battle
    assert dice_count(b, "red") == 4
    assert [u.id for u in profile.members(b, "red", "Guards")][-1] == "red10"
    assert [u.id for u in side_units(b, "red")] == [
        u.id for u in b.units.values() if u.side == "red"
    ]


def test_ce2_faces_over_three_are_discarded_most_threes_has_initiative() -> None:
    """Seed §2.1: "i punteggi fino a 3 incluso sono validi … Il giocatore con più '3' ha
    l'iniziativa"."""
    s = session([ch("A"), ch("B"), ch("C")], [ch("X"), ch("Y"), ch("Z")])
    play(s, ("activation.roll", (3, 3, 5)), ("activation.roll", (3, 2, 1)))
    assert s.battle.pos.initiative == "red"
    assert s.battle.pos.dice == {"red": [3, 3], "blue": [3, 2, 1]}


def test_ce2_the_activation_roll_shows_the_chance_of_each_valid_die() -> None:
    """G-2 with seed §2.1: the roll is a pool, each die valid on 1–3 (1/2 on a d6), so
    the prompt shows the odds and the log counts the valid dice, not their sum."""
    s = session([ch("A"), ch("B"), ch("C")], [ch("X"), ch("Y"), ch("Z")])
    prompt = s.prompt
    assert isinstance(prompt, Roll) and prompt.per_die
    assert (prompt.dice, prompt.compare, prompt.threshold) == ("3d6", "<=", 3)
    assert die_chance(prompt) == Fraction(1, 2)
    play(s, ("activation.roll", (3, 5, 1)))
    assert s.battle.log[-1].text.endswith("[3 5 1] each ≤ 3: 2 succeed")


def test_ce2_bad_faces_are_refused_and_a_discarded_face_cannot_be_assigned() -> None:
    """Seed §2.1: "Il giocatore tira i suoi d6 di attivazione, i punteggi fino a 3 incluso
    sono validi per l'attivazione, punteggi superiori sono scartati": typed faces must be
    d6 faces, as many as the dice, and a discarded 4–6 is never offered as an order."""
    s = session([ch("A"), ch("B")], [ch("X")])
    for bad in [(7, 1), (0, 2), (3,), (3, 3, 3)]:
        with pytest.raises(AnswerError):
            s.answer(bad)
    assert len(s.items) == 0
    play(s, ("activation.roll", (5, 2)), ("activation.roll", (3,)))
    assert s.battle.pos.initiative == "blue"  # red, without it, assigns first
    assert s.prompt is not None and s.prompt.side == "red"
    assert {o.split("|")[0] for o in options(s) if o != "done"} == {"2"}
    with pytest.raises(AnswerError):
        s.answer("5|red1")


def test_ce2_tie_in_turn_one_is_rolled_off() -> None:
    """Seed §2.1: "Nel primo turno, in caso di parità, decidere casualmente"."""
    s = session([ch("A"), ch("B")], [ch("X"), ch("Y")])
    play(s, ("activation.roll", (3, 1)), ("activation.roll", (3, 2)))
    assert key(s) == "activation.rolloff"
    play(s, ("activation.rolloff", (2,)), ("activation.rolloff", (5,)))
    assert s.battle.pos.initiative == "blue"
    assert key(s) == "orders.assign" and s.prompt is not None and s.prompt.side == "red"


def test_ce2_tie_keeps_last_turns_initiative() -> None:
    """Seed §2.1: "In caso di parità (stesso numero di '3') l'iniziativa resta a chi
    l'aveva nel turno precedente"."""
    s = session([ch("A"), ch("B")], [ch("X"), ch("Y")])
    play(s, ("activation.roll", (1, 1)), ("activation.roll", (3, 1)))
    assert s.battle.pos.initiative == "blue"
    skip_turn(s)
    assert s.battle.round == 2
    play(s, ("activation.roll", (3, 2)), ("activation.roll", (3, 6)))
    assert s.battle.pos.initiative == "blue"


# -- CE-3 orders --------------------------------------------------------------------------


def test_ce3_player_without_initiative_assigns_first() -> None:
    """Seed §2.2: "Il giocatore che non ha l'iniziativa assegna gli ordini prima del suo
    avversario"."""
    s = session([ch("A")], [ch("X")])
    play(s, ("activation.roll", (3,)), ("activation.roll", (2,)))
    assert s.prompt is not None and s.prompt.side == "blue"
    play(s, ("orders.assign", "2|blue1"))
    assert s.prompt is not None and s.prompt.key == "orders.assign" and s.prompt.side == "red"


def test_ce3_die_on_officer_orders_the_whole_squad() -> None:
    """Seed §2.2: "Se assegnato a un ufficiale o a un personaggio che comanda una squadra
    l'ordine vale per tutta la squadra"."""
    s = session(SQUAD, [ch("X")])
    roll(s, (2, 5), (1,))  # a tie on 3s: red wins the roll-off, blue orders first
    play(s, ("orders.assign", "done"), ("orders.assign", "2|red1"))
    assert [stat(s, f"red{i}", "ap") for i in range(1, 5)] == [2, 2, 2, 2]
    assert [stat(s, f"red{i}", "die") for i in range(1, 5)] == [2, 2, 2, 2]


def test_ce3_dice_may_go_to_characters_not_yet_on_the_table() -> None:
    """Seed §2.2: "possono assegnare ordini anche ai personaggi (o alle squadre) che non
    sono ancora sul campo"."""
    s = session([ch("Porthos", "protagonist", reserve=True)], [ch("X")])
    play(s, ("activation.roll", (3,)), ("activation.roll", (1,)), ("orders.assign", "done"))
    assert "3|red1" in options(s)
    play(s, ("orders.assign", "3|red1"))
    assert stat(s, "red1", "ap") == 3 and not stat(s, "red1", "deployed")


def test_ce3_a_die_not_rolled_is_refused_and_nothing_stored() -> None:
    """CE-3: only a valid die of the player's own roll may be assigned."""
    s = session([ch("A")], [ch("X")])
    play(s, ("activation.roll", (3,)), ("activation.roll", (2,)))
    before = len(s.items)
    with pytest.raises(AnswerError):
        s.answer("3|blue1")  # blue rolled a 2, not a 3
    with pytest.raises(AnswerError):
        s.answer("2|red1")  # not blue's character
    assert len(s.items) == before


# -- CE-4 deployment ----------------------------------------------------------------------


def test_ce4_deployment_replaces_an_event_marker_for_one_ap() -> None:
    """Seed §2.3: "Lo schieramento costa 1PA. Il giocatore può scegliere un qualsiasi
    segnalino evento … e sostituirlo con il personaggio/squadra da schierare"."""
    s = session([ch("Porthos", "protagonist", reserve=True)], [ch("X")])
    activate(s, (3,), (1,), (3, "red1"))
    play(s, ("deploy.who", "red1"), ("deploy.marker", "1"), ("deploy.distance", True))
    assert stat(s, "red1", "deployed") and stat(s, "red1", "ap") == 2
    assert s.battle.pos.markers == ["Gate"]


def test_ce4_distance_condition_not_met_keeps_the_marker() -> None:
    """Seed §2.3: the nearest enemies must be farther than both movements (the table
    confirms, CE-4); otherwise the character is not deployed there."""
    s = session([ch("Porthos", "protagonist", reserve=True)], [ch("X")])
    activate(s, (3,), (1,), (3, "red1"))
    play(s, ("deploy.who", "red1"), ("deploy.marker", "0"), ("deploy.distance", False))
    assert not stat(s, "red1", "deployed") and stat(s, "red1", "ap") == 3
    assert s.battle.pos.markers == ["Gate", "Well"]
    play(s, ("deploy.who", "done"))
    # Ours: an ordered character left off the table loses its AP.
    assert stat(s, "red1", "ap") == 0


def test_ce4_squad_deploys_together() -> None:
    """Seed §2.3: the squad replaces one marker; each model pays its 1 AP."""
    s = session(
        [
            ch("O", "protagonist", squad="S", role="officer", reserve=True),
            ch("E", squad="S", reserve=True),
        ],
        [ch("X")],
    )
    activate(s, (2,), (1,), (2, "red1"))
    assert options(s) == ["squad:S", "done"]
    play(s, ("deploy.who", "squad:S"), ("deploy.marker", "0"), ("deploy.distance", True))
    assert [stat(s, u, "ap") for u in ("red1", "red2")] == [1, 1]
    assert all(stat(s, u, "deployed") for u in ("red1", "red2"))


# -- CE-5 impulses ------------------------------------------------------------------------


def test_ce5_queue_by_ap_initiative_first_and_requeue_after_an_impulse() -> None:
    """Seed §2.4: "Le miniature agiscono in ordine di PA posseduti, in caso di uguale numero
    di PA prima le miniature controllate dal giocatore con l'iniziativa … può tornare ad
    agire quando sarà il turno delle miniature che hanno PA pari al residuo"."""
    s = session([ch("A"), ch("B")], [ch("X")])
    activate(s, (3, 2), (2,), (3, "red1"), (2, "red2"), (2, "blue1"))
    names = [u.id for u in impulses.queue(s.battle)]
    assert names == ["red1", "red2", "blue1"]
    assert s.prompt is not None and s.prompt.actor == "red1"
    act(s, "temporize")
    assert "end" in options(s)
    act(s, "end")  # back in the queue at 2 AP, behind red2, ahead of blue
    assert [u.id for u in impulses.queue(s.battle)] == ["red2", "red1", "blue1"]
    assert s.prompt is not None and s.prompt.actor == "red2"


def test_ce5_an_action_it_cannot_pay_for_is_refused() -> None:
    """Seed §2.4: "il personaggio deve avere un numero di PA sufficiente"."""
    s = session([ch("A")], [ch("X")])
    activate(s, (1,), (2,), (1, "red1"))
    assert disabled(s)["charge"] == "needs 2 AP, 1 left"
    before = len(s.items)
    with pytest.raises(AnswerError):
        s.answer("charge")
    assert len(s.items) == before


def test_ce5_ap_are_spent_and_the_die_removed_at_zero() -> None:
    """Seed §2.4: "Il d6 di attivazione è rimosso quando la miniatura non ha più PA"."""
    s = session([ch("A")], [ch("X")])
    activate(s, (2,), (1,), (2, "red1"))
    act(s, "temporize")
    act(s, "temporize")
    assert stat(s, "red1", "ap") == 0
    assert impulses.queue(s.battle) == []
    assert s.battle.phase == "nonactivated"
    # The roster says so; it is still an activated character (no non-activated action).
    # Found in tmux at 80x24: "die removed" wrapped to "d'Artagnan  die" / "removed,",
    # read as the character dying; it starts with its AP, as one with AP left does.
    said = get_system("cape-et-epee").status(s.battle, s.battle.units["red1"])
    assert said.startswith("AP 0 (die removed)"), said
    assert s.battle.pos.initiative == "red"  # red first, but it has nobody to offer
    assert s.prompt is not None and s.prompt.side == "blue" and options(s) == ["blue1", "done"]


def test_ce5_unused_ap_are_lost_at_the_end_of_the_turn() -> None:
    """Seed §2.4: "non è possibile conservare PA per il turno successivo"."""
    s = session([ch("A", reserve=True)], [ch("X")])
    activate(s, (3,), (1,), (3, "red1"))
    play(s, ("deploy.who", "done"))
    assert stat(s, "red1", "ap") == 0
    skip_turn(s)
    assert stat(s, "red1", "die") == 0 and stat(s, "red1", "ap") == 0


# -- CE-7 combat --------------------------------------------------------------------------


def _shoot(s, target: str, band: str = "short", cover: bool = False) -> None:  # type: ignore[no-untyped-def]
    play(s, ("impulse.action", "shoot"), ("shoot.target", target), ("shoot.range", band))


def test_ce7_shooting_hits_on_d10_at_most_tiro_with_modifiers() -> None:
    """CE-7: "Shooting: d10 ≤ tiro hits (modifiers from data: cover, range, prone)"."""
    s = duel()
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue1", "long")
    play(s, ("shoot.cover", True))
    prompt = s.prompt
    assert prompt is not None and prompt.key == "shoot.to_hit"
    assert prompt.effective_threshold == 2  # type: ignore[attr-defined]  # tiro 6 −2 −2
    play(s, ("shoot.to_hit", (3,)))
    assert key(s) == "impulse.action"  # missed: no wound roll
    assert stat(s, "red1", "reload") == 2  # the pistol's reload steps


def test_ce7_a_hit_wounds_on_d6_at_most_ca_shield_minus_one() -> None:
    """Seed §1.2.1: "L'uso dello scudo riduce di uno la classe di armatura"; CE-7: a hit
    wounds on d6 ≤ CA."""
    s = session([ch("A", weapon="pistol")], [ch("X", ca=5, shield=True)])
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue1")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)))
    prompt = s.prompt
    assert prompt is not None and prompt.key == "combat.wound"
    assert prompt.threshold == 4  # type: ignore[attr-defined]
    play(s, ("combat.wound", (5,)))
    assert stat(s, "blue1", "wounds") == 0


def test_ce7_hero_takes_three_wounds_and_switches_to_the_wounded_profile() -> None:
    """Seed §1.2: "Per mettere fuori combattimento un eroe sono necessarie tre ferite";
    "Protagonisti ed eroi hanno due serie di caratteristiche"."""
    from skirmtui.systems.cape_et_epee import profile

    s = session([ch("A", weapon="pistol")], [ch("Hero", "hero", tiro=7, w_tiro=4)])
    hero = s.battle.units["blue1"]
    assert profile.stat(hero, "tiro") == 7
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue1")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)), ("combat.wound", (1,)))
    assert stat(s, "blue1", "wounds") == 1 and profile.stat(hero, "tiro") == 4
    # Seed §2.7: a wounded hero tests morale.
    assert key(s) == "morale.threat"  # cover: the shot has just asked it (G-1)


def test_ce7_the_sheet_shows_the_wounded_profile_the_rules_use() -> None:
    """Seed §1.2: two sets of characteristics. The sheet's first line is the profile the
    hero started with; once wounded the one the rules now use is shown beside it (a QA
    play-through read Morale 8 on d'Artagnan's sheet while his test took 7)."""
    s = session([ch("A", weapon="pistol")], [ch("Hero", "hero", tiro=7, w_tiro=4, w_move=3)])
    hero, extra = s.battle.units["blue1"], s.battle.units["red1"]
    assert s.system.sheet_rows(s.battle, hero) == []  # unhurt: its profile is the one
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue1")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)), ("combat.wound", (1,)))
    assert stat(s, "blue1", "wounds") == 1
    in_use = "the wounded profile: Morale 6 · Tiro 4 · Mischia 4 · CA 5 · Move 3"
    assert s.system.sheet_rows(s.battle, hero) == [("In use", in_use)]
    assert s.system.sheet_rows(s.battle, extra) == []  # an extra has one profile


def test_ce9_g1_a_wound_by_a_shot_does_not_ask_cover_again() -> None:
    """Seed §2.7: "protagonisti ed eroi che subiscono una ferita" test morale; §2.7.2 "+1:
    personaggio al coperto". G-1: the shot has just asked whether the target is in cover,
    so the morale test uses that answer instead of asking the table again."""
    for in_cover, threshold in ((True, 6 + 1), (False, 6)):
        s = session([ch("A", weapon="pistol")], [ch("P", "protagonist", morale=6)])
        activate(s, (3,), (1,), (3, "red1"))
        _shoot(s, "blue1")
        play(s, ("shoot.cover", in_cover), ("shoot.to_hit", (1,)), ("combat.wound", (1,)))
        play(s, ("morale.threat", True))  # an enemy could charge: no +1
        prompt = s.prompt
        assert prompt is not None and prompt.key == "morale.test"
        assert prompt.effective_threshold == threshold  # type: ignore[attr-defined]
        assert "wounded" in prompt.text


@pytest.mark.parametrize(("rank", "wounds"), [("hero", 3), ("protagonist", 2), ("extra", 1)])
def test_ce1_wounds_to_put_out_by_rank(rank: str, wounds: int) -> None:
    """Seed §1.2: "Per mettere fuori combattimento un eroe sono necessarie tre ferite";
    "Un protagonista è fuori combattimento quando subisce due ferite"; extras "sono
    eliminate non appena subiscono la prima ferita"."""
    s = session([ch("A", weapon="pistol")], [ch("T", rank), ch("Spare", "hero")])
    s.gm("gm.set", unit="blue1", field="wounds", value=wounds - 1)
    assert not s.battle.units["blue1"].removed  # one wound short: still in the fight
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue1")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)), ("combat.wound", (1,)))
    assert s.battle.units["blue1"].removed
    assert stat(s, "blue1", "firm_loss") == {"hero": 3, "protagonist": 2, "extra": 1}[rank]


def _engage(s) -> None:  # type: ignore[no-untyped-def]
    """red1 charges blue1 and reaches contact (blue1 not activated: no reaction)."""
    play(s, ("impulse.action", "charge"), ("charge.target", "blue1"), ("charge.contact", True))


def test_ce7_melee_higher_total_hits_a_tie_hits_nobody() -> None:
    """CE-7: "Melee: each side d10 + mischia, higher hits (a tie: both hit if the fight is
    simultaneous, else nothing)"; ours: +1 to the charger."""
    s = session([ch("A", mischia=4)], [ch("X", mischia=5)])
    activate(s, (3,), (1,), (3, "red1"))
    _engage(s)
    play(s, ("melee.attack", (5,)), ("melee.defend", (5,)))  # 5+4+1 = 10 = 5+5
    assert key(s) == "impulse.action"
    assert stat(s, "red1", "foe") == "blue1" and stat(s, "red1", "ap") == 1
    act(s, "melee")  # a plain melee: no charge bonus
    play(s, ("melee.attack", (7,)), ("melee.defend", (5,)))  # 11 > 10
    assert key(s) == "combat.wound"


def test_ce7_melee_against_an_opponent_the_gm_removed_spends_nothing() -> None:
    """G-4: the GM removes the opponent while the next action is being chosen; the
    question sees it (the engine plays the step again): melee is no longer offered, no
    AP is spent, and the impulse goes on (was an IndexError, then a melee with nobody)."""
    s = session([ch("A", mischia=4)], [ch("X", mischia=5)])
    activate(s, (3,), (1,), (3, "red1"))
    _engage(s)
    play(s, ("melee.attack", (5,)), ("melee.defend", (5,)))
    assert key(s) == "impulse.action" and "melee" in options(s)
    s.gm("gm.remove", unit="blue1")
    assert key(s) == "impulse.action" and "melee" not in options(s)
    assert stat(s, "red1", "ap") == 1
    act(s, "temporize")


# -- CE-8 reactions -----------------------------------------------------------------------


def test_ce8_reaction_shoot_back_is_simultaneous() -> None:
    """Seed §2.6.1: "il personaggio può immediatamente tirare (il tiro è considerato
    contemporaneo all'avversario)"."""
    s = session([ch("A", weapon="pistol")], [ch("X", weapon="pistol")])
    activate(s, (3,), (2,), (3, "red1"), (2, "blue1"))
    _shoot(s, "blue1")
    assert key(s) == "react.shot" and s.prompt is not None and s.prompt.side == "blue"
    play(s, ("react.shot", "back"), ("react.range", "short"))
    play(s, ("shoot.cover", True), ("react.cover", True))
    play(s, ("shoot.to_hit", (1,)), ("react.to_hit", (1,)))
    play(s, ("combat.wound", (1,)))  # red's hit puts blue1 (an extra) out…
    assert s.battle.units["blue1"].removed
    play(s, ("combat.wound", (1,)))  # …and blue's simultaneous hit still lands
    assert s.battle.units["red1"].removed
    assert stat(s, "blue1", "ap") == 0  # 2 AP − 1 for the reaction; AP cleared when out


def test_ce8_drop_prone_before_the_shot() -> None:
    """Seed §2.6.1: "può gettarsi a terra immediatamente prima del tiro nemico"."""
    s = session([ch("A", weapon="pistol")], [ch("X")])
    activate(s, (3,), (2,), (3, "red1"), (2, "blue1"))
    _shoot(s, "blue1")
    assert disabled(s)["back"] == "no missile weapon"
    play(s, ("react.shot", "prone"), ("shoot.cover", True))
    assert stat(s, "blue1", "prone") and stat(s, "blue1", "ap") == 1
    prompt = s.prompt
    assert prompt is not None and prompt.effective_threshold == 3  # type: ignore[attr-defined]


def test_ce8_countercharge_makes_the_fight_simultaneous() -> None:
    """Seed §2.6.1: "Caricato dal nemico: il personaggio può controcaricare"."""
    s = session([ch("A", mischia=4)], [ch("X", mischia=4)])
    activate(s, (3,), (2,), (3, "red1"), (2, "blue1"))
    play(s, ("impulse.action", "charge"), ("charge.target", "blue1"))
    play(s, ("react.charge", "counter"))
    prompt = s.prompt
    assert prompt is not None and prompt.key == "melee.attack"  # no contact question
    assert prompt.modifier == 4  # type: ignore[attr-defined]  # no charge bonus
    play(s, ("melee.attack", (5,)), ("melee.defend", (5,)))
    assert key(s) == "combat.wound"  # a tie in a simultaneous fight: both are hit
    play(s, ("combat.wound", (6,)), ("combat.wound", (6,)))
    assert stat(s, "blue1", "ap") == 1


def test_ce8_fight_simultaneously_when_forced_into_a_melee() -> None:
    """Seed §2.6.1: "Costretto a combattere una mischia: … il combattimento è
    contemporaneo"."""
    s = session([ch("A", mischia=4)], [ch("X", mischia=4)])
    activate(s, (3,), (3,), (3, "red1"), (3, "blue1"))
    assert s.prompt is not None and s.prompt.actor == "red1"  # red won the roll-off
    play(s, ("impulse.action", "charge"), ("charge.target", "blue1"), ("react.charge", "none"))
    play(s, ("charge.contact", True), ("melee.attack", (1,)), ("melee.defend", (2,)))
    act(s, "melee")
    assert key(s) == "react.melee"
    play(s, ("react.melee", "fight"), ("melee.attack", (3,)), ("melee.defend", (3,)))
    assert key(s) == "combat.wound"
    assert stat(s, "blue1", "ap") == 2


def test_ce8_a_non_activated_character_is_not_asked_to_react() -> None:
    """CE-8: reactions are for activated characters only."""
    s = session([ch("A", weapon="pistol")], [ch("X", weapon="pistol")])
    activate(s, (3,), (2,), (3, "red1"))
    _shoot(s, "blue1")
    assert key(s) == "shoot.cover"


# -- CE-6 non-activated -------------------------------------------------------------------


def _to_na(s) -> None:  # type: ignore[no-untyped-def]
    while s.battle.phase == "activated":
        act(s, "temporize")


def test_ce6_non_activated_one_action_initiative_player_first() -> None:
    """Seed §2.5: "Ogni personaggio che non è stato attivato … può eseguire un'azione che
    richieda un solo PA. Prima i personaggi del giocatore con l'iniziativa"."""
    s = session([ch("A"), ch("B")], [ch("X")])
    activate(s, (3,), (1,))
    assert s.battle.phase == "nonactivated"
    assert (
        s.prompt is not None and s.prompt.side == "red" and options(s) == ["red1", "red2", "done"]
    )
    play(s, ("na.unit", "red1"), ("na.action", "temporize"))
    assert options(s) == ["red2", "done"]
    play(s, ("na.unit", "done"))
    assert s.prompt is not None and s.prompt.side == "blue"


def test_ce6_no_charge_unless_the_target_is_shaken() -> None:
    """Seed §2.5: "non è possibile muovere i personaggi a contatto di miniature nemiche
    (caricare) a meno che i personaggi obiettivo della carica non siano scossi"."""
    s = session([ch("A")], [ch("X"), ch("Y")])
    activate(s, (3,), (1,))
    play(s, ("na.unit", "red1"))
    assert disabled(s)["charge"] == "CE-6: only a shaken enemy may be charged in this phase"
    s.undo()
    s.gm("gm.set", unit="blue2", field="status", value="shaken")
    play(s, ("na.unit", "red1"), ("na.action", "charge"))
    assert options(s) == ["blue2", "cancel"]
    assert "CE-6" in disabled(s)["blue1"]


def test_ce6_in_melee_fight_or_flee() -> None:
    """Seed §2.5: "Personaggi in mischia sono obbligati a combattere la mischia … oppure
    devono tentare di fuggire"."""
    s = session([ch("A")], [ch("X")])
    activate(s, (2,), (1,), (2, "red1"))
    _engage(s)
    play(s, ("melee.attack", (1,)), ("melee.defend", (2,)))  # 1+4+1 = 2+4: nobody hit
    play(s, ("na.unit", "blue1"))
    assert options(s) == ["melee", "flee"]
    assert disabled(s)["end"] == "CE-6: in a melee it must fight or flee"


def test_ce6_an_engaged_non_activated_character_cannot_be_left_idle() -> None:
    """Seed §2.5: "Personaggi in mischia sono obbligati a combattere la mischia (devono
    scegliere l'azione corrispondente) oppure devono tentare di fuggire dalla mischia":
    neither "nothing" nor stopping the phase is accepted while it has not acted."""
    s = session([ch("A")], [ch("X"), ch("Y")])
    activate(s, (2,), (1,), (2, "red1"))
    _engage(s)
    play(s, ("melee.attack", (1,)), ("melee.defend", (2,)))  # nobody hit
    assert s.prompt is not None and s.prompt.key == "na.unit" and s.prompt.side == "blue"
    assert disabled(s) == {"done": "CE-6: X must fight or flee the melee"}
    before = len(s.items)
    with pytest.raises(AnswerError):
        s.answer("done")
    play(s, ("na.unit", "blue1"))
    with pytest.raises(AnswerError):
        s.answer("end")
    assert len(s.items) == before + 1
    play(s, ("na.action", "flee"), ("flee.done", True))
    assert options(s) == ["blue2", "done"]  # Y is not in a melee: blue may stop now


def test_ce6_separated_squad_member_may_only_rejoin() -> None:
    """Seed §2.5: "Squadre che hanno personaggi separati dal resto della squadra possono
    solo muovere tali miniature per ricongiungersi con la squadra"."""
    s = session([ch("A"), ch("B", squad="S"), ch("C", squad="S")], [ch("X")])
    activate(s, (1,), (1,))
    play(s, ("na.unit", "red2"), ("na.separated", True))
    assert [o for o in options(s) if o != "end"] == ["move"]


# -- CE-9 morale --------------------------------------------------------------------------


def test_ce9_morale_d10_against_morale_with_squad_modifiers() -> None:
    """Seed §2.7.1–2.7.2: d10, passed if equal to morale, fully if lower; +1 leader,
    +1 standard bearer, −1 flag lost, −1 under 1/2, −2 under 1/3 (not cumulative)."""
    from skirmtui.systems.cape_et_epee.morale import squad_modifiers

    s = session([*SQUAD, ch("Guard C", squad="Guards"), ch("Guard D", squad="Guards")], [ch("X")])
    b = s.battle
    assert squad_modifiers(b, b.units["red3"]) == (
        ("the squad has a leader", 1),
        ("the squad has a standard bearer", 1),
    )
    for uid in ("red2", "red4", "red5"):  # 3 of 6 left: not under half
        b.remove(b.units[uid])
    assert squad_modifiers(b, b.units["red3"])[-1] == ("the squad has lost its flag", -1)
    b.remove(b.units["red6"])  # 2 of 6: under 1/2 but not under 1/3
    assert squad_modifiers(b, b.units["red3"])[-1] == ("the squad is under 1/2", -1)
    b.remove(b.units["red1"])  # 1 of 6: under 1/3, −2 only
    mods = squad_modifiers(b, b.units["red3"])
    assert mods == (("the squad has lost its flag", -1), ("the squad is under 1/3", -2))


def test_ce9_autonomous_hit_in_the_open_tests_and_must_seek_cover() -> None:
    """Seed §2.7: "personaggi che operano in modo autonomo colpiti dal tiro avversario in
    campo aperto (anche se non subiscono ferite)"; §2.7.3: "deve muovere … verso il riparo
    più vicino. Il recupero è automatico non appena raggiunto il riparo"."""
    s = session([ch("A", weapon="pistol")], [ch("Jussac", "protagonist", morale=6)])
    activate(s, (3,), (2,), (3, "red1"), (2, "blue1"))
    _shoot(s, "blue1")
    play(s, ("react.shot", "none"), ("shoot.cover", False), ("shoot.to_hit", (2,)))
    play(s, ("combat.wound", (6,)))  # not wounded: still a test, in the open (not asked)
    play(s, ("morale.threat", True))
    prompt = s.prompt
    assert prompt is not None and prompt.key == "morale.test" and prompt.effective_threshold == 6  # type: ignore[attr-defined]
    play(s, ("morale.test", (7,)))
    assert stat(s, "blue1", "status") == "seek cover"
    act(s, "temporize")
    act(s, "temporize")
    # Blue's impulse: seeking cover, only moving (among others) is allowed, not shooting.
    assert s.prompt is not None and s.prompt.actor == "blue1"
    assert "charge" in disabled(s)
    play(s, ("impulse.action", "move"), ("move.done", True), ("move.cover", True))
    assert stat(s, "blue1", "status") == ""


def _protagonist_wounded_in_the_open(morale_test: int) -> Session:
    """A (mischia 6) charges the protagonist P (morale 5) and wounds it in melee; P is
    not in cover, an enemy threatens it, and its morale test rolls `morale_test`."""
    s = session([ch("A", mischia=6)], [ch("P", "protagonist", mischia=0, morale=5)])
    activate(s, (3,), (1,), (3, "red1"))
    _engage(s)
    play(s, ("melee.attack", (5,)), ("melee.defend", (1,)), ("combat.wound", (1,)))
    play(s, ("morale.cover", False), ("morale.threat", True), ("morale.test", (morale_test,)))
    return s


def test_ce9_protagonist_wounded_tests_and_breaks_off_the_melee() -> None:
    """Seed §2.7.3: "Protagonisti ed eroi che subiscono una ferita: la miniatura deve
    interrompere un'eventuale mischia e raggiungere un riparo"."""
    s = _protagonist_wounded_in_the_open(morale_test=9)
    assert stat(s, "blue1", "status") == "seek cover"
    assert stat(s, "red1", "foe") == "" and stat(s, "blue1", "foe") == ""
    assert stat(s, "blue1", "firm_loss") == 0  # seeking cover is not a flight (ours)


def test_ce9_autonomous_extra_hit_in_melee_flees_costing_firmness() -> None:
    """Seed §2.7: "comparse che agiscono in modo autonomo colpite in mischia (anche se non
    subiscono ferite)"; §2.7.3 "deve fuggire dal combattimento e raggiungere un riparo"."""
    s = session([ch("A", mischia=6)], [ch("X", ca=1), ch("Y")])
    activate(s, (3,), (1,), (3, "red1"))
    _engage(s)
    play(s, ("melee.attack", (5,)), ("melee.defend", (1,)), ("combat.wound", (6,)))
    play(s, ("morale.cover", False), ("morale.threat", True), ("morale.test", (10,)))
    assert stat(s, "blue1", "status") == "seek cover" and stat(s, "blue1", "foe") == ""
    assert stat(s, "blue1", "firm_loss") == 1  # shaken into flight (ours: data `flight`)


def test_ce9_squad_half_lost_leaves_the_table_testing_at_every_move() -> None:
    """Seed §2.7: "personaggi di una squadra quando le miniature eliminate raggiungono la
    metà degli effettivi"; §2.7.3: "All'inizio di ogni spostamento dovranno effettuare un
    test del morale, perdendo una miniatura in caso di fallimento"."""
    s = session([ch("A", weapon="pistol")], [ch("E1", squad="S"), ch("E2", squad="S")])
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue1")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)), ("combat.wound", (1,)))
    assert key(s) == "morale.cover"  # 1 of 2 out: half lost
    play(s, ("morale.cover", False), ("morale.threat", True), ("morale.test", (10,)))
    assert stat(s, "blue2", "status") == "leave table"
    # Firmness: 2 extras → ¾ of 2 = 2; both lost (one out, one fleeing): beaten.
    assert s.battle.result is not None and s.battle.result.winner == "red"


def test_ce9_leaving_the_table_a_failed_test_loses_the_model() -> None:
    """Seed §2.7.3: "perdendo una miniatura in caso di fallimento"."""
    s = session([ch("A")], [ch("E1", squad="S"), ch("E2", squad="S"), ch("Y", "hero")])
    s.gm("gm.set", unit="blue1", field="status", value="leave table")
    activate(s, (1,), (1,), (1, "squad:S@blue"))
    assert s.prompt is not None and s.prompt.actor == "blue1"
    assert options(s) == ["move", "rally", "temporize"]
    play(s, ("impulse.action", "move"), ("morale.cover", False), ("morale.threat", True))
    play(s, ("morale.test", (10,)))
    assert s.battle.units["blue1"].removed


def test_ce9_leaving_the_table_a_passed_test_moves_at_full_speed() -> None:
    """Seed §2.7.3: "abbandonare il terreno dello scontro dirigendosi verso il lato del
    tavolo da cui sono entrate muovendo alla massima velocità possibile"."""
    s = session([ch("A")], [ch("E1", squad="S", move=6), ch("E2", squad="S"), ch("Y", "hero")])
    s.gm("gm.set", unit="blue1", field="status", value="leave table")
    activate(s, (1,), (1,), (1, "squad:S@blue"))
    play(s, ("impulse.action", "move"), ("morale.cover", False), ("morale.threat", True))
    play(s, ("morale.test", (1,)))
    prompt = s.prompt
    assert prompt is not None and prompt.key == "move.done"
    assert prompt.text == "E1 moves its full 6 um towards its own table edge"
    play(s, ("move.done", True), ("move.off", True))
    assert s.battle.units["blue1"].removed


def test_ce9_officer_out_tests_the_squad() -> None:
    """Seed §2.7: "personaggi di una squadra quando è messo fuori combattimento
    l'ufficiale/leader della squadra"."""
    s = session(
        [ch("A", weapon="pistol")],
        [
            ch("O", squad="S", role="officer"),
            ch("E1", squad="S"),
            ch("E2", squad="S"),
            ch("E3", squad="S"),
            ch("H", "hero"),
        ],
    )
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue1")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)), ("combat.wound", (1,)))
    play(s, ("morale.cover", False), ("morale.threat", True))
    prompt = s.prompt
    assert prompt is not None and prompt.text.startswith("Morale test of squad S")
    play(s, ("morale.test", (1,)))
    assert stat(s, "blue2", "status") == ""


def test_ce9_halved_squad_tests_again_when_another_model_is_out() -> None:
    """Seed §2.7: "personaggi che fanno parte di squadre che hanno già perso la metà o più
    degli effettivi quando un'altra miniatura è messa fuori combattimento"."""
    s = session(
        [ch("A", weapon="pistol")],
        [
            ch("E1", squad="S"),
            ch("E2", squad="S"),
            ch("E3", squad="S"),
            ch("E4", squad="S"),
            ch("H", "hero"),
        ],
    )
    s.gm("gm.remove", unit="blue1")
    s.gm("gm.remove", unit="blue2")
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue3")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)), ("combat.wound", (1,)))
    assert key(s) == "morale.cover"
    play(s, ("morale.cover", False), ("morale.threat", False), ("morale.test", (1,)))
    assert stat(s, "blue4", "status") == ""


def test_ce9_improvised_action_tests_first_and_a_failure_shakes() -> None:
    """Seed §2.7: "personaggi che intendono eseguire un attacco improvvisato o un movimento
    improvvisato"; §2.7.1: "in ogni caso il personaggio o la squadra sono scossi"."""
    s = session([ch("A", morale=6)], [ch("X")])
    activate(s, (3,), (1,), (3, "red1"))
    play(s, ("impulse.action", "improvised"), ("morale.cover", True), ("morale.threat", False))
    prompt = s.prompt
    assert prompt is not None and prompt.effective_threshold == 8  # type: ignore[attr-defined]
    play(s, ("morale.test", (9,)))
    assert stat(s, "red1", "status") == "shaken" and stat(s, "red1", "ap") == 2
    play(s, ("impulse.action", "rally"), ("morale.cover", True), ("morale.threat", False))
    play(s, ("morale.test", (8,)))
    assert stat(s, "red1", "status") == ""


# -- CE-10 firmness and the end -----------------------------------------------------------


@pytest.mark.parametrize(
    ("stakes", "expected"), [("last_blood", 7), ("objective", 5), ("withdraw", 3)]
)
def test_ce10_firmness_from_army_and_stakes_rounded_up(stakes: str, expected: int) -> None:
    """Seed §3.1.1: 1 per extra, 2 per protagonist, 3 per hero; ¾, ½ or ¼ rounding up.
    Army: hero 3 + protagonist 2 + 4 extras = 9 → 6.75, 4.5, 2.25."""
    s = session(
        [ch("H", "hero"), ch("P", "protagonist"), ch("E1"), ch("E2"), ch("E3"), ch("E4")],
        [ch("X")],
        stakes=stakes,
    )
    assert s.battle.pos.firmness["red"] == expected
    assert (
        get_system("cape-et-epee")
        .queue(s.battle)[0]
        .text.startswith(f"Red: firmness {expected}/{expected}")
    )


def test_ce10_flight_costs_the_value_recovery_gives_back_half_rounded_down() -> None:
    """Seed §3.1.2: "si sottrae alla fermezza dell'esercito il corrispondente valore … Se la
    miniatura o la squadra recupera dal panico … si recupera la metà, arrotondando per
    difetto, del valore (attuale)"."""
    from skirmtui.systems.cape_et_epee import morale

    s = session([ch("H", "hero"), ch("P", "protagonist"), ch("E")], [ch("X")])
    b = s.battle
    start = firmness.current(b, "red")  # ¾ of 6 → 5
    assert start == 5
    morale.shake(b, [b.units["red1"]], "half_lost")  # a hero flees: −3
    assert firmness.current(b, "red") == 2
    b.set(b.units["red1"], "status", "leave table")
    morale.recover(b, b.units["red1"])  # back half of 3, rounded down: +1
    assert firmness.current(b, "red") == 3


def test_ce10_every_flight_costs_the_value_again_even_after_a_recovery() -> None:
    """Seed §3.1.2: "Ogni volta che un personaggio o una squadra è eliminata o scossa e
    costretta alla fuga … si sottrae alla fermezza dell'esercito il corrispondente valore"."""
    from skirmtui.systems.cape_et_epee import morale

    s = session([ch("H", "hero"), ch("P", "protagonist"), ch("E"), ch("F")], [ch("X")])
    b = s.battle
    hero = b.units["red1"]
    assert firmness.current(b, "red") == 6  # ¾ of 7, rounded up
    morale.shake(b, [hero], "officer_out")  # flees: −3
    morale.recover(b, hero)  # +1 (half of 3, rounded down)
    assert firmness.current(b, "red") == 4
    morale.shake(b, [hero], "half_lost")  # a second flight: −3 again
    assert firmness.current(b, "red") == 1
    morale.shake(b, [hero], "more_lost")  # still fleeing: the same flight, not counted twice
    assert firmness.current(b, "red") == 1


def test_ce10_recovering_from_a_status_that_cost_nothing_gives_nothing_back() -> None:
    """Seed §3.1.2: the half comes back when the model "recupera dal panico" of a flight;
    ours: seeking cover after a wound cost no firmness, so reaching cover gives none back
    (not even for a flight it had already recovered from)."""
    from skirmtui.systems.cape_et_epee import morale

    s = session([ch("H", "hero"), ch("E")], [ch("X")])
    b = s.battle
    hero = b.units["red1"]
    start = firmness.current(b, "red")
    morale.shake(b, [hero], "officer_out")
    morale.recover(b, hero)
    assert firmness.current(b, "red") == start - 2
    morale.shake(b, [hero], "wounded")  # seek cover: not a flight
    assert firmness.current(b, "red") == start - 2
    morale.recover(b, hero)
    assert firmness.current(b, "red") == start - 2


def test_ce10_battle_ends_when_firmness_is_zero_or_less() -> None:
    """Seed §3.1.1: "Se in qualsiasi momento della partita la fermezza delle truppe è zero o
    meno l'esercito è sconfitto". Blue: one extra, firmness ¾ of 1 → 1."""
    s = session([ch("A", weapon="pistol")], [ch("X")])
    assert s.battle.pos.firmness["blue"] == 1
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue1")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)))
    assert s.battle.result is None
    play(s, ("combat.wound", (1,)))  # mid-impulse, red still has 2 AP: the battle ends
    assert s.battle.result is not None and s.battle.result.winner == "red"
    assert s.prompt is None


def test_ce10_objective_reached_ends_the_battle() -> None:
    """Seed §3: "quando una delle due parti raggiunge l'obiettivo fondamentale"."""
    s = session([ch("A")], [ch("X")], objective="take the letter")
    activate(s, (1,), (1,))
    play(s, ("na.unit", "done"), ("na.unit", "done"))
    assert key(s) == "turn.objective"
    play(s, ("turn.objective", "blue"))
    assert s.battle.result is not None and s.battle.result.winner == "blue"
    assert s.prompt is None


def test_ce10_turn_limit_ends_with_the_side_keeping_more_firmness() -> None:
    """Ours: a turn limit (option) ends the battle; more firmness kept wins."""
    s = session([ch("A"), ch("B")], [ch("X")], turn_limit=1)
    s.gm("gm.set", unit="red2", field="firm_loss", value=1)
    activate(s, (1,), (1,))
    play(s, ("na.unit", "done"), ("na.unit", "done"))
    assert s.battle.result is not None and s.battle.result.winner == "blue"


def test_ce10_a_gm_firmness_loss_to_zero_ends_the_battle_at_once() -> None:
    """Seed §3.1.1: an army whose firmness falls to zero leaves the field at once, also
    when a GM entry takes it there after the end check found the battle going on (the
    check keeps its own mark of firmness changes: issue 28)."""
    s = session([ch("A"), ch("B")], [ch("X")])
    s.gm("gm.set", unit="blue1", field="firm_loss", value=1)
    result = s.battle.result
    assert result is not None and result.winner == "red"
    assert result.reason == "Blue's firmness fell to zero"
    assert s.prompt is None
    # The same battle, found going on, then a loss set in place: the next check sees it.
    b = session([ch("A"), ch("B")], [ch("X")]).battle
    SYSTEM.check_end(b)
    assert b.result is None
    b.set(b.units["blue1"], "firm_loss", 1)
    SYSTEM.check_end(b)
    assert b.result is not None and b.result.winner == "red"


# -- more edges ---------------------------------------------------------------------------


def test_ce3_die_on_a_squad_orders_its_models_and_takes_it_off_the_list() -> None:
    """Seed §2.2: the order on a squad is valid for the whole squad; ours: its officer and
    the squad are then no longer offered."""
    s = session(SQUAD, [ch("X")])
    roll(s, (1, 2), (1,))
    play(s, ("orders.assign", "done"))
    play(s, ("orders.assign", "1|squad:Guards"))
    assert [stat(s, f"red{i}", "ap") for i in range(1, 5)] == [1, 1, 1, 1]
    assert s.prompt is not None and s.prompt.key != "orders.assign"  # nothing left to order


def test_ce8_no_reaction_without_an_ap_left() -> None:
    """CE-8: a reaction costs 1 AP of the reacting character."""
    s = session([ch("A", weapon="pistol")], [ch("X", weapon="pistol")])
    activate(s, (2,), (3,), (2, "red1"), (3, "blue1"))
    assert s.prompt is not None and s.prompt.actor == "blue1"  # blue: initiative, 3 AP
    for _ in range(3):
        act(s, "temporize")
    assert stat(s, "blue1", "ap") == 0 and stat(s, "blue1", "die") == 3
    _shoot(s, "blue1")
    assert key(s) == "shoot.cover"  # not asked to react


def test_ce8_shooting_back_needs_a_loaded_weapon() -> None:
    """CE-8 with CE-7's reload: an unloaded weapon cannot shoot back; dropping prone can."""
    s = session([ch("A", weapon="pistol")], [ch("X", weapon="pistol")])
    s.gm("gm.set", unit="blue1", field="reload", value=1)
    activate(s, (3,), (2,), (3, "red1"), (2, "blue1"))
    _shoot(s, "blue1")
    assert disabled(s) == {"back": "unloaded: 1 reload step left"}
    before = len(s.items)
    with pytest.raises(AnswerError):
        s.answer("back")
    assert len(s.items) == before


def test_ce7_a_charge_that_does_not_reach_contact_costs_its_ap() -> None:
    """CE-7: "charge (2 AP: move into contact and fight)"; the table says if contact is
    reached (G-1)."""
    s = session([ch("A")], [ch("X")])
    activate(s, (3,), (1,), (3, "red1"))
    play(s, ("impulse.action", "charge"), ("charge.target", "blue1"), ("charge.contact", False))
    assert stat(s, "red1", "ap") == 1 and stat(s, "red1", "foe") == ""
    assert key(s) == "impulse.action"


def test_ce7_fleeing_breaks_off_the_melee() -> None:
    """CE-7: "flee a melee (1 AP)"; ours: it always gets the character out of contact."""
    s = session([ch("A")], [ch("X")])
    activate(s, (3,), (1,), (3, "red1"))
    _engage(s)
    play(s, ("melee.attack", (1,)), ("melee.defend", (2,)))
    assert options(s) == ["melee", "flee", "improvised", "temporize", "end"]
    play(s, ("impulse.action", "flee"), ("flee.done", True))
    assert stat(s, "red1", "foe") == "" and stat(s, "blue1", "foe") == ""
    play(s, ("na.unit", "blue1"))  # no longer in a melee: blue1 may move again
    assert "move" in options(s)


def test_ce7_reload_takes_one_ap_per_reload_step() -> None:
    """CE-7: "reload (1 AP per reload step of the weapon)"; the pistol has 2 (data)."""
    s = duel()
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue1")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (10,)))
    assert "shoot" in disabled(s)
    act(s, "reload")
    assert stat(s, "red1", "reload") == 1
    act(s, "reload")
    assert stat(s, "red1", "reload") == 0 and stat(s, "red1", "ap") == 0


def test_ce9_seek_cover_stays_until_the_table_says_cover_is_reached() -> None:
    """Seed §2.7.3: "Il recupero è automatico non appena raggiunto il riparo"."""
    s = session([ch("A")], [ch("X")])
    s.gm("gm.set", unit="red1", field="status", value="seek cover")
    activate(s, (3,), (1,), (3, "red1"))
    play(s, ("impulse.action", "move"), ("move.done", True), ("move.cover", False))
    assert stat(s, "red1", "status") == "seek cover"
    play(s, ("impulse.action", "move"), ("move.done", True), ("move.cover", True))
    assert stat(s, "red1", "status") == ""


def test_g4_a_status_the_data_does_not_know_counts_as_shaken() -> None:
    """G-4: a GM may type any status; the app treats an unknown one as shaken (ours)."""
    s = session([ch("A", weapon="pistol")], [ch("X")])
    s.gm("gm.set", unit="red1", field="status", value="drunk")
    activate(s, (3,), (1,), (3, "red1"))
    assert disabled(s)["shoot"] == "drunk: it may not shoot"
    assert "rally" in options(s)


def test_ce10_objective_not_reached_goes_on_to_the_next_turn() -> None:
    """Seed §3: only reaching the objective ends the battle."""
    s = session([ch("A")], [ch("X")], objective="take the letter")
    activate(s, (1,), (1,))
    play(s, ("na.unit", "done"), ("na.unit", "done"), ("turn.objective", "no"))
    assert s.battle.result is None and s.battle.round == 2
    assert key(s) == "activation.roll"


def test_ce6_non_activated_charge_on_a_shaken_activated_target_asks_no_reaction() -> None:
    """CE-8/CE-6: every AP is lost at the end of the activated phase, so nobody reacts in
    the non-activated phase."""
    s = session([ch("A")], [ch("X")])
    s.gm("gm.set", unit="blue1", field="status", value="shaken")
    activate(s, (1,), (1,), (1, "blue1@blue"))
    act(s, "temporize")  # blue1's only AP
    assert s.battle.phase == "nonactivated"
    play(s, ("na.unit", "red1"), ("na.action", "charge"), ("charge.target", "blue1"))
    assert key(s) == "charge.contact"


def test_ce8_a_prone_character_cannot_countercharge() -> None:
    """CE-8 with CE-7 (ours): a countercharge is a charge, and a prone character must stand
    up before charging, so it is not asked."""
    s = session([ch("A")], [ch("X")])
    s.gm("gm.set", unit="blue1", field="prone", value=True)
    activate(s, (3,), (2,), (3, "red1"), (2, "blue1"))
    play(s, ("impulse.action", "charge"), ("charge.target", "blue1"))
    assert key(s) == "charge.contact"


@pytest.mark.parametrize("status", ["seek cover", "leave table"])
def test_ce9_a_prone_character_that_must_move_may_stand_up(status: str) -> None:
    """Seed §2.7.3: the shaken character "deve muovere … verso il riparo più vicino" or must
    leave the table "muovendo alla massima velocità possibile"; a prone one must stand up
    first (CE-7), so standing up is allowed under these statuses (was: stuck prone)."""
    s = session([ch("A")], [ch("X")])
    s.gm("gm.set", unit="red1", field="status", value=status)
    s.gm("gm.set", unit="red1", field="prone", value=True)
    activate(s, (3,), (1,), (3, "red1"))
    assert disabled(s)["move"] == "prone: stand up first"
    act(s, "stand")
    assert not stat(s, "red1", "prone") and "move" in options(s)


def test_ce9_a_squad_of_three_tests_at_its_second_loss_not_its_first() -> None:
    """Seed §2.7: "personaggi di una squadra quando le miniature eliminate raggiungono la
    metà degli effettivi": 1 of 3 is not half, 2 of 3 is (the fraction is data)."""
    s = session(
        [ch("A", weapon="bow")],
        [ch("E1", squad="S"), ch("E2", squad="S"), ch("E3", squad="S"), ch("H", "hero")],
    )
    activate(s, (3,), (1,), (3, "red1"))
    _shoot(s, "blue1")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)), ("combat.wound", (1,)))
    assert s.battle.units["blue1"].removed and key(s) == "impulse.action"  # no test
    _shoot(s, "blue2")
    play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)), ("combat.wound", (1,)))
    play(s, ("morale.cover", False), ("morale.threat", True))
    prompt = s.prompt
    assert prompt is not None and prompt.key == "morale.test"
    assert "lost half" in prompt.text
    # 1 of 3 left: under 1/2 (−1) but not under 1/3
    assert prompt.effective_threshold == 6 - 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("phase", ["activated", "nonactivated"])
def test_g4_an_action_of_a_character_the_gm_removed_meanwhile_does_nothing(phase: str) -> None:
    """G-4: the GM removes the character while its action is being chosen; the question
    sees it (the engine plays the step again): no action of it is asked or carried out
    (was an IndexError for a rally, then a rally of nobody)."""
    s = session([ch("A"), ch("B")], [ch("X")])
    s.gm("gm.set", unit="red1", field="status", value="shaken")
    if phase == "activated":
        activate(s, (3,), (1,), (3, "red1"))
        assert key(s) == "impulse.action" and s.prompt is not None and s.prompt.actor == "red1"
    else:
        activate(s, (3,), (1,))
        play(s, ("na.unit", "red1"))
    s.gm("gm.remove", unit="red1")
    texts = [e.text for e in s.battle.log]
    assert not any(t.startswith("Morale test") for t in texts)
    assert key(s) == "na.unit" and options(s) == ["red2", "done"]
    assert s.prompt is not None and s.prompt.actor != "red1"


def test_g4_a_character_put_back_can_act_and_its_firmness_comes_back() -> None:
    """Seed §1.2: "Un protagonista è fuori combattimento quando subisce due ferite"; G-4: "A
    unit put back on the table comes back alive by its system's rules (the GM says its
    wounds)" — fewer wounds than put it out, steady, in no melee, its value back (CE-10)."""
    s = session([ch("A", mischia=6)], [ch("P", "protagonist", mischia=0), ch("Spare", "hero")])
    s.gm("gm.set", unit="blue1", field="wounds", value=1)
    activate(s, (3,), (1,), (3, "red1"))
    _engage(s)
    play(s, ("melee.attack", (5,)), ("melee.defend", (1,)), ("combat.wound", (1,)))
    assert s.battle.units["blue1"].removed and stat(s, "blue1", "firm_loss") == 2
    with pytest.raises(AnswerError, match="wounds at most 1"):
        s.gm("gm.restore", unit="blue1", value=2)  # two wounds put a protagonist out
    s.gm("gm.restore", unit="blue1")
    assert not s.battle.units["blue1"].removed
    assert stat(s, "blue1", "wounds") == 0 and stat(s, "blue1", "firm_loss") == 0
    assert (stat(s, "blue1", "status"), stat(s, "blue1", "foe"), stat(s, "red1", "foe")) == (
        "",
        "",
        "",
    )
    assert firmness.current(s.battle, "blue") == firmness.starting(
        list(s.battle.on_table("blue")), "last_blood"
    )
    skip_turn(s)  # next turn it rolls an activation die again (CE-2)
    assert dice_count(s.battle, "blue") == 2
    s.gm("gm.remove", unit="blue1")
    s.gm("gm.restore", unit="blue1", value=1)  # the GM says it comes back wounded
    assert stat(s, "blue1", "wounds") == 1 and s.battle.log[-1].text == "GM puts P back (wounds 1)"
    assert stat(s, "blue1", "firm_loss") == 0  # the GM's own removal cost nothing


# -- CE-11 seeking cover (seed §2.7.3) -------------------------------------------------------


def test_ce11_seeking_cover_may_not_temporize_it_must_move_to_cover() -> None:
    """Seed §2.7.3: "La miniatura deve muovere nel turno/impulso successivo verso il riparo
    più vicino" — neither Temporize in its impulse nor "Nothing" as its non-activated action
    (which stopped it seeking cover); its side cannot end the phase before it has acted."""
    s = session([ch("A")], [ch("X")])
    s.gm("gm.set", unit="red1", field="status", value="seek cover")
    activate(s, (3,), (1,), (3, "red1"))
    assert disabled(s)["temporize"].startswith("CE-11")
    before = len(s.items)
    with pytest.raises(AnswerError, match="CE-11"):
        s.answer("temporize")
    assert len(s.items) == before and options(s) == ["move", "rally"]
    play(s, ("impulse.action", "move"), ("move.done", True), ("move.cover", False))
    assert disabled(s)["temporize"].startswith("CE-11")  # still seeking cover
    s2 = session([ch("A"), ch("B")], [ch("X")])
    s2.gm("gm.set", unit="red1", field="status", value="seek cover")
    activate(s2, (1,), (1,))  # nobody ordered: straight to the non-activated phase
    assert key(s2) == "na.unit" and disabled(s2) == {"done": "CE-11: A must move to cover"}
    play(s2, ("na.unit", "red1"))
    assert disabled(s2)["end"] == "CE-11: seeking cover, it must move to cover"
    play(s2, ("na.action", "move"), ("move.done", True), ("move.cover", True))
    assert stat(s2, "red1", "status") == "" and options(s2) == ["red2", "done"]


def test_ce11_seeking_cover_in_a_melee_flees_it_instead_of_fighting() -> None:
    """Seed §2.7.3: "la miniatura deve interrompere un'eventuale mischia e raggiungere un
    riparo" — as its non-activated action it may only flee the melee (not fight it); in an
    impulse it flees, then moves towards cover."""
    s = session([ch("A")], [ch("X")])
    activate(s, (2,), (1,), (2, "red1"))
    _engage(s)
    play(s, ("melee.attack", (1,)), ("melee.defend", (2,)))  # nobody hit
    s.gm("gm.set", unit="blue1", field="status", value="seek cover")
    play(s, ("na.unit", "blue1"))
    assert options(s) == ["flee"]
    assert disabled(s)["melee"].startswith("CE-11")
    with pytest.raises(AnswerError, match="CE-11"):
        s.answer("melee")
    play(s, ("na.action", "flee"), ("flee.done", True))
    assert stat(s, "blue1", "foe") == "" and stat(s, "red1", "foe") == ""
    s2 = session([ch("A")], [ch("X")])
    activate(s2, (3,), (2,), (3, "red1"), (2, "blue1"))
    play(s2, ("impulse.action", "charge"), ("charge.target", "blue1"))
    play(s2, ("react.charge", "none"), ("charge.contact", True))
    play(s2, ("melee.attack", (1,)), ("melee.defend", (2,)))
    s2.gm("gm.set", unit="blue1", field="status", value="seek cover")
    act(s2, "end")  # red1 back in the queue at 1 AP: blue1 (2 AP) goes first
    assert s2.prompt is not None and s2.prompt.actor == "blue1"
    assert options(s2) == ["flee", "rally"]
    play(s2, ("impulse.action", "flee"), ("flee.done", True))
    assert "move" in options(s2) and "temporize" not in options(s2)


@pytest.mark.parametrize("how", ["shot", "melee"])
def test_ce11_a_protagonist_wounded_in_cover_recovers_at_once(how: str) -> None:
    """Seed §2.7.3: "Protagonisti ed eroi che subiscono una ferita: la miniatura deve …
    raggiungere un riparo. Il recupero è automatico non appena raggiunto il riparo." —
    already in cover (the shot's cover answer, or the table asked before the test), it has
    reached cover: it does not have to move first."""
    s = session(
        [ch("A", weapon="pistol", mischia=6)], [ch("P", "protagonist", mischia=0, morale=5)]
    )
    activate(s, (3,), (1,), (3, "red1"))
    if how == "shot":
        _shoot(s, "blue1")
        play(s, ("shoot.cover", True), ("shoot.to_hit", (1,)), ("combat.wound", (1,)))
    else:
        _engage(s)
        play(s, ("melee.attack", (5,)), ("melee.defend", (1,)), ("combat.wound", (1,)))
        play(s, ("morale.cover", True))
    play(s, ("morale.threat", True), ("morale.test", (10,)))  # 10 > 5 + 1: failed
    assert stat(s, "blue1", "wounds") == 1 and stat(s, "blue1", "status") == ""
    assert "P is already in cover" in [e.text for e in s.battle.log[-3:]]
    assert stat(s, "blue1", "foe") == ""  # it broke off the melee all the same


def test_ce11_a_protagonist_wounded_in_the_open_seeks_cover() -> None:
    """Seed §2.7.3: "… deve … raggiungere un riparo" — not in cover, the status stays until
    the table says it reached cover."""
    s = _protagonist_wounded_in_the_open(morale_test=10)
    assert stat(s, "blue1", "status") == "seek cover"
