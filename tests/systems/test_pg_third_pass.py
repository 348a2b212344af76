"""pequenas-guerras asks less once more (issue 25, after its second pass): each question
merged, skipped or logged gives the same rolls and the same outcome, with the same dice,
as the second pass's questions (`questions = "second pass"`, how its saves replay):

- the players' roll-offs (a round's order, deployment, who places objectives first):
  the players still tied type their dice in one answer (`round.rolls`, `deploy.rolls`,
  `objectives.rolls`: one face a player in the order listed), where each player's die
  was asked apart — when one party rolls them all (the app for everyone, or the table);
- objectives: a marker offers only the answers that change it (not its holder alone,
  not "two or more" while it is neutral); nothing is asked when nothing can change;
- a melee's follow-up and fall back and a jump's landing are logged for the table, where
  each was a "— done?" (`melee.follow_up`, `melee.fall_back`, `jump.land`);
- a wound roll whose result is certain (d6 + markers is 6 or more whatever the die) is
  not asked: the model is dead, as any face would have made it;
- how far a unit drops or leaps: one of the spans that change its dice (less than
  7.5 cm, 7.5 to less than 15 cm, 15 cm: `jump.drop`, `leap.span`), where the
  centimetres were typed (`jump.height`, `leap.gap`);
- a sight list past the number keys (a shooter of five models or more) is grouped by
  count: the same answers in the same order, two keys each instead of the arrows;
- a shot at a target whose cover is known (it took cover) asks the models that see it
  as one key (`shoot.sight`, answers "in cover" only), where a number was typed
  (`shoot.models`).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from skirmtui.engine.core.asking import QUESTIONS, SECOND_PASS
from skirmtui.engine.core.prompts import AnswerError, Choose, Pick, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.outcomes import branches
from skirmtui.engine.play.sim import play_random
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import get_system, systems
from tests.systems.pg_helpers import BLADE, PG, RIFLE, act, cover_all, session, start
from tests.systems.scripting import key, play, stat

BEFORE = {QUESTIONS: SECOND_PASS}
NOW = {QUESTIONS: "third pass"}
SAVED = Path(__file__).parent / "saves" / "second-pass" / "pequenas-guerras.toml"


#: The players' roll-offs: asked apart before, together now (compared on their own).
ROLL_OFFS = {
    f"{what}.{roll}" for what in ("deploy", "objectives", "round") for roll in ("roll", "rolls")
}


def rolls(s: Session) -> list[tuple[str | None, str]]:
    """Every roll but the players' roll-offs."""
    return [(e.key, e.text) for e in s.battle.log if e.kind == "roll" and e.key not in ROLL_OFFS]


def same_outcome(before: Session, now: Session) -> None:
    assert rolls(now) == rolls(before) != []
    for unit_id, unit in before.battle.units.items():
        assert now.battle.units[unit_id].stats == unit.stats, unit_id
        assert now.battle.units[unit_id].removed == unit.removed, unit_id


def three(**options: Any) -> Session:
    return session({c: [("A", 1, 4, RIFLE)] for c in ("red", "blue", "green")}, **options)


def to_round_two(s: Session) -> None:
    """Three markers, every unit takes cover, nobody near a marker: round 2's roll-off."""
    start(s, 6, 5, 4)  # D3 1: three markers
    cover_all(s)
    play(s, ("objective.controls", []))


# -- PG-3: the round's roll-off -------------------------------------------------------------


def test_pg3_the_round_roll_off_is_one_answer_with_the_same_order_and_tie_re_roll() -> None:
    """Seed: "A cada nova rodada, os jogadores rolam os dados novamente para ver quem vai
    primeiro"; G-3: ties roll again among the tied. The same faces typed in one answer
    give the same order as typed one player at a time, the tie re-rolled alike."""
    before, now = three(**BEFORE), three(**NOW)
    for s in (before, now):
        to_round_two(s)
    play(before, ("round.roll", (4,)), ("round.roll", (4,)), ("round.roll", (2,)))
    assert key(now) == "round.rolls"
    prompt = now.prompt
    assert isinstance(prompt, Roll) and prompt.side is None and prompt.dice == "3d6"
    assert prompt.text.startswith("Red, Blue, Green roll for round 2 order")
    play(now, ("round.rolls", (4, 4, 2)))
    # Red and Blue tied on 4: they alone roll again, together now too.
    assert now.prompt is not None and now.prompt.dice == "2d6" and "tie re-roll" in now.prompt.text
    play(before, ("round.roll", (1,)), ("round.roll", (3,)))
    play(now, ("round.rolls", (1, 3)))
    assert before.battle.pos.order == now.battle.pos.order == ["blue", "red", "green"]
    said = [e.text for e in now.battle.log if e.kind == "info"]
    assert "Red 4, Blue 4, Green 2 (round 2 order)" in said
    assert "Red 1, Blue 3 (round 2 order)" in said
    roll = next(e for e in now.battle.log if e.key == "round.rolls")
    assert roll.text.endswith("[4 4 2]")  # each die a player's own: no sum shown


def test_pg3_the_round_roll_off_is_asked_apart_when_the_app_rolls_for_some_of_them() -> None:
    """When the app rolls for some of the players (the table types the others'), their
    dice are asked apart as before; when it rolls for none of the tied players, or for
    everyone, one answer."""
    s = three(**NOW, app_rolls=["red"])
    to_round_two(s)
    assert key(s) == "round.roll" and s.prompt is not None and s.prompt.side == "red"
    play(s, ("round.roll", (2,)), ("round.roll", (2,)), ("round.roll", (5,)))
    # Red and Blue tie: the app rolls for Red, not for Blue: still apart.
    assert key(s) == "round.roll"
    s.gm("gm.app_rolls", app_rolls=["green"])  # from the next step on: none of the tied
    play(s, ("round.roll", (3,)), ("round.roll", (1,)))
    assert s.battle.pos.order == ["green", "red", "blue"]
    everyone = three(**NOW, app_rolls="all")
    to_round_two(everyone)
    assert key(everyone) == "round.rolls" and everyone.app_rolls_for(everyone.prompt)


def test_pg3_one_face_a_player_is_needed() -> None:
    """The answer holds one face per player listed: two faces for three players are
    refused, nothing stored."""
    s = three(**NOW)
    to_round_two(s)
    with pytest.raises(AnswerError):
        s.answer((6, 5))
    assert key(s) == "round.rolls"


def test_pg2_the_deployment_and_objective_roll_offs_are_one_answer_each() -> None:
    """Seed (Posicionamento): "Os jogadores rolam os dados, com o vencedor escolhendo um
    canto … seguido pelos outros jogadores, em ordem decrescente"; (Missão): "Jogadores
    rolam para ver quem coloca primeiro". The same faces in one answer give the same
    order, a tie re-rolled among the tied (G-3)."""
    before, now = three(**BEFORE), three(**NOW)
    play(before, ("deploy.roll", (5,)), ("deploy.roll", (2,)), ("deploy.roll", (5,)))
    play(before, ("deploy.roll", (3,)), ("deploy.roll", (4,)))
    play(now, ("deploy.rolls", (5, 2, 5)), ("deploy.rolls", (3, 4)))
    assert key(before) == key(now) == "deploy.corner"
    for s in (before, now):
        assert s.battle.pos.deploy.order == ["green", "red", "blue"]
        while key(s) == "deploy.corner":
            s.answer(next(o.value for o in s.prompt.options if o.disabled is None))
        play(s, ("deploy.all", True), ("objectives.count", (1,)))
    play(before, ("objectives.roll", (1,)), ("objectives.roll", (6,)), ("objectives.roll", (2,)))
    play(now, ("objectives.rolls", (1, 6, 2)))
    for s in (before, now):
        assert s.battle.pos.objective_rolloff.order == ["blue", "green", "red"]
        assert key(s) == "objectives.placed" and s.prompt is not None
        assert "in turn (Blue, Green, Red)" in s.prompt.text


def test_the_look_ahead_splits_a_roll_off_in_one_roll_by_its_faces() -> None:
    """The app's look-ahead (engine/play/outcomes.py) splits players' dice rolled
    together like any roll with no target (low, middle, high totals), not as a pool with
    no die ever succeeding (every die a 1: a tie for ever)."""
    found = branches(Roll(key="round.rolls", text="t", dice="3d6", per_die=True))
    assert len(found) == 3 and abs(sum(chance for _, chance in found) - 1) < 1e-9
    assert all(len(set(faces)) > 1 for faces, _ in found)


# -- PG-8: objectives -----------------------------------------------------------------------


def test_pg8_a_marker_offers_only_the_answers_that_change_it() -> None:
    """Seed: "o objetivo é capturado, e permanece capturado mesmo depois de deixar a
    área … se unidades de ambos os lados estiverem contestando um objetivo, ele fica
    neutro novamente": its holder alone near a captured marker, or two or more near a
    neutral one, leave it as it is — as nobody near does. Not offered; the same holders
    after the same two rounds."""
    before, now = three(**BEFORE), three(**NOW)
    for s in (before, now):
        start(s, 6, 5, 4)
        cover_all(s)
        play(s, ("objective.controls", ["1|red", "2|blue"]))
        assert s.battle.pos.objectives == ["red", "blue", ""]
    play(before, ("round.roll", (6,)), ("round.roll", (5,)), ("round.roll", (4,)))
    play(now, ("round.rolls", (6, 5, 4)))
    for s in (before, now):
        cover_all(s)
    prompt = now.prompt
    assert isinstance(prompt, Pick)
    offered = {o.value for o in prompt.options}
    assert {"1|blue", "1|green", "1|contested", "3|red", "3|blue", "3|green"} <= offered
    assert not {"1|red", "2|blue", "3|contested"} & offered
    # Before: red alone at 1 (its own), two or more at 3 (neutral), Green alone at 2.
    play(before, ("objective.controls", ["1|red", "2|green", "3|contested"]))
    play(now, ("objective.controls", ["2|green"]))
    assert before.battle.pos.objectives == now.battle.pos.objectives == ["red", "green", ""]


def test_pg8_nothing_is_asked_when_no_marker_can_change() -> None:
    """PG-8: Blue's only unit is stunned at the round's end, so only Red can be near a
    marker, and Red
    holds every marker: whatever the table says, nothing changes — not asked."""
    units = {"red": [("A", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}
    before, now = session(units, **BEFORE), session(units, **NOW)
    for s in (before, now):
        start(s, 6, 1)  # D3 1: three markers
        cover_all(s)
        play(s, ("objective.controls", ["1|red", "2|red", "3|red"]))
    play(before, ("round.roll", (6,)), ("round.roll", (1,)))
    play(now, ("round.rolls", (6, 1)))
    for s in (before, now):
        cover_all(s)
        s.gm("gm.set", unit="blue1", field="stunned", value=True)  # at the round's end
    play(before, ("objective.controls", ["1|red", "3|red"]))
    assert key(now) == "round.rolls" and now.battle.round == 3
    assert before.battle.pos.objectives == now.battle.pos.objectives == ["red"] * 3


# -- PG-6, PG-7: what the table does, logged ------------------------------------------------


def test_pg6_the_fall_back_and_the_follow_up_are_logged_not_confirmed() -> None:
    """Seed: "Se uma das duas unidades for destruída, a outra pode se mover até 7,5 cm;
    caso contrário, a unidade agressora deve recuar de volta 2,5 cm" — what the table
    does with its models, nothing the app keeps: said in the log, not a "done?"."""
    units = {"red": [("Blades", 3, 4, BLADE)], "blue": [("Guards", 3, 4, BLADE)]}
    before, now = session(units, **BEFORE), session(units, **NOW)
    for s in (before, now):
        start(s, 6, 1)
        act(s, "red1", "charge")
        play(s, ("charge.target", "blue1"), ("charge.path", "open"))
        play(s, ("melee.hits", (4, 1, 1, 1, 1, 1)), ("defence.blocks", (1,)))
        play(s, ("melee.counter_reach", False))
    play(before, ("melee.fall_back", True))
    assert key(now) == key(before) == "activate.action"
    assert now.battle.log[-1].text == "Blades falls back 2.5 cm"
    same_outcome(before, now)
    # Blue's charge destroys Red's last model: Blue may move, logged.
    for s in (before, now):
        act(s, "blue1", "charge")
        play(s, ("charge.target", "red1"), ("charge.path", "open"))
        play(s, ("melee.hits", (6, 6, 6, 6)), ("defence.blocks", (1, 1, 1, 1)))
        play(s, ("wound.roll", (6,)))
    play(before, ("melee.follow_up", True))
    assert any(e.text == "Guards may move up to 7.5 cm" for e in now.battle.log)
    same_outcome(before, now)


def test_pg7_a_jump_that_lands_is_logged_and_the_move_goes_on() -> None:
    """Seed (Pulando Para Baixo): all dice 3+ places the model 5 cm from the base and it
    moves on: the placing is logged, the rest of the move asked at once."""
    units = {"red": [("Climber", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}
    before, now = session(units, **BEFORE), session(units, **NOW)
    for s in (before, now):
        start(s, 6, 1)
        act(s, "red1", "rush")
        play(s, ("move.terrain", "jump"))
    play(before, ("jump.height", 8), ("jump.roll", (3, 6)), ("jump.land", True))
    play(now, ("jump.drop", "1"), ("jump.roll", (3, 6)))
    assert key(now) == key(before) == "move.terrain"
    assert now.battle.log[-1].text.startswith("Place Climber 5 cm from the base")
    same_outcome_but_words(before, now)


@pytest.mark.parametrize(
    ("cm", "span", "dice"), [(7, "0", 1), (8, "1", 2), (14, "1", 2), (15, "2", 3)]
)
def test_pg7_a_drop_is_said_by_the_span_that_sets_its_dice(cm: int, span: str, dice: int) -> None:
    """Seed (Pulando Para Baixo): "Role X+1 dados (X é um d6 para cada 7,5 cm completos
    que ele cai)"; a failed jump is a fall from that height (Queda: X+1 hits). The span
    gives the same dice, and on a failure the same hits, as the centimetres typed."""
    units = {"red": [("Climber", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}
    before, now = session(units, **BEFORE), session(units, **NOW)
    for s in (before, now):
        start(s, 6, 1)
        act(s, "red1", "rush")
        play(s, ("move.terrain", "jump"))
    play(before, ("jump.height", cm))
    assert key(now) == "jump.drop"
    play(now, ("jump.drop", span))
    for s in (before, now):
        assert s.prompt is not None and s.prompt.dice == f"{dice}d6"
        play(s, ("jump.roll", (2,) * dice), ("fall.blocks", (1,) * dice))
    hits = [e.text for e in now.battle.log if "falls" in e.text]
    assert hits and hits[-1].endswith(f"{dice} hit" + ("s" if dice > 1 else ""))
    assert stat(now, "red1", "models") == stat(before, "red1", "models")
    assert stat(now, "red1", "stunned") == stat(before, "red1", "stunned")
    assert now.battle.units["red1"].removed == before.battle.units["red1"].removed


def test_pg7_a_leap_is_said_by_the_span_that_sets_its_dice() -> None:
    """Seed (Saltando): gaps up to 2.5 cm are solid ground; a leap of up to 15 cm rolls
    X+1 dice, all 3+ crosses. The span over 2.5 cm and under 7.5 cm is one die, as a
    gap of 5 cm typed; the move goes on."""
    units = {"red": [("Runner", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}
    before, now = session(units, **BEFORE), session(units, **NOW)
    for s in (before, now):
        start(s, 6, 1)
        act(s, "red1", "rush")
        play(s, ("move.terrain", "leap"))
    play(before, ("leap.gap", 5))
    labels = [o.label for o in now.prompt.options] if isinstance(now.prompt, Choose) else []
    assert labels == [
        "more than 2.5 cm, less than 7.5 cm: 1 die",
        "7.5 cm to less than 15 cm: 2 dice",
        "15 cm: 3 dice",
    ]
    play(now, ("leap.span", "0"))
    for s in (before, now):
        play(s, ("leap.roll", (3,)))
        assert key(s) == "move.terrain"
    same_outcome_but_words(before, now)


def same_outcome_but_words(before: Session, now: Session) -> None:
    """The same dice and outcomes; the roll's words name the span, not centimetres."""
    assert [e.roll for e in now.battle.log if e.kind == "roll" and e.key not in ROLL_OFFS] == [
        e.roll for e in before.battle.log if e.kind == "roll" and e.key not in ROLL_OFFS
    ]
    for unit_id, unit in before.battle.units.items():
        assert now.battle.units[unit_id].stats == unit.stats, unit_id


# -- G-1, PG-5: a long sight list ----------------------------------------------------------


@pytest.mark.parametrize("models", [4, 5])
def test_g1_a_sight_list_past_the_number_keys_is_grouped_by_count(models: int) -> None:
    """G-1: the table says how many models see the target and where it stands. Four
    models: nine answers, one number each. Five: eleven, each count a group (its number,
    then open or cover); the same values in the same order, and the same shot."""
    units = {"red": [("Squad", models, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}
    s = session(units, **NOW)
    start(s, 6, 1)
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"))
    prompt = s.prompt
    assert isinstance(prompt, Choose) and prompt.key == "shoot.sight"
    values = [o.value for o in prompt.options]
    counts = range(models, 0, -1)
    assert values == [f"{n}|{c}" for n in counts for c in ("open", "cover")] + ["0"]
    groups = [o.group for o in prompt.options]
    if models == 4:
        assert groups == [None] * 9
    else:
        assert groups == [f"{n} of 5" for n in counts for _ in (1, 2)] + [None]
    play(s, ("shoot.sight", "2|cover"), ("shoot.hits", (4, 1)))  # two models, one hit
    assert s.prompt is not None and "(+1 in cover)" in s.prompt.text


def test_pg5_a_target_in_cover_asks_only_how_many_see_it_with_the_same_shot() -> None:
    """PG-5: "+1 in cover (ranged only)"; a unit that took cover counts as in cover, so
    the table says only how many models see it: one key, the same dice and blocks as
    the number typed before."""
    units = {"red": [("Squad", 3, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}
    before, now = session(units, **BEFORE), session(units, **NOW)
    for s in (before, now):
        start(s, 1, 6)  # Blue first: it takes cover
        act(s, "blue1", "cover")
        act(s, "red1", "hold")
        play(s, ("shoot.target", "blue1"))
    play(before, ("shoot.models", 2))
    prompt = now.prompt
    assert isinstance(prompt, Choose) and prompt.key == "shoot.sight"
    assert [o.value for o in prompt.options] == ["3|cover", "2|cover", "1|cover", "0"]
    assert "(it took cover)" in prompt.text
    play(now, ("shoot.sight", "2|cover"))
    for s in (before, now):
        assert s.prompt is not None and s.prompt.dice == "2d6"
        play(s, ("shoot.hits", (4, 4)))
        assert s.prompt is not None and "(+1 in cover)" in s.prompt.text
        play(s, ("defence.blocks", (3, 1)), ("wound.roll", (2,)))
    same_outcome(before, now)


# -- PG-5: a certain wound roll -------------------------------------------------------------


@pytest.mark.parametrize("face", [1, 6])
def test_pg5_a_wound_roll_that_cannot_fail_to_kill_is_not_asked(face: int) -> None:
    """Seed: "role um dado e some o número de marcadores … 6+: Morto". Five markers
    make 6 with a 1: any face kills. Not asked; dead as with the lowest or highest face,
    credited alike (PG-8)."""
    units = {"red": [("Guns", 1, 2, "Guns 60cm A5")], "blue": [("Lone", 1, 4, RIFLE)]}
    before, now = session(units, **BEFORE), session(units, **NOW)
    for s in (before, now):
        start(s, 6, 1)
        act(s, "red1", "hold")
        play(s, ("shoot.target", "blue1"), ("shoot.sight", "1|open"))
        play(s, ("shoot.hits", (2,) * 5), ("defence.blocks", (1,) * 5))
    play(before, ("wound.roll", (face,)))
    assert now.battle.units["blue1"].removed and before.battle.units["blue1"].removed
    assert stat(now, "blue1", "destroyed_by") == stat(before, "blue1", "destroyed_by") == "red"
    assert any("whatever the die" in e.text for e in now.battle.log)
    assert key(now) == key(before)


def test_pg5_a_wound_roll_that_may_stun_is_still_asked() -> None:
    """Four markers: a 1 makes 5, stunned — the roll is asked."""
    s = session({"red": [("Guns", 1, 2, "Guns 60cm A4")], "blue": [("Lone", 1, 4, RIFLE)]}, **NOW)
    start(s, 6, 1)
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.sight", "1|open"))
    play(s, ("shoot.hits", (2,) * 4), ("defence.blocks", (1,) * 4))
    assert key(s) == "wound.roll"


# -- saves of the second pass ---------------------------------------------------------------


def test_a_save_of_the_second_pass_replays_to_its_end_with_its_questions() -> None:
    """A battle saved with the second pass's questions (kept under tests/) loads,
    replays to its result, and keeps asking as then."""
    loaded, _ = load_session(SAVED, systems())
    assert loaded.battle.result is not None and loaded.prompt is None
    assert loaded.setup.options.get(QUESTIONS) == SECOND_PASS


def test_a_log_played_with_the_second_pass_questions_replays_unchanged() -> None:
    """A seeded random battle played with the second pass's questions, its answers
    given to a fresh session with no option said: the same log, the option found."""
    system = get_system(PG)
    setup = system.demo_setup()
    second = attrs.evolve(setup, seed=7, options={**setup.options, **BEFORE})
    played = play_random(system, second, random.Random(7))
    assert "round.roll" in {i.key for i in played.items}
    replayed = Session(system, attrs.evolve(setup, seed=7), played.items)
    assert replayed.setup.options.get(QUESTIONS) == SECOND_PASS
    assert [e.text for e in replayed.battle.log] == [e.text for e in played.battle.log]
    assert replayed.battle.result == played.battle.result
