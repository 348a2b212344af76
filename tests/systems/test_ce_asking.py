"""cape-et-epee asks less (issue 25): each question merged, skipped or defaulted gives the
same outcome, with the same dice, as the questions asked one at a time before.

- a morale test's two facts (in cover? could an enemy that is not shaken charge?) are
  one `Pick` (`morale.facts`); with no unshaken enemy on the table none can charge, so
  that fact is not asked; Enter offers the answer of the character's last test;
- "done" after a move or an improvised action is not asked: the log says what the
  table does;
- a choice with one legal option (an action, a character) is taken and logged.
"""

from __future__ import annotations

from skirmtui.engine.core.prompts import Pick, Roll
from skirmtui.engine.core.session import Session
from tests.systems.ce_helpers import activate, ch, session
from tests.systems.scripting import key, play, stat

TODAY = {"questions": "today"}
#: A save of issue 25's first pass asks as it did then (a character, then its action).
FIRST_PASS = {"questions": "first pass"}
#: A save of the third pass asks a morale test's facts as a multi-select (today: one of
#: their four combinations, tests/systems/test_ce_fourth_pass.py).
THIRD_PASS = {"questions": "third pass"}


def _engage(s: Session) -> None:
    """red1 charges blue1 and reaches contact (blue1 not activated: no reaction)."""
    play(s, ("impulse.action", "charge"), ("charge.target", "blue1"), ("charge.contact", True))


def _wounded_protagonist(**options: str) -> Session:
    s = session([ch("A", mischia=6)], [ch("P", "protagonist", mischia=0, morale=5)], **options)
    activate(s, (3,), (1,), (3, "red1"))
    _engage(s)
    play(s, ("melee.attack", (5,)), ("melee.defend", (1,)), ("combat.wound", (1,)))
    return s


def test_ce9_a_morale_tests_facts_are_one_answer() -> None:
    """Seed §2.7.2: +1 in cover, +1 when no enemy can charge; §2.7.3: a wounded
    protagonist breaks off and seeks cover. Told fact by fact (before) or in one answer
    (now), the same test is rolled against the same number, with the same outcome."""
    before, now = _wounded_protagonist(), _wounded_protagonist(**THIRD_PASS)
    play(before, ("morale.cover", False), ("morale.threat", True))
    assert isinstance(now.prompt, Pick) and key(now) == "morale.facts"
    assert [o.value for o in now.prompt.options] == ["cover", "threat"]
    play(now, ("morale.facts", ["threat"]))  # not in cover; an enemy could charge
    for s in (before, now):
        assert isinstance(s.prompt, Roll) and s.prompt.effective_threshold == 5
        play(s, ("morale.test", (9,)))
        assert stat(s, "blue1", "status") == "seek cover"
        assert stat(s, "red1", "foe") == "" and stat(s, "blue1", "foe") == ""


def test_ce9_both_facts_true_in_one_answer_give_both_modifiers() -> None:
    """Seed §2.7.2: in cover +1; "nessun nemico può caricare" is false: no +1."""
    now = _wounded_protagonist(**THIRD_PASS)
    play(now, ("morale.facts", ["cover", "threat"]))
    assert isinstance(now.prompt, Roll) and now.prompt.effective_threshold == 6
    before = _wounded_protagonist()
    play(before, ("morale.cover", True), ("morale.threat", True))
    assert isinstance(before.prompt, Roll) and before.prompt.effective_threshold == 6


def test_ce9_with_no_unshaken_enemy_nobody_can_charge_and_it_is_not_asked() -> None:
    """Seed §2.7.2 "nessun nemico può caricare" (+1): every enemy shaken, so none can
    charge — taken and logged; only cover is asked, and the test has the +1 (a rally:
    seed §2.7.3, a shaken character tests to recover)."""
    s = session([ch("A")], [ch("P", morale=5)], **TODAY)
    s.gm("gm.set", unit="red1", field="status", value="shaken")  # the only enemy
    s.gm("gm.set", unit="blue1", field="status", value="shaken")
    activate(s, (1,), (3,), (3, "blue1"))
    play(s, ("impulse.action", "rally"))
    assert key(s) == "morale.cover"
    taken = s.battle.log[-1]
    assert taken.text.endswith("→ no (no enemy on the table is unshaken) (the only choice)")
    play(s, ("morale.cover", False))
    assert isinstance(s.prompt, Roll) and s.prompt.effective_threshold == 6  # 5 +1


def test_ce9_enter_offers_the_facts_of_the_characters_last_test() -> None:
    """Issue 25: the same question about the same character: last time's answer is the
    default (an offer only)."""
    s = _wounded_protagonist(**THIRD_PASS)
    assert s.prompt is not None and s.prompt.default is None
    play(s, ("morale.facts", ["cover"]), ("morale.test", (1,)))
    facts = [e.value for e in s.battle.log if e.key == "morale.facts"]
    assert facts == [("cover",)]


def test_ce_a_move_is_not_confirmed_the_log_says_it() -> None:
    """Seed §2.4 (move: up to `move` um): the table moves the miniature; "done" changed
    nothing, so the log says it and the impulse goes on; the AP are spent the same."""
    before = session([ch("A", move=6)], [ch("X")])
    now = session([ch("A", move=6)], [ch("X")], **TODAY)
    for s in (before, now):
        activate(s, (3,), (1,), (3, "red1"))
        play(s, ("impulse.action", "move"))
    play(before, ("move.done", True))
    assert now.battle.log[-1].text == "A moves up to 6 um"
    for s in (before, now):
        assert key(s) == "impulse.action" and stat(s, "red1", "ap") == 2


def test_ce6_an_only_legal_choice_is_taken_and_logged_not_asked() -> None:
    """Seed §2.5: a character in a melee must fight or flee — when it is its side's only
    non-activated character, stopping is refused, so "which character acts?" has one
    legal answer: taken and logged; the same character acts as when it was asked. (The
    questions of issue 25's first pass: today the character and its action are one
    answer, tests/systems/test_ce_asking_again.py.)"""
    before = session([ch("A")], [ch("X")])
    now = session([ch("A")], [ch("X")], **FIRST_PASS)
    for s in (before, now):
        activate(s, (2,), (1,), (2, "red1"))
        _engage(s)
        play(s, ("melee.attack", (1,)), ("melee.defend", (2,)))  # nobody hit
    play(before, ("na.unit", "blue1"))
    taken = now.battle.log[-1]
    assert taken.text == "Blue: which non-activated character acts? → X (the only choice)"
    assert (taken.key, taken.actor) == ("na.unit", "blue1")
    for s in (before, now):
        assert key(s) == "na.action" and s.prompt is not None and s.prompt.actor == "blue1"
        assert stat(s, "blue1", "acted") is True
