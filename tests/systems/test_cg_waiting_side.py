"""combattimento-gdr: when a waiting combatant acts is its side's decision (issue 26).

Seed: "Un personaggio … che decide di attendere può agire successivamente durante il
turno, quando desidera". CG-11: a waiting combatant is offered a turn after each action
and loses its action if it never takes it. Issue 26 point 2: a side the app plays
answers its decisions ("delay" among them). Ours (CG-11): each side with combatants
waiting is asked for its own, the side whose waiting combatant came first in the acting
order first; the first to act acts, and after its action the offer comes again; only
when every side has passed does the turn go on (after the last action: those still
waiting lose their action). Saves up to the second pass asked the table one question
(`questions = "second pass"`); two are kept in tests/systems/saves/second-pass.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest

from skirmtui.engine.core.items import BY_AI
from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import decides
from skirmtui.engine.play.policy import play as app_plays
from skirmtui.engine.play.sides import app_persona
from skirmtui.engine.play.sim import play_random
from skirmtui.engine.store.compare import replay_differences
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import get_system, systems
from tests.systems.cg_helpers import ch, key, options, play, session, texts

TODAY = {"questions": "today"}  # not a tier: today's questions
SECOND = {"questions": "second pass"}
SAVES = Path(__file__).parent / "saves" / "second-pass"
SYSTEM = get_system("combattimento-gdr")


def _prompt(s: Session) -> Choose:
    prompt = s.prompt
    assert isinstance(prompt, Choose)
    return prompt


def _labels(s: Session) -> dict[str, str]:
    return {o.value: o.label for o in _prompt(s).options}


def _duel(**options: Any) -> Session:
    """Aldo (red, AGI d10) and Bruto (blue, AGI d8) in contact: Aldo acts first."""
    return session(
        [ch("Aldo", agi="d10")], [ch("Bruto", agi="d8")], contact=["red1 blue1"], **options
    )


def _both_wait(**options: Any) -> Session:
    """Aldo (red, d10) and Bruto (blue, d8) wait; Carla (red, d6) does nothing: the
    offer after Carla's action finds combatants of both sides waiting; Dario (blue, d4)
    acts last."""
    s = session(
        [ch("Aldo", agi="d10"), ch("Carla", agi="d6")],
        [ch("Bruto", agi="d8"), ch("Dario", agi="d4")],
        **options,
    )
    play(s, ("action.choose", "delay"), ("action.choose", "delay"))
    play(s, ("action.choose", "nothing"))
    return s


def test_cg11_a_lone_waiting_combatants_timing_is_its_sides_decision() -> None:
    """The offer to act now (with its actions) is asked of the waiting combatant's side,
    a decision (not a table fact): the same options and words as before."""
    s = _duel(**TODAY)
    play(s, ("action.choose", "delay"), ("action.choose", "nothing"))
    prompt = _prompt(s)
    assert prompt.key == "delay.act" and prompt.side == "red"
    assert decides(SYSTEM, prompt) and not {"delay.act", "delay.offer"} & SYSTEM.table_facts
    assert options(s) == ["melee", "ready", "flee", "nothing", "nobody"]
    assert _labels(s)["melee"] == "Aldo acts now: Attack in melee"
    assert _labels(s)["nobody"] == "Nobody: the turn ends, waiting combatants lose their action"


def test_cg11_the_app_decides_when_its_waiting_combatant_acts_with_a_reason() -> None:
    """Red is the app's: after Bruto's action it answers "does Aldo act now, and how?"
    itself (stored `by = "ai"` with its reason); the solo player (blue) is not asked. It
    acts: passing after the last action loses the action. Undo gives the question back;
    the answers replay to the same log."""
    s = _duel(**TODAY)
    s.gm("gm.ai", side="red", persona="balanced")
    play(s, ("action.choose", "delay"), ("action.choose", "nothing"))
    assert key(s) == "delay.act" and app_persona(SYSTEM, s.battle, s.prompt) == "balanced"
    decision = app_plays(s)
    assert decision is not None and decision.value != "nobody" and decision.reason
    item = s.items[-1]
    assert item.key == "delay.act" and item.by == BY_AI and item.reason == decision.reason
    assert "Aldo acts now" in texts(s)
    log = [e.text for e in s.battle.log]
    replayed = Session(SYSTEM, s.setup, list(s.items))
    assert [e.text for e in replayed.battle.log] == log
    while s.items[-1].key != "delay.act":
        s.undo()
    s.undo()
    assert key(s) == "delay.act" and app_persona(SYSTEM, s.battle, s.prompt) == "balanced"


def test_cg11_a_person_still_answers_their_own_sides_timing() -> None:
    """Blue is the player's: Bruto's offer is blue's, the app (playing red) never
    answers it."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto", agi="d8")], **TODAY)
    s.gm("gm.ai", side="red", persona="balanced")
    play(s, ("action.choose", "nothing"), ("action.choose", "delay"))
    assert key(s) == "delay.act" and _prompt(s).side == "blue"
    assert app_persona(SYSTEM, s.battle, s.prompt) is None and app_plays(s) is None


def test_cg11_two_sides_waiting_each_decides_for_its_own_first_waiter_first() -> None:
    """Ours (CG-11): red's Aldo waited first (AGI d10 before Bruto's d8): red is asked
    first, about Aldo alone; "not yet" asks blue, about Bruto alone; both passing goes
    on; after the last action each is asked again and passing loses both actions."""
    s = _both_wait(**TODAY)
    assert key(s) == "delay.act" and _prompt(s).side == "red"
    assert _prompt(s).text == "Does Aldo (waiting) act now, and how?"
    assert _labels(s)["nobody"] == "Not yet"
    play(s, ("delay.act", "nobody"))
    assert key(s) == "delay.act" and _prompt(s).side == "blue"
    assert _prompt(s).text == "Does Bruto (waiting) act now, and how?"
    assert _labels(s)["nobody"] == "Not yet: go on"
    play(s, ("delay.act", "nobody"), ("action.choose", "nothing"))  # Dario: the last action
    assert key(s) == "delay.act" and _prompt(s).side == "red"
    said = "Not yet: if no other side acts, the turn ends and they lose their action"
    assert _labels(s)["nobody"] == said
    play(s, ("delay.act", "nobody"))
    assert _prompt(s).side == "blue"
    assert _labels(s)["nobody"] == "Nobody: the turn ends, waiting combatants lose their action"
    play(s, ("delay.act", "nobody"))
    lost = [t for t in texts(s) if t.endswith("never acted: its action is lost")]
    assert lost == ["Aldo never acted: its action is lost", "Bruto never acted: its action is lost"]
    assert s.battle.round == 2


def test_cg11_after_one_side_acts_the_other_is_offered_again() -> None:
    """Red passes at the last offer, blue's Bruto acts: after his action red is offered
    Aldo's turn again (alone now: "nobody" loses it), as CG-11 offers a turn after each
    action."""
    s = _both_wait(**TODAY)
    play(s, ("delay.act", "nobody"), ("delay.act", "nobody"), ("action.choose", "nothing"))
    play(s, ("delay.act", "nobody"))
    play(s, ("delay.act", "nothing"))  # blue: Bruto acts now, does nothing
    assert "Bruto acts now" in texts(s)
    assert key(s) == "delay.act" and _prompt(s).side == "red"
    assert _labels(s)["nobody"] == "Nobody: the turn ends, waiting combatants lose their action"
    play(s, ("delay.act", "nobody"))
    assert "Aldo never acted: its action is lost" in texts(s)
    assert not any(t.startswith("Bruto never acted") for t in texts(s))


def test_cg11_a_side_with_two_waiting_picks_which_of_its_own() -> None:
    """A side with two combatants waiting is asked which of its own acts (`delay.offer`):
    the other side's are not among the options."""
    s = session(
        [ch("Aldo", agi="d10"), ch("Carla", agi="d10", des="d4")],
        [ch("Bruto", agi="d8"), ch("Dario", agi="d4"), ch("Elio", agi="d4", des="d4")],
        **TODAY,
    )
    play(s, ("action.choose", "delay"), ("action.choose", "delay"))
    play(s, ("action.choose", "delay"), ("action.choose", "nothing"))
    assert key(s) == "delay.offer" and _prompt(s).side == "red"
    assert _prompt(s).text == "Does a waiting combatant of Red act now?"
    assert options(s) == ["red1", "red2", "nobody"]
    play(s, ("delay.offer", "nobody"))
    assert key(s) == "delay.act" and _prompt(s).side == "blue"


def test_cg11_before_issue_26_the_table_was_asked_one_question() -> None:
    """Saves up to the second pass: one offer of no side, whoever waits."""
    s = _both_wait(**SECOND)
    assert key(s) == "delay.offer" and _prompt(s).side is None
    assert options(s) == ["red1", "blue1", "nobody"]


@pytest.mark.parametrize(
    "path", sorted(SAVES.glob("combattimento-gdr*.toml")), ids=lambda p: p.stem
)
def test_a_save_of_the_second_pass_replays_as_it_was_played(path: Path) -> None:
    """Battles saved with the second pass's questions (`skirmtui sim combattimento-gdr
    --battles 6 --seed 26 --save-dir DIR` at 2281d4e, battle 2: both sides waiting; with
    `--ai red:balanced --battles 4`, battle 4: the table said when the app's combatants
    acted) replay with those, to the same log and result, and their setup says so."""
    loaded, _ = load_session(path, systems())
    assert loaded.battle.result is not None and loaded.prompt is None
    assert loaded.setup.options.get("questions") == "second pass"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert replay_differences(doc, loaded) == []


def test_a_log_played_with_the_second_pass_questions_replays_unchanged() -> None:
    """A seeded random battle played with the second pass's questions, its answers given
    to a fresh session with no option said: the same log, the option found."""
    setup = SYSTEM.demo_setup()
    second = attrs.evolve(setup, seed=7, options={**setup.options, **SECOND})
    played = play_random(SYSTEM, second, random.Random(7))
    replayed = Session(SYSTEM, attrs.evolve(setup, seed=7), played.items)
    assert replayed.setup.options.get("questions") == "second pass"
    assert [e.text for e in replayed.battle.log] == [e.text for e in played.battle.log]
    assert replayed.battle.result == played.battle.result
