"""pequenas-guerras asks less again (issue 25, second pass): each question merged gives
the same rolls and the same outcome, with the same dice, as the questions of the first
pass (`questions = "first pass"`, how its saves replay):

- which unit activates and its action: one answer (`activate.action`, "red1|hold"),
  where the first pass asked the unit (`activate.unit`), then the action;
- sight and cover when a unit shoots: one answer (`shoot.sight`, "3|cover"), where the
  first pass asked `shoot.in_range` or `shoot.models`, then `shoot.cover`;
- a charge's reach and what its move crosses: one answer (`charge.path`), where the
  first pass asked `charge.reach`, then `move.terrain`;
- whether an overwatching unit fires and what it sees: one answer (`overwatch.shot`) for
  a side the table plays, where the first pass asked `overwatch.fire`, then its sight.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from skirmtui.engine.core.asking import FIRST_PASS, QUESTIONS
from skirmtui.engine.core.prompts import AnswerError, Choose
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import decides
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.sim import play_random
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import get_system, systems
from tests.systems.pg_helpers import BLADE, PG, RIFLE, act, session, start
from tests.systems.scripting import key, play, stat

FIRST = {QUESTIONS: FIRST_PASS}
#: The questions of the second pass (asked so since, but for the merges of
#: tests/systems/test_pg_third_pass.py): what these merges were checked against.
TODAY = {QUESTIONS: "second pass"}
#: A second unit for the side that does not act first: the first pass asked which unit
#: activates then too (it took a player's only unit unasked), so both flows stop alike.
YONDER = ("Yonder", 1, 4, RIFLE)
SAVED = Path(__file__).parent / "saves" / "first-pass" / "pequenas-guerras.toml"


def both(units: dict[str, list[Any]], *faces: int) -> tuple[Session, Session]:
    """The same battle asked as the first pass did and as today, deployed alike."""
    pair = session(units, **FIRST), session(units, **TODAY)
    for s in pair:
        start(s, *faces)
    return pair


def rolls(s: Session) -> list[tuple[str | None, str]]:
    """Every roll of the battle: its question and its text (dice, faces, outcome)."""
    return [(e.key, e.text) for e in s.battle.log if e.kind == "roll"]


def same_outcome(before: Session, now: Session) -> None:
    assert rolls(now) == rolls(before) != []
    for unit_id, unit in before.battle.units.items():
        assert now.battle.units[unit_id].stats == unit.stats, unit_id
        assert now.battle.units[unit_id].removed == unit.removed, unit_id


def labels(s: Session) -> dict[str, tuple[str, str | None]]:
    prompt = s.prompt
    assert isinstance(prompt, Choose)
    return {o.value: (o.label, o.disabled) for o in prompt.options}


# -- PG-3/PG-4: the unit and its action -----------------------------------------------------


def test_pg3_pg4_a_unit_and_its_action_are_one_answer_with_the_same_outcome() -> None:
    """Seed: "O jogador escolhe uma unidade e pode executar uma das seguintes ações" —
    the player says both in one answer; Fuzileiros hold and shoot, with the same dice."""
    units = {
        "red": [("Scout", 1, 4, RIFLE), ("Fuzileiros", 3, 4, RIFLE)],
        "blue": [("X", 3, 4, RIFLE)],
    }
    before, now = both(units, 6, 1)
    act(before, "red2", "hold")
    assert key(now) == "activate.action" and now.prompt is not None
    assert now.prompt.side == "red" and now.prompt.actor is None
    play(now, ("activate.action", "red2|hold"))
    for s in (before, now):
        assert key(s) == "shoot.target" and s.prompt is not None and s.prompt.actor == "red2"
    assert len(now.items) == len(before.items) - 1


def test_pg4_the_list_holds_every_unit_and_action_disabled_ones_with_their_reasons() -> None:
    """Seed: the six actions; Vigiar shoots in reaction (a unit with no ranged weapon
    cannot), a unit activates once a round (PG-3), a stunned one only recovers (PG-7)."""
    units = {
        "red": [("Scout", 1, 4, RIFLE), ("Blades", 2, 4, BLADE), ("Dazed", 1, 4, RIFLE)],
        "blue": [("X", 1, 4, RIFLE)],
    }
    s = session(units, **TODAY)
    start(s, 6, 1)
    s.gm("gm.set", unit="red3", field="stunned", value=True)
    shown = labels(s)
    assert [v for v in shown if v.startswith("red1|")] == [
        "red1|hold",
        "red1|cover",
        "red1|overwatch",
        "red1|advance",
        "red1|rush",
        "red1|charge",
    ]
    assert shown["red1|advance"][0].startswith("Scout — Advance: move 15 cm")
    assert shown["red2|overwatch"][1] == "no ranged weapon"
    assert [v for v in shown if v.startswith("red3|")] == ["red3|recover"]
    play(s, ("activate.action", "red1|cover"), ("activate.action", "blue1|cover"))
    shown = labels(s)
    assert shown["red1|done"] == ("Scout: done", "already activated this round")
    assert "red1|hold" not in shown


def test_pg7_a_players_only_unit_left_stunned_recovers_unasked() -> None:
    """PG-7: a stunned unit spends its activation recovering; when it is the player's
    only unit left there is no choice: taken, logged, and the same as when asked."""
    units = {"red": [("A", 1, 4, RIFLE), ("Dazed", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}
    before, now = both(units, 6, 1)
    for s in (before, now):
        s.gm("gm.set", unit="red2", field="stunned", value=True)
    act(before, "red1", "cover")
    play(before, ("action.choose", "cover"))  # blue's only unit: taken (first pass)
    play(now, ("activate.action", "red1|cover"), ("activate.action", "blue1|cover"))
    taken = next(e for e in reversed(now.battle.log) if e.kind == "info" and e.key)
    assert (taken.key, taken.actor) == ("activate.action", "red2")
    recovers = "→ Dazed: stunned, recovers (its whole activation) (the only choice)"
    assert taken.text.endswith(recovers)
    for s in (before, now):
        told = [e.text for e in s.battle.log]
        assert "Dazed spends its activation recovering from stun" in told
        assert stat(s, "red2", "stunned") is False and stat(s, "red2", "activated") is True
        assert key(s) == "objective.controls"
    same_outcome_stats = [u.stats for u in before.battle.units.values()]
    assert [u.stats for u in now.battle.units.values()] == same_outcome_stats


# -- PG-5: sight and cover ------------------------------------------------------------------


def test_pg5_sight_and_cover_are_one_answer_the_cover_bonus_the_same() -> None:
    """PG-5: models in range and sight shoot; the defender blocks +1 in cover. Three of
    five models see the target, in cover: 3 attacks, blocks on 3+ (quality 4, +1)."""
    units = {"red": [("Fuzileiros", 5, 4, RIFLE)], "blue": [("X", 3, 4, RIFLE), YONDER]}
    before, now = both(units, 6, 1)
    act(before, "red1", "hold")
    play(before, ("shoot.target", "blue1"), ("shoot.models", 3), ("shoot.cover", True))
    play(now, ("activate.action", "red1|hold"), ("shoot.target", "blue1"))
    shown = labels(now)
    assert list(shown)[:3] == ["5|open", "5|cover", "4|open"]  # likely first
    assert list(shown)[-1] == "0"
    assert shown["3|cover"][0] == "3 of 5 models; most of X's models in or behind cover"
    play(now, ("shoot.sight", "3|cover"))
    for s in (before, now):
        assert s.prompt is not None and s.prompt.text.endswith("3 dice, each 4+ succeeds")
        play(s, ("shoot.hits", (4, 4, 1)))
        assert s.prompt is not None and "(+1 in cover)" in s.prompt.text
        play(s, ("defence.blocks", (3, 2)))  # the 3 blocks only with the +1
    same_outcome(before, now)
    assert stat(now, "blue1", "models") == 2


def test_pg5_a_single_model_out_of_sight_cannot_shoot_nor_is_cover_asked() -> None:
    """G-1: the table says the target is out of range or sight: no shot, as before."""
    units = {"red": [("Scout", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE), YONDER]}
    before, now = both(units, 6, 1)
    act(before, "red1", "hold")
    play(before, ("shoot.target", "blue1"), ("shoot.in_range", False))
    play(now, ("activate.action", "red1|hold"), ("shoot.target", "blue1"))
    assert list(labels(now)) == ["1|open", "1|cover", "0"]
    play(now, ("shoot.sight", "0"))
    for s in (before, now):
        assert s.battle.log[-1].text == "Scout cannot shoot X: out of range or sight"
        assert key(s) in ("activate.unit", "activate.action") and s.prompt is not None
        assert s.prompt.side == "blue"
    same_outcome_stats = [u.stats for u in before.battle.units.values()]
    assert [u.stats for u in now.battle.units.values()] == same_outcome_stats


def test_pg5_a_target_already_in_cover_is_asked_sight_alone() -> None:
    """PG-4: Take Cover counts as in cover: only sight is asked, as before."""
    units = {"red": [("Scout", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}
    s = session(units, **TODAY)
    start(s, 1, 6)
    play(s, ("activate.action", "blue1|cover"), ("activate.action", "red1|hold"))
    play(s, ("shoot.target", "blue1"), ("shoot.in_range", True), ("shoot.hits", (4,)))
    assert s.prompt is not None and "(+1 in cover)" in s.prompt.text


# -- PG-4/PG-6: a charge's reach and path ---------------------------------------------------


def test_pg4_pg6_a_charges_reach_and_terrain_are_one_answer_with_the_same_rolls() -> None:
    """Seed: "Investida: Move 30 cm para o combate corpo a corpo"; "Terreno Perigoso …
    rolar um d6, com uma rolagem 1 resultando em um ferimento": reaching through
    dangerous terrain rolls the same d6, then the same melee."""
    units = {"red": [("Blades", 3, 4, BLADE)], "blue": [("Guards", 3, 4, BLADE), YONDER]}
    before, now = both(units, 6, 1)
    act(before, "red1", "charge")
    play(before, ("charge.target", "blue1"), ("charge.reach", True))
    play(before, ("move.terrain", "dangerous"))
    play(now, ("activate.action", "red1|charge"), ("charge.target", "blue1"))
    assert labels(now)["none"] == ("it cannot reach", None)
    assert labels(now)["difficult"][0] == "it reaches: through difficult terrain: up to 15 cm"
    play(now, ("charge.path", "dangerous"))
    for s in (before, now):
        play(s, ("move.dangerous", (1,)))  # a 1: a wound, one model lost
        play(s, ("melee.hits", (4, 4, 1, 1)), ("defence.blocks", (1, 1)))
        play(s, ("melee.counter_reach", False), ("melee.fall_back", True))
    same_outcome(before, now)
    assert stat(now, "red1", "models") == 2 and stat(now, "blue1", "models") == 1
    # Red's only unit was taken unasked then too: the action, reach and terrain are one
    # answer fewer together (activate.action + charge.path against action.choose +
    # charge.reach + move.terrain).
    assert len(now.items) == len(before.items) - 1


def test_pg6_a_charge_that_cannot_reach_chooses_again_as_before() -> None:
    """Seed: a charge needs base contact (G-1: the table says); refused, the unit
    chooses another action — the same question as before."""
    units = {"red": [("Blades", 3, 4, BLADE)], "blue": [("Guards", 3, 4, BLADE), YONDER]}
    before, now = both(units, 6, 1)
    act(before, "red1", "charge")
    play(before, ("charge.target", "blue1"), ("charge.reach", False))
    play(now, ("activate.action", "red1|charge"), ("charge.target", "blue1"))
    play(now, ("charge.path", "none"))
    for s in (before, now):
        assert "cannot reach" in s.battle.log[-1].text
        assert key(s) == "action.choose" and s.prompt is not None
        assert s.prompt.actor == "red1"
        play(s, ("action.choose", "cover"))
    assert [u.stats for u in now.battle.units.values()] == [
        u.stats for u in before.battle.units.values()
    ]


def test_pg7_a_charge_that_leaps_on_the_way_asks_the_rest_of_the_move() -> None:
    """Seed (Saltando): the leap's dice, then the move goes on: what else it crosses
    is asked, the leap now spent (once per move)."""
    units = {"red": [("Blades", 3, 4, BLADE)], "blue": [("Guards", 3, 4, BLADE)]}
    s = session(units, **TODAY)
    start(s, 6, 1)
    play(s, ("activate.action", "red1|charge"), ("charge.target", "blue1"))
    play(s, ("charge.path", "leap"), ("leap.gap", 5), ("leap.roll", (3,)))
    assert key(s) == "move.terrain"
    assert labels(s)["leap"][1] == "only once per move"


# -- saves of the first pass ----------------------------------------------------------------


def test_a_save_of_the_first_pass_replays_to_its_end_with_its_questions() -> None:
    """A battle saved with issue 25's first-pass questions (kept under tests/) loads,
    replays to its result, and keeps asking as then."""
    loaded, _ = load_session(SAVED, systems())
    assert loaded.battle.result is not None and loaded.prompt is None
    assert loaded.setup.options.get(QUESTIONS) == FIRST_PASS


def test_a_log_played_with_the_first_pass_questions_replays_unchanged() -> None:
    """A seeded random battle played with the first pass's questions, its answers given
    to a fresh session with no option said: the same log, the option found."""
    system = get_system(PG)
    setup = system.demo_setup()
    first = attrs.evolve(setup, seed=7, options={**setup.options, **FIRST})
    played = play_random(system, first, random.Random(7))
    keys = {i.key for i in played.items}
    assert {"activate.unit", "shoot.cover", "charge.reach"} <= keys
    replayed = Session(system, attrs.evolve(setup, seed=7), played.items)
    assert replayed.setup.options.get(QUESTIONS) == FIRST_PASS
    assert [e.text for e in replayed.battle.log] == [e.text for e in played.battle.log]
    assert replayed.battle.result == played.battle.result


def test_g4_a_unit_removed_while_its_activation_is_asked_is_no_longer_offered() -> None:
    """G-4: the step is played again from its start after a GM entry: the removed unit's
    actions leave the list, and an answer naming it is refused."""
    units = {"red": [("A", 1, 4, RIFLE), ("B", 1, 4, RIFLE)], "blue": [("X", 1, 4, RIFLE)]}
    s = session(units, **TODAY)
    start(s, 6, 1)
    assert "red1|hold" in labels(s)
    s.gm("gm.remove", unit="red1")
    assert key(s) == "activate.action" and not any(v.startswith("red1|") for v in labels(s))
    with pytest.raises(AnswerError):
        s.answer("red1|hold")
    play(s, ("activate.action", "red2|cover"))
    assert stat(s, "red2", "cover") is True


# -- PG-4: overwatch ------------------------------------------------------------------------

WATCH = {"red": [("Watch", 1, 4, RIFLE), ("Spare", 1, 4, RIFLE)], "blue": [("Runner", 3, 5, RIFLE)]}


def watched(**options: Any) -> Session:
    """Watch on overwatch; Runner rushes past it: the overwatch question waits."""
    s = session(WATCH, **options)
    start(s, 6, 1)
    if key(s) == "activate.action":
        play(s, ("activate.action", "red1|overwatch"), ("activate.action", "blue1|rush"))
    else:
        act(s, "red1", "overwatch")
        act(s, "blue1", "rush")
    return s


def test_pg4_overwatch_fire_and_sight_are_one_answer_with_the_same_shot() -> None:
    """Seed: "O jogador pode parar o inimigo em qualquer ponto de seu movimento para
    atirar, mas o alvo recebe o benefício de cobertura" — the watcher's player says it
    stops the move and the table that it is in range and sight, in one answer: the same
    shot, the target in cover (+1), the same wound."""
    before, now = watched(**FIRST), watched(**TODAY)
    play(before, ("overwatch.fire", True), ("shoot.in_range", True))
    assert key(now) == "overwatch.shot" and now.prompt is not None
    assert now.prompt.side == "red" and now.prompt.actor == "red1"
    assert list(labels(now)) == ["none", "1", "0"]
    play(now, ("overwatch.shot", "1"))
    for s in (before, now):
        play(s, ("shoot.hits", (5,)))
        assert s.prompt is not None and "+1 in cover" in s.prompt.text
        play(s, ("defence.blocks", (3,)))  # 3 + 1 < 5: a wound
        assert key(s) == "move.terrain"  # the move goes on
    same_outcome(before, now)
    assert stat(now, "blue1", "models") == 2 and stat(now, "red1", "overwatch") is False


def test_pg4_overwatch_held_or_spent_without_a_shot_as_before() -> None:
    """Ours (PG-4): an overwatching unit reacts once. Not stopping the move keeps it on
    overwatch; stopping it with nothing in range spends it, no dice — as the two
    questions asked apart did."""
    for fires, sight, now_answer, kept in ((False, None, "none", True), (True, False, "0", False)):
        before, now = watched(**FIRST), watched(**TODAY)
        play(before, ("overwatch.fire", fires))
        if sight is not None:
            play(before, ("shoot.in_range", sight))
        play(now, ("overwatch.shot", now_answer))
        for s in (before, now):
            assert key(s) == "move.terrain" and stat(s, "red1", "overwatch") is kept
            assert not any(e.kind == "roll" for e in s.battle.log if e.round == 1)
        same_outcome_stats = [u.stats for u in before.battle.units.values()]
        assert [u.stats for u in now.battle.units.values()] == same_outcome_stats


def test_pg4_a_side_the_app_plays_is_asked_the_decision_alone() -> None:
    """Issue 26: the app answers its side's decisions, never the table's facts: an
    overwatching unit of a side the app plays is asked whether it fires (a yes/no), and
    the table then says whether the mover is in range and sight."""
    s = session(WATCH, **TODAY)
    start(s, 6, 1)
    play(s, ("activate.action", "red1|overwatch"))
    let_app_play(s, {"red": "balanced"})
    play(s, ("activate.action", "blue1|rush"))
    assert key(s) == "overwatch.fire"
    assert s.prompt is not None and decides(get_system(PG), s.prompt)
    play(s, ("overwatch.fire", True), ("shoot.in_range", True), ("shoot.hits", (1,)))
    assert key(s) == "move.terrain"


def test_pg4_a_watcher_without_a_ranged_weapon_is_asked_as_before() -> None:
    """G-4 and PG-4: the GM may put a unit with no ranged weapon on overwatch (a hound).
    The one-answer question names its weapon's range, so it is asked as the first pass
    asked it (`overwatch.fire`), not made from a weapon it lacks (this crashed: random
    GM entries of the property test found it); its yes shoots nothing, the move goes on."""
    hound = {"red": [("Dog", 1, 4, BLADE), ("Spare", 1, 4, RIFLE)], "blue": WATCH["blue"]}
    s = session(hound, **TODAY)
    start(s, 6, 1)
    s.gm("gm.set", unit="red1", field="overwatch", value=True)
    play(s, ("activate.action", "red2|cover"), ("activate.action", "blue1|rush"))
    assert key(s) == "overwatch.fire"
    play(s, ("overwatch.fire", True))
    assert key(s) == "move.terrain"
    assert not any(e.kind == "roll" for e in s.battle.log if e.round == 1)
