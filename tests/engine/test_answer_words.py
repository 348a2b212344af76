"""An answer's log words and a roll's table are made when first read (issue 28): every
reader gets what the runner wrote at once before (`question → answer`, `side → answer`,
the roll in words, the `roll` table with who rolled), and nothing else changes."""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

from skirmtui.engine.core.battle import Battle, LogEntry, Side, Unit
from skirmtui.engine.core.entries import roll_record
from skirmtui.engine.core.items import BY_AI, BY_TABLE, Item
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Option, Pick, Roll, describe_roll
from skirmtui.engine.core.records import fields, frozen_record, record
from skirmtui.engine.core.runner import Runner
from skirmtui.engine.core.system import Step
from skirmtui.engine.play.sim import battle_seeds, play_battle
from skirmtui.systems.registry import systems

_SHOT = Roll(key="shoot.hit", text="Capo shoots", side="red", actor="r1", dice="1d6",
             compare=">=", threshold=4, modifiers=[("cover", -1)])  # fmt: skip
_WHO = Choose(key="melee.unit", text="Who attacks?", side="red",
              options=[Option("r1", "Capo"), Option("pass", "Pass", passive=True)])  # fmt: skip
_HOLD = Ask(key="hold", text="Does it hold?", side="blue", actor="b1")
_SEEN = Pick(key="seen", text="Which moved in the open?", side="blue", minimum=0,
             options=[Option("b1", "Capo"), Option("b2", "Fante")])  # fmt: skip


class _Script:
    """A system of one step asking the prompts above, in order."""

    id = "script"
    table_facts: frozenset[str] = frozenset()

    def check_end(self, b: Battle) -> None:
        return None

    def next_step(self, b: Battle) -> Step | None:
        if b.round:
            b.end(None, "done")
            return None
        b.round = 1
        return self._step(b)

    def _step(self, b: Battle) -> Step:
        yield _SHOT
        yield _WHO
        yield _HOLD
        yield _SEEN
        yield Confirm(key="done", text="Moved?", side="red")


def _runner() -> Runner:
    units = {
        uid: Unit(uid, side, name, {}, {})
        for uid, side, name in [
            ("r1", "red", "Capo"),
            ("b1", "blue", "Capo"),
            ("b2", "blue", "Fante"),
        ]
    }
    b = Battle("script", "t", 1, {}, [Side("red", "Rossi"), Side("blue", "Blu")], units)
    return Runner(_Script(), b)  # type: ignore[arg-type]  # (the contract's few methods)


def _answer_all(runner: Runner) -> list[LogEntry]:
    runner.apply(Item("shoot.hit", (5,), BY_TABLE))
    runner.apply(Item("melee.unit", "r1", BY_AI, "balanced", "it hits"))
    runner.apply(Item("hold", False))
    runner.apply(Item("seen", ("b2",)))
    runner.apply(Item("done", True))
    return [e for e in runner.battle.log if e.kind != "result"]


def test_each_answer_s_words_are_the_question_the_answer_and_the_side() -> None:
    shot, who, hold, seen, done = _answer_all(_runner())
    result = _SHOT.resolve((5,))
    assert (
        shot.text
        == f"Capo shoots: {describe_roll(_SHOT, result)}"
        == "Capo shoots: [5] -1 = 4 ≥ 4: success"
    )
    assert shot.roll == {**roll_record(_SHOT, result), "by": BY_TABLE} and shot.brief == ""
    assert (who.text, who.brief) == ("Who attacks? → Capo (balanced: it hits)", "Rossi → Capo")
    assert (hold.text, hold.brief, hold.roll) == ("Does it hold? → no", "", None)
    assert (seen.text, seen.brief, seen.roll) == ("Which moved in the open? → Fante", "", None)
    assert (done.text, done.brief) == ("Moved? → done", "")
    assert who.actor == "r1" and seen.actor == "b2" and who.by == BY_AI


def test_a_choice_s_brief_names_its_side_or_the_table() -> None:
    runner = _runner()
    runner.apply(Item("shoot.hit", (2,), BY_TABLE))
    runner.apply(Item("melee.unit", "pass"))
    entry = runner.battle.log[-1]
    assert (entry.text, entry.brief) == ("Who attacks? → Pass", "Rossi → Pass")


def test_words_made_later_are_equal_hashed_pickled_and_copied_as_made_at_once() -> None:
    entries = _answer_all(_runner())
    again = _answer_all(_runner())
    for entry, twin in zip(entries, again, strict=True):
        assert entry == twin  # eq reads every field, filling both
        made = LogEntry(**{f.alias: getattr(entry, f.name) for f in fields(LogEntry)})
        assert made == entry and repr(made) == repr(entry)
    fresh = _answer_all(_runner())
    for entry, twin in zip(fresh, entries, strict=True):  # nothing read before these
        assert pickle.loads(pickle.dumps(fresh[0])).text == entries[0].text
        assert copy.copy(entry) == twin and attrs.asdict(entry) == attrs.asdict(twin)
        assert attrs.evolve(entry) == twin


def test_a_sentence_said_again_is_kept_once() -> None:
    first, second = _runner(), _runner()
    second.battle.texts = first.battle.texts
    for entry, again in zip(_answer_all(first), _answer_all(second), strict=True):
        assert entry.text is again.text


def test_what_the_words_are_made_of_is_let_go_once_read() -> None:
    entry = _answer_all(_runner())[1]
    assert entry.text
    assert object.__getattribute__(entry, "_later") is None
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        entry.nothing  # type: ignore[attr-defined]  # noqa: B018
    assert "_later" not in {f.name for f in fields(LogEntry)}


@record
class _Kept:
    __slots__ = ("_cache",)
    name: str


@frozen_record
class _Frozen:
    __slots__ = "_cache"
    name: str


def test_a_record_s_own_slots_are_no_fields() -> None:
    for cls in (_Kept, _Frozen):
        one, two = cls("a"), cls("a")
        object.__setattr__(one, "_cache", 1)
        assert one == two and repr(one) == f"{cls.__name__}(name='a')"
        assert [f.name for f in fields(cls)] == ["name"] and "_cache" in cls.__slots__
        assert not hasattr(pickle.loads(pickle.dumps(one)), "_cache")


@pytest.mark.parametrize("system_id", sorted(systems()))
def test_a_sim_s_entries_read_late_are_a_replay_s_read_at_once(system_id: str) -> None:
    """A sim's battle, its words read only at the end, logs what a replay of its answers
    logs with each entry's words read as soon as it is made."""
    system = systems()[system_id]
    seed = next(battle_seeds(3, 1))
    setup = attrs.evolve(system.demo_setup(), seed=seed)
    battle, items = play_battle(system, setup, random.Random(seed))
    replay = Runner(system, system.new_battle(setup))
    seen = 0
    for item in items:
        replay.apply(item)
        for entry in replay.battle.log[seen:]:
            assert entry.text is not None and entry.brief is not None
            entry.roll  # noqa: B018  # read now
        seen = len(replay.battle.log)
    assert len(battle.log) == len(replay.battle.log)
    for late, early in zip(battle.log, replay.battle.log, strict=True):
        assert (late.text, late.brief, late.roll) == (early.text, early.brief, early.roll)
