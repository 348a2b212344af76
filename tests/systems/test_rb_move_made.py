"""regole-base asks less once more (issue 25, after its second pass): a side the table
plays says its move and whether it provoked anything in one answer (`move.made`). The
table moved the model, so "simple move, passing no enemy within 1"" is one thing it
saw: nothing more is asked; "passing enemies" asks which (at least one). The same rolls
and outcomes as the second pass's two answers (`move.mode`, then `move.passed`); a side
the app plays still decides its move and the table says what it passed (issue 26).

`before` plays with `questions = "second pass"` (what a save of that time replays
with), `now` with `questions = "third pass"`, where this came (which model moves and
how are one answer since: test_rb_which_and_how.py).
"""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.prompts import Choose, Pick
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import decides
from skirmtui.engine.store.compare import replay_differences
from skirmtui.engine.store.reader import load_with_document
from skirmtui.systems.registry import systems
from skirmtui.systems.regole_base import SYSTEM
from tests.systems.rb_helpers import initiative, model, session, texts
from tests.systems.scripting import key, play, stat

SECOND_PASS = {"questions": "second pass"}
THIRD_PASS = {"questions": "third pass"}
SAVES = Path(__file__).parent / "saves" / "second-pass"
Units = dict[str, list[tuple[str, dict[str, object]]]]


def _today(units: Units) -> Session:
    """A battle asking the third pass's questions (the model asked before its move)."""
    return session(units, **THIRD_PASS)


def _both(units: Units) -> tuple[Session, Session]:
    before, now = session(units, **SECOND_PASS), _today(units)
    for s in (before, now):
        initiative(s, 6, 1)
    return before, now


def _values(s: Session) -> list[str]:
    assert isinstance(s.prompt, Choose | Pick)
    return [o.value for o in s.prompt.options]


def test_rb17_a_move_that_passed_no_enemy_is_one_answer() -> None:
    """RB-4/RB-17: only an enemy within 1" at some point of the move makes a free
    attack. "Simple move, passing no enemy within 1"": no attack, nothing more asked,
    the same model moved as after "simple move" and "passed none"."""
    before, now = _both({"red": [model("A")], "blue": [model("B"), model("C")]})
    play(before, ("move.mode", "simple"), ("move.passed", []))
    assert key(now) == "move.made"
    assert _values(now)[:7] == [
        "clear:simple",
        "clear:march/assault",
        "clear:march/shooting",
        "clear:run",
        "climb",
        "height",
        "pass",
    ]  # the moves made most, on the number keys 1–7
    play(now, ("move.made", "clear:simple"))
    for s in (before, now):
        assert stat(s, "red1", "moved") and s.battle.units["red1"].num("r") == 4
        assert key(s) == "move.model" and s.prompt is not None and s.prompt.side == "blue"
    assert not any(i.key == "move.passed" for i in now.items)


def test_rb4_a_march_that_passed_no_enemy_gives_up_its_action_in_the_same_answer() -> None:
    """RB-4: the march and the action it gives up, and no enemy passed: one answer."""
    before, now = _both({"red": [model("A")], "blue": [model("B")]})
    play(before, ("move.mode", "march/shooting"), ("move.passed", []))
    play(now, ("move.made", "clear:march/shooting"))
    for s in (before, now):
        assert (stat(s, "red1", "marched"), stat(s, "red1", "gave_up")) == (True, "shooting")
        assert s.prompt is not None and s.prompt.actor == "blue1"  # B moves next in both


def test_rb17_a_move_that_passed_enemies_asks_which_at_least_one() -> None:
    """RB-17: each enemy passed within 1" makes one free attack that cannot be parried.
    "Passing enemies" asks which (at least one): the same attack, the same dice, the
    same wound as the second pass's two answers."""
    before, now = _both({"red": [model("A")], "blue": [model("B"), model("C")]})
    play(before, ("move.mode", "simple"), ("move.passed", ["blue2"]))
    play(now, ("move.made", "simple"))
    assert isinstance(now.prompt, Pick) and key(now) == "move.passed"
    assert now.prompt.minimum == 1
    play(now, ("move.passed", ["blue2"]))
    for s in (before, now):
        play(s, ("melee.hit", (1, 2)), ("wound.roll", (2, 2)))
        assert s.battle.units["red1"].num("r") == 3
    assert [t for t in texts(now) if "free attack" in t] == [
        t for t in texts(before) if "free attack" in t
    ]


def test_rb4_a_run_past_a_weapon_is_said_with_passing_enemies() -> None:
    """RB-4/RB-17: a run within half range of an enemy's loaded weapon gives it a free
    shot: "run, passing enemies or half a weapon's range", then which: the same shot."""
    units = {"red": [model("A")], "blue": [model("B", weapons="Balestra")]}
    before, now = _both(units)
    play(before, ("move.mode", "run"), ("move.passed", ["blue1:balestra"]))
    play(now, ("move.made", "run"), ("move.passed", ["blue1:balestra"]))
    for s in (before, now):
        assert s.prompt is not None and "T 4 vs V 5 (ran)" in s.prompt.text
        play(s, ("shoot.hit", (6, 5)))
        assert stat(s, "blue1", "unloaded") == "balestra" and stat(s, "red1", "ran") == 1


def test_rb5_a_move_over_a_height_still_asks_what_it_passed_after_the_roll() -> None:
    """RB-21: a failed jump ends the move there, so what it passed is known only after
    the roll: a move over a height asks it then, as before."""
    before, now = _both({"red": [model("A")], "blue": [model("B")]})
    play(before, ("move.mode", "height"))
    play(now, ("move.made", "height"))
    for s in (before, now):
        play(s, ("move.over", "simple_up"), ("move.height", 3), ("move.height_roll", (5, 4)))
        play(s, ("fall.wound", (6, 6)))
        assert key(s) == "move.passed" and isinstance(s.prompt, Pick)
        assert s.prompt.minimum == 0


def test_rb17_with_no_enemy_able_to_attack_the_move_menu_is_as_before() -> None:
    """RB-17: engaged or fleeing enemies make no free attack; when none could, nothing
    is said about passing (the move alone, `move.mode`)."""
    before, now = _both({"red": [model("A")], "blue": [model("B")]})
    for s in (before, now):
        s.gm("gm.set", unit="blue1", field="fleeing", value=True)
    assert key(now) == key(before) == "move.mode" and _values(now) == _values(before)


def test_rb17_a_side_the_app_plays_decides_its_move_and_the_table_says_what_it_passed() -> None:
    """Issue 26: the app answers decisions only. A side it plays is asked its move
    (`move.mode`, a decision) and the table what it passed (`move.passed`, a fact);
    `move.made` is a table fact, never put to it."""
    s = _today({"red": [model("A")], "blue": [model("B")]})
    s.gm("gm.ai", side="red", persona="balanced")
    initiative(s, 6, 1)
    assert key(s) == "move.mode" and decides(SYSTEM, s.prompt)  # type: ignore[arg-type]
    assert "clear:simple" not in _values(s)
    play(s, ("move.mode", "simple"))
    assert key(s) == "move.passed" and "move.passed" in SYSTEM.table_facts
    assert "move.made" in SYSTEM.table_facts


def test_a_second_pass_save_replays_its_stored_log_with_the_second_pass_questions() -> None:
    """A save of the second pass (a table side's move and what it passed asked apart)
    replays with those questions, unchanged: the same stored log and result."""
    for path in sorted(SAVES.glob("regole-base*.toml")):
        loaded, _, doc = load_with_document(path, systems())
        assert loaded.setup.options.get("questions") == "second pass", path.name
        assert loaded.battle.result is not None and replay_differences(doc, loaded) == []
