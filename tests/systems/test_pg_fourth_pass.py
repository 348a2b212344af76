"""pequenas-guerras asks less once more (issue 25, after its third pass; saves of the
third pass replay with its questions: `questions = "third pass"`):

- how far a model falls after a failed leap or a push is one of the spans that set its
  hits (`fall.span`, one key; seed, Queda: X+1 hits, X one per full 7.5 cm), where the
  centimetres were typed (`fall.height`). The same fall gives the same hits, blocks and
  outcome; a fall past the eighth span (60 cm or more) is its ninth answer and its
  centimetres are typed, as before;
- a defender of one model strikes back without `melee.counter_reach` (PG-6): the charge
  put a charger's model in base contact with it, so "yes" was the only true answer.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest

from skirmtui.engine.core.asking import QUESTIONS, THIRD_PASS
from skirmtui.engine.core.prompts import Ask, Choose, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import decides
from skirmtui.engine.play.sim import play_random
from skirmtui.engine.store.compare import replay_differences
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import get_system, systems
from tests.systems.pg_helpers import BLADE, PG, RIFLE, act, session, start
from tests.systems.scripting import key, play

BEFORE = {QUESTIONS: THIRD_PASS}
TODAY = {QUESTIONS: "today"}  # not a tier: today's questions
SAVED = Path(__file__).parent / "saves" / "third-pass" / "pequenas-guerras.toml"
SYSTEM = get_system(PG)


def _outcome(s: Session) -> tuple[list[Any], dict[str, Any]]:
    """Every roll's faces and result, and every unit's stats and presence."""
    rolls = [(e.key, e.roll) for e in s.battle.log if e.kind == "roll"]
    return rolls, {u.id: ({**u.stats}, u.removed) for u in s.battle.units.values()}


def _failed_leap(**options: Any) -> Session:
    """Runner (one model, quality 4) rushes, leaps a gap of under 7.5 cm and fails."""
    s = session({"red": [("Runner", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}, **options)
    start(s, 6, 1)
    act(s, "red1", "rush")
    play(s, ("move.terrain", "leap"), ("leap.span", "0"), ("leap.roll", (2,)))
    return s


@pytest.mark.parametrize(
    ("cm", "span", "hits"), [(0, "0", 1), (7, "0", 1), (8, "1", 2), (16, "2", 3), (59, "7", 8)]
)
def test_pg7_a_failed_leap_falls_the_span_that_sets_its_hits(cm: int, span: str, hits: int) -> None:
    """Seed (Saltando): "Se alguma rolagem falhar, o modelo sofre uma Queda"; (Queda)
    "sofre X+1 acertos (onde X é um acerto para cada 7,5 cm … completos)". The span
    gives the same hits, blocks, wound roll and stun as the centimetres typed."""
    before, now = _failed_leap(**BEFORE), _failed_leap(**TODAY)
    assert key(before) == "fall.height" and key(now) == "fall.span"
    play(before, ("fall.height", cm))
    play(now, ("fall.span", span))
    for s in (before, now):
        prompt = s.prompt
        assert isinstance(prompt, Roll) and prompt.key == "fall.blocks"
        assert prompt.dice == f"{hits}d6"
        play(s, ("fall.blocks", (4,) + (1,) * (hits - 1)))
        if key(s) == "wound.roll":
            play(s, ("wound.roll", (1,)))
    assert _outcome(now) == _outcome(before)
    falls = [e.text for e in now.battle.log if "falls" in e.text]
    assert falls and falls[-1].endswith(f": {hits} hit" + ("s" if hits > 1 else ""))


def test_pg7_the_spans_of_a_fall_say_their_hits_and_fit_the_number_keys() -> None:
    prompt = _failed_leap(**TODAY).prompt
    assert isinstance(prompt, Choose) and prompt.side == "red" and prompt.actor == "red1"
    assert [o.label for o in prompt.options] == [
        "less than 7.5 cm: 1 hit",
        "7.5 cm to less than 15 cm: 2 hits",
        "15 cm to less than 22.5 cm: 3 hits",
        "22.5 cm to less than 30 cm: 4 hits",
        "30 cm to less than 37.5 cm: 5 hits",
        "37.5 cm to less than 45 cm: 6 hits",
        "45 cm to less than 52.5 cm: 7 hits",
        "52.5 cm to less than 60 cm: 8 hits",
        "60 cm or more (type how far): 9 hits or more",
    ]


def test_pg7_a_fall_past_the_spans_is_typed_with_the_same_hits() -> None:
    """A fall of 75 cm (ten full 7.5 cm: 11 hits): the ninth answer, then 75 typed."""
    before, now = _failed_leap(**BEFORE), _failed_leap(**TODAY)
    play(before, ("fall.height", 75))
    play(now, ("fall.span", "farther"))
    prompt = now.prompt
    assert isinstance(prompt, Ask) and prompt.key == "fall.height"
    assert (prompt.minimum, prompt.maximum) == (60, 100)
    play(now, ("fall.height", 75))
    for s in (before, now):
        assert isinstance(s.prompt, Roll) and s.prompt.dice == "11d6"
        play(s, ("fall.blocks", (6,) * 11))
    assert _outcome(now) == _outcome(before)


def _pushed(**options: Any) -> Session:
    """Gun (quality 2) shoots and stuns Lone, pushes on a 4, off an elevation."""
    s = session({"red": [("Gun", 1, 2, RIFLE)], "blue": [("Lone", 1, 4, RIFLE)]}, **options)
    start(s, 6, 1)
    act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.sight", "1|open"))
    play(s, ("shoot.hits", (2,)), ("defence.blocks", (1,)), ("wound.roll", (2,)))
    play(s, ("push.try", True), ("push.roll", (4,)), ("push.off_edge", True))
    return s


@pytest.mark.parametrize(("cm", "span", "hits"), [(5, "0", 1), (7, "0", 1), (16, "2", 3)])
def test_pg7_a_push_off_an_elevation_falls_the_span_with_the_same_hits(
    cm: int, span: str, hits: int
) -> None:
    """Seed (Queda): "Se uma unidade é empurrada de uma posição elevada com pelo menos
    5 cm de altura, ele sofre X+1 acertos". Asked of the pusher's side, about the
    pushed model; the same hits and outcome, the fall credited to the pusher."""
    before, now = _pushed(**BEFORE), _pushed(**TODAY)
    prompt = now.prompt
    assert isinstance(prompt, Choose) and prompt.key == "fall.span"
    assert (prompt.side, prompt.target) == ("red", "blue1")
    assert prompt.options[0].label == "5 cm to less than 7.5 cm: 1 hit"
    play(before, ("fall.height", cm))
    play(now, ("fall.span", span))
    for s in (before, now):
        assert isinstance(s.prompt, Roll) and s.prompt.dice == f"{hits}d6"
        play(s, ("fall.blocks", (1,) * hits), ("wound.roll", (1,)))
    assert _outcome(now) == _outcome(before)


def _charged(defenders: int, blocks: tuple[int, ...], **options: Any) -> Session:
    """Blades (three models, quality 4) charge Guards (`defenders` models, quality 4,
    A2) over open ground: the charge's strike makes two hits; Guards roll `blocks`."""
    units = {"red": [("Blades", 3, 4, BLADE)], "blue": [("Guards", defenders, 4, BLADE)]}
    s = session(units, **options)
    start(s, 6, 1)
    act(s, "red1", "charge")
    play(s, ("charge.target", "blue1"), ("charge.path", "open"))
    play(s, ("melee.hits", (4, 4, 1, 1, 1, 1)), ("defence.blocks", blocks))
    return s


def test_pg6_a_defender_of_one_model_strikes_back_unasked_with_the_same_outcome() -> None:
    """Seed: "Modelos realizando investidas devem entrar em contato base a base com o
    alvo"; "a unidade defensora deve mover suas unidades até 7,5 cm na direção do
    atacante para tentar contra-atacar" (PG-6: if its move reaches, asked). A defender
    of one model is that model, in base contact: it reaches, the only true answer, and
    strikes back with the same dice and outcome (a wounded one is stunned or dead and
    never strikes back, asked or not)."""
    before, now = _charged(1, (4, 4), **BEFORE), _charged(1, (4, 4), **TODAY)
    assert key(before) == "melee.counter_reach"
    play(before, ("melee.counter_reach", True))
    assert key(now) == "melee.hits"
    assert now.battle.log[-1].text == (
        "Guards is in base contact with Blades (the charge reached its one model): it strikes back"
    )
    for s in (before, now):
        play(s, ("melee.hits", (4, 1)), ("defence.blocks", (1,)))  # one wound: a model
    assert _outcome(now) == _outcome(before)
    assert now.battle.units["red1"].stats["models"] == 2


def test_pg6_a_defender_of_several_models_is_still_asked_whether_it_reaches() -> None:
    """Its models in contact may be those the charge killed: the table says."""
    now = _charged(3, (4, 1), **TODAY)  # one wound: Guards lose a model, two left
    assert key(now) == "melee.counter_reach"
    play(now, ("melee.counter_reach", False))
    assert now.battle.log[-1].text == "Blades falls back 2.5 cm"


def test_how_far_a_model_falls_is_a_table_fact() -> None:
    prompt = _failed_leap(**TODAY).prompt
    assert prompt is not None and not decides(SYSTEM, prompt)
    assert {"fall.span", "fall.height"} <= SYSTEM.table_facts


def test_a_save_of_the_third_pass_replays_as_it_was_played() -> None:
    """A battle saved with the third pass's questions (`skirmtui sim pequenas-guerras
    --battles 12 --seed 25 --save-dir DIR` at 0cd352f, its fourth battle: a push off an
    elevation of 98 cm, a failed leap's fall of 1 cm) replays with those, to the same
    log and result."""
    loaded, _ = load_session(SAVED, systems())
    assert loaded.battle.result is not None and loaded.prompt is None
    assert loaded.setup.options.get(QUESTIONS) == THIRD_PASS
    doc = tomllib.loads(SAVED.read_text(encoding="utf-8"))
    assert "fall.height" in {a["key"] for a in doc["answers"]}
    assert replay_differences(doc, loaded) == []


def test_a_log_played_with_the_third_pass_questions_replays_unchanged() -> None:
    """Seeded random battles played with the third pass's questions, their answers given
    to a fresh session with no option said: the same log, the option found."""
    setup = SYSTEM.demo_setup()
    for seed in range(12):
        third = attrs.evolve(setup, seed=seed, options={**setup.options, **BEFORE})
        played = play_random(SYSTEM, third, random.Random(seed))
        if "fall.height" in {i.key for i in played.items}:
            break
    else:
        pytest.fail("no battle with a fall")
    replayed = Session(SYSTEM, attrs.evolve(setup, seed=seed), played.items)
    assert replayed.setup.options.get(QUESTIONS) == THIRD_PASS
    assert [e.text for e in replayed.battle.log] == [e.text for e in played.battle.log]
    assert replayed.battle.result == played.battle.result
