"""combattimento-gdr played with fixed dice: one behaviour per test, each quoting seed 003
and named after the ruling it exercises (CG-n)."""

from __future__ import annotations

from tests.systems.cg_helpers import (
    ch,
    disabled,
    duel,
    key,
    melee,
    options,
    play,
    refused,
    scene,
    session,
    stat,
    texts,
)

# -- CG-1: the sheet ---------------------------------------------------------------------


def test_cg1_the_sheet_shows_the_body_point_track_as_boxes() -> None:
    """Seed: "Sulla scheda del personaggio i punti corpo sono suddivisi in 5 partizioni
    (danno Lieve, Serio, Grave, Critico, Mortale)"; boxes may start blacked out (CG-1)."""
    s = session([ch("Dora", boxes="4 3 3 2 2", blacked="1 1 0 0 0")], [ch("Bruto")])
    rows = dict(s.system.sheet_rows(s.battle, s.battle.units["red1"]))  # type: ignore[attr-defined]
    assert rows["Lieve"] == "■□□□   -1"
    assert rows["Serio"] == "■□□    -2"
    assert rows["DP"] == "8"


def test_cg1_creatures_have_several_attacks_a_turn() -> None:
    """Seed: "Molti animali o mostri hanno più di un attacco per turno. Essi non subiscono
    penalità di sorta quando attaccano"."""
    bear = ch(
        "Orso",
        kind="creature",
        body="quadruped",
        weapons="artiglio artiglio morso_orso",
        attacks=3,
        agi="d4",
        des="d4",
        pot="d12",
    )
    s = session([ch("Aldo")], [bear], contact=["red1 blue1"])
    scene(s)
    play(s, ("action.choose", "nothing"), ("action.choose", "melee"))
    attacks, dice = [], []
    while key(s) == "attack.roll":
        attacks.append(s.prompt.text)  # type: ignore[union-attr]
        dice.append(s.prompt.dice)  # type: ignore[union-attr]
        play(s, ("attack.roll", (1,)), ("defence.roll", (5,)))  # each misses
    assert [a.split(" with ")[1].split(" (")[0] for a in attacks] == [
        "Artiglio",
        "Artiglio",
        "Morso d'orso",
    ]
    assert dice == ["1d12!"] * 3  # no die lower for a creature's attacks


# -- CG-4: the turn ------------------------------------------------------------------------


def test_cg4_each_turn_opens_with_the_gms_description() -> None:
    """Seed: "Il Master all'inizio di ogni turno rappresenta la situazione in cui si trovano
    i personaggi … le condizioni di luce"."""
    s = session([ch("Aldo")], [ch("Bruto")])
    assert key(s) == "turn.scene"
    assert s.battle.phase == "scene"
    scene(s, "dark")
    assert s.battle.pos.light == "dark" and s.battle.phase == "actions"


def test_cg4_order_by_agis_maximum_face_then_des() -> None:
    """Seed: "agisce per primo il personaggio … con il valore di AGI più alto … Se due o più
    personaggi hanno un valore di AGI identico, agisce per primo chi ha il valore di DES più
    alto"; "un'AGI con valore 1d8 … è superiore a un'AGI con valore 1d6"."""
    s = session(
        [ch("Lento", agi="d6", des="d12"), ch("Destro", agi="d8", des="d10")],
        [ch("Rapido", agi="d10", des="d4"), ch("Goffo", agi="d8", des="d6")],
    )
    scene(s)
    assert s.battle.pos.order == [["blue1"], ["red2"], ["blue2"], ["red1"]]


def test_cg4_full_ties_form_a_simultaneous_group() -> None:
    """Seed: "In caso di ulteriore parità, agiscono in contemporanea"."""
    s = session([ch("Aldo", agi="d8", des="d8")], [ch("Bruto", agi="d8", des="d8")])
    scene(s)
    assert s.battle.pos.order == [["red1", "blue1"]]
    assert "Aldo = Bruto (simultaneous)" in texts(s)[-2]


def test_cg4_a_groups_wounds_are_held_then_applied_after_all_acted() -> None:
    """Seed: "i risultati del combattimento, come le ferite e i colpi critici, vengono segnati
    a parte e conteggiati dopo che ognuno di loro ha agito"."""
    s = duel(ch("Aldo", agi="d8", des="d8"), ch("Bruto", agi="d8", des="d8"))
    melee(s, (8, 3), (2,), damage=6)
    assert stat(s, "blue1", "damage") == 0  # held, not yet applied
    assert any(t.startswith("Held until the group has acted: Bruto takes 6") for t in texts(s))
    play(s, ("action.choose", "nothing"))
    assert stat(s, "blue1", "damage") == 6
    assert "Applied: Bruto takes 6" in texts(s)


def test_cg4_in_a_simultaneous_group_two_combatants_kill_each_other() -> None:
    """Seed: results of a simultaneous group are "conteggiati dopo che ognuno di loro ha
    agito": a combatant struck dead in the group still strikes back (CG-11)."""
    frail = {"agi": "d8", "des": "d8", "weapons": "ascia", "boxes": "1 1 1 1 1"}
    s = duel(ch("Aldo", **frail), ch("Bruto", **frail))
    melee(s, (8, 3), (2,), damage=9)
    assert s.battle.alive("blue1")
    melee(s, (8, 2), (1,), damage=5)
    assert stat(s, "red1", "fate") == "dead" and stat(s, "blue1", "fate") == "dead"
    applied = next(e for e in s.battle.log if e.text.startswith("The simultaneous group"))
    assert applied.actors == ("red1", "blue1") and applied.targets == ("blue1", "red1")
    assert s.battle.result is not None and s.battle.result.winner is None


def test_cg11_a_member_killed_before_its_groups_turn_does_not_act() -> None:
    """CG-11: a member killed before the group's turn does not act."""
    s = session(
        [ch("Svelto", agi="d10", weapons="ascia")],
        [ch("Aldo", agi="d6", des="d6", boxes="1 1 1 1 1"), ch("Bruto", agi="d6", des="d6")],
        contact=["red1 blue1"],
    )
    scene(s)
    melee(s, (8, 2), (1,), damage=10)
    assert stat(s, "blue1", "fate") == "dead"
    assert s.prompt is not None and s.prompt.actor == "blue2"


def test_cg4_a_waiting_combatant_acts_later_between_others_actions() -> None:
    """Seed: "Un personaggio … che decide di attendere può agire successivamente durante il
    turno, quando desidera"."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto", agi="d8"), ch("Carlo", agi="d6")])
    scene(s)
    play(s, ("action.choose", "delay"), ("action.choose", "nothing"))
    assert key(s) == "delay.act"  # issue 25: acting now and the action in one answer
    assert options(s) == ["charge", "ready", "other", "nothing", "nobody"]
    play(s, ("delay.act", "nothing"))
    assert "Aldo acts now" in texts(s) and "Aldo does nothing" in texts(s)
    assert s.prompt.actor == "blue2"  # type: ignore[union-attr]


def test_cg11_a_delay_never_interrupts_an_action() -> None:
    """Seed: "senza però interrompere l'azione di un altro personaggio": the offer comes only
    once Bruto's attack is fully resolved, never between its rolls."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto", agi="d8"))
    play(s, ("action.choose", "delay"), ("action.choose", "melee"), ("attack.roll", (2,)))
    assert key(s) == "defence.roll"  # the attack goes on: no offer inside it
    refused(s, "red1", "faces")  # an attempt to jump in is not an answer here
    play(s, ("defence.roll", (1,)))
    assert key(s) == "delay.act"


def test_cg11_a_combatant_that_never_takes_its_delayed_turn_loses_it() -> None:
    """CG-11: a delaying combatant … loses its action if it never takes it."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto", agi="d8")])
    scene(s)
    play(s, ("action.choose", "delay"), ("action.choose", "nothing"), ("delay.act", "nobody"))
    assert "Aldo never acted: its action is lost" in texts(s)
    assert key(s) == "turn.scene" and s.battle.round == 2


def test_cg11_a_delayed_combatant_cannot_delay_again() -> None:
    s = session([ch("Aldo", agi="d10")], [ch("Bruto", agi="d8")])
    scene(s)
    play(s, ("action.choose", "delay"), ("action.choose", "nothing"))
    assert disabled(s)["delay"] == "already waited"  # in the offer with its actions


# -- CG-3: attacks -----------------------------------------------------------------------


def test_cg3_a_melee_attack_is_opposed_against_the_defenders_dp() -> None:
    """Seed: "La difficoltà comune nel confronto è la Difficoltà di Protezione (DP) del
    difensore, data dalla somma del suo … VPB con i VP di eventuali protezioni"."""
    s = duel(
        ch("Aldo", agi="d10", skills="spade:d6"), ch("Bruto", shield="scudo", ready="spada shield")
    )
    play(s, ("action.choose", "melee"))
    roll = s.prompt
    assert roll.dice == "1d8!+1d6!" and roll.threshold == 10  # type: ignore[union-attr]
    play(s, ("attack.roll", (5, 4)), ("defence.roll", (3,)))
    assert "both fail: nothing happens (margins -1 and -7)" in texts(s)


def test_cg3_only_the_attacker_succeeds_and_the_defender_takes_the_damage() -> None:
    """Seed: "Solo il personaggio che attacca supera la difficoltà e vince il confronto: il
    difensore deve subire i danni dell'attacco"."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto"))
    melee(s, (8, 1), (3,), damage=4)
    assert stat(s, "blue1", "damage") == 4


def test_cg3_an_unaware_target_is_attacked_with_a_single_check() -> None:
    """Seed: "L'attaccante che coglie di sorpresa un avversario esegue una prova (invece di un
    confronto)"; "I personaggi … presi di sorpresa non possono ostacolare in nessun modo
    l'attacco"."""
    s = session([ch("Aldo")], [ch("Bruto", agi="d10")], contact=["red1 blue1"], surprised=["red"])
    scene(s)
    play(s, ("action.choose", "melee"), ("attack.roll", (6,)))
    assert key(s) == "action.choose"  # no defence: a miss (6 < 8) and Aldo acts
    assert "Missed: 6 against 8" in texts(s)


def test_cg3_surprise_lasts_the_first_turn_only() -> None:
    s = session([ch("Aldo")], [ch("Bruto", agi="d10")], surprised=["red"])
    scene(s)
    play(s, ("action.choose", "nothing"), ("action.choose", "nothing"))
    assert s.battle.round == 2 and s.battle.pos.surprised == []


# -- CG-5 / CG-11: actions -----------------------------------------------------------------


def test_cg5_a_charge_that_reaches_contact_attacks_at_once() -> None:
    """Seed: "Un personaggio che con una manovra di avvicinamento entra a contatto con un
    avversario può immediatamente (nello stesso turno …) eseguire un attacco in mischia"."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto")])
    scene(s)
    play(s, ("action.choose", "charge"), ("charge.turns", "1"))
    assert stat(s, "red1", "contact") == ("blue1",)
    assert key(s) == "attack.roll"


def test_cg5_a_longer_charge_counts_its_turns_down() -> None:
    """Seed: the GM "può stabilire a quale distanza si trova ogni nemico, e quanti turni
    occorrono per raggiungerlo"."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto")])
    scene(s)
    play(s, ("action.choose", "charge"), ("charge.turns", "2"))
    assert stat(s, "red1", "charging") == 1
    play(s, ("action.choose", "nothing"))
    scene(s)
    assert key(s) == "attack.roll" and stat(s, "red1", "contact") == ("blue1",)


def test_cg5_another_action_takes_the_turns_the_gm_sets() -> None:
    """Seed: "Spetta al Master stabilire quanti turni occorreranno … per compiere l'azione"."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto")])
    scene(s)
    play(s, ("action.choose", "other"), ("other.turns", 2), ("action.choose", "nothing"))
    assert stat(s, "red1", "busy") == 1
    scene(s)
    assert stat(s, "red1", "busy") == 0 and s.prompt.actor == "blue1"  # type: ignore[union-attr]


def test_cg11_another_action_only_when_not_in_contact() -> None:
    """Seed: "se non è impegnato direttamente nel combattimento"."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto"))
    assert disabled(s)["other"] == "in contact: flee first"
    refused(s, "other", "flee first")


def test_cg5_a_spell_takes_the_whole_turn() -> None:
    """Seed: "Un personaggio in grado di lanciare incantesimi può farlo utilizzando l'intero
    turno"."""
    s = session([ch("Dora", agi="d10", spells=True)], [ch("Bruto")])
    scene(s)
    play(s, ("action.choose", "spell"))  # issue 25: no "OK" to press, the log says it
    assert "Dora casts a spell (the whole turn): the GM resolves it" in texts(s)
    assert s.prompt.actor == "blue1"  # type: ignore[union-attr]


def test_cg5_only_spell_casters_cast() -> None:
    s = session([ch("Aldo", agi="d10")], [ch("Bruto")])
    scene(s)
    assert "spell" not in options(s)
    refused(s, "spell", "not one of the options")


def test_cg14_fleeing_gives_each_opponent_a_free_attack_from_behind() -> None:
    """Seed: "L'avversario guadagna un attacco alle spalle verso il fuggitivo, senza che
    questi possa in alcun modo difendersi"; CG-14: as against an unaware target."""
    s = session(
        [ch("Aldo", agi="d10")], [ch("Bruto"), ch("Carlo")], contact=["red1 blue1", "red1 blue2"]
    )
    scene(s)
    play(
        s,
        ("action.choose", "flee"),
        ("attack.roll", (8, 2)),
        ("hit.damage", (3,)),
        ("attack.roll", (2,)),
    )
    assert stat(s, "red1", "damage") == 3
    assert stat(s, "red1", "fate") == "fled" and not s.battle.alive("red1")
    assert s.battle.result is not None and s.battle.result.winner == "blue"


# -- CG-5 / CG-12: weapons ----------------------------------------------------------------

ARCHER = {
    "agi": "d10",
    "weapons": "arco_corto pugnale",
    "ready": "arco_corto",
    "skills": "archi:d8",
}


def test_cg5_a_ranged_attack_is_refused_while_engaged() -> None:
    """Seed: "Un personaggio non impegnato in una mischia che impugna un'arma a distanza …
    può tirare contro un avversario"."""
    s = duel(ch("Bianca", **ARCHER), ch("Bruto"))
    assert disabled(s)["ranged"] == "engaged in melee (seed: only when not engaged)"
    refused(s, "ranged", "engaged in melee")


def _shoot(s: object, faces: tuple[int, ...], defence: tuple[int, ...] | None) -> None:
    play(
        s,
        ("action.choose", "ranged"),
        ("ranged.range", "short"),  # type: ignore[arg-type]
        ("ranged.cover", "none"),
    )
    if defence is not None:
        play(
            s,
            ("defence.choose", "agi"),
            ("attack.roll", faces),  # type: ignore[arg-type]
            ("defence.roll", defence),
        )
    else:
        play(s, ("attack.roll", faces))  # type: ignore[arg-type]


def test_cg12_a_bow_of_cad_2_needs_one_ready_action_before_it_shoots_again() -> None:
    """Seed: "molte di esse hanno una cadenza pari a 2 (cioè tirano un turno sì e uno no,
    utilizzato per ricaricare)"; "deve utilizzare l'azione Preparare l'Arma"."""
    s = session([ch("Bianca", **ARCHER)], [ch("Bruto")])
    scene(s)
    _shoot(s, (1, 2), (1,))
    assert stat(s, "red1", "reload") == 1
    play(s, ("action.choose", "nothing"))
    scene(s)
    assert disabled(s)["ranged"] == "not loaded: 1 reload step left"
    refused(s, "ranged", "not loaded")
    play(s, ("action.choose", "ready"), ("ready.choose", "reload"))
    assert stat(s, "red1", "reload") == 0


def test_cg6_only_one_ranged_defence_a_turn_then_unaware() -> None:
    """Seed: "un personaggio può cercare di difendersi solo da un attacco a distanza … Gli
    altri attacchi a distanza verranno eseguiti come se il bersaglio non fosse cosciente"."""
    s = session([ch("Bianca", **ARCHER), ch("Berta", **ARCHER)], [ch("Bruto")])
    scene(s)
    _shoot(s, (1, 2), (1,))
    _shoot(s, (1, 2), None)  # no defence.choose: unaware
    assert "Bruto already defended against a shot this turn: unaware" in texts(s)


def test_cg13_an_aware_target_may_keep_still_and_count_as_unaware() -> None:
    """Seed: "Un bersaglio cosciente può decidere di non muoversi e compiere un'altra azione:
    in questo caso si utilizzano le regole per i bersagli non coscienti"."""
    s = session([ch("Bianca", **ARCHER)], [ch("Bruto")])
    scene(s)
    play(
        s,
        ("action.choose", "ranged"),
        ("ranged.range", "long"),
        ("ranged.cover", "heavy"),
        ("defence.choose", "still"),
    )
    assert key(s) == "attack.roll" and s.prompt.threshold == 16  # type: ignore[union-attr]
    play(s, ("attack.roll", (3, 3)))
    assert key(s) == "action.choose"


def test_cg13_a_target_engaged_in_melee_is_unaware_of_a_shot() -> None:
    """Seed: "il bersaglio di un attacco a distanza è impegnato in un corpo a corpo con un
    altro avversario" is caught by surprise."""
    s = session([ch("Bianca", **ARCHER), ch("Aldo")], [ch("Bruto")], contact=["red2 blue1"])
    scene(s)
    play(s, ("action.choose", "ranged"), ("ranged.range", "short"), ("ranged.cover", "none"))
    assert key(s) == "attack.roll"


def test_cg10_range_cover_size_and_light_raise_the_difficulty() -> None:
    """Seed: "alla quale vanno sommati i modificatori per il combattimento a distanza";
    CG-10's table (ours): medium +2, partial cover +2, a small target +2, dim light +2."""
    s = session(
        [ch("Bianca", **ARCHER)],
        [ch("Lupo", kind="creature", size="small", weapons="morso", body="quadruped")],
    )
    scene(s, "dim")
    play(
        s,
        ("action.choose", "ranged"),
        ("ranged.range", "medium"),
        ("ranged.cover", "partial"),
        ("defence.choose", "still"),
    )
    assert s.prompt.threshold == 8 + 2 + 2 + 2 + 2  # type: ignore[union-attr]


def test_cg12_a_thrown_weapon_leaves_the_hand() -> None:
    s = session(
        [
            ch(
                "Lanciere",
                agi="d10",
                skills="lance:d6",
                weapons="giavellotto pugnale",
                ready="giavellotto",
            )
        ],
        [ch("Bruto")],
    )
    scene(s)
    _shoot(s, (1, 2), (1,))
    assert stat(s, "red1", "ready") == "" and stat(s, "red1", "gone") == "giavellotto"


def test_cg5_ready_draws_within_two_hands() -> None:
    """Seed: "Un personaggio può estrarre o riporre un oggetto (ad esempio sfoderare la spada,
    impugnare lo scudo …)"; ours: two hands, a two-handed weapon takes both."""
    s = session(
        [ch("Aldo", agi="d10", weapons="spada ascia", ready="spada", shield="scudo")], [ch("Bruto")]
    )
    scene(s)
    play(s, ("action.choose", "ready"))
    assert disabled(s)["draw:ascia"] == "hands full"
    play(s, ("ready.choose", "draw:shield"))
    assert stat(s, "red1", "ready") == "spada shield"


def test_cg6_two_weapons_attack_twice_with_pot_one_die_lower() -> None:
    """Seed: "ogni attacco, però, avverrà con il valore della POT diminuito di un dado (es: …
    attaccherà con la spada con 1d4+1d6, e con il pugnale con 1d4+1d8)"."""
    s = duel(
        ch("Corrado", agi="d10", pot="d6", skills="spade:d6 pugnali:d8", weapons="spada pugnale"),
        ch("Bruto"),
    )
    play(s, ("action.choose", "two"))
    assert s.prompt.dice == "1d4!+1d6!"  # type: ignore[union-attr]
    play(s, ("attack.roll", (1, 1)), ("defence.roll", (5,)))
    assert s.prompt.dice == "1d4!+1d8!"  # type: ignore[union-attr]


def test_cg6_ambidextrous_fighters_keep_their_pot() -> None:
    """Seed: "Queste penalità non vengono conteggiate se il personaggio possiede l'abilità
    ambidestro"."""
    s = session(
        [
            ch(
                "Guido",
                agi="d10",
                pot="d6",
                skills="spade:d6",
                ambidextrous=True,
                weapons="spada pugnale",
            )
        ],
        [ch("Bruto")],
        contact=["red1 blue1"],
    )
    scene(s)
    play(s, ("action.choose", "two"))
    assert s.prompt.dice == "1d6!+1d6!"  # type: ignore[union-attr]


def test_cg6_two_weapons_with_a_shield_are_refused() -> None:
    """Seed: "un personaggio può utilizzare 2 armi (una per mano, naturalmente se non porta
    lo scudo)"."""
    s = duel(
        ch("Aldo", agi="d10", weapons="spada pugnale", shield="scudo", ready="spada shield"),
        ch("Bruto"),
    )
    assert "a shield is readied" in disabled(s)["two"]
    refused(s, "two", "shield")


def test_cg6_pot_d4_cannot_attack_with_two_weapons() -> None:
    """Seed: "Se un personaggio ha la caratteristica ridotta a zero o a 1d4, non può attaccare
    con due armi"."""
    s = duel(ch("Dora", agi="d10", pot="d4", weapons="spada pugnale"), ch("Bruto"))
    assert "POT is d4" in disabled(s)["two"]


def test_cg9_without_a_fitting_skill_the_characteristic_alone() -> None:
    """Seed: "allora nella prova deve usare solo il valore della caratteristica più
    appropriata"."""
    s = duel(ch("Aldo", agi="d10", skills="asce:d12"), ch("Bruto"))
    play(s, ("action.choose", "melee"))
    assert s.prompt.dice == "1d8!"  # type: ignore[union-attr]


# -- CG-6 / CG-13: several attackers --------------------------------------------------------


def test_cg13_each_attack_takes_a_different_defence_skill() -> None:
    """Seed: "può cercare di difendersi utilizzando per ogni attacco avversario un'abilità di
    difesa diversa"."""
    s = session(
        [ch("Aldo", agi="d12"), ch("Bino", agi="d10")],
        [ch("Bruto", skills="schivare:d6 parare_arma:d8")],
        contact=["red1 blue1", "red2 blue1"],
    )
    scene(s)
    play(s, ("action.choose", "melee"))
    assert options(s) == ["schivare", "parare_arma"]
    play(s, ("defence.choose", "schivare"), ("attack.roll", (1,)), ("defence.roll", (1, 1)))
    play(s, ("action.choose", "melee"))
    assert key(s) == "attack.roll"  # one skill left: used without asking
    play(s, ("attack.roll", (1,)))
    assert s.prompt.dice == "1d6!+1d8!"  # type: ignore[union-attr]  # DES + parare_arma


def test_cg6_beyond_its_skills_the_defender_uses_agi_a_die_lower_per_extra_attacker() -> None:
    """Seed: "si difenderà da ogni attacco in eccesso utilizzando solo la caratteristica AGI,
    con la caratteristica diminuita di un dado (minimo 1d4) per ogni attaccante oltre al
    primo"."""
    s = session(
        [ch("Aldo", agi="d12"), ch("Bino", agi="d10")],
        [ch("Bruto", agi="d8")],
        contact=["red1 blue1", "red2 blue1"],
    )
    scene(s)
    play(s, ("action.choose", "melee"), ("attack.roll", (1,)))
    assert s.prompt.dice == "1d8!"  # type: ignore[union-attr]
    play(s, ("defence.roll", (1,)), ("action.choose", "melee"), ("attack.roll", (1,)))
    assert s.prompt.dice == "1d6!"  # type: ignore[union-attr]


# -- CG-7 / CG-15: damage ------------------------------------------------------------------


def test_cg15_armour_broken_exactly_lets_nothing_through() -> None:
    """Seed: "Se i punti danno subiti sono pari a quelli della protezione, la protezione è
    distrutta"."""
    s = duel(ch("Aldo", agi="d10", weapons="ascia"), ch("Bruto", armour="elmo"))
    melee(s, (8, 1), (1,), location=5, damage=3)
    assert stat(s, "blue1", "armour_left") == "0" and stat(s, "blue1", "damage") == 0
    assert "Elmo takes 3 and is destroyed" in texts(s)


def test_cg7_armour_elsewhere_does_not_protect() -> None:
    """Seed: "Occorre verificare però quale parte del corpo è stata colpita"."""
    s = duel(ch("Aldo", agi="d10", weapons="ascia"), ch("Bruto", armour="elmo"))
    melee(s, (8, 1), (1,), location=50, damage=3)
    assert stat(s, "blue1", "armour_left") == "3" and stat(s, "blue1", "damage") == 3


def test_cg15_the_wound_penalty_goes_on_every_check() -> None:
    """Seed: "la penalità indicata per quella sezione verrà applicata a tutte le azioni"."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto", boxes="2 4 3 2 2"))
    play(
        s,
        ("action.choose", "melee"),
        ("attack.roll", (8, 1)),
        ("defence.roll", (1,)),
        ("hit.damage", (2,)),
        ("action.choose", "melee"),
    )
    assert s.prompt.modifiers == (("wounds: Lieve", -1),)  # type: ignore[union-attr]


def test_cg7_all_boxes_full_is_death_and_ends_the_fight() -> None:
    """Seed: "Quando un personaggio o una creatura perde tutti i propri punti corpo, allora
    viene considerata morta"."""
    s = duel(ch("Aldo", agi="d10", weapons="ascia"), ch("Bruto", boxes="1 1 1 1 1"))
    melee(s, (8, 1), (1,), damage=5)
    assert stat(s, "blue1", "fate") == "dead"
    assert s.battle.result is not None and s.battle.result.winner == "red"
    assert "Blue — Bruto: dead" in s.system.summary(s.battle)


# -- CG-8 / CG-16: criticals ---------------------------------------------------------------


def test_cg8_a_critical_hit_reads_the_table_at_the_reversed_location_roll() -> None:
    """Seed: "se ad esempio un giocatore ha ottenuto con il dado percentuale '25' …
    consulterà la tabella dei colpi critici utilizzando come risultato '52'": 52 is ×2."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto"))
    melee(s, (8, 8, 1), (1,), location=25, damage=3)
    assert "Critical hit! Table at 52: a deep wound: damage ×2" in texts(s)
    assert stat(s, "blue1", "damage") == 6


def test_cg16_a_critical_at_91_bypasses_armour_and_stuns() -> None:
    """CG-16's default critical table: 91–00 ×2, armour bypassed, stunned (location 19)."""
    s = session(
        [ch("Aldo", agi="d10")], [ch("Bruto", armour="cotta_maglia")], contact=["red1 blue1"]
    )
    scene(s)
    melee(s, (8, 8, 1), (1,), location=19, damage=2)
    assert stat(s, "blue1", "damage") == 4 and stat(s, "blue1", "armour_left") == "6"
    assert "Bruto loses this action (stunned)" in texts(s)


def test_cg16_a_critical_failure_rolls_on_its_table() -> None:
    """Seed: "ottenendo con i dadi il risultato minimo possibile …, e il risultato è pari o
    inferiore a 1/10 … del risultato dell'avversario (per attacchi in mischia), allora
    subisce un fallimento critico"; CG-16's table (ours): 51–80 drops the weapon."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto", agi="d12"))
    play(
        s,
        ("action.choose", "nothing"),
        ("action.choose", "melee"),
        ("attack.roll", (1,)),
        ("defence.roll", (12, 1)),
        ("fumble.roll", (60,)),
    )
    assert "Critical failure: drops the weapon" in texts(s)
    assert stat(s, "red1", "ready") == "" and stat(s, "blue1", "ready") == "spada"


def test_cg16_no_critical_failure_when_the_tenth_is_not_reached() -> None:
    """Seed: "pari o inferiore a 1/10 … del risultato dell'avversario": 10 × 1 > 9."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto", agi="d8"))
    play(
        s,
        ("action.choose", "nothing"),
        ("action.choose", "melee"),
        ("attack.roll", (1,)),
        ("defence.roll", (9,)),
    )
    assert key(s) == "turn.scene"  # 10 × 1 > 9: no failure table


# -- bad input and the end ---------------------------------------------------------------


def test_cg2_inconsistent_exploding_faces_are_refused_and_nothing_stored() -> None:
    """Seed "Ritirare": only a maximum is rolled again; a face off the die is no face."""
    s = duel(ch("Aldo", agi="d10", skills="spade:d6"), ch("Bruto"))
    play(s, ("action.choose", "melee"))
    refused(s, (3, 5, 4), "too many")
    refused(s, (9, 2), "not a face of a d8")
    refused(s, (8, 2), "needs a face for its d6")


def test_g4_the_gm_ends_the_fight_and_the_summary_gives_each_fate() -> None:
    """G-4: a GM may end the battle at any time; the summary says each combatant's fate."""
    s = session([ch("Aldo", agi="d10"), ch("Bino")], [ch("Bruto")])
    scene(s)
    s.gm("gm.end", winner="", reason="the GM ended the battle")
    summary = s.system.summary(s.battle)
    assert summary[0].startswith("Winner: nobody (draw) — the GM ended the battle")
    assert "Red — Aldo: standing, 0/15 body points lost" in summary


def test_cg11_the_last_to_act_may_wait_and_is_offered_the_end_of_the_turn() -> None:
    """CG-11: a waiting combatant is offered a turn after each action, the last included."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto", agi="d8")])
    scene(s)
    play(s, ("action.choose", "nothing"), ("action.choose", "delay"))
    assert key(s) == "delay.act" and options(s) == ["charge", "ready", "other", "nothing", "nobody"]
    assert [o.label for o in s.prompt.options][-1].startswith("Nobody: the turn ends")  # type: ignore[union-attr]
    play(s, ("delay.act", "nothing"))
    assert key(s) == "turn.scene"


# -- review fixes: D1 (CG-3, G-2) ----------------------------------------------------------


def test_cg3_the_defence_roll_shows_the_chance_of_stopping_the_hit() -> None:
    """Seed: "Entrambi i personaggi superano la difficoltà: vince chi ha il margine di
    successo più alto" and "a parità di margine … non accade nulla": once the attacker's
    total (27) beats the DP, the defence stops the hit only with 27 or more."""
    from fractions import Fraction

    from skirmtui.engine.core.odds import success_chance

    s = duel(ch("Aldo", agi="d10"), ch("Bruto"))
    play(s, ("action.choose", "melee"), ("attack.roll", (8, 8, 8, 3)))
    roll = s.prompt
    assert roll is not None and roll.key == "defence.roll"
    assert roll.compare == ">=" and roll.threshold == 27  # type: ignore[attr-defined]
    # 1d6! reaches 27 only by 6 6 6 6 then 3 or more.
    assert success_chance(roll) == Fraction(4, 6**5)  # type: ignore[arg-type]
    play(s, ("defence.roll", (6, 6, 6, 6, 3)))
    assert "both succeed with the same margin: nothing happens (margins +19 and +19)" in texts(s)


def test_cg3_after_a_failed_attack_the_defence_roll_claims_no_chance() -> None:
    """Seed: "Nessuno dei personaggi supera la difficoltà … non accade nulla" / "Solo il
    difensore supera la difficoltà": the attack (5 < DP 8) is already stopped."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto"))
    play(s, ("action.choose", "melee"), ("attack.roll", (5,)))
    roll = s.prompt
    assert roll is not None and roll.key == "defence.roll"
    assert roll.compare is None and roll.threshold is None  # type: ignore[attr-defined]
    play(s, ("defence.roll", (3,)))
    assert "both fail: nothing happens (margins -3 and -5)" in texts(s)
