"""cape-et-epee asks less again (issue 25, second pass): each question merged or skipped
gives the same outcome, with the same dice, as the questions of the first pass (saves of
that time keep them: `questions = "first pass"`).

- a shot's distance and its target's cover are one answer (`shoot.sight`, `react.sight`
  for a return shot); a target that drops prone is asked about cover again;
- who deploys and on which marker are one answer (`deploy.at`);
- "done" after fleeing a melee is not asked: the log says what the table does;
- an impulse may repeat a move, a reload or temporizing in one answer (`move*2`:
  seed §2.4 "anche ripetendo più volte la stessa azione");
- the non-activated character and its action are one answer (`na.act`); whether a squad
  member is separated is asked only when it matters (not for a move or nothing).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from skirmtui.engine.core.prompts import AnswerError, Choose, Pick, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import decides
from skirmtui.engine.store.compare import replay_differences
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import get_system, systems
from tests.systems.ce_helpers import activate, ch, disabled, options, roll, session
from tests.systems.scripting import key, play, stat

TODAY = {"questions": "today"}
FIRST = {"questions": "first pass"}
SECOND = {"questions": "second pass"}
#: A save of the third pass: a squad member's separation asked after its action (today it
#: is said with the action: tests/systems/test_ce_fourth_pass.py).
THIRD = {"questions": "third pass"}
SAVES = Path(__file__).parent / "saves" / "first-pass"
SECOND_SAVES = Path(__file__).parent / "saves" / "second-pass"


def _threshold(s: Session) -> int:
    prompt = s.prompt
    assert isinstance(prompt, Roll) and prompt.effective_threshold is not None
    return prompt.effective_threshold


def _shooters(**options: str) -> Session:
    """A (tiro 6, pistol) shoots X (activated with 2 AP: it may react)."""
    s = session([ch("A", weapon="pistol")], [ch("X", weapon="pistol")], **options)
    activate(s, (3,), (2,), (3, "red1"), (2, "blue1"))
    play(s, ("impulse.action", "shoot"), ("shoot.target", "blue1"))
    return s


# -- orders ------------------------------------------------------------------------------


def _three(**options: str) -> Session:
    """Red rolls 3, 3, 1 (blue 1: red has the initiative, blue orders first, nothing)."""
    red = [ch("A"), ch("B"), ch("C"), ch("O", "protagonist", squad="S", role="officer")]
    s = session([*red, ch("E", squad="S")], [ch("X")], **options)
    roll(s, (3, 3, 1), (1,))
    if options == FIRST:  # blue: its one die unused
        play(s, ("orders.assign", "done"))
    else:
        play(s, ("orders.one", "unused") if options == TODAY else ("orders.face", ()))
    return s


def test_ce3_the_dice_of_a_face_are_given_in_one_answer() -> None:
    """Seed §2.2: a die beside a character gives it AP and priority (its face). Three dice
    given one by one (first pass) or a face's dice in one answer: the same orders."""
    before, now = _three(**FIRST), _three(**THIRD)
    play(before, ("orders.assign", "3|red1"), ("orders.assign", "3|red2"))
    play(before, ("orders.assign", "1|red3"))
    prompt = now.prompt
    assert isinstance(prompt, Pick) and prompt.maximum == 2 and prompt.side == "red"
    assert "2 dice of 3" in prompt.text
    play(now, ("orders.face", ["red1", "red2"]), ("orders.face", ["red3"]))
    assert len(now.items) == len(before.items) - 1
    for s in (before, now):
        faces = {u: (stat(s, u, "die"), stat(s, u, "ap")) for u in ("red1", "red2", "red3")}
        assert faces == {"red1": (3, 3), "red2": (3, 3), "red3": (1, 1)}
        assert stat(s, "red4", "die") == 0 and key(s) == "impulse.action"


def test_ce3_a_squad_is_one_choice_its_officers_die_orders_the_same_models() -> None:
    """Seed §2.2: "Se assegnato a un ufficiale … l'ordine vale per tutta la squadra": a die
    beside the officer or beside the squad orders the same models, so the squad is one
    choice (the first pass listed both)."""
    before, now = _three(**FIRST), _three(**THIRD)
    assert {"4|red4", "3|red4", "3|squad:S"} & set(options(before)) == {"3|red4", "3|squad:S"}
    prompt = now.prompt
    assert isinstance(prompt, Pick)
    assert [o.value for o in prompt.options] == ["red1", "red2", "red3", "squad:S"]
    play(before, ("orders.assign", "3|red4"))  # beside the officer
    play(now, ("orders.face", ["squad:S"]))
    for s in (before, now):
        assert stat(s, "red4", "die") == 3 and stat(s, "red5", "die") == 3


def test_ce3_no_more_dice_of_a_face_than_were_rolled_and_none_leaves_them_unused() -> None:
    """Seed §2.1–2.2: each valid die orders one character or squad; a die not placed
    is not used (as "done" left the other dice before)."""
    now = _three(**THIRD)
    with pytest.raises(AnswerError):
        now.answer(["red1", "red2", "red3"])  # two dice of 3
    play(now, ("orders.face", []))  # the 3s unused
    prompt = now.prompt
    assert isinstance(prompt, Pick) and prompt.maximum == 1 and "1 die of 1" in prompt.text
    play(now, ("orders.face", ["red1"]))
    assert [stat(now, u, "ap") for u in ("red1", "red2")] == [1, 0]
    assert decides(get_system("cape-et-epee"), prompt)  # a side's decision: the app may play it


# -- a shot's distance and cover -----------------------------------------------------------


def test_ce7_distance_and_cover_of_a_shot_are_one_answer() -> None:
    """CE-7: d10 ≤ tiro, −2 at long range, −2 for a target in cover. Told apart (first
    pass) or in one answer (now): the same threshold, and the same morale test for a hit
    in the open after neither (an autonomous character hit in cover does not test)."""
    before, now = _shooters(**FIRST), _shooters(**TODAY)
    play(before, ("shoot.range", "long"))
    assert isinstance(now.prompt, Choose) and key(now) == "shoot.sight"
    assert [o.value for o in now.prompt.options] == [
        "short",
        "short+cover",
        "long",
        "long+cover",
        "out",
    ]
    play(now, ("shoot.sight", "long+cover"))
    for s in (before, now):
        play(s, ("react.shot", "none"))
    play(before, ("shoot.cover", True))
    for s in (before, now):
        assert _threshold(s) == 2  # 6 − 2 (long) − 2 (cover)
        play(s, ("shoot.to_hit", (2,)), ("combat.wound", (6,)))  # hit, not wounded
        assert key(s) == "impulse.action"  # in cover: no morale test (seed §2.7)
        assert stat(s, "red1", "ap") == 2 and stat(s, "blue1", "ap") == 2  # no reaction


def test_ce7_out_of_range_in_one_answer_spends_nothing() -> None:
    """Ours (CE-7): out of range the shot is called off, nothing spent — as before."""
    now = _shooters(**TODAY)
    play(now, ("shoot.sight", "out"))
    assert key(now) == "impulse.action" and stat(now, "red1", "ap") == 3


def test_ce8_a_target_that_drops_prone_is_asked_about_cover_again() -> None:
    """Seed §2.6.1: it drops prone "immediatamente prima del tiro": its cover is what the
    table says after it dropped (as the first pass asked it), last answer offered."""
    now = _shooters(**TODAY)
    play(now, ("shoot.sight", "short+cover"), ("react.shot", "prone"))
    assert key(now) == "shoot.cover" and now.prompt is not None and now.prompt.default is True
    play(now, ("shoot.cover", False))
    assert _threshold(now) == 5  # 6 − 1 (prone target), not in cover after all


def test_ce8_a_return_shot_tells_its_distance_and_cover_in_one_answer() -> None:
    """Seed §2.6.1: the return shot is simultaneous; its distance and the shooter's cover
    (first pass: `react.range`, then `react.cover`) are one answer now."""
    before, now = _shooters(**FIRST), _shooters(**TODAY)
    play(before, ("shoot.range", "short"), ("react.shot", "back"), ("react.range", "long"))
    play(before, ("shoot.cover", False), ("react.cover", True))
    play(now, ("shoot.sight", "short"), ("react.shot", "back"), ("react.sight", "long+cover"))
    for s in (before, now):
        assert key(s) == "shoot.to_hit" and _threshold(s) == 6
        play(s, ("shoot.to_hit", (9,)))
        assert key(s) == "react.to_hit" and _threshold(s) == 2  # 6 − 2 − 2
        assert stat(s, "blue1", "ap") == 1  # the reaction's AP


# -- deployment ------------------------------------------------------------------------


def _reserve(**options: str) -> Session:
    s = session([ch("Porthos", "protagonist", reserve=True)], [ch("X")], **options)
    activate(s, (3,), (1,), (3, "red1"))
    return s


def test_ce4_who_deploys_and_where_are_one_answer() -> None:
    """Seed §2.3: the ordered character replaces an unrevealed event marker for 1 AP; the
    table confirms the distance (CE-4). Same deployment as who, then where."""
    before, now = _reserve(**FIRST), _reserve(**THIRD)
    play(before, ("deploy.who", "red1"), ("deploy.marker", "1"))
    assert options(now) == ["red1@0", "red1@1", "done"]
    play(now, ("deploy.at", "red1@1"))
    for s in (before, now):
        play(s, ("deploy.distance", True))
        assert stat(s, "red1", "deployed") and stat(s, "red1", "ap") == 2
        assert s.battle.pos.markers == ["Gate"]


def test_ce4_a_refused_distance_in_one_answer_keeps_the_marker() -> None:
    """CE-4: the distance condition not met: not deployed, the marker stays, asked again."""
    now = _reserve(**THIRD)
    play(now, ("deploy.at", "red1@0"), ("deploy.distance", False))
    assert not stat(now, "red1", "deployed") and now.battle.pos.markers == ["Gate", "Well"]
    play(now, ("deploy.at", "done"))
    assert stat(now, "red1", "ap") == 0  # ours: left off the table, its AP are lost


# -- fleeing a melee, repeated actions --------------------------------------------------


def _in_melee(**options: str) -> Session:
    s = session([ch("A")], [ch("X")], **options)
    activate(s, (3,), (1,), (3, "red1"))
    play(s, ("impulse.action", "charge"), ("charge.target", "blue1"), ("charge.contact", True))
    play(s, ("melee.attack", (1,)), ("melee.defend", (2,)))  # nobody hit
    return s


def test_ce7_fleeing_a_melee_is_not_confirmed_the_log_says_it() -> None:
    """CE-7 (flee a melee, 1 AP; ours: it always gets out of contact)."""
    before, now = _in_melee(**FIRST), _in_melee(**TODAY)
    play(before, ("impulse.action", "flee"), ("flee.done", True))
    play(now, ("impulse.action", "flee"))
    assert "A flees the melee: move it out of contact" in [e.text for e in now.battle.log]
    for s in (before, now):
        assert stat(s, "red1", "foe") == "" and stat(s, "blue1", "foe") == ""
        assert stat(s, "red1", "ap") == 0


def _activated(red: dict[str, object], **options: str) -> Session:
    s = session([red], [ch("X")], **options)
    activate(s, (3,), (1,), (3, "red1"))
    return s


def test_ce5_an_impulse_repeats_a_move_in_one_answer() -> None:
    """Seed §2.4: actions "anche ripetendo più volte la stessa azione": moving twice in
    one answer is two moves of 1 AP, as two answers were; the impulse goes on."""
    before, now = _activated(ch("A"), **FIRST), _activated(ch("A"), **TODAY)
    assert "move*2" not in options(before)
    assert {"move*2", "move*3", "temporize*3"} <= set(options(now))
    play(before, ("impulse.action", "move"), ("impulse.action", "move"))
    play(now, ("impulse.action", "move*2"))
    for s in (before, now):
        assert stat(s, "red1", "ap") == 1 and key(s) == "impulse.action"
    moves = [e.text for e in now.battle.log if e.text == "A moves up to 5 um"]
    assert len(moves) == 2


def test_ce5_temporizing_with_every_ap_ends_the_impulse() -> None:
    """Seed §2.6.2: temporizing costs 1 AP and "può essere ripetuta nello stesso
    impulso": with all 3 AP in one answer, none is left (so it cannot react, CE-8)."""
    now = _activated(ch("A"), **TODAY)
    play(now, ("impulse.action", "temporize*3"))
    assert stat(now, "red1", "ap") == 0
    assert sum(e.text == "A temporizes" for e in now.battle.log) == 3
    assert key(now) == "na.act"  # the activated phase is over


def test_ce7_a_reload_of_two_steps_in_one_answer() -> None:
    """CE-7: 1 AP per reload step (a musket: 2); repeated in one answer it is loaded."""
    now = _activated(ch("A", weapon="musket"), **TODAY)
    now.gm("gm.set", unit="red1", field="reload", value=2)
    assert "reload*2" in options(now) and "reload*3" not in options(now)
    play(now, ("impulse.action", "reload*2"))
    assert stat(now, "red1", "reload") == 0 and stat(now, "red1", "ap") == 1
    assert "shoot" in options(now)


def test_ce11_a_move_to_cover_is_not_repeated_in_one_answer() -> None:
    """CE-11: each move of a character seeking cover asks whether it reached cover (then
    it recovers), so its moves are never merged."""
    now = _activated(ch("A"), **TODAY)
    now.gm("gm.set", unit="red1", field="status", value="seek cover")
    assert "move" in options(now) and not any("*" in o for o in options(now) if "move" in o)


# -- the non-activated phase ------------------------------------------------------------


def _na(**options: str) -> Session:
    """Nobody activated (faces over 3): red's A stops; blue's C (squad S) temporizes
    first — today in one answer; in the first and second passes the character was asked,
    then its action, since two characters' actions did not fit the number keys — and B
    is left, alone."""
    s = session([ch("A", weapon="pistol")], [ch("B", squad="S"), ch("C", squad="S")], **options)
    activate(s, (1,), (1,))
    play(s, ("na.unit" if options == FIRST else "na.act", "done"))  # red (initiative)
    if options == TODAY:
        play(s, ("na.act_with", "blue2|temporize"))
    elif options == THIRD:
        play(s, ("na.act", "blue2|temporize"), ("na.separated", False))
    else:
        assert key(s) == "na.unit"
        play(s, ("na.unit", "blue2"), ("na.separated", False), ("na.action", "temporize"))
    return s


def test_ce6_a_list_longer_than_the_number_keys_is_one_answer_grouped_by_character() -> None:
    """Seed §2.5 (one 1-AP action each): today the character and its action are one
    answer however many there are (each option in its character's group: the Now pane
    numbers the characters, a character's number opens its actions); a second-pass save
    asked the character, then the action, when they did not fit the number keys. The
    same character takes the same action either way."""
    now, second = _na(**THIRD), _na(**SECOND)
    for s in (now, second):
        assert stat(s, "blue2", "ap") == 0  # C temporized: its AP spent
        assert key(s) == "na.act" and s.prompt is not None and s.prompt.actor == "blue1"
    red = session([ch("A", weapon="pistol")], [ch("B", squad="S"), ch("C", squad="S")], **THIRD)
    activate(red, (1,), (1,))
    play(red, ("na.act", "done"))
    prompt = red.prompt
    assert isinstance(prompt, Choose) and prompt.key == "na.act"
    enabled = [o for o in prompt.options if o.disabled is None]
    assert len(enabled) >= 9  # more than the number keys: still one answer
    assert {o.group for o in prompt.options if o.value != "done"} == {"blue1", "blue2"}


def test_ce6_the_character_and_its_action_are_one_answer() -> None:
    """Seed §2.5: each character not activated may take one 1-AP action. Chosen in one
    answer or in two, the same character takes the same action; a move (allowed whether
    it is separated or not) asks nothing about separation."""
    before, now = _na(**FIRST), _na(**THIRD)
    play(before, ("na.unit", "blue1"), ("na.separated", False), ("na.action", "move"))
    assert options(now) == [
        "blue1|move",
        "blue1|prone",
        "blue1|improvised",
        "blue1|temporize",
        "blue1|end",
        "done",
    ]
    assert disabled(now)["blue1|shoot"] == "no missile weapon"  # listed, with its reason
    assert now.prompt is not None and now.prompt.actor == "blue1"  # the one left: about it
    play(now, ("na.act", "blue1|move"))
    for s in (before, now):
        assert "B moves up to 5 um" in [e.text for e in s.battle.log]
        assert key(s) == "activation.roll" and s.battle.round == 2  # everyone has acted
    assert [e.key for e in now.battle.log if e.key == "na.separated"] == ["na.separated"]


def test_ce6_a_separated_squad_member_may_only_rejoin_asked_when_it_matters() -> None:
    """Seed §2.5: "Squadre che hanno personaggi separati … possono solo muovere tali
    miniature per ricongiungersi". Another action chosen: the table says whether it is
    separated; separated, the action is asked again among moving and nothing."""
    now = _na(**THIRD)
    play(now, ("na.act", "blue1|prone"), ("na.separated", True))
    assert key(now) == "na.action" and options(now) == ["move", "end"]
    play(now, ("na.action", "move"))
    assert not stat(now, "blue1", "prone")  # the move, not the prone it first chose
    other = _na(**THIRD)
    play(other, ("na.act", "blue1|prone"), ("na.separated", False))
    assert stat(other, "blue1", "prone") is True  # not separated: as it chose


def test_ce6_a_character_in_a_melee_must_fight_or_flee_in_the_one_answer() -> None:
    """Seed §2.5: characters in a melee "sono obbligati a combattere la mischia … oppure
    devono tentare di fuggire": its "nothing" and the side's "done" are refused, with
    the rule."""
    s = _in_melee(**TODAY)
    play(s, ("impulse.action", "temporize"))  # its last AP (the charge cost 2)
    assert key(s) == "na.act" and s.prompt is not None and s.prompt.side == "blue"
    assert disabled(s)["blue1|end"] == "CE-6: in a melee it must fight or flee"
    assert disabled(s)["done"] == "CE-6: X must fight or flee the melee"
    with pytest.raises(AnswerError):
        s.answer("blue1|end")
    assert options(s) == ["blue1|melee", "blue1|flee"]


# -- saves of the first and second passes ------------------------------------------------


@pytest.mark.parametrize(
    "path", sorted(SECOND_SAVES.glob("cape-et-epee*.toml")), ids=lambda p: p.stem
)
def test_a_save_of_the_second_pass_replays_as_it_was_played(path: Path) -> None:
    """A battle saved with the second pass's questions (`skirmtui sim cape-et-epee
    --battles 8 --seed 25 --save-dir DIR` before the non-activated choice became one
    answer however long, its third battle) replays with those, to the same log and
    result, and its setup says so."""
    session_, _ = load_session(path, systems())
    assert session_.battle.result is not None and session_.prompt is None
    assert session_.setup.options.get("questions") == "second pass"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert replay_differences(doc, session_) == []  # `skirmtui check`: the same log


@pytest.mark.parametrize("path", sorted(SAVES.glob("*.toml")), ids=lambda p: p.stem)
def test_a_save_of_the_first_pass_replays_as_it_was_played(path: Path) -> None:
    """A battle saved with issue 25's first questions (`skirmtui sim cape-et-epee
    --battles 6 --seed 25 --save-dir DIR` at b7f7960, its fourth battle: orders, shots,
    deployments, non-activated squad members) does not replay with today's: it replays
    with those, to the same log and result, and its setup says so."""
    session_, _ = load_session(path, systems())
    assert session_.battle.result is not None and session_.prompt is None
    assert session_.setup.options.get("questions") == "first pass"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert replay_differences(doc, session_) == []  # `skirmtui check`: the same log
