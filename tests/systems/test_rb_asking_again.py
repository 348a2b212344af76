"""regole-base asks less again (issue 25, after its first pass): each question merged or
skipped gives the same outcome, with the same dice, as the first pass's questions.

- a march and the action it gives up are one answer (`move.mode` = `march/assault`); the
  moves over a height are a second menu (`move.over`), so the first fits the number keys;
- a side the table plays says its charge and whether it reached in one answer
  (`assault.charge`); a side the app plays still chooses (`assault.action`) and the
  table says the reach (`assault.reach`, a fact the app never answers);
- after a run, the enemy weapons run past are in the same multi-select as the enemy
  models passed (`move.passed`), not a second one (`move.half_ranges`);
- an escape's, a flight's or a getaway's "move it — done?" is told in the question of
  what the model passed, when that question follows;
- the models under the blunderbuss template are one multi-select (`shoot.under`).

`before` plays with `questions = "first pass"` (what a save of that time replays with),
`now` with `questions = "second pass"`, where these changes came (a table side's move
and what it passed are one answer since: test_rb_move_made.py).
"""

from __future__ import annotations

from skirmtui.engine.core.prompts import Choose, Pick
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import decides
from skirmtui.engine.store.reader import load_session
from skirmtui.systems.registry import systems
from skirmtui.systems.regole_base import SYSTEM
from tests.systems.rb_helpers import initiative, model, pass_movement, session, texts
from tests.systems.scripting import key, play, stat
from tests.systems.test_rb_first_pass_saves import SAVES

FIRST_PASS = {"questions": "first pass"}
SECOND_PASS = {"questions": "second pass"}


def _second(units: dict[str, list[tuple[str, dict[str, object]]]]) -> Session:
    """A battle asking the second pass's questions."""
    return session(units, **SECOND_PASS)


def _both(units: dict[str, list[tuple[str, dict[str, object]]]]) -> tuple[Session, Session]:
    return session(units, **FIRST_PASS), _second(units)


# -- RB-4: a march and what it gives up ----------------------------------------------------


def test_rb4_a_march_and_the_action_it_gives_up_are_one_answer() -> None:
    """Seed: "per tutto il turno in cui ha marciato, il modello deve scegliere se
    rinunciare alla sua azione di assalto o alla sua azione di tiro" (RB-4: chosen at
    once). One answer gives the same march and the same action given up: the archer
    that gave up its assault is not offered a charge and shoots."""
    units = {"red": [model("A", weapons="Frombola")], "blue": [model("B")]}
    before, now = _both(units)
    for s in (before, now):
        initiative(s, 6, 1)
    play(before, ("move.mode", "march"), ("move.give_up", "assault"), ("move.passed", []))
    assert isinstance(now.prompt, Choose)
    values = [o.value for o in now.prompt.options]
    assert values == [
        "simple",
        "march/assault",
        "march/shooting",
        "run",
        "climb",
        "height",
        "pass",
    ]  # each with a number key; the moves over a height come next if asked
    play(now, ("move.mode", "march/assault"), ("move.passed", []))
    for s in (before, now):
        assert (stat(s, "red1", "marched"), stat(s, "red1", "gave_up")) == (True, "assault")
        play(s, ("move.mode", "pass"))
        assert s.prompt is not None and s.prompt.actor == "blue1"  # red1 may not charge
        play(s, ("assault.charge" if s is now else "assault.action", "pass"))
        assert key(s) == "shoot.weapon" and s.prompt is not None and s.prompt.actor == "red1"
    assert not any(i.key == "move.give_up" for i in now.items)


def test_rb4_a_march_over_a_height_gives_up_its_shooting_in_the_same_answer() -> None:
    """RB-4 with RB-5: the moves over a height are a second menu (the first keeps every
    move a table makes most on a number key); a march with a jump up says what it gives
    up there; the height is asked and rolled as before (F 4 vs 3 with the same dice),
    and the shot is given up."""
    before, now = _both({"red": [model("A", weapons="Frombola")], "blue": [model("B")]})
    for s in (before, now):
        initiative(s, 6, 1)
    play(before, ("move.mode", "march_up"), ("move.give_up", "shooting"))
    play(now, ("move.mode", "height"))
    assert key(now) == "move.over" and isinstance(now.prompt, Choose)
    assert [o.value for o in now.prompt.options] == [
        f"{m}_{h}"
        for h in ("up", "down")
        for m in ("simple", "march/assault", "march/shooting", "run")
    ]
    play(now, ("move.over", "march/shooting_up"))
    for s in (before, now):
        play(s, ("move.height", 3))
        assert s.prompt is not None and "F 4 vs 3" in s.prompt.text
        play(s, ("move.height_roll", (2, 3)), ("move.passed", []))
        assert stat(s, "red1", "gave_up") == "shooting" and stat(s, "red1", "moved")
    assert key(now) == key(before)


# -- RB-6: a charge and whether it reached ---------------------------------------------------


def _to_assault(s: Session) -> None:
    initiative(s, 5, 2)
    pass_movement(s)


def test_rb6_a_charge_that_reaches_is_one_answer_for_a_side_the_table_plays() -> None:
    """Seed: "un modello si può muovere di V / 2'' verso un'unità nemica per entrare in
    contatto di basetta"; RB-6: the table says if contact is reached. Said with the
    charge: the same contact and the same +1 F and V."""
    units = {"red": [model("A")], "blue": [model("B")]}
    before, now = _both(units)
    for s in (before, now):
        _to_assault(s)
    play(before, ("assault.action", "charge:blue1"), ("assault.reach", True))
    assert key(now) == "assault.charge" and isinstance(now.prompt, Choose)
    assert [o.value for o in now.prompt.options] == ["charge:blue1", "pass", "short:blue1"]
    play(now, ("assault.charge", "charge:blue1"))
    for s in (before, now):
        assert s.battle.pos.contacts == [["blue1", "red1"]] and stat(s, "red1", "charged")
        assert "A charges B: +1 F and V this phase" in texts(s)
    assert key(now) == key(before)


def test_rb6_a_charge_that_falls_short_is_one_answer_and_makes_no_contact() -> None:
    """Seed: "Se tale distanza non è sufficiente … l'assalto fallisce"; RB-13: a failed
    charge still moves up to V/2". Said with the charge: no contact, no bonus."""
    units = {"red": [model("A")], "blue": [model("B")]}
    before, now = _both(units)
    for s in (before, now):
        _to_assault(s)
    play(before, ("assault.action", "charge:blue1"), ("assault.reach", False))
    play(now, ("assault.charge", "short:blue1"))
    for s in (before, now):
        assert s.battle.pos.contacts == [] and not stat(s, "red1", "charged")
        assert any("charge falls short" in t for t in texts(s))
    assert now.prompt is not None and before.prompt is not None
    assert now.prompt.actor == before.prompt.actor == "blue1"  # B acts next in both


def test_rb6_a_side_the_app_plays_still_has_the_reach_asked_as_a_table_fact() -> None:
    """Issue 26: the app answers decisions only. A side it plays chooses the charge
    (`assault.action`, a decision) and the table says the reach (`assault.reach`, a
    fact): the merged question is never put to it."""
    s = _second({"red": [model("A")], "blue": [model("B")]})
    s.gm("gm.ai", side="red", persona="balanced")
    _to_assault(s)
    assert key(s) == "assault.action" and isinstance(s.prompt, Choose)
    assert [o.value for o in s.prompt.options] == ["charge:blue1", "pass"]
    assert decides(SYSTEM, s.prompt)
    play(s, ("assault.action", "charge:blue1"))
    assert key(s) == "assault.reach" and "assault.reach" in s.system.table_facts
    assert "assault.charge" in s.system.table_facts


# -- RB-17: what a run passed, in one answer ---------------------------------------------------


def test_rb17_models_and_weapons_a_run_passed_are_one_answer() -> None:
    """RB-4/RB-17: each enemy within 1" makes a free attack, each enemy weapon run past
    within half range a free shot (loaded, no template). One answer for both: the same
    free attack, then the same shot (T 4 vs V 5, it ran), the weapon unloaded."""
    units = {"red": [model("A")], "blue": [model("B", weapons="Balestra; Trombone")]}
    before, now = _both(units)
    for s in (before, now):
        initiative(s, 6, 1)
        play(s, ("move.mode", "run"))
    play(before, ("move.passed", ["blue1"]))
    assert isinstance(now.prompt, Pick) and key(now) == "move.passed"
    assert [(o.value, o.group) for o in now.prompt.options] == [
        ("blue1", None),
        ("blue1:balestra", "blue1"),
    ]
    play(now, ("move.passed", ["blue1", "blue1:balestra"]))
    for s in (before, now):
        play(s, ("melee.hit", (6, 5)))  # the free attack misses
    play(before, ("move.half_ranges", ["blue1:balestra"]))
    for s in (before, now):
        assert s.prompt is not None and "T 4 vs V 5 (ran)" in s.prompt.text
        play(s, ("shoot.hit", (6, 5)))
        assert stat(s, "blue1", "unloaded") == "balestra"
    assert key(now) == key(before)


# -- RB-9/RB-13: "move it — done?" told in the next question ---------------------------------


def _escape(s: Session, charge_key: str) -> None:
    """A (red1) charges B (blue1); B escapes (V 4 vs 5: 3+3 passes)."""
    _to_assault(s)
    if key(s) == "assault.model":
        play(s, ("assault.model", "red1"))
    if charge_key == "assault.charge":
        play(s, ("assault.charge", "charge:blue1"))
    else:
        play(s, ("assault.action", "charge:blue1"), ("assault.reach", True))
    play(s, ("assault.action", "escape"), ("assault.escape", (3, 3)))


def test_rb13_an_escape_is_told_in_the_question_of_what_it_passed() -> None:
    """RB-9/RB-13: a successful escape moves V" and the model makes no attacks; RB-17:
    on its way it may pass other enemies. The instruction to move it is a note of that
    question (one answer, not a "done?" and then the question): the same contacts
    broken and the same free attack."""
    units = {"red": [model("A"), model("C")], "blue": [model("B")]}
    before, now = _both(units)
    _escape(before, "assault.action")
    _escape(now, "assault.charge")
    play(before, ("assault.escape_move", True))
    assert isinstance(now.prompt, Pick) and key(now) == "move.passed"
    assert now.prompt.text == (
        'Which enemy models did B pass within 1" of? (B escapes: move it up to 4" away)'
    )
    assert [o.value for o in now.prompt.options] == ["red2"]
    for s in (before, now):
        play(s, ("move.passed", ["red2"]), ("melee.hit", (6, 5)))
        assert s.battle.pos.contacts == [] and "blue1" in s.battle.pos.escaped
    assert not any(i.key == "assault.escape_move" for i in now.items)


def test_rb13_an_escape_with_no_enemy_left_to_pass_still_says_move_it() -> None:
    """No enemy could make a free attack (the only one is the melee's): no question
    follows, so the table is still told to move the model and says when it has."""
    units = {"red": [model("A")], "blue": [model("B")]}
    s = _second(units)
    _escape(s, "assault.charge")
    assert key(s) == "assault.escape_move"
    assert s.prompt is not None and s.prompt.text == 'B escapes: move it up to 4" away — done?'
    play(s, ("assault.escape_move", True))
    assert s.battle.pos.contacts == []


# -- RB-19: the blunderbuss template ---------------------------------------------------------


def test_rb19_models_under_the_template_are_one_answer_attacked_in_roster_order() -> None:
    """RB-19: every model under the template, friends included, takes a full attack;
    once per battle. Named in one answer, they are attacked in roster order, as when
    named one by one in that order: the same attacks, the same dice, the weapon gone."""
    units = {"red": [model("A", weapons="Trombone"), model("C")], "blue": [model("B")]}
    before, now = _both(units)
    for s in (before, now):
        _to_assault(s)
        play(s, ("assault.model", "red1"))
        play(s, ("assault.charge" if s is now else "assault.action", "pass"))
        while key(s) in ("assault.charge", "assault.action", "assault.model"):
            s.answer("pass" if key(s) != "assault.model" else "red2")
        play(s, ("shoot.weapon", "trombone"))
    play(before, ("shoot.template", "red2"), ("shoot.template", "blue1"))
    assert isinstance(now.prompt, Pick) and key(now) == "shoot.under"
    play(now, ("shoot.under", ["blue1", "red2"]))  # stored in roster order
    assert [i.value for i in now.items if i.key == "shoot.under"] == [("red2", "blue1")]
    for s in (before, now):
        assert s.prompt is not None and s.prompt.target == "red2"
        play(s, ("shoot.hit", (6, 5)))
        assert s.prompt is not None and s.prompt.target == "blue1"
        play(s, ("shoot.hit", (6, 5)))
        assert stat(s, "red1", "gone") == "trombone"


# -- saves of the first pass ----------------------------------------------------------------


def test_a_first_pass_save_replays_with_the_first_pass_questions() -> None:
    """A save of issue 25's first pass does not fit today's questions (a march said
    apart, a charge's reach asked apart), so it replays with those it was played with,
    and its setup says so from then on."""
    for path in sorted(SAVES.glob("regole-base*.toml")):
        loaded, _ = load_session(path, systems())
        assert loaded.setup.options.get("questions") == "first pass", path.name
        assert loaded.battle.result is not None
