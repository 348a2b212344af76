"""regole-base asks less (issue 25): each question merged gives the same outcome, with
the same dice, as the questions asked one at a time before.

- "which enemy models did it pass within 1"?" is one `Pick` (`move.passed`), where it
  was "did it pass within 1" of an enemy?" and "which one?" again and again; only the
  enemies that can make a free attack are listed (none: not asked);
- "which enemy weapons did it run within half the range of?" is one `Pick`
  (`move.half_ranges`, one shot a shooter), where it was a yes/no and "which weapon?"
  (issue 25's first pass: since, it is part of `move.passed`, test_rb_asking_again.py).
"""

from __future__ import annotations

from skirmtui.engine.core.prompts import Pick
from skirmtui.engine.core.session import Session
from tests.systems.rb_helpers import initiative, model, session
from tests.systems.scripting import key, play, stat

#: The questions these tests show merged are asked so since issue 25's first pass; its
#: second pass asks them the same way (a table side's move and what it passed are one
#: answer since: test_rb_move_made.py).
TODAY = {"questions": "second pass"}
FIRST_PASS = {"questions": "first pass"}


def _three_enemies(**options: str) -> Session:
    s = session({"red": [model("A")], "blue": [model("B"), model("C"), model("D")]}, **options)
    initiative(s, 6, 1)
    return s


def test_rb17_every_enemy_passed_within_one_inch_is_one_answer() -> None:
    """RB-17: each enemy within 1" at any point of the move makes one free attack that
    cannot be parried. Told one by one (before) or in one answer (now): the same enemies
    attack in the same order with the same dice, with the same wounds."""
    before, now = _three_enemies(), _three_enemies(**TODAY)
    play(before, ("move.mode", "simple"), ("move.within_1", True))
    play(before, ("move.free_attacker", "blue2"), ("melee.hit", (6, 5)))
    play(before, ("move.within_1", True), ("move.free_attacker", "blue3"))
    play(before, ("melee.hit", (1, 1)), ("wound.roll", (1, 1)))
    play(before, ("move.within_1", False))
    play(now, ("move.mode", "simple"))
    assert isinstance(now.prompt, Pick) and key(now) == "move.passed"
    assert now.prompt.text == 'Which enemy models did A pass within 1" of?'
    assert [o.value for o in now.prompt.options] == ["blue1", "blue2", "blue3"]
    play(now, ("move.passed", ["blue3", "blue2"]))  # stored in roster order
    play(now, ("melee.hit", (6, 5)), ("melee.hit", (1, 1)), ("wound.roll", (1, 1)))
    assert [i.value for i in now.items if i.key == "move.passed"] == [("blue2", "blue3")]
    for s in (before, now):
        assert stat(s, "red1", "r") == stat(before, "red1", "r")
    assert key(now) == key(before)
    attacks = [e.text for e in now.battle.log if "makes a free attack on" in e.text]
    assert attacks == [e.text for e in before.battle.log if "makes a free attack on" in e.text]


def test_rb17_nobody_passed_is_one_answer_and_engaged_enemies_are_not_offered() -> None:
    """RB-17: engaged or fleeing enemies make no free attack, so they are not listed; no
    enemy passed: one answer, the move goes on."""
    s = _three_enemies(**TODAY)
    s.gm("gm.set", unit="blue1", field="fleeing", value=True)
    play(s, ("move.mode", "simple"))
    assert isinstance(s.prompt, Pick)
    assert [o.value for o in s.prompt.options] == ["blue2", "blue3"]
    play(s, ("move.passed", []))
    assert key(s) != "move.passed"


def test_rb4_running_past_half_range_of_weapons_is_one_answer() -> None:
    """Seed: running within half the range of an enemy's ranged weapon gives it a free
    shot; RB-17: a loaded weapon without a template, one shot a shooter (its weapons are
    one group). Same dice as the yes/no before: the same shot, the weapon unloaded."""
    units = {"red": [model("A")], "blue": [model("B", weapons="Balestra; Trombone")]}
    before, now = session(units), session(units, **FIRST_PASS)
    for s in (before, now):
        initiative(s, 6, 1)
    play(before, ("move.mode", "run"), ("move.within_1", False), ("move.half_range", True))
    play(now, ("move.mode", "run"), ("move.passed", []))
    assert isinstance(now.prompt, Pick) and key(now) == "move.half_ranges"
    assert [(o.value, o.group) for o in now.prompt.options] == [("blue1:balestra", "blue1")]
    play(now, ("move.half_ranges", ["blue1:balestra"]))
    for s in (before, now):
        assert s.prompt is not None and "T 4 vs V 5 (ran)" in s.prompt.text
        play(s, ("shoot.hit", (6, 5)))
        assert stat(s, "blue1", "unloaded") == "balestra"
