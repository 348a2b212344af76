"""cape-et-epee asks less a fourth time (issue 25): each question merged gives the same
outcome, with the same dice, as the questions of the third pass (saves of that time keep
them: `questions = "third pass"`).

- a morale test's two facts are one choice among their four combinations
  (`morale.situation`, one key), not a multi-select (`morale.facts`, a tick and Enter);
- a side the table plays says with a non-activated squad member's action that it is with
  its squad (`na.act_with`, a table fact: seed §2.5, a separated member may only move to
  rejoin it, or do nothing); `na.separated` is no longer asked after it. A side the app
  plays decides the action alone (`na.act`) and the table still says the separation.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from skirmtui.engine.core.prompts import Choose, Pick, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.shared_roll import SharedRoll
from skirmtui.engine.core.system import decides
from skirmtui.engine.report.luck import luck
from skirmtui.engine.store.compare import replay_differences
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import get_system, systems
from tests.systems.ce_helpers import activate, ch, options, roll, session
from tests.systems.scripting import key, play, stat

TODAY = {"questions": "today"}
THIRD = {"questions": "third pass"}
SAVES = Path(__file__).parent / "saves" / "third-pass"
SYSTEM = get_system("cape-et-epee")


# -- a morale test's facts ---------------------------------------------------------------


def _wounded_protagonist(**options: str) -> Session:
    """red1 charges P (morale 5), wins the melee and wounds it: P tests (seed §2.7)."""
    s = session([ch("A", mischia=6)], [ch("P", "protagonist", mischia=0, morale=5)], **options)
    activate(s, (3,), (1,), (3, "red1"))
    play(s, ("impulse.action", "charge"), ("charge.target", "blue1"), ("charge.contact", True))
    play(s, ("melee.attack", (5,)), ("melee.defend", (1,)), ("combat.wound", (1,)))
    return s


#: Each of the four answers and the third pass's multi-select saying the same facts.
_SAME_FACTS = [
    ("open", ()),
    ("cover", ("cover",)),
    ("threat", ("threat",)),
    ("cover+threat", ("cover", "threat")),
]


@pytest.mark.parametrize(("answer", "ticked"), _SAME_FACTS)
def test_ce9_a_morale_tests_facts_are_one_of_four_answers(
    answer: str, ticked: tuple[str, ...]
) -> None:
    """Seed §2.7.2: +1 "personaggio al coperto", +1 "nessun personaggio nemico che possa
    caricare"; §2.7.3: a wounded protagonist that fails seeks cover. The same facts told
    as one of four answers (today) or ticked (third pass): the same number to roll under,
    and with the same die the same outcome."""
    for die in (5, 6, 7, 8):
        now, before = _wounded_protagonist(**TODAY), _wounded_protagonist(**THIRD)
        prompt = now.prompt
        assert isinstance(prompt, Choose) and key(now) == "morale.situation"
        assert [o.value for o in prompt.options] == [a for a, _ in _SAME_FACTS]
        assert isinstance(before.prompt, Pick) and key(before) == "morale.facts"
        play(now, ("morale.situation", answer))
        play(before, ("morale.facts", list(ticked)))
        thresholds = set()
        for s in (now, before):
            assert isinstance(s.prompt, Roll)
            thresholds.add(s.prompt.effective_threshold)
            play(s, ("morale.test", (die,)))
        assert thresholds == {5 + ("cover" in ticked) + ("threat" not in ticked)}
        assert stat(now, "blue1", "status") == stat(before, "blue1", "status")
        failed = ["P fails the morale test" in e.text for e in now.battle.log]
        assert any(failed) == (die > thresholds.pop())
        assert failed == ["P fails the morale test" in e.text for e in before.battle.log]


def test_ce9_the_morale_situation_is_a_table_fact_and_enter_offers_the_last_one() -> None:
    """The table says what it sees (an app side never answers it); the same question about
    the same character offers last time's answer (an offer only)."""
    assert "morale.situation" in SYSTEM.table_facts
    s = _wounded_protagonist(**TODAY)
    assert s.prompt is not None and s.prompt.default is None
    play(s, ("morale.situation", "cover"), ("morale.test", (1,)))
    assert [e.value for e in s.battle.log if e.key == "morale.situation"] == ["cover"]


# -- a non-activated squad member's separation -------------------------------------------


def _na(**options: str) -> Session:
    """Nobody activated (faces over 3): red's A stops; blue's B and C (squad S, both on
    the table) are left to act."""
    s = session([ch("A", weapon="pistol")], [ch("B", squad="S"), ch("C", squad="S")], **options)
    activate(s, (1,), (1,))
    play(s, ("na.act", "done"))  # red (the initiative): no squad, nothing to say
    return s


def test_ce6_a_squad_member_with_its_squad_is_said_with_its_action() -> None:
    """Seed §2.5: "Squadre che hanno personaggi separati dal resto della squadra possono
    solo muovere tali miniature per ricongiungersi". The table, told the rule in the
    question, picks C's prone for a C with its squad: the same as answering the third
    pass's separation question "no" after it."""
    now, before = _na(**TODAY), _na(**THIRD)
    prompt = now.prompt
    assert isinstance(prompt, Choose) and prompt.key == "na.act_with"
    assert "na.act_with" in SYSTEM.table_facts and not decides(SYSTEM, prompt)
    assert "may only move to rejoin it, or do nothing" in prompt.text
    play(now, ("na.act_with", "blue2|prone"))
    play(before, ("na.act", "blue2|prone"), ("na.separated", False))
    for s in (now, before):
        assert stat(s, "blue2", "prone") is True and stat(s, "blue2", "acted") is True
        assert s.prompt is not None and s.prompt.actor == "blue1"  # B is left
    assert not [e for e in now.battle.log if e.key == "na.separated"]


def test_ce6_a_separated_squad_member_moves_or_does_nothing_in_the_one_answer() -> None:
    """Seed §2.5: separated, C may only move to rejoin (or do nothing). The third pass
    asked its action, its separation, then its action again among those two; today the
    table picks the move: the same move, C not prone, its action spent."""
    now, before = _na(**TODAY), _na(**THIRD)
    play(now, ("na.act_with", "blue2|move"))
    play(before, ("na.act", "blue2|prone"), ("na.separated", True))
    assert key(before) == "na.action" and options(before) == ["move", "end"]
    play(before, ("na.action", "move"))
    for s in (now, before):
        assert "C moves up to 5 um" in [e.text for e in s.battle.log]
        assert stat(s, "blue2", "prone") is False and stat(s, "blue2", "acted") is True


def test_ce6_nothing_said_about_separation_when_no_one_could_be_separated() -> None:
    """A character of no squad (red's A) cannot be separated: its side's question is the
    decision alone (`na.act`), as in the third pass."""
    s = session([ch("A"), ch("B")], [ch("X")], **TODAY)
    activate(s, (1,), (1,))
    assert key(s) == "na.act" and s.prompt is not None and decides(SYSTEM, s.prompt)


def test_ce6_a_side_the_app_plays_decides_and_the_table_says_the_separation() -> None:
    """Issue 26: an app side answers its decisions only: it picks the action (`na.act`),
    the table then says whether the member is separated (`na.separated`), as before."""
    s = session([ch("A", weapon="pistol")], [ch("B", squad="S"), ch("C", squad="S")], **TODAY)
    s.gm("gm.ai", side="blue", persona="balanced")
    activate(s, (1,), (1,))
    play(s, ("na.act", "done"))
    assert key(s) == "na.act" and s.prompt is not None and decides(SYSTEM, s.prompt)
    play(s, ("na.act", "blue2|prone"))
    assert key(s) == "na.separated" and "na.separated" in SYSTEM.table_facts
    play(s, ("na.separated", True), ("na.action", "move"))
    assert stat(s, "blue2", "prone") is False


# -- the activation dice ------------------------------------------------------------------


def _armies(**options: object) -> Session:
    """Red: three autonomous characters (3 dice); blue: two (2 dice) — CE-2."""
    return session([ch("A"), ch("B"), ch("C")], [ch("X"), ch("Y")], **options)


def test_ce2_both_players_activation_dice_are_one_answer_with_the_same_outcome() -> None:
    """Seed §2.1: "Il giocatore tira i suoi d6 di attivazione, i punteggi fino a 3 incluso
    sono validi … Il giocatore con più '3' ha l'iniziativa". Both players roll at the
    same moment: one answer, red's faces then blue's; the same faces give the same valid
    dice and the same initiative as two answers (third pass)."""
    now, before = _armies(**TODAY), _armies(**THIRD)
    prompt = now.prompt
    assert isinstance(prompt, SharedRoll) and key(now) == "activation.rolls"
    assert prompt.dice == "5d6" and prompt.shares == (("red", 3), ("blue", 2))
    assert (prompt.per_die, prompt.compare, prompt.threshold) == (True, "<=", 3)
    assert prompt.side is None and "Red 3 dice, Blue 2 dice" in prompt.text
    play(now, ("activation.rolls", (3, 5, 1, 3, 3)))
    play(before, ("activation.roll", (3, 5, 1)), ("activation.roll", (3, 3)))
    for s in (now, before):
        assert s.battle.pos.dice == {"red": [3, 1], "blue": [3, 3]}
        assert s.battle.pos.initiative == "blue"  # two '3's against one
    said = [e.text for e in now.battle.log]
    assert "Red rolled 3, 5, 1: 2 valid dice; Blue rolled 3, 3: 2 valid dice" in said


def test_ce2_the_luck_tally_gives_each_player_its_own_activation_dice() -> None:
    """G-2: each die is a trial at 1/2 (valid on 1–3) of the player who rolled it: the
    tally of the one answer is the tally of the two."""
    now, before = _armies(**TODAY), _armies(**THIRD)
    play(now, ("activation.rolls", (3, 5, 1, 6, 6)))
    play(before, ("activation.roll", (3, 5, 1)), ("activation.roll", (6, 6)))
    for s in (now, before):
        found = luck(s.battle)
        red, blue = found.sides["red"], found.sides["blue"]
        assert (red.rolls, red.trials, red.actual) == (1, 3, 2)
        assert (blue.rolls, blue.trials, blue.actual) == (1, 2, 0)
        assert red.expected == Fraction(3, 2) and blue.expected == 1


def test_ce2_the_activation_dice_are_asked_apart_when_the_app_rolls_one_players() -> None:
    """The app rolls red's dice, the table types blue's: one roll a player, as before;
    a player with no dice is not asked (blue has no character left)."""
    s = _armies(**TODAY, app_rolls=["red"])
    assert key(s) == "activation.roll" and s.prompt is not None and s.prompt.side == "red"
    lone = session([ch("A")], [ch("X")], **TODAY)
    lone.gm("gm.remove", unit="blue1")
    assert key(lone) == "activation.roll" and lone.prompt is not None
    assert lone.prompt.side == "red"


# -- orders: a face of one die -----------------------------------------------------------


def _orders(**options: object) -> Session:
    """Red rolls 3, 2, 6 and blue 1: red has the initiative (one '3'); blue orders first."""
    s = session([ch("A"), ch("B"), ch("C")], [ch("X")], **options)
    roll(s, (3, 2, 6), (1,))
    return s


def test_ce3_a_face_of_one_die_is_one_choice_with_the_same_orders() -> None:
    """Seed §2.2: the die placed beside a character gives it its face's AP; one not
    placed is not used. A face of one die: one choice (a character or squad, or
    nobody), where the third pass asked a multi-select of at most one."""
    now, before = _orders(**TODAY), _orders(**THIRD)
    prompt = now.prompt
    assert isinstance(prompt, Choose) and key(now) == "orders.one" and prompt.side == "blue"
    assert [o.value for o in prompt.options] == ["blue1", "unused"]
    assert decides(SYSTEM, prompt)  # the side's decision: an app side answers it
    play(now, ("orders.one", "unused"))
    assert isinstance(before.prompt, Pick) and before.prompt.maximum == 1
    play(before, ("orders.face", ()))
    play(now, ("orders.one", "red2"), ("orders.one", "red1"))
    play(before, ("orders.face", ["red2"]), ("orders.face", ["red1"]))
    for s in (now, before):
        aps = [stat(s, u, "ap") for u in ("red1", "red2", "red3", "blue1")]
        assert aps == [2, 3, 0, 0] and key(s) == "impulse.action"


# -- deployment: the distance said with the marker ---------------------------------------


def _reserve(**options: object) -> Session:
    s = session([ch("Porthos", "protagonist", reserve=True)], [ch("X")], **options)
    activate(s, (3,), (1,), (3, "red1"))
    return s


def test_ce4_the_table_says_the_distance_with_the_marker() -> None:
    """Seed §2.3 (CE-4): the character replaces an unrevealed marker for 1 AP, the nearest
    enemies farther than its movement and theirs, or the area free of them. The table
    plays red: it picks the marker knowing the rule (the question says it) — the same
    deployment as the third pass's marker then "yes"."""
    now, before = _reserve(**TODAY), _reserve(**THIRD)
    prompt = now.prompt
    assert isinstance(prompt, Choose) and key(now) == "deploy.at_clear"
    assert "deploy.at_clear" in SYSTEM.table_facts and not decides(SYSTEM, prompt)
    assert "farther than its movement and their own" in prompt.text
    play(now, ("deploy.at_clear", "red1@1"))
    play(before, ("deploy.at", "red1@1"), ("deploy.distance", True))
    for s in (now, before):
        assert stat(s, "red1", "deployed") and stat(s, "red1", "ap") == 2
        assert s.battle.pos.markers == ["Gate"]


def test_ce4_no_marker_meeting_the_distance_is_done_as_a_refused_distance() -> None:
    """CE-4: a "no" to the distance left the marker and asked again; with nowhere to go
    the table says "done": not deployed, its AP lost (ours) either way."""
    now, before = _reserve(**TODAY), _reserve(**THIRD)
    play(before, ("deploy.at", "red1@0"), ("deploy.distance", False), ("deploy.at", "done"))
    play(now, ("deploy.at_clear", "done"))
    for s in (now, before):
        assert not stat(s, "red1", "deployed") and s.battle.pos.markers == ["Gate", "Well"]
        assert stat(s, "red1", "ap") == 0


def test_ce4_a_side_the_app_plays_decides_and_the_table_says_the_distance() -> None:
    """Issue 26: an app side decides who and where (`deploy.at`), the table the fact."""
    s = session([ch("Porthos", "protagonist", reserve=True)], [ch("X")], **TODAY)
    s.gm("gm.ai", side="red", persona="balanced")
    activate(s, (3,), (1,), (3, "red1"))
    assert key(s) == "deploy.at" and s.prompt is not None and decides(SYSTEM, s.prompt)
    play(s, ("deploy.at", "red1@0"))
    assert key(s) == "deploy.distance"


# -- the first turn's roll-off -----------------------------------------------------------


def _tied(**options: object) -> Session:
    """One 3 each in the first turn: the initiative is rolled off (seed §2.1: "Nel primo
    turno, in caso di parità, decidere casualmente"; ours: a d6 each, G-3)."""
    s = session([ch("A")], [ch("X")], **options)
    if key(s) == "activation.rolls":  # both players' dice in one answer
        play(s, ("activation.rolls", (3, 3)))
    else:
        play(s, ("activation.roll", (3,)), ("activation.roll", (3,)))
    return s


def test_ce2_the_first_turns_roll_off_is_one_answer_with_the_same_winner() -> None:
    """Both players roll their die at the same moment: one answer, red's face then
    blue's; the same faces give the same initiative as two answers (third pass)."""
    now, before = _tied(**TODAY), _tied(**THIRD)
    play(before, ("activation.rolloff", (2,)), ("activation.rolloff", (5,)))
    assert isinstance(now.prompt, Roll) and key(now) == "activation.rolloffs"
    assert now.prompt.dice == "2d6" and now.prompt.side is None
    play(now, ("activation.rolloffs", (2, 5)))
    for s in (now, before):
        assert s.battle.pos.initiative == "blue" and s.prompt is not None
        assert s.prompt.side == "red"  # the player without the initiative orders first
    assert "Red 2, Blue 5 (the initiative)" in [e.text for e in now.battle.log]


def test_ce2_the_roll_off_is_asked_apart_when_the_app_rolls_one_players_die() -> None:
    """The app rolls for red only: each die its own prompt, as before."""
    s = _tied(**TODAY, app_rolls=["red"])
    assert key(s) == "activation.rolloff" and s.prompt is not None and s.prompt.side == "red"
    play(s, ("activation.rolloff", (6,)), ("activation.rolloff", (1,)))
    assert s.battle.pos.initiative == "red"


# -- saves of the third pass -------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(SAVES.glob("cape-et-epee*.toml")), ids=lambda p: p.stem)
def test_a_save_of_the_third_pass_replays_as_it_was_played(path: Path) -> None:
    """A battle saved with the third pass's questions (`skirmtui sim cape-et-epee
    --battles 8 --seed 25 --save-dir DIR` at 5648226, its second battle: morale facts
    ticked, separated squad members, a roll-off, melees, deployments) replays with those,
    to the same log and result, and its setup says so."""
    loaded, _ = load_session(path, systems())
    assert loaded.battle.result is not None and loaded.prompt is None
    assert loaded.setup.options.get("questions") == "third pass"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert replay_differences(doc, loaded) == []  # `skirmtui check`: the same log
