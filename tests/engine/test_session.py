"""Sessions: answers, undo/redo, seek, checkpoints, GM overrides and notes, replay errors.

DESIGN.md: a battle is its answer log; undo = replay all but the last answer from the
nearest checkpoint; GM overrides (G-4) are entries of the same log.
"""

from __future__ import annotations

import copy
import gc
import itertools
import random
import weakref
from typing import Any

import attrs
import pytest

from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.prompts import AnswerError, Roll
from skirmtui.engine.core.runner import Runner
from skirmtui.engine.core.session import CHECKPOINT_EVERY, ReplayError, RulesFailed, Session
from skirmtui.engine.core.system import RuleSystem
from skirmtui.engine.play.sim import play_random

#: The demo's opening: Legionari win the play order, Centurione activates.
OPENING: list[tuple[str, Any]] = [
    ("order.roll", (6,)),
    ("order.roll", (2,)),
    ("activation.unit", "red1"),
    ("activation.roll", (1,)),
]


def play(session: Session, *steps: tuple[str, Any]) -> None:
    """Answer in order, asserting each key is what the rules ask now."""
    for key, value in steps:
        assert session.prompt is not None, f"battle over, test answers {key}"
        assert session.prompt.key == key, f"rules ask {session.prompt.key}, test answers {key}"
        session.answer(value)


def snapshot(session: Session) -> dict[str, Any]:
    """What two sessions at the same point must agree on."""
    battle = session.battle
    return {
        "units": {u.id: (dict(u.stats), u.removed, u.name, u.side) for u in battle.units.values()},
        "round": battle.round,
        "phase": battle.phase,
        "turn_side": battle.turn_side,
        "pos": copy.deepcopy(battle.pos),
        "result": copy.deepcopy(battle.result),
        "log": [attrs.asdict(e) for e in battle.log],
        "prompt": session.prompt,
    }


def finished(system: RuleSystem, seed: int = 3) -> Session:
    return play_random(system, attrs.evolve(system.demo_setup(), seed=seed), random.Random(seed))


# -- answering ------------------------------------------------------------------------------


def test_a_refused_answer_stores_nothing(demo: Session) -> None:
    play(demo, *OPENING[:2])
    before = snapshot(demo)
    for bad in ("red9", 3, ("red1",), True):
        with pytest.raises(AnswerError):
            demo.answer(bad)
    assert snapshot(demo) == before
    assert len(demo.items) == 2


def test_answers_are_stored_as_key_and_value(demo: Session) -> None:
    play(demo, *OPENING)
    assert demo.items == [Item(k, v) for k, v in OPENING]
    assert [e.answer for e in demo.battle.log if e.key == "activation.roll"] == [3]


def test_nothing_can_be_answered_once_the_battle_is_over(wi: RuleSystem) -> None:
    session = finished(wi)
    assert session.prompt is None and session.battle.result is not None
    with pytest.raises(AnswerError, match="battle is over"):
        session.answer(True)
    with pytest.raises(AnswerError, match="nothing to roll"):
        session.roll()


# -- undo, redo, seek -----------------------------------------------------------------------


def test_undo_puts_back_the_prompt_and_the_state(demo: Session) -> None:
    states = [snapshot(demo)]
    for step in OPENING:
        play(demo, step)
        states.append(snapshot(demo))
    for expected in reversed(states[:-1]):
        demo.undo()
        assert snapshot(demo) == expected
    assert not demo.can_undo and demo.can_redo
    with pytest.raises(AnswerError, match="nothing to undo"):
        demo.undo()


def test_redo_gives_back_what_undo_took_until_a_new_answer(demo: Session) -> None:
    play(demo, *OPENING)
    done = snapshot(demo)
    demo.undo()
    demo.undo()
    assert demo.total == len(OPENING) and len(demo.items) == 2
    demo.redo()
    demo.redo()
    assert snapshot(demo) == done and not demo.can_redo
    with pytest.raises(AnswerError, match="nothing to redo"):
        demo.redo()
    demo.undo()
    demo.answer((6,))  # a different activation roll: the redo stack is dropped
    assert not demo.can_redo
    assert demo.items[-1] == Item("activation.roll", (6,))
    assert demo.battle.units["red1"].stats["active"] is False


def test_a_refused_answer_keeps_the_redo_stack(demo: Session) -> None:
    play(demo, *OPENING)
    demo.undo()
    with pytest.raises(AnswerError):
        demo.answer((9,))
    assert demo.can_redo


def test_seek_shows_any_point_and_keeps_the_rest_as_redo(wi: RuleSystem) -> None:
    session = finished(wi)
    items = list(session.items)
    for length in (0, 7, len(items) // 2, len(items) - 1, len(items)):
        session.seek(length)
        assert session.total == len(items)
        assert session.items == items[:length]
        assert snapshot(session) == snapshot(Session(wi, session.setup, items[:length]))
    session.seek(-5)
    assert session.items == []
    session.seek(10**6)
    assert session.items == items and session.battle.result is not None


def test_app_rolls_are_fixed_by_seed_and_position(demo: Session) -> None:
    play(demo, *OPENING[:2])
    demo.answer("red1")
    assert isinstance(demo.prompt, Roll)
    demo.roll()
    first = demo.items[-1]
    assert first.key == "activation.roll" and demo.prompt is not None
    demo.undo()
    demo.roll()
    assert demo.items[-1] == first  # undo and roll again: the same faces
    assert demo.prompt is not None and demo.prompt.key == "activation.unit"
    with pytest.raises(AnswerError, match="nothing to roll"):
        demo.roll()  # a choice, not a roll


# -- checkpoints ----------------------------------------------------------------------------


def long_battle(system: RuleSystem, answers: int) -> Session:
    """The first seeded random battle of more than `answers` answers (a battle's length
    moves whenever a system asks less: the test needs a long one, not a given seed)."""
    for seed in range(3, 40):
        session = finished(system, seed)
        if len(session.items) > answers:
            return session
    raise AssertionError(f"no random battle of {system.id} with over {answers} answers")


def test_checkpoints_are_kept_every_few_dozen_answers(wi: RuleSystem) -> None:
    session = long_battle(wi, 3 * CHECKPOINT_EVERY)
    consumed = [c.consumed for c in session._checkpoints]
    assert consumed[0] == 0
    assert len(consumed) >= len(session.items) // (2 * CHECKPOINT_EVERY)
    assert all(b - a >= CHECKPOINT_EVERY for a, b in itertools.pairwise(consumed))


def test_undo_replays_only_from_the_nearest_checkpoint(
    wi: RuleSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undo must not get slower as a battle grows (DESIGN.md)."""
    session = finished(wi)
    calls = 0
    original = Runner.apply

    def counting(self: Runner, item: Item) -> None:
        nonlocal calls
        calls += 1
        original(self, item)

    monkeypatch.setattr(Runner, "apply", counting)
    n = len(session.items)
    for _ in range(n // 2):  # back through most of the battle, one undo at a time
        calls = 0
        session.undo()
        # from the nearest checkpoint: at most a checkpoint interval plus one step's
        # answers, never the whole log
        assert calls < 2 * CHECKPOINT_EVERY, (len(session.items), calls)


def test_a_finished_session_is_freed_without_the_cyclic_collector(wi: RuleSystem) -> None:
    """Session and Runner form no cycle (the runner holds its session weakly), so a
    battle's log and checkpoints go as soon as the session does: sim speed."""
    session = finished(wi)
    session.undo()  # a rebuilt runner holds its session the same way
    session.redo()
    gone = weakref.ref(session)
    gc.disable()
    try:
        del session
        assert gone() is None
    finally:
        gc.enable()


def test_undo_across_checkpoints_then_new_answers_match_a_fresh_replay(wi: RuleSystem) -> None:
    session = finished(wi, seed=11)
    n = len(session.items)
    back = 3 * CHECKPOINT_EVERY + 5
    for _ in range(back):
        session.undo()
    assert len(session.items) == n - back
    rng = random.Random(99)
    for _ in range(2 * CHECKPOINT_EVERY):
        if session.prompt is None:
            break
        session.answer(session.prompt.random_answer(rng))
    fresh = Session(wi, session.setup, session.items)
    assert snapshot(session) == snapshot(fresh)
    # and undo from there still agrees with a replay of the shorter log
    for _ in range(CHECKPOINT_EVERY + 3):
        session.undo()
    assert snapshot(session) == snapshot(Session(wi, session.setup, session.items))


# -- GM overrides and notes (G-4) -----------------------------------------------------------


def test_gm_set_changes_a_value_and_logs_it(demo: Session) -> None:
    play(demo, *OPENING)
    demo.gm("gm.set", unit="blue2", field="damage", value=2)
    unit = demo.battle.units["blue2"]
    assert unit.stats["damage"] == 2
    entry = demo.battle.log[-1]
    assert entry.kind == "override" and entry.key == "gm.set" and entry.target == "blue2"
    # The demo's Barbari field two Guerrieri: the log names each by its unique label.
    assert "GM sets Guerriero 1's damage to 2" in entry.text
    assert [e.as_dict() for e in entry.effects] == [
        {"unit": "blue2", "field": "damage", "from": 0, "to": 2}
    ]
    assert entry.answer == len(OPENING)
    assert demo.prompt is not None and demo.prompt.key == "activation.unit"  # play goes on


def test_gm_remove_restore_add_note(demo: Session) -> None:
    play(demo, *OPENING)
    demo.gm("gm.remove", unit="blue1")
    assert demo.battle.units["blue1"].removed
    demo.gm("gm.restore", unit="blue1")
    assert not demo.battle.units["blue1"].removed
    demo.gm("gm.add", id="blue9", side="blue", name="Rinforzo", profile={"cmb": 2, "abi": 4})
    added = demo.battle.units["blue9"]
    assert (added.side, added.name, added.profile) == (
        "blue",
        "Rinforzo",
        {"cmb": 2, "abi": 4, "cost": 6},
    )
    assert added.stats["damage"] == 0 and not added.removed
    demo.gm("gm.note", text="The ford floods: rough ground everywhere.")
    note = demo.battle.log[-1]
    assert (note.kind, note.text) == ("note", "The ford floods: rough ground everywhere.")
    kinds = [e.text for e in demo.battle.log if e.kind == "override"]
    assert kinds == [
        "GM removes Capo tribù",
        "GM puts Capo tribù back",
        "GM adds Rinforzo to Barbari",
    ]


def test_gm_end_ends_the_battle_and_the_summary_says_so(wi: RuleSystem, demo: Session) -> None:
    play(demo, *OPENING)
    demo.gm("gm.end", winner="blue", reason="")
    result = demo.battle.result
    assert result is not None and result.winner == "blue"
    assert result.reason == "the GM ended the battle"
    assert demo.prompt is None
    assert "the GM ended the battle" in wi.summary(demo.battle)[0]
    with pytest.raises(AnswerError, match="battle is over"):
        demo.answer("red2")
    with pytest.raises(AnswerError, match="already over"):
        demo.gm("gm.end")
    demo.gm("gm.note", text="notes are still welcome")  # a note after the end is fine
    demo.undo()
    demo.undo()
    assert demo.battle.result is None
    assert demo.prompt is not None and demo.prompt.key == "activation.unit"
    demo.gm("gm.end")
    assert demo.battle.result is not None and demo.battle.result.winner is None


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("gm.set", {"unit": "ghost", "field": "damage", "value": 1}, "no unit 'ghost'"),
        ("gm.set", {"unit": "red1", "field": "morale", "value": 1}, "not a field"),
        ("gm.set", {"unit": "red1", "field": "damage", "value": 3}, "at most 2"),
        ("gm.set", {"unit": "red1", "field": "damage", "value": -1}, "at least 0"),
        ("gm.set", {"unit": "red1", "field": "damage", "value": "2"}, "whole number"),
        ("gm.set", {"unit": "red1", "field": "damage", "value": True}, "whole number"),
        ("gm.set", {"unit": "red1", "field": "cmb", "value": 6}, "at most 5"),
        ("gm.set", {"unit": "red1", "field": "active", "value": 1}, "yes/no"),
        ("gm.remove", {"unit": "ghost"}, "no unit"),
        ("gm.restore", {"unit": "red1"}, "already on the table"),
        ("gm.add", {"id": "red1", "side": "red", "profile": {"cmb": 3, "abi": 3}}, "already"),
        ("gm.add", {"id": "", "side": "red", "profile": {"cmb": 3, "abi": 3}}, "empty"),
        ("gm.add", {"id": "x1", "side": "green", "profile": {"cmb": 3, "abi": 3}}, "no side"),
        ("gm.add", {"id": "x1", "side": "red", "profile": {"cmb": 9, "abi": 3}}, "CMB must"),
        ("gm.add", {"id": "x1", "side": "red", "profile": [3, 3]}, "table of values"),
        ("gm.note", {"text": "   "}, "needs some text"),
        ("gm.end", {"winner": "green"}, "no side 'green'"),
        ("gm.fly", {}, "answer for 'gm.fly' but the rules ask 'activation.unit'"),
    ],
)
def test_a_refused_override_stores_nothing(
    demo: Session, key: str, value: dict[str, Any], message: str
) -> None:
    play(demo, *OPENING)
    before = snapshot(demo)
    with pytest.raises(AnswerError, match=message):
        demo.gm(key, **value)
    assert len(demo.items) == len(OPENING)
    assert snapshot(demo) == before


def test_gm_remove_twice_is_refused(demo: Session) -> None:
    demo.gm("gm.remove", unit="red2")
    with pytest.raises(AnswerError, match="not on the table"):
        demo.gm("gm.remove", unit="red2")


def test_overrides_survive_undo_redo_and_replay(wi: RuleSystem, demo: Session) -> None:
    play(demo, *OPENING[:2])
    demo.gm("gm.set", unit="blue3", field="damage", value=1)
    demo.gm("gm.remove", unit="blue4")
    demo.gm("gm.add", id="red7", side="red", name="Aquilifer", profile={"cmb": 3, "abi": 5})
    demo.gm("gm.note", text="Fog rolls in.")
    play(demo, *OPENING[2:])
    with_overrides = snapshot(demo)

    demo.undo()  # the last answer, not the overrides
    assert demo.battle.units["blue3"].stats["damage"] == 1
    assert demo.battle.units["blue4"].removed
    assert "red7" in demo.battle.units
    demo.redo()
    assert snapshot(demo) == with_overrides

    replayed = Session(wi, demo.setup, demo.items)
    assert snapshot(replayed) == with_overrides

    # the added unit takes part in the rules: it is offered for activation
    prompt = demo.prompt
    assert prompt is not None and prompt.key == "activation.unit"
    assert "red7" in [o.value for o in prompt.enabled()]  # type: ignore[attr-defined]
    assert "blue4" not in str(prompt)

    for _ in range(2):
        demo.undo()
    demo.undo()  # the note
    assert not any(e.kind == "note" for e in demo.battle.log)
    demo.undo()  # the added unit
    assert "red7" not in demo.battle.units


def test_an_override_in_the_middle_of_a_step_is_replayed_at_its_place(
    wi: RuleSystem, demo: Session
) -> None:
    play(demo, *OPENING[:3])  # the Centurione's activation roll is pending
    demo.gm("gm.set", unit="red1", field="abi", value=1)
    prompt = demo.prompt
    assert prompt is not None and prompt.key == "activation.roll"
    demo.answer((1,))
    assert snapshot(Session(wi, demo.setup, demo.items)) == snapshot(demo)


# -- replay errors --------------------------------------------------------------------------


def test_a_log_whose_key_no_longer_matches_names_the_answer(wi: RuleSystem) -> None:
    items = [Item(k, v) for k, v in OPENING]
    items[3] = Item("shoot.to_hit", (1,))
    with pytest.raises(ReplayError) as info:
        Session(wi, wi.demo_setup(), items)
    assert info.value.index == 3
    assert str(info.value).startswith("answer 3: ")
    assert "'shoot.to_hit'" in str(info.value) and "'activation.roll'" in str(info.value)


@pytest.mark.parametrize(
    ("index", "item", "message"),
    [
        (0, Item("order.roll", (7,)), "7 is not a face of a d6"),
        (2, Item("activation.unit", "blue1"), "not one of the options"),
        (2, Item("gm.set", {"unit": "nobody", "field": "damage", "value": 1}), "no unit"),
        (1, Item("order.roll", "six"), "expected the faces"),
    ],
)
def test_a_value_that_does_not_replay_names_the_answer(
    wi: RuleSystem, index: int, item: Item, message: str
) -> None:
    items = [Item(k, v) for k, v in OPENING]
    items[index] = item
    with pytest.raises(ReplayError, match=message) as info:
        Session(wi, wi.demo_setup(), items)
    assert info.value.index == index


def test_an_answer_after_the_end_does_not_replay(wi: RuleSystem) -> None:
    session = finished(wi)
    items = [*session.items, Item("activation.unit", "red1")]
    with pytest.raises(ReplayError, match="battle is over") as info:
        Session(wi, session.setup, items)
    assert info.value.index == len(session.items)


def steps_of(session: Session) -> dict[str, Any]:
    """The phase table's steps the runner dispatches from (patched to make one crash)."""
    assert isinstance(session.system, BaseSystem)
    return session.system.steps


def test_a_rule_step_crashing_as_a_phase_begins_is_reported_and_loses_nothing(
    demo: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer that settles the play order starts the first activation, which crashes:
    the order roll is not stored, and once the bug is gone the same answer goes through."""
    play(demo, OPENING[0])
    before = snapshot(demo)

    def broken(battle: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setitem(steps_of(demo), "activation", broken)
    with pytest.raises(RulesFailed, match="RuntimeError: boom"):
        demo.answer(OPENING[1][1])
    assert snapshot(demo) == before and len(demo.items) == 1
    monkeypatch.undo()
    play(demo, OPENING[1])
    assert demo.prompt is not None and demo.prompt.key == "activation.unit"


def test_a_crashing_rule_step_is_reported_and_loses_nothing(
    demo: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    play(demo, *OPENING[:3])
    before = snapshot(demo)
    original = steps_of(demo)["activation"]

    def broken(battle: Any) -> Any:
        # crashes only once the Centurione is active: the log before replays cleanly
        if battle.units["red1"].stats["active"]:
            raise ZeroDivisionError("boom")
        return original(battle)

    monkeypatch.setitem(steps_of(demo), "activation", broken)
    with pytest.raises(RulesFailed, match="ZeroDivisionError: boom"):
        demo.answer((1,))  # the roll passes; the next activation step crashes
    monkeypatch.setitem(steps_of(demo), "activation", original)
    assert snapshot(demo) == before and len(demo.items) == 3
    demo.answer((1,))
    assert demo.battle.units["red1"].stats["active"] is True
