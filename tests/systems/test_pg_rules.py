"""pequenas-guerras (seed 001) rules, each with fixed dice.

Each test quotes the seed line it checks; completions cite their ruling id (PG-n, G-n).
"""

from __future__ import annotations

import copy

import pytest

from skirmtui.engine.core.prompts import AnswerError, Choose
from skirmtui.engine.core.system import SetupError
from skirmtui.systems.registry import get_system
from tests.systems.pg_helpers import (
    BLADE,
    PG,
    RIFLE,
    act,
    cover_all,
    deploy,
    enabled,
    key,
    red_stunned_at_the_objectives,
    session,
    setup,
    shoot,
    sides_of_prompts,
    start,
    stat,
)
from tests.systems.scripting import play

ONE_EACH = {"red": [("Squad", 5, 4, RIFLE)], "blue": [("Target", 5, 5, RIFLE)]}


# -- PG-1, PG-2: armies and setup ---------------------------------------------------------


def test_pg2_army_over_the_game_size_is_refused_and_sizes_are_data() -> None:
    """Seed: "Jogo Pequeno … Exércitos de 120 pontos", "Jogo Médio … 240 pontos"."""
    system = get_system(PG)
    big = {"red": [("Elite", 1, 3, RIFLE, 121)], "blue": [("X", 1, 4, RIFLE, 100)]}
    with pytest.raises(SetupError, match="121 points, over the small game's 120"):
        system.check_setup(setup(big, size=1))
    assert system.check_setup(setup(big, size=2)) == [
        "armies of different points: Red 121, Blue 100"
    ]
    s = session(big, size=2)
    assert "120 × 120 cm table" in s.battle.log[0].text


def test_pg2_a_fifth_player_or_a_lone_player_is_refused() -> None:
    """Seed: "Até 4 jogadores"; PG-2: 2–4 players."""
    system = get_system(PG)
    five = {c: [("A", 1, 4, RIFLE)] for c in ("red", "blue", "green", "yellow", "white")}
    with pytest.raises(SetupError, match="5 players: this system takes 2–4"):
        system.check_setup(setup(five))
    with pytest.raises(SetupError, match="1 players"):
        system.check_setup(setup({"red": [("A", 1, 4, RIFLE)]}))


def test_pg1_profile_quality_range_and_weapons() -> None:
    """PG-1: quality 2–6; weapons with range in cm (or melee) and attacks."""
    system = get_system(PG)
    with pytest.raises(SetupError, match="quality must be a whole number 2–6"):
        system.check_setup(setup({"red": [("A", 1, 7, RIFLE)], "blue": [("B", 1, 4, RIFLE)]}))
    with pytest.raises(SetupError, match="weapon 'Rifle far'"):
        system.check_setup(setup({"red": [("A", 1, 4, "Rifle far")], "blue": [("B", 1, 4, "")]}))
    s = session(ONE_EACH)
    assert s.battle.units["red1"].profile["weapons"] == RIFLE


# -- deployment and objectives ----------------------------------------------------------------


def test_g3_deployment_rolloff_ties_reroll_among_the_tied_only() -> None:
    """Seed: "Os jogadores rolam os dados"; G-3: ties re-roll among the tied only."""
    s = session({c: [("A", 1, 4, RIFLE)] for c in ("red", "blue", "green")})
    play(s, ("deploy.roll", (5,)), ("deploy.roll", (5,)), ("deploy.roll", (2,)))
    assert key(s) == "deploy.roll" and s.prompt is not None and s.prompt.side == "red"
    play(s, ("deploy.roll", (1,)), ("deploy.roll", (3,)))
    assert key(s) == "deploy.corner"
    # Corners in descending order: blue (won the re-roll), red, green.
    sides = []
    while key(s) == "deploy.corner":
        assert s.prompt is not None
        sides.append(s.prompt.side)
        s.answer(enabled(s)[0])
    assert sides == ["blue", "red", "green"]


def test_pg2_corners_descending_and_a_taken_corner_is_refused() -> None:
    """Seed: "o vencedor escolhendo um canto … seguido pelos outros jogadores, em ordem
    decrescente"."""
    s = session(ONE_EACH)
    play(s, ("deploy.roll", (2,)), ("deploy.roll", (6,)))
    assert s.prompt is not None and s.prompt.side == "blue"
    play(s, ("deploy.corner", "south-east"))
    assert s.prompt is not None and s.prompt.side == "red"
    with pytest.raises(AnswerError, match="taken"):
        s.answer("south-east")
    play(s, ("deploy.corner", "north-west"))
    assert s.battle.pos.corners == {"blue": "south-east", "red": "north-west"}


def test_pg2_players_alternate_placing_one_unit_from_the_winner() -> None:
    """Seed: "os jogadores então se alternam colocando uma unidade … começando pelo
    jogador que ganhou a rolagem". A player with every unit placed is skipped."""
    s = session(
        {
            "red": [("A", 1, 4, RIFLE)],
            "blue": [("B", 1, 4, RIFLE), ("C", 1, 4, RIFLE), ("D", 1, 4, RIFLE)],
            "green": [("E", 1, 4, RIFLE), ("F", 1, 4, RIFLE)],
        }
    )
    play(s, ("deploy.roll", (3,)), ("deploy.roll", (6,)), ("deploy.roll", (4,)))
    while key(s) == "deploy.corner":
        s.answer(enabled(s)[0])
    placers = []
    while key(s) == "deploy.unit":
        assert s.prompt is not None
        placers.append(s.prompt.side)
        s.answer(enabled(s)[0])
        assert key(s) == "deploy.placed"  # the table confirms each placement
        s.answer(True)
    assert placers == ["blue", "green", "red", "blue", "green", "blue"]


def test_pg2_objectives_d3_plus_2_rolloff_then_alternate() -> None:
    """Seed: "Coloque D3+2 objetivos. Jogadores rolam para ver quem coloca primeiro, e
    então se alternam colocando um marcador"."""
    s = session(ONE_EACH)
    deploy(s, 6, 1)
    play(s, ("objectives.count", (3,)))
    assert s.battle.pos.objectives == ["", "", "", "", ""]
    play(s, ("objectives.roll", (2,)), ("objectives.roll", (5,)))
    placers = []
    while key(s) == "objectives.place":
        assert s.prompt is not None
        placers.append(s.prompt.side)
        s.answer(True)
    assert placers == ["blue", "red", "blue", "red", "blue"]
    assert s.battle.phase == "activation" and s.battle.round == 1


# -- PG-3: rounds -------------------------------------------------------------------------


def four_players() -> dict[str, list[tuple[str, int, int, str]]]:
    return {
        "red": [("R1", 1, 4, RIFLE), ("R2", 1, 4, RIFLE)],
        "blue": [("B1", 1, 4, RIFLE)],
        "green": [("G1", 1, 4, RIFLE), ("G2", 1, 4, RIFLE), ("G3", 1, 4, RIFLE)],
        "yellow": [("Y1", 1, 4, RIFLE), ("Y2", 1, 4, RIFLE)],
    }


def test_pg3_four_players_alternate_from_the_deployment_winner_and_pass_when_empty() -> None:
    """Seed: "os jogadores se alternando na ativação de uma unidade cada um, começando
    pelo jogador que ganhou a rolagem de posicionamento, e seguindo em ordem
    decrescente"; PG-3: a player with no unit left passes."""
    s = session(four_players())
    start(s, 3, 6, 5, 4)  # order: blue, green, yellow, red
    assert s.battle.pos.order == ["blue", "green", "yellow", "red"]
    seen = sides_of_prompts(s, 8)
    assert seen == ["blue", "green", "yellow", "red", "green", "yellow", "red", "green"]
    assert s.battle.phase == "end"


def test_pg3_three_players_new_rolloff_each_round_ties_among_the_tied() -> None:
    """Seed: "A cada nova rodada, os jogadores rolam os dados novamente"; G-3."""
    s = session({c: [("A", 1, 4, RIFLE)] for c in ("red", "blue", "green")})
    start(s, 6, 5, 4)
    assert sides_of_prompts(s, 3) == ["red", "blue", "green"]
    while key(s) == "objective.control":
        s.answer("none")
    assert s.battle.round == 2 and key(s) == "round.roll"
    play(s, ("round.roll", (2,)), ("round.roll", (4,)), ("round.roll", (4,)))
    assert s.prompt is not None and s.prompt.side == "blue"  # only blue and green re-roll
    play(s, ("round.roll", (1,)), ("round.roll", (6,)))
    assert s.battle.pos.order == ["green", "blue", "red"]
    assert sides_of_prompts(s, 3) == ["green", "blue", "red"]


def test_pg3_a_unit_activated_twice_in_a_round_is_refused() -> None:
    """Seed: players alternate activating one unit each; each unit once a round."""
    s = session({"red": [("A", 1, 4, RIFLE), ("B", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]})
    start(s, 6, 1)
    act(s, "red1", "cover")
    act(s, "blue1", "cover")
    prompt = s.prompt
    assert isinstance(prompt, Choose) and prompt.key == "activate.unit"
    option = prompt.option("red1")
    assert option is not None and option.disabled == "already activated this round"
    stored = len(s.items)
    with pytest.raises(AnswerError, match="already activated"):
        s.answer("red1")
    assert len(s.items) == stored  # nothing stored for the refused answer
    act(s, "red2", "cover")


# -- PG-4: actions --------------------------------------------------------------------------


def test_pg4_rush_moves_30_and_offers_no_shot() -> None:
    """Seed: "Correr: Move 30 cm, não pode atirar"."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    act(s, "red1", "rush")
    assert s.prompt is not None and "up to 30 cm" in s.prompt.options[0].label  # type: ignore[attr-defined]
    play(s, ("move.terrain", "open"))
    assert key(s) == "activate.unit" and s.prompt is not None and s.prompt.side == "blue"


def test_pg4_advance_moves_15_then_may_shoot() -> None:
    """Seed: "Avançar: Move 15 cm, pode atirar apenas depois de se mover"."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    act(s, "red1", "advance")
    assert key(s) == "move.terrain"
    play(s, ("move.terrain", "open"), ("shoot.target", "blue1"))
    assert key(s) == "shoot.models"


def test_pg4_difficult_terrain_halves_and_dangerous_one_is_a_wound() -> None:
    """Seed: "Terreno Difícil … reduzem pela metade"; "Terreno Perigoso … rolar um d6,
    com uma rolagem 1 resultando em um ferimento"."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    act(s, "red1", "advance")
    prompt = s.prompt
    assert isinstance(prompt, Choose)
    labels = {o.value: o.label for o in prompt.options}
    assert "up to 7.5 cm" in labels["difficult"] and "up to 15 cm" in labels["open"]
    play(s, ("move.terrain", "both"), ("move.dangerous", (1,)))
    assert stat(s, "red1", "models") == 4  # one wound kills one of the five models


def test_pg4_take_cover_counts_as_cover_until_its_next_activation() -> None:
    """Seed: "Proteger-se: Move 0 cm, não pode atirar, conta como estando em
    cobertura"; "+1 nos testes de Defesa contra ataques à distância"."""
    s = session({"red": [("Squad", 5, 4, RIFLE)], "blue": [("Target", 1, 5, RIFLE)]})
    start(s, 1, 6)
    act(s, "blue1", "cover")
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.models", 5))  # no cover question: it is
    play(s, ("shoot.hits", (6, 6, 1, 1, 1)))
    assert s.prompt is not None and "+1 in cover" in s.prompt.text
    play(s, ("defence.blocks", (4, 3)))  # 4 + 1 blocks at quality 5, 3 + 1 does not
    assert stat(s, "blue1", "markers") == 1
    play(s, ("wound.roll", (1,)))  # 1 + 1 marker: stunned
    play(s, ("push.try", False))
    assert stat(s, "blue1", "stunned") is True


def test_pg4_overwatch_interrupts_a_move_and_the_target_counts_as_in_cover() -> None:
    """Seed: "O jogador pode parar o inimigo em qualquer ponto de seu movimento para
    atirar, mas o alvo recebe o benefício de cobertura"."""
    s = session({"red": [("Watch", 1, 4, RIFLE)], "blue": [("Runner", 3, 5, RIFLE)]})
    start(s, 6, 1)
    act(s, "red1", "overwatch")
    assert stat(s, "red1", "overwatch") is True
    act(s, "blue1", "rush")
    assert key(s) == "overwatch.fire" and s.prompt is not None and s.prompt.side == "red"
    play(s, ("overwatch.fire", True), ("shoot.in_range", True), ("shoot.hits", (5,)))
    assert s.prompt is not None and "+1 in cover" in s.prompt.text  # no cover question
    play(s, ("defence.blocks", (3,)))  # 3 + 1 < 5: a wound
    assert stat(s, "blue1", "models") == 2
    assert stat(s, "red1", "overwatch") is False  # one reaction (ours)
    assert key(s) == "move.terrain"  # the move goes on


def test_pg4_overwatch_is_not_offered_without_a_ranged_weapon() -> None:
    """Seed: overwatch "pode atirar em reação"; a unit with no gun cannot."""
    s = session({"red": [("Brutes", 2, 4, BLADE)], "blue": [("X", 1, 4, RIFLE)]})
    start(s, 6, 1)
    play(s, ("activate.unit", "red1"))
    prompt = s.prompt
    assert isinstance(prompt, Choose)
    option = prompt.option("overwatch")
    assert option is not None and option.disabled == "no ranged weapon"


# -- PG-5: shooting and wounds --------------------------------------------------------------


def test_pg5_quality_tests_hits_minus_blocks_are_wounds() -> None:
    """Seed: "fazem um teste de qualidade por ataque … cada sucesso resultando em um
    acerto … Subtraia o número de bloqueios do número de acertos"."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.models", 5), ("shoot.cover", False))
    play(s, ("shoot.hits", (4, 4, 3, 6, 1)))  # quality 4: three hits
    assert s.prompt is not None and s.prompt.parsed.count == 3  # type: ignore[attr-defined]
    play(s, ("defence.blocks", (5, 1, 2)))  # quality 5: one block
    assert stat(s, "blue1", "models") == 3
    assert stat(s, "blue1", "last_hit_by") == "red"


def test_pg5_multi_model_units_lose_models_then_the_last_takes_markers() -> None:
    """Seed: "cada ferimento mata um modelo, até restar apenas um modelo. Apenas o
    último modelo pode então acumular marcadores"; PG-5: one roll per batch."""
    s = session({"red": [("Squad", 6, 2, "Guns 60cm A2")], "blue": [("Pair", 2, 6, RIFLE)]})
    start(s, 6, 1)
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.models", 2), ("shoot.cover", False))
    play(s, ("shoot.hits", (2, 2, 2, 1)), ("defence.blocks", (1, 1, 1)))  # 3 wounds
    assert stat(s, "blue1", "models") == 1 and stat(s, "blue1", "markers") == 2
    assert key(s) == "wound.roll"
    assert s.prompt is not None and s.prompt.modifiers == (("wound markers", 2),)  # type: ignore[attr-defined]
    play(s, ("wound.roll", (4,)))  # 4 + 2 = 6: dead
    assert s.battle.units["blue1"].removed
    assert stat(s, "blue1", "destroyed_by") == "red"


def test_pg5_wound_roll_2_to_5_stunned_6_plus_dead() -> None:
    """Seed: "role um dado e some o número de marcadores: 2-5 Atordoado, 6+ Morto"."""
    s = session({"red": [("Gun", 1, 2, RIFLE)], "blue": [("Lone", 1, 6, RIFLE)]})
    start(s, 6, 1)
    act(s, "red1", "hold")
    shoot(s, "blue1", (2,), (1,), 4)
    assert stat(s, "blue1", "stunned") is True  # 4 + 1 = 5
    assert not s.battle.units["blue1"].removed


def test_pg5_stunned_dies_when_shot_before_recovering() -> None:
    """Seed: a stunned model hit by shooting dies at once (PG-5)."""
    s = session(
        {
            "red": [("Gun", 1, 2, RIFLE), ("Gun2", 1, 2, RIFLE)],
            "blue": [("Lone", 1, 6, RIFLE), ("Other", 1, 6, RIFLE)],
        }
    )
    start(s, 6, 1)
    act(s, "red1", "hold")
    shoot(s, "blue1", (2,), (1,), 1)
    play(s, ("push.try", False))
    act(s, "blue2", "cover")
    act(s, "red2", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.in_range", True), ("shoot.cover", True))
    play(s, ("shoot.hits", (2,)))  # one hit: no block is rolled, it dies
    assert s.battle.units["blue1"].removed
    assert stat(s, "blue1", "destroyed_by") == "red"


# -- PG-6: melee ----------------------------------------------------------------------------


def charge(s, unit: str, target: str, terrain: str = "open") -> None:
    act(s, unit, "charge")
    play(s, ("charge.target", target), ("charge.reach", True), ("move.terrain", terrain))


def test_pg6_charger_strikes_then_the_defender_strikes_back_if_it_reaches() -> None:
    """Seed: "atacar em combate corpo a corpo, que funciona como atirar. Então, a unidade
    defensora deve mover suas unidades até 7,5 cm … para tentar contra-atacar"."""
    s = session({"red": [("Blades", 3, 4, BLADE)], "blue": [("Guards", 3, 4, BLADE)]})
    start(s, 6, 1)
    charge(s, "red1", "blue1")
    play(s, ("melee.hits", (4, 1, 1, 1, 1, 1)), ("defence.blocks", (1,)))  # one wound
    assert stat(s, "blue1", "models") == 2
    assert key(s) == "melee.counter_reach" and s.prompt is not None and s.prompt.side == "blue"
    play(s, ("melee.counter_reach", True), ("melee.hits", (4, 4, 1, 1)))  # 2 models × A2
    play(s, ("defence.blocks", (4, 1)))  # one wound back
    assert stat(s, "red1", "models") == 2
    assert key(s) == "melee.fall_back"  # both stand: the attacker falls back 2.5 cm
    play(s, ("melee.fall_back", True))
    assert stat(s, "red1", "meleed") is True and stat(s, "blue1", "meleed") is True


def test_pg6_no_counter_when_the_defender_cannot_reach() -> None:
    """PG-6: the defender strikes back only if its move of up to 7.5 cm reaches."""
    s = session({"red": [("Blades", 1, 4, BLADE)], "blue": [("Guards", 3, 4, BLADE)]})
    start(s, 6, 1)
    charge(s, "red1", "blue1")
    play(s, ("melee.hits", (1, 1)), ("melee.counter_reach", False), ("melee.fall_back", True))
    assert key(s) == "activate.unit"


def test_pg6_later_melees_in_a_round_hit_only_on_natural_sixes() -> None:
    """Seed: "depois de atacar no corpo-a-corpo pela primeira vez, ambas as unidades
    acertam apenas se rolarem um 6 natural em combates subsequentes, até o final da
    rodada"."""
    s = session(
        {
            "red": [("Blades", 3, 2, BLADE)],
            "blue": [("Guards", 3, 4, BLADE), ("Fresh", 3, 4, BLADE)],
        }
    )
    start(s, 1, 6)
    charge(s, "blue1", "red1")
    play(s, ("melee.hits", (1,) * 6), ("melee.counter_reach", True))
    play(s, ("melee.hits", (5, 5, 5, 5, 5, 5)), ("defence.blocks", (4, 4, 4, 4, 4, 4)))
    play(s, ("melee.fall_back", True))
    act(s, "red1", "cover")
    charge(s, "blue2", "red1")  # a fresh unit hits normally…
    play(s, ("melee.hits", (1,) * 6), ("melee.counter_reach", True))
    # …but red1 already fought this round: its 5s miss even at quality 2, only 6s hit.
    assert s.prompt is not None and "natural 6s only" in s.prompt.text
    play(s, ("melee.hits", (5, 5, 5, 5, 6, 2)), ("defence.blocks", (1,)))
    assert stat(s, "blue2", "models") == 2


def test_pg6_survivor_may_move_when_the_other_is_destroyed() -> None:
    """Seed: "Se uma das duas unidades for destruída, a outra pode se mover até 7,5 cm"."""
    s = session({"red": [("Blades", 3, 2, BLADE)], "blue": [("Lone", 1, 6, BLADE)]})
    start(s, 6, 1)
    charge(s, "red1", "blue1")
    play(s, ("melee.hits", (2, 2, 1, 1, 1, 1)), ("defence.blocks", (1, 1)))
    play(s, ("wound.roll", (5,)))  # 5 + 2 markers: dead
    assert s.battle.units["blue1"].removed
    assert key(s) == "melee.follow_up" and s.prompt is not None and s.prompt.actor == "red1"


def test_pg5_a_stunned_model_that_is_charged_dies() -> None:
    """Seed: "Se um modelo atordoado … for alvo de uma investida, ele é imediatamente
    morto"."""
    s = session({"red": [("Blades", 1, 2, BLADE)], "blue": [("Lone", 1, 6, BLADE)]})
    start(s, 6, 1)
    s.gm("gm.set", unit="blue1", field="stunned", value=True)
    charge(s, "red1", "blue1")
    assert s.battle.units["blue1"].removed
    assert stat(s, "blue1", "destroyed_by") == "red"
    play(s, ("melee.follow_up", True))


def test_pg6_a_charge_that_cannot_reach_is_refused_and_the_unit_chooses_again() -> None:
    """Seed: "Grupos de unidades só podem executar Investidas se pelo menos um modelo
    pode encostar sua base com um modelo do alvo"; G-1: the table says."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    act(s, "red1", "charge")
    play(s, ("charge.target", "blue1"), ("charge.reach", False))
    assert key(s) == "action.choose"
    assert "cannot reach" in s.battle.log[-2].text or "cannot reach" in s.battle.log[-1].text
    play(s, ("action.choose", "cover"))
    assert stat(s, "red1", "cover") is True


# -- PG-7: stun and special movement --------------------------------------------------------


def test_pg7_a_stunned_unit_spends_its_next_activation_recovering() -> None:
    """Seed: "O modelo fica atordoado até o final de sua próxima ativação … não pode
    executar ações"."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    s.gm("gm.set", unit="blue1", field="stunned", value=True)
    act(s, "red1", "cover")
    play(s, ("activate.unit", "blue1"))  # no action is asked
    assert stat(s, "blue1", "stunned") is False and stat(s, "blue1", "activated") is True
    assert key(s) == "objective.control"


def test_pg7_push_on_4_plus_and_a_fall_takes_x_plus_1_hits() -> None:
    """Seed: "Role um d6, em um 4+ o atacante pode mover o modelo inimigo até 5 cm";
    "sofre X+1 acertos (onde X é um acerto para cada 7,5 cm …)"."""
    s = session({"red": [("Gun", 1, 2, RIFLE)], "blue": [("Lone", 1, 4, RIFLE)]})
    start(s, 6, 1)
    act(s, "red1", "hold")
    shoot(s, "blue1", (2,), (1,), 2)
    assert stat(s, "blue1", "stunned") is True
    assert key(s) == "push.try" and s.prompt is not None and s.prompt.side == "red"
    play(s, ("push.try", True), ("push.roll", (4,)), ("push.off_edge", True))
    play(s, ("fall.height", 16))  # two full 7.5 cm: 3 hits
    assert s.prompt is not None and s.prompt.parsed.count == 3  # type: ignore[attr-defined]
    play(s, ("fall.blocks", (4, 4, 1)), ("wound.roll", (1,)))  # 1 wound: 2 markers
    assert stat(s, "blue1", "markers") == 2 and stat(s, "blue1", "stunned") is True


def test_pg7_a_failed_push_roll_moves_nothing() -> None:
    """Seed: the push succeeds on 4+ only."""
    s = session({"red": [("Gun", 1, 2, RIFLE)], "blue": [("Lone", 1, 4, RIFLE)]})
    start(s, 6, 1)
    act(s, "red1", "hold")
    shoot(s, "blue1", (2,), (1,), 2)
    play(s, ("push.try", True), ("push.roll", (3,)))
    assert key(s) == "activate.unit"


def test_pg7_jump_down_all_3_plus_lands_else_falls() -> None:
    """Seed: "Role X+1 dados … Se todos os resultados forem 3+, você pode colocar o
    modelo a 5 cm da base … Se alguma rolagem falhar, … sofre uma Queda"."""
    s = session({"red": [("Climber", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]})
    start(s, 6, 1)
    act(s, "red1", "rush")
    play(s, ("move.terrain", "jump"), ("jump.height", 8))  # one full 7.5 cm: 2 dice
    assert s.prompt is not None and s.prompt.parsed.count == 2  # type: ignore[attr-defined]
    play(s, ("jump.roll", (3, 6)), ("jump.land", True), ("move.terrain", "open"))
    assert stat(s, "red1", "stunned") is False
    act(s, "blue1", "rush")
    play(s, ("move.terrain", "jump"), ("jump.height", 15), ("jump.roll", (6, 6, 2)))
    play(s, ("fall.blocks", (4, 4, 4)))  # 3 hits, all blocked at quality 4
    assert stat(s, "blue1", "stunned") is True  # a fall always leaves it stunned
    assert key(s) == "objective.control"  # a stunned unit's move ends


def test_pg7_leap_over_a_gap() -> None:
    """Seed: "lacunas de até 2,5 cm como se fosse terreno sólido … maior (até 15 cm),
    elas precisam saltar. Role X+1 dados"."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    act(s, "red1", "rush")
    play(s, ("move.terrain", "leap"))
    assert s.prompt is not None and s.prompt.minimum == 3  # type: ignore[attr-defined]
    play(s, ("leap.gap", 3), ("leap.roll", (2,)), ("fall.height", 0), ("fall.blocks", (1,)))
    assert stat(s, "red1", "models") == 4 and stat(s, "red1", "stunned") is True


# -- PG-8: end of round -----------------------------------------------------------------------


def test_pg8_rout_test_below_half_failures_removed_credit_to_last_wounder() -> None:
    """Seed: "Se no final de uma rodada, um exército tiver sido reduzido a menos da metade
    … todas as suas unidades devem realizar um teste de moral … são removidas"."""
    s = session(
        {
            "red": [("Gun", 5, 2, "Guns 60cm A2")],
            "blue": [("Squad", 4, 4, RIFLE, 30), ("Scout", 1, 5, RIFLE, 15)],
            "green": [("G", 1, 4, RIFLE)],
        }
    )
    start(s, 6, 5, 4)
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.models", 5), ("shoot.cover", False))
    play(s, ("shoot.hits", (2, 2, 2, 1, 1, 1, 1, 1, 1, 1)), ("defence.blocks", (1, 1, 1)))
    assert stat(s, "blue1", "models") == 1  # blue: 2 of 5 models left, below half
    cover_all(s)
    assert key(s) == "rout.test" and s.prompt is not None and s.prompt.actor == "blue1"
    play(s, ("rout.test", (3,)), ("rout.test", (5,)))  # quality 4: fails; quality 5: passes
    assert s.battle.units["blue1"].removed and not s.battle.units["blue2"].removed
    assert stat(s, "blue1", "destroyed_by") == "red"
    assert key(s) == "objective.control"
    from skirmtui.systems.pequenas_guerras.end_round import points_destroyed

    assert points_destroyed(s.battle, "red") == 30


def test_pg7_stunned_units_fail_rout_automatically() -> None:
    """Seed: "Modelos atordoados automaticamente falham em testes de moral"."""
    s = session(
        {"red": [("A", 4, 4, RIFLE), ("B", 1, 4, RIFLE)], "blue": [("X", 1, 2, "Guns 60cm A2")]}
    )
    start(s, 6, 1)
    act(s, "red2", "cover")
    act(s, "blue1", "hold")
    play(s, ("shoot.target", "red2"), ("shoot.in_range", True))  # in cover: not asked
    play(s, ("shoot.hits", (2, 2)), ("defence.blocks", (1, 1)), ("wound.roll", (1,)))
    play(s, ("push.try", False))
    assert stat(s, "red2", "stunned") is True
    s.gm("gm.set", unit="red1", field="models", value=1)  # G-4: red has 2 of 5 models
    act(s, "red1", "cover")
    assert key(s) == "rout.test" and s.prompt is not None and s.prompt.actor == "red1"
    play(s, ("rout.test", (6,)))
    assert not s.battle.units["red1"].removed
    assert s.battle.units["red2"].removed  # no roll: a stunned unit fails
    assert stat(s, "red2", "destroyed_by") == "blue"


def test_pg7_stunned_units_cannot_capture_objectives() -> None:
    """Seed: "Unidades atordoadas não podem capturar objetivos"."""
    s = red_stunned_at_the_objectives()
    prompt = s.prompt
    assert isinstance(prompt, Choose) and prompt.key == "objective.control"
    disabled = {o.value: o.disabled for o in prompt.options}
    assert disabled["red"] == "no non-stunned unit on the table"
    assert disabled["contested"] is not None and disabled["blue"] is None
    with pytest.raises(AnswerError):
        s.answer("red")


def test_pg8_objectives_capture_stays_and_two_players_neutralise() -> None:
    """Seed: "o objetivo é capturado, e permanece capturado mesmo depois de deixar a
    área … se unidades de ambos os lados estiverem contestando um objetivo, ele fica
    neutro novamente"."""
    s = session({c: [("A", 1, 4, RIFLE)] for c in ("red", "blue", "green")})
    start(s, 6, 5, 4)  # D3 1: three markers
    cover_all(s)
    play(s, ("objective.control", "red"), ("objective.control", "blue"))
    play(s, ("objective.control", "none"))
    assert s.battle.pos.objectives == ["red", "blue", ""]
    play(s, ("round.roll", (6,)), ("round.roll", (5,)), ("round.roll", (4,)))
    cover_all(s)
    play(s, ("objective.control", "none"))  # red's units left: it stays red's
    play(s, ("objective.control", "contested"))  # two or more players: neutral again
    play(s, ("objective.control", "green"))
    assert s.battle.pos.objectives == ["red", "", "green"]


def play_to_the_end(s, controls: list[str]) -> None:
    """Four rounds of Take Cover; `controls` answers the markers each round (cycled)."""
    while s.prompt is not None:
        k = key(s)
        if k in ("activate.unit", "action.choose"):
            cover_all(s)
        elif k == "objective.control":
            s.answer(controls.pop(0) if controls else "none")
        elif k == "round.roll":
            side = s.prompt.side
            s.answer((6,) if side == "red" else (5,) if side == "blue" else (4,))
        else:
            raise AssertionError(f"unexpected prompt {k}")


def test_pg8_after_round_4_most_objectives_wins() -> None:
    """Seed: "O jogo termina após 4 rodadas, e o jogador que estiver controlando mais
    objetivos vence"."""
    s = session({c: [("A", 1, 4, RIFLE)] for c in ("red", "blue", "green")})
    start(s, 6, 5, 4)
    play_to_the_end(s, ["green", "green", "red"])
    result = s.battle.result
    assert result is not None and result.winner == "green" and result.round == 4
    assert "most objectives" in result.reason


def test_pg8_a_tie_on_objectives_goes_to_points_destroyed() -> None:
    """Seed: "Se os jogadores estiverem empatados … somam o valor em pontos de todas as
    unidades inimigas que eles destruíram"."""
    s = session(
        {
            "red": [("A", 1, 4, RIFLE)],
            "blue": [("B", 1, 4, RIFLE), ("C", 1, 4, RIFLE, 25)],
        }
    )
    start(s, 6, 1)
    act(s, "red1", "hold")
    shoot(s, "blue2", (6,), (1,), 6)
    assert s.battle.units["blue2"].removed
    play_to_the_end(s, ["red", "blue", "none"])
    result = s.battle.result
    assert result is not None and result.winner == "red"
    assert "Red 25" in result.reason and "Blue 0" in result.reason
    summary = get_system(PG).summary(s.battle)
    assert "Red: 1 objective held, 25 points destroyed" in summary[2]


def test_pg8_equal_objectives_and_points_is_a_draw() -> None:
    """PG-8: ties on objectives and on points destroyed: nobody wins."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    play_to_the_end(s, [])
    result = s.battle.result
    assert result is not None and result.winner is None


def test_pg4_cover_ends_at_the_units_next_activation() -> None:
    """PG-4: Take Cover — "in cover until its next activation"."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    act(s, "red1", "cover")
    act(s, "blue1", "cover")
    play(s, *[("objective.control", "none")] * 3)
    play(s, ("round.roll", (1,)), ("round.roll", (6,)))
    assert stat(s, "red1", "cover") is True  # still in cover while blue acts first
    act(s, "blue1", "rush")
    play(s, ("move.terrain", "open"))
    act(s, "red1", "hold")
    assert stat(s, "red1", "cover") is False


def test_pg5_wounds_that_leave_exactly_one_model_roll_nothing() -> None:
    """Seed: each wound kills a model "até restar apenas um modelo"; only wounds beyond
    that become markers."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.models", 5), ("shoot.cover", False))
    play(s, ("shoot.hits", (6, 6, 6, 6, 6)), ("defence.blocks", (1, 1, 1, 1, 5)))
    assert stat(s, "blue1", "models") == 1 and stat(s, "blue1", "markers") == 0
    assert key(s) == "activate.unit"  # no wound roll


def test_pg4_dangerous_terrain_roll_over_1_is_safe() -> None:
    """Seed: only "uma rolagem 1" is a wound."""
    s = session(ONE_EACH)
    start(s, 6, 1)
    act(s, "red1", "rush")
    play(s, ("move.terrain", "dangerous"), ("move.dangerous", (2,)))
    assert stat(s, "red1", "models") == 5


def test_pg8_an_army_at_exactly_half_does_not_rout() -> None:
    """Seed: "reduzido a menos da metade de seu tamanho inicial" — half is not less."""
    s = session({"red": [("Gun", 2, 2, "Guns 60cm A2")], "blue": [("Squad", 4, 4, RIFLE)]})
    start(s, 6, 1)
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.models", 2), ("shoot.cover", False))
    play(s, ("shoot.hits", (2, 2, 1, 1)), ("defence.blocks", (1, 1)))
    assert stat(s, "blue1", "models") == 2  # 2 of 4: exactly half
    act(s, "blue1", "cover")
    assert key(s) == "objective.control"  # no rout test


def test_pg7_a_fall_from_a_push_credits_the_pusher() -> None:
    """PG-7/PG-8: the pusher caused the fall, so its wounds count for the pusher."""
    s = session(
        {
            "red": [("Gun", 1, 2, RIFLE)],
            "blue": [("Lone", 1, 6, RIFLE)],
            "green": [("G", 1, 4, RIFLE)],
        }
    )
    start(s, 6, 5, 4)
    act(s, "red1", "hold")
    shoot(s, "blue1", (2,), (1,), 2)
    play(s, ("push.try", True), ("push.roll", (6,)), ("push.off_edge", True))
    play(s, ("fall.height", 5), ("fall.blocks", (1,)), ("wound.roll", (5,)))  # 5 + 2: dead
    assert s.battle.units["blue1"].removed
    assert stat(s, "blue1", "destroyed_by") == "red"


def test_pg4_overwatch_is_asked_only_of_enemies_on_overwatch() -> None:
    """Seed: overwatch reacts to enemy units; a friendly unit on overwatch is not asked."""
    s = session(
        {
            "red": [("Watch", 1, 4, RIFLE), ("Mover", 1, 4, RIFLE)],
            "blue": [("X", 1, 4, RIFLE), ("Y", 1, 4, RIFLE)],
        }
    )
    start(s, 6, 1)
    act(s, "red1", "overwatch")
    act(s, "blue1", "cover")
    act(s, "red2", "rush")
    assert key(s) == "move.terrain"  # red1 watches over its own side's move: not asked


# -- review fixes -------------------------------------------------------------------------


def wipe_out_blue_in_round_2(s) -> None:
    """Round 1: blue captures two of three markers; round 2: red kills blue's only unit."""
    start(s, 6, 1)  # D3 1: three markers; red goes first
    cover_all(s)
    play(s, ("objective.control", "blue"), ("objective.control", "blue"))
    play(s, ("objective.control", "none"))
    play(s, ("round.roll", (6,)), ("round.roll", (1,)))
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.in_range", True))  # blue1 took cover
    play(s, ("shoot.hits", (2,)), ("defence.blocks", (1,)), ("wound.roll", (6,)))
    assert s.battle.units["blue1"].removed


def roll_for(s) -> tuple[int]:
    """A round roll-off face by side, never tied."""
    assert s.prompt is not None
    return (6,) if s.prompt.side == "red" else (1,)


def test_pg8_a_player_left_alone_without_the_most_objectives_plays_on_to_round_4() -> None:
    """Seed: "O jogo termina após 4 rodadas, e o jogador que estiver controlando mais
    objetivos vence"; captured markers "permanece[m] capturado[s] mesmo depois de deixar a
    área". Blue, wiped out in round 2, still holds two markers: red, alone on the table,
    must capture more by round 4 or lose."""
    s = session({"red": [("Gun", 1, 2, RIFLE)], "blue": [("Lone", 1, 6, RIFLE)]})
    wipe_out_blue_in_round_2(s)
    play(s, *[("objective.control", "none")] * 3)
    assert s.battle.result is None and s.battle.round == 3
    for _ in range(2):  # rounds 3 and 4: red alone activates, captures nothing
        while key(s) == "round.roll":
            s.answer(roll_for(s))
        cover_all(s)
        play(s, *[("objective.control", "none")] * 3)
    result = s.battle.result
    assert result is not None and result.winner == "blue" and result.round == 4


def test_pg8_a_player_left_alone_may_still_overturn_the_objectives() -> None:
    """Seed: the winner is decided after round 4: red, alone from round 2, captures all
    three markers in rounds 3 and 4 and wins."""
    s = session({"red": [("Gun", 1, 2, RIFLE)], "blue": [("Lone", 1, 6, RIFLE)]})
    wipe_out_blue_in_round_2(s)
    play(s, *[("objective.control", "none")] * 3)
    controls = ["red", "none", "none", "none", "red", "red"]  # 1–1 after round 3
    while s.prompt is not None:
        if key(s) == "round.roll":
            s.answer(roll_for(s))
        elif key(s) == "objective.control":
            s.answer(controls.pop(0))
        else:
            cover_all(s)
    result = s.battle.result
    assert result is not None and result.winner == "red" and result.round == 4


def test_pg8_a_player_left_alone_holding_the_most_objectives_wins_at_once() -> None:
    """PG-8 (ours, early end): nobody else can capture or contest a marker, so a lone
    player already holding the most objectives has won; the battle ends there."""
    s = session({"red": [("Gun", 1, 2, RIFLE)], "blue": [("Lone", 1, 6, RIFLE)]})
    wipe_out_blue_in_round_2(s)
    play(s, ("objective.control", "red"), ("objective.control", "red"))
    play(s, ("objective.control", "none"))  # red 2, blue 1
    result = s.battle.result
    assert result is not None and result.winner == "red" and result.round == 2
    assert "only player" in result.reason and "most objectives" in result.reason


def test_pg3_only_players_with_units_left_roll_for_the_round_order() -> None:
    """Seed: "A cada nova rodada, os jogadores rolam os dados novamente para ver quem vai
    primeiro"; PG-3: a player with no unit left passes, so (ours) it does not roll."""
    s = session(
        {
            "red": [("Gun", 1, 2, RIFLE)],
            "blue": [("B", 1, 4, RIFLE)],
            "green": [("Lone", 1, 6, RIFLE)],
        }
    )
    start(s, 6, 5, 4)
    act(s, "red1", "hold")
    shoot(s, "green1", (2,), (1,), 6)
    cover_all(s)
    play(s, *[("objective.control", "none")] * 3)
    rollers = []
    while key(s) == "round.roll":
        assert s.prompt is not None
        rollers.append(s.prompt.side)
        s.answer({"blue": (6,), "red": (3,), "green": (1,)}[str(s.prompt.side)])
    assert rollers == ["red", "blue"]
    assert s.battle.pos.order[:2] == ["blue", "red"]
    assert s.prompt is not None and s.prompt.side == "blue"


def test_pg5_take_cover_gives_no_block_bonus_against_a_charge() -> None:
    """Seed: cover gives "+1 nos testes de Defesa contra ataques à distância" — ranged
    only (PG-5); melee "funciona como atirar" without it (PG-6: no cover bonus)."""
    s = session({"red": [("Blades", 1, 4, BLADE)], "blue": [("Guards", 3, 4, BLADE)]})
    start(s, 1, 6)
    act(s, "blue1", "cover")
    assert stat(s, "blue1", "cover") is True
    charge(s, "red1", "blue1")
    play(s, ("melee.hits", (4, 1)))  # one hit
    assert s.prompt is not None and "+1 in cover" not in s.prompt.text
    play(s, ("defence.blocks", (3,)))  # a 3 would block at quality 4 only with +1
    assert stat(s, "blue1", "models") == 2


def test_pg4_a_charger_stunned_by_overwatch_does_not_fight() -> None:
    """Seed: overwatch may "parar o inimigo em qualquer ponto de seu movimento para
    atirar"; a stunned model "não pode executar ações" (PG-7): the charge ends there."""
    s = session({"red": [("Watch", 1, 2, RIFLE)], "blue": [("Runner", 1, 6, BLADE)]})
    start(s, 6, 1)
    act(s, "red1", "overwatch")
    act(s, "blue1", "charge")
    play(s, ("charge.target", "red1"), ("charge.reach", True), ("overwatch.fire", True))
    play(s, ("shoot.in_range", True), ("shoot.hits", (2,)), ("defence.blocks", (1,)))
    play(s, ("wound.roll", (1,)), ("push.try", False))  # 1 + 1 marker: stunned
    assert stat(s, "blue1", "stunned") is True
    assert key(s) == "objective.control"  # no terrain, no melee: its activation is over
    assert stat(s, "red1", "models") == 1 and stat(s, "red1", "meleed") is False


def test_pg3_reading_the_queue_does_not_change_the_position() -> None:
    """PG-3 order: the queue the TUI shows is read-only (the TUI never computes a rule);
    mid-activation, with the next player out of units, it must not move the turn."""
    s = session(
        {
            "red": [("A", 1, 4, RIFLE), ("B", 1, 4, RIFLE), ("C", 1, 4, RIFLE)],
            "blue": [("X", 1, 4, RIFLE)],
        }
    )
    start(s, 6, 1)
    act(s, "red1", "cover")
    act(s, "blue1", "cover")
    act(s, "red2", "hold")
    assert key(s) == "shoot.target"
    before = copy.deepcopy(s.battle.pos)
    rows = get_system(PG).queue(s.battle)
    assert s.battle.pos == before
    assert [r.current for r in rows[:2]] == [True, False]  # red is next


def test_pg4_overwatch_cover_turns_a_4_into_a_block_at_quality_5() -> None:
    """Seed: "o alvo recebe o benefício de cobertura": +1 to its defence, so a 4 blocks
    at quality 5 against an overwatch shot (it would not in the open)."""
    s = session({"red": [("Watch", 1, 4, RIFLE)], "blue": [("Runner", 3, 5, RIFLE)]})
    start(s, 6, 1)
    act(s, "red1", "overwatch")
    act(s, "blue1", "rush")
    play(s, ("overwatch.fire", True), ("shoot.in_range", True), ("shoot.hits", (4,)))
    play(s, ("defence.blocks", (4,)))
    assert stat(s, "blue1", "models") == 3


def test_g4_a_unit_put_back_has_models_no_markers_and_is_not_counted_destroyed() -> None:
    """Seed: "Apenas o último modelo pode então acumular marcadores … 6+ Morto"; G-4: "A
    unit put back on the table comes back alive by its system's rules (the GM says its
    wounds)" — it returns with 1 to its starting models, no wound markers, not stunned, its
    points no longer counted as destroyed (PG-8)."""
    s = session({"red": [("Squad", 6, 2, "Guns 60cm A2")], "blue": [("Pair", 2, 6, RIFLE)]})
    start(s, 6, 1)
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.models", 2), ("shoot.cover", False))
    play(s, ("shoot.hits", (2, 2, 2, 1)), ("defence.blocks", (1, 1, 1)), ("wound.roll", (4,)))
    assert s.battle.units["blue1"].removed and stat(s, "blue1", "markers") == 2
    with pytest.raises(AnswerError, match="models at most 2"):
        s.gm("gm.restore", unit="blue1", value=3)
    s.gm("gm.restore", unit="blue1")
    assert not s.battle.units["blue1"].removed
    assert (stat(s, "blue1", "models"), stat(s, "blue1", "markers")) == (1, 0)
    assert (stat(s, "blue1", "stunned"), stat(s, "blue1", "destroyed_by")) == (False, "")
    s.gm("gm.remove", unit="blue1")
    s.gm("gm.restore", unit="blue1", value=2)  # the GM says both models come back
    assert stat(s, "blue1", "models") == 2
