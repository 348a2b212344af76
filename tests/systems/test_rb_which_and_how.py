"""regole-base asks less once more (issue 25, after its third pass): which model moves
and how are one answer, and which model acts in the Assault and what it does (RB-3: in
each phase a side acts with one model, and the player chooses the model and its action
at once), grouped by model, so a model's number opens its choices (two keys, one
answer). A side the table plays says with the move what it provoked
(`move.which_made`, a table fact) and with a charge whether it reached
(`assault.which_charge`); a side the app plays decides the model and its move or action
(`move.which`, `assault.which`), and the table then says what it passed or the reach.
The same rolls and outcomes as the third pass's answers (`move.model` then `move.made`
or `move.mode`; `assault.model` then `assault.charge` or `assault.action`).

`before` plays with `questions = "third pass"` (what a save of that time replays with),
`now` with today's questions.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from skirmtui.engine.core.prompts import Choose, Pick
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import decides
from skirmtui.engine.store.compare import replay_differences
from skirmtui.engine.store.reader import load_with_document
from skirmtui.systems.registry import systems
from skirmtui.systems.regole_base import SYSTEM
from tests.systems.rb_helpers import initiative, model, session, setup
from tests.systems.scripting import key, play, stat

THIRD_PASS = {"questions": "third pass"}
SAVES = Path(__file__).parent / "saves" / "third-pass"
Units = dict[str, list[tuple[str, dict[str, object]]]]
TWO_AND_TWO: Units = {"red": [model("A"), model("C")], "blue": [model("B"), model("D")]}


def _today(units: Units) -> Session:
    """A battle asking today's questions (the rule tests' helpers ask one at a time)."""
    made = setup(units)
    options = {k: v for k, v in made.options.items() if k != "questions"}
    return Session(SYSTEM, attrs.evolve(made, options=options))


def _both(units: Units) -> tuple[Session, Session]:
    before, now = session(units, **THIRD_PASS), _today(units)
    for s in (before, now):
        initiative(s, 6, 1)
    return before, now


def test_rb3_which_model_moves_and_how_is_one_answer_grouped_by_model() -> None:
    """RB-3: red's turn, two models ready: the model and its move (and, the table
    playing red, that it passed no enemy) in one answer: the same model moves, the same
    way, and blue is asked next, as after "which model?" and "how?"."""
    before, now = _both(TWO_AND_TWO)
    play(before, ("move.model", "red2"), ("move.made", "clear:march/assault"))
    assert key(now) == "move.which_made" and isinstance(now.prompt, Choose)
    assert "move.which_made" in SYSTEM.table_facts
    groups = {o.value.split("|")[0]: o.group for o in now.prompt.options}
    assert groups == {"red1": "red1", "red2": "red2"}  # a model's number opens its moves
    assert "red2|clear:march/assault" in [o.value for o in now.prompt.options]
    play(now, ("move.which_made", "red2|clear:march/assault"))
    for s in (before, now):
        assert (stat(s, "red2", "marched"), stat(s, "red2", "gave_up")) == (True, "assault")
        assert stat(s, "red2", "acted") and not stat(s, "red1", "acted")
        assert s.prompt is not None and s.prompt.side == "blue"  # blue's turn (RB-3)


def test_rb17_a_model_and_a_move_passing_enemies_then_asks_which() -> None:
    """RB-17: the model and "passing enemies" in one answer, then which move (a second
    menu, so every model's choices fit the number keys) and which enemies (at least
    one): the same free attack with the same dice."""
    before, now = _both(TWO_AND_TWO)
    play(before, ("move.model", "red1"), ("move.made", "simple"))
    assert isinstance(now.prompt, Choose)
    assert len([o for o in now.prompt.options if o.group == "red1"]) <= 9
    play(now, ("move.which_made", "red1|passing"))
    assert key(now) == "move.passing" and "move.passing" in SYSTEM.table_facts
    play(now, ("move.passing", "simple"))
    for s in (before, now):
        assert isinstance(s.prompt, Pick) and s.prompt.minimum == 1
        play(s, ("move.passed", ["blue2"]), ("melee.hit", (1, 2)), ("wound.roll", (2, 2)))
        assert s.battle.units["red1"].num("r") == 3


def test_rb5_a_model_and_a_move_over_a_height_then_asks_which_move() -> None:
    """RB-5: "jump up or descend on the way" with the model, then the move over the
    height, its inches and its roll, as before."""
    before, now = _both(TWO_AND_TWO)
    play(before, ("move.model", "red1"), ("move.made", "height"))
    play(now, ("move.which_made", "red1|height"))
    for s in (before, now):
        play(s, ("move.over", "run_down"), ("move.height", 2), ("move.height_roll", (2, 2)))
        assert key(s) == "move.passed" and stat(s, "red1", "ran") == 1


def test_rb11_a_fleeing_model_is_one_option_of_the_list() -> None:
    """RB-11: a fleeing model has no choice of move (it tests M to recover, or runs
    away): it is listed once, and choosing it starts its recovery test, as before."""
    before, now = (session(TWO_AND_TWO, **THIRD_PASS), _today(TWO_AND_TWO))
    for s in (before, now):
        s.gm("gm.set", unit="red1", field="fleeing", value=True)
        s.gm("gm.set", unit="red1", field="fled", value=True)
        initiative(s, 6, 1)
    assert isinstance(now.prompt, Choose)
    assert [o.value for o in now.prompt.options if o.group == "red1"] == ["red1|flee"]
    play(before, ("move.model", "red1"))
    play(now, ("move.which_made", "red1|flee"))
    for s in (before, now):
        assert key(s) == "morale.recover" and s.prompt is not None
        assert s.prompt.actor == "red1"


def test_rb3_a_side_with_one_model_ready_is_asked_only_its_move() -> None:
    """RB-3: with one model left to act it is not asked which: its move alone."""
    before, now = _both({"red": [model("A")], "blue": [model("B")]})
    assert key(now) == key(before) == "move.made"
    assert now.prompt is not None and now.prompt.actor == "red1"


def test_rb3_a_side_the_app_plays_decides_the_model_and_its_move_in_one_answer() -> None:
    """Issue 26: the app answers decisions only. A side it plays chooses the model and
    its move (`move.which`, a decision, no "passing no enemy" in it) and the table then
    says what it passed (`move.passed`, a fact)."""
    s = _today(TWO_AND_TWO)
    s.gm("gm.ai", side="red", persona="balanced")
    initiative(s, 6, 1)
    assert key(s) == "move.which" and decides(SYSTEM, s.prompt)  # type: ignore[arg-type]
    assert isinstance(s.prompt, Choose)
    assert not any("clear:" in o.value for o in s.prompt.options)
    play(s, ("move.which", "red1|simple"))
    assert key(s) == "move.passed" and "move.passed" in SYSTEM.table_facts


def _to_assault(units: Units) -> tuple[Session, Session]:
    before, now = session(units, **THIRD_PASS), _today(units)
    for s in (before, now):
        initiative(s, 5, 2)
        while key(s) != "initiative.roll" and s.battle.phase == "movement":
            prompt = s.prompt
            assert isinstance(prompt, Choose)
            passing = [o.value for o in prompt.options if o.value.endswith("pass")]
            s.answer(passing[0] if passing else prompt.options[0].value)
    return before, now


def test_rb13_which_model_acts_in_the_assault_and_its_charge_are_one_answer() -> None:
    """RB-13: the models activate alternately to charge, escape, reload or pass; RB-6:
    the table says if the charge reached. The model, its charge and the reach in one
    answer: the same contact and the same +1 F and V as the three answers before."""
    before, now = _to_assault(TWO_AND_TWO)
    assert key(before) == "assault.model" and key(now) == "assault.which_charge"
    assert "assault.which_charge" in SYSTEM.table_facts
    assert isinstance(now.prompt, Choose)
    assert {o.group for o in now.prompt.options} == {"red1", "red2"}
    play(before, ("assault.model", "red2"), ("assault.charge", "charge:blue1"))
    play(now, ("assault.which_charge", "red2|charge:blue1"))
    for s in (before, now):
        assert s.battle.pos.contacts == [["blue1", "red2"]] and stat(s, "red2", "charged")
        assert s.prompt is not None and s.prompt.side == "blue"  # blue's turn (RB-3)


def test_rb6_a_charge_that_fell_short_then_asks_which_enemy() -> None:
    """RB-13: a failed charge still moves up to V/2" but makes no contact. "Charge,
    falling short" with the model, then which enemy (one option a model, so its choices
    fit the number keys): the same move toward it, no contact, no bonus."""
    before, now = _to_assault(TWO_AND_TWO)
    play(before, ("assault.model", "red1"), ("assault.charge", "short:blue2"))
    assert isinstance(now.prompt, Choose)
    assert len([o for o in now.prompt.options if o.group == "red1"]) <= 9
    play(now, ("assault.which_charge", "red1|short"), ("assault.short", "blue2"))
    assert "assault.short" in SYSTEM.table_facts
    for s in (before, now):
        assert s.battle.pos.contacts == [] and not stat(s, "red1", "charged")
        assert any("charge falls short" in e.text and "toward D" in e.text for e in s.battle.log)


def test_rb13_a_side_the_app_plays_chooses_model_and_charge_and_the_table_the_reach() -> None:
    """Issue 26: a side the app plays chooses the model and its charge (`assault.which`,
    a decision with no reach in it); the table says the reach (`assault.reach`)."""
    s = _today(TWO_AND_TWO)
    s.gm("gm.ai", side="red", persona="balanced")
    initiative(s, 5, 2)
    while s.battle.phase == "movement":
        prompt = s.prompt
        assert isinstance(prompt, Choose)
        s.answer(next(o.value for o in prompt.options if o.value.endswith("pass")))
    assert key(s) == "assault.which" and decides(SYSTEM, s.prompt)  # type: ignore[arg-type]
    assert isinstance(s.prompt, Choose)
    assert not any("short:" in o.value for o in s.prompt.options)
    play(s, ("assault.which", "red1|charge:blue2"), ("assault.reach", False))
    assert s.battle.pos.contacts == [] and not stat(s, "red1", "charged")


def test_a_third_pass_save_replays_its_stored_log_with_the_third_pass_questions() -> None:
    """A save of the third pass (the model asked before its move) replays with those
    questions, unchanged: the same stored log and result."""
    for path in sorted(SAVES.glob("regole-base*.toml")):
        loaded, _, doc = load_with_document(path, systems())
        assert loaded.setup.options.get("questions") == "third pass", path.name
        assert loaded.battle.result is not None and replay_differences(doc, loaded) == []
