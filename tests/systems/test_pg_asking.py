"""pequenas-guerras asks less (issue 25): each question merged or skipped gives the same
outcome, with the same dice, as the questions asked one at a time before.

- objective control at round end: one `Pick` for every marker (`objective.controls`),
  where each marker was a question (`objective.control`); Enter offers last round's;
- deployment: one answer when every unit is placed (`deploy.all`), where each unit was
  "which unit?" and "placed — done?"; objective markers likewise (`objectives.placed`);
- a player's only unit left to activate is taken, logged, not asked.
"""

from __future__ import annotations

from typing import Any

import pytest

from skirmtui.engine.core.prompts import AnswerError, Pick
from skirmtui.engine.core.session import Session
from tests.systems.pg_helpers import (
    RIFLE,
    cover_all,
    play,
    red_stunned_at_the_objectives,
    session,
    start,
)
from tests.systems.scripting import key

#: The questions of the second pass (asked so since, but for the merges of
#: tests/systems/test_pg_third_pass.py): what these merges were checked against.
TODAY = {"questions": "second pass"}


def three(**options: Any) -> Session:
    return session({c: [("A", 1, 4, RIFLE)] for c in ("red", "blue", "green")}, **options)


def test_pg8_one_answer_says_who_holds_every_objective() -> None:
    """Seed: "o objetivo é capturado, e permanece capturado mesmo depois de deixar a
    área … se unidades de ambos os lados estiverem contestando um objetivo, ele fica
    neutro novamente" — the same two rounds told marker by marker (before) and in one
    answer a round (now) leave the same holders."""
    before, now = three(), three(**TODAY)
    for s in (before, now):
        start(s, 6, 5, 4)  # D3 1: three markers
        cover_all(s)
    play(before, ("objective.control", "red"), ("objective.control", "blue"))
    play(before, ("objective.control", "none"))
    assert isinstance(now.prompt, Pick) and key(now) == "objective.controls"
    play(now, ("objective.controls", ["1|red", "2|blue"]))  # marker 3 not picked: nobody
    assert before.battle.pos.objectives == now.battle.pos.objectives == ["red", "blue", ""]
    for s in (before, now):
        play(s, ("round.roll", (6,)), ("round.roll", (5,)), ("round.roll", (4,)))
        cover_all(s)
    play(before, ("objective.control", "none"), ("objective.control", "contested"))
    play(before, ("objective.control", "green"))
    # Enter offers last round's answer; the table says this round's.
    assert now.prompt is not None and now.prompt.default == ("1|red", "2|blue")
    play(now, ("objective.controls", ["2|contested", "3|green"]))
    assert before.battle.pos.objectives == now.battle.pos.objectives == ["red", "", "green"]

    def changes(s: Session) -> list[str]:
        return [e.text for e in s.battle.log if e.kind == "info" and " is " in e.text]

    assert changes(now) == changes(before) != []


def test_pg8_a_marker_takes_one_answer_and_stunned_players_are_not_offered() -> None:
    """Seed: "Unidades atordoadas não podem capturar objetivos"; a marker is held by one
    player alone or by two or more (a group of the Pick: one of them at most)."""
    s = red_stunned_at_the_objectives(**TODAY)
    prompt = s.prompt
    assert isinstance(prompt, Pick) and prompt.key == "objective.controls"
    # red is stunned: only blue may hold a marker, and nothing is contested.
    assert [o.value for o in prompt.options] == ["1|blue", "2|blue", "3|blue"]
    with pytest.raises(AnswerError, match=r"'1\|red' is not one of the options"):
        s.answer(["1|red"])


def test_pg2_deployment_is_one_answer_once_every_unit_is_placed() -> None:
    """Seed: "os jogadores então se alternam colocando uma unidade … começando pelo
    jogador que ganhou a rolagem": the app says the alternation; which unit a player
    places changes nothing it keeps, so it is not asked. Before: 2 answers a unit."""
    units = {
        "red": [("A", 1, 4, RIFLE)],
        "blue": [("B", 1, 4, RIFLE), ("C", 1, 4, RIFLE)],
    }
    s = session(units, **TODAY)
    play(s, ("deploy.roll", (3,)), ("deploy.roll", (6,)))
    play(s, ("deploy.corner", "north-west"), ("deploy.corner", "south-east"))
    assert key(s) == "deploy.all"
    assert s.prompt is not None and "one unit each in turn, Blue first" in s.prompt.text
    assert "Blue 2 in the north-west corner, Red 1 in the south-east corner" in s.prompt.text
    s.answer(True)
    assert s.battle.pos.placed == ["blue1", "blue2", "red1"]
    assert key(s) == "objectives.count"


def test_pg2_objective_markers_are_one_answer_once_all_are_placed() -> None:
    """Seed (Missão): D3+2 markers, placed in turn from the roll-off's winner: one answer
    when all are down (before: one a marker); round 1 starts the same."""
    before, now = three(), three(**TODAY)
    for s in (before, now):
        start(s, 6, 5, 4, d3=2)
    assert before.battle.pos.objectives == now.battle.pos.objectives == [""] * 4
    placed = [e for e in now.battle.log if e.key == "objectives.placed"]
    assert "(Red, Blue, Green, Red)" in placed[0].text
    assert before.battle.round == now.battle.round == 1
    assert len(now.items) == len(before.items) - 5 - 3  # 3 units: 6 answers → 1; 4 markers → 1


def test_pg3_a_players_only_unit_left_activates_unasked_in_a_first_pass_save() -> None:
    """Seed: players alternate activating one unit each: with one unit left to activate
    there is no choice, so it is taken and logged; the same units act in the same order
    as when it was asked (issue 25's first pass: the unit, then its action)."""
    before, now = three(), three(questions="first pass")
    for s in (before, now):
        start(s, 6, 5, 4)
    play(before, ("activate.unit", "red1"))
    assert key(now) == "action.choose" and now.prompt is not None and now.prompt.actor == "red1"
    taken = now.battle.log[-1]
    assert taken.text == "Red: which unit activates? → A (the only choice)"
    assert (taken.kind, taken.key, taken.actor) == ("info", "activate.unit", "red1")
    for s in (before, now):
        play(s, ("action.choose", "cover"))
    assert before.battle.units["red1"].stats == now.battle.units["red1"].stats
