"""The multi-select prompt (`Pick`): one answer about several things.

Validation in `coerce` (one place), random answers within the bounds, the answer in
words, the log entry naming the units picked, and the answer through replay, undo,
save and load and the JSON export."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import attrs
import pytest

from skirmtui.engine.core.asking import (
    ASKED_BEFORE,
    ONE_AT_A_TIME,
    QUESTIONS,
    last_answer,
    offer_last,
    one_at_a_time,
    still_legal,
    take_only,
)
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.kit import about
from skirmtui.engine.core.prompts import AnswerError, Ask, Choose, Option, Pick
from skirmtui.engine.core.session import ReplayError, Session
from skirmtui.engine.core.system import FieldSpec, Phase, Setup, Step
from skirmtui.engine.report.export import export_document
from skirmtui.engine.report.narrative import Teller
from skirmtui.engine.store.saves import load_session, loads, save_session
from tests.toy import ToySystem, next_round, toy_setup

STAMP = "2026-01-01T00:00:00Z"


def _pick(**fields: object) -> Pick:
    options = (
        Option("a", "Alpha"),
        Option("b", "Bravo"),
        Option("c", "Charlie", disabled="already moved"),
        Option("d", "Delta", passive=True),
    )
    return Pick(key="t.pick", text="Which?", options=options, **fields)  # type: ignore[arg-type]


# -- validation -----------------------------------------------------------------------------


def test_an_answer_is_stored_in_option_order_whatever_order_it_was_given_in() -> None:
    prompt = _pick()
    assert prompt.coerce(["d", "a"]) == ("a", "d")
    assert prompt.coerce(("b",)) == ("b",)
    assert prompt.coerce([]) == ()
    assert prompt.coerce({"b", "a"}) == ("a", "b")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("a", "expected a list of options"),
        (1, "expected a list of options"),
        (["a", 2], "expected options"),
        (["z"], "'z' is not one of the options"),
        (["c"], "Charlie: already moved"),
        (["a", "a"], "Alpha is picked twice"),
    ],
)
def test_coerce_refuses_what_is_not_a_set_of_enabled_options(value: object, message: str) -> None:
    with pytest.raises(AnswerError, match=message):
        _pick().coerce(value)


def test_coerce_keeps_the_count_within_the_bounds() -> None:
    bounded = _pick(minimum=1, maximum=2)
    with pytest.raises(AnswerError, match="pick at least 1"):
        bounded.coerce([])
    with pytest.raises(AnswerError, match="pick at most 2"):
        bounded.coerce(["a", "b", "d"])
    assert bounded.coerce(["b", "a"]) == ("a", "b")
    assert bounded.most == 2
    assert _pick().most == 3  # the enabled options


def test_random_answers_are_legal_and_cover_the_enabled_options() -> None:
    rng = random.Random(4)
    prompt = _pick(minimum=1, maximum=2)
    seen: set[str] = set()
    for _ in range(200):
        answer = prompt.random_answer(rng)
        assert prompt.coerce(answer) == answer  # legal and already in stored form
        assert isinstance(answer, tuple)
        seen.update(str(v) for v in answer)
    assert seen == {"a", "b", "d"}


def test_the_answer_in_words_uses_the_labels() -> None:
    prompt = _pick()
    assert prompt.describe(("a", "d")) == "Alpha, Delta"
    assert prompt.describe(()) == "none"
    assert prompt.kind == "pick"


def test_an_option_may_carry_the_chance_of_what_it_leads_to() -> None:
    option = Option("a", "Alpha", chance=0.5)
    assert option.chance == 0.5
    assert Option("a", "Alpha").chance is None


# -- a toy system: every round, the table says which units moved over open ground -------


def _round(battle: Battle) -> Step:
    units = battle.on_table()
    options = [Option(u.id, u.label) for u in units]
    moved = yield Pick(key="toy.open", text="Which units moved over open ground?", options=options)
    for uid in moved:
        unit = battle.units[uid]
        battle.set(unit, "moved", unit.num("moved") + 1)
    first = units[0]
    target = yield about(
        Pick,
        first,
        key="toy.passed",
        text=f"{first.label}: which enemies did it pass?",
        options=[Option(e.id, e.label) for e in battle.enemies(first.side)],
    )
    battle.set(first, "passed", first.num("passed") + len(target))
    next_round(battle)


class Toy(ToySystem):
    id = "toy-pick"
    phases = (Phase("move", "Movement", _round),)
    unit_fields = (
        FieldSpec("moved", "moved", int, 0, 99),
        FieldSpec("passed", "passed", int, 0, 99),
    )


def _setup() -> Setup:
    return toy_setup("toy-pick")


def _played() -> Session:
    session = Session(Toy(), _setup())
    session.answer(["r2", "b1"])
    session.answer(["b1"])
    session.answer([])
    session.answer(("b1",))
    return session


def test_a_pick_changes_every_unit_picked_and_the_log_names_them() -> None:
    session = _played()
    battle = session.battle
    assert [battle.units[u].stats["moved"] for u in ("r1", "r2", "b1")] == [0, 1, 1]
    assert battle.units["r1"].stats["passed"] == 2
    entries = [e for e in battle.log if e.kind == "pick"]
    assert [e.text for e in entries] == [
        "Which units moved over open ground? → Squire, Pikeman",
        "Knight: which enemies did it pass? → Pikeman",
        "Which units moved over open ground? → none",
        "Knight: which enemies did it pass? → Pikeman",
    ]
    # The units picked are the actors of a question about no unit, the targets of one
    # about a unit (as a chosen unit is).
    assert (entries[0].actor, entries[0].actors) == ("r2", ("r2", "b1"))
    assert (entries[1].actor, entries[1].target) == ("r1", "b1")
    assert entries[0].value == ("r2", "b1")


def test_undo_and_redo_take_back_and_give_back_a_pick() -> None:
    session = _played()
    session.undo()
    assert session.prompt is not None and session.prompt.key == "toy.passed"
    assert session.battle.units["r1"].stats["passed"] == 1
    session.redo()
    assert session.battle.units["r1"].stats["passed"] == 2
    assert session.items[-1].value == ("b1",)


def test_a_pick_is_saved_as_a_list_and_replays_after_a_load(tmp_path: Path) -> None:
    session = _played()
    path = tmp_path / "pick.toml"
    save_session(session, path, STAMP)
    text = path.read_text(encoding="utf-8")
    assert '{ key = "toy.open", value = ["r2", "b1"] }' in text
    assert '{ key = "toy.open", value = [] }' in text
    loaded, _ = load_session(path, {"toy-pick": Toy()})
    assert loaded.items == session.items
    assert loaded.battle.units["r2"].stats == session.battle.units["r2"].stats
    # the fast reader of answer lines reads a list of option values as TOML does
    assert loads(text)["answers"] == tomllib.loads(text)["answers"]


def test_a_saved_pick_that_no_longer_fits_names_the_answer() -> None:
    session = Session(Toy(), _setup())
    with pytest.raises(AnswerError, match="'x9' is not one of the options"):
        session.answer(["x9"])
    assert session.items == []


def test_the_export_gives_the_value_as_a_list_and_the_text_in_words() -> None:
    doc = export_document(_played())
    picks = [e for e in doc["entries"] if e["kind"] == "pick"]
    assert picks[0]["value"] == ["r2", "b1"]
    assert picks[0]["text"].endswith("→ Squire, Pikeman")
    assert [a["label"] for a in picks[0]["actors"]] == ["Squire", "Pikeman"]


def test_the_report_tells_a_pick_as_a_sentence() -> None:
    session = _played()
    narrator = Teller(session.battle, session.battle.labels)
    entry = next(e for e in session.battle.log if e.kind == "pick")
    assert narrator.sentence(entry) == "Squire and Pikeman moved over open ground."


# -- groups: at most one option of each ------------------------------------------------------


def _grouped() -> Pick:
    options = [
        Option(f"{unit}|{ground}", f"{unit} {ground}", group=unit)
        for unit in ("u1", "u2")
        for ground in ("open", "rough")
    ]
    return Pick(key="t.moves", text="Which moved?", options=options)


def test_a_group_takes_one_option_at_most() -> None:
    prompt = _grouped()
    assert prompt.coerce(["u2|rough", "u1|open"]) == ("u1|open", "u2|rough")
    with pytest.raises(AnswerError, match="u1 rough: u1 open is picked"):
        prompt.coerce(["u1|open", "u1|rough"])


def test_random_answers_respect_groups() -> None:
    rng = random.Random(2)
    prompt = _grouped()
    seen = set()
    for _ in range(200):
        answer = prompt.random_answer(rng)
        assert prompt.coerce(answer) == answer
        seen.add(answer)
    assert () in seen and ("u1|rough", "u2|open") in seen


# -- asking less: defaults and older questions ---------------------------------------------


def test_a_default_keeps_what_is_still_legal_of_an_earlier_answer() -> None:
    prompt = _pick()
    assert still_legal(prompt, ("a", "c", "z")) == ("a",)  # c disabled now, z gone
    assert still_legal(prompt, ("c",)) is None
    assert still_legal(prompt, None) is None
    assert still_legal(prompt, ()) == ()  # "none" last time: offered again
    assert still_legal(_pick(minimum=1), ()) is None
    assert still_legal(_pick(maximum=1), ("a", "b")) is None
    assert still_legal(_grouped(), ("u1|open", "u1|rough")) == ("u1|open",)


def test_the_last_answer_to_the_same_question_of_the_same_side() -> None:
    session = _played()
    battle = session.battle
    assert last_answer(battle, "toy.open") == ()  # the second round's: none moved
    assert last_answer(battle, "toy.passed", side="red", actor="r1") == ("b1",)
    assert last_answer(battle, "toy.passed", side="blue", actor="r1") is None
    take_only(battle, "toy.open", "Which units moved?", "Knight")
    assert battle.log[-1].text == "Which units moved? → Knight (the only choice)"
    assert last_answer(battle, "toy.open") == ()  # a choice taken is no answer


def _round_asked_less(battle: Battle) -> Step:
    """Today one Pick; before, one yes/no question per unit."""
    units = battle.on_table()
    if one_at_a_time(battle):
        moved = []
        for unit in units:
            if (yield Ask(key="toy.moved", text=f"Did {unit.label} move?")):
                moved.append(unit.id)
    else:
        options = [Option(u.id, u.label) for u in units]
        moved = yield Pick(key="toy.open", text="Which units moved?", options=options)
    for uid in moved:
        battle.set(battle.units[uid], "moved", battle.units[uid].num("moved") + 1)
    battle.end(None, "one round")


class AskedLess(Toy):
    phases = (Phase("move", "Movement", _round_asked_less),)

    def older_questions(self) -> tuple[dict[str, str], ...]:
        return ASKED_BEFORE


def test_a_log_of_older_questions_replays_with_them_and_the_setup_says_so() -> None:
    system = AskedLess()
    older = Session(system, attrs.evolve(_setup(), options={QUESTIONS: ONE_AT_A_TIME}))
    for answer in (True, False, True):
        older.answer(answer)
    replayed = Session(system, _setup(), older.items)  # a save without the option
    assert replayed.setup.options == {QUESTIONS: ONE_AT_A_TIME}
    assert [u.stats["moved"] for u in replayed.battle.units.values()] == [1, 0, 1]
    today = Session(system, _setup())
    today.answer(["r1", "b1"])
    again = Session(system, _setup(), today.items)
    assert again.setup.options == {} and again.items == today.items


def test_a_log_that_fits_no_questions_names_its_first_refused_answer() -> None:
    system = AskedLess()
    with pytest.raises(ReplayError, match="answer 0"):
        Session(system, _setup(), [Item("toy.other", True)])
    pinned = attrs.evolve(_setup(), options={QUESTIONS: "today"})
    older = [Item("toy.moved", True)]
    with pytest.raises(ReplayError):  # the save says its questions: no other is tried
        Session(system, pinned, older)


def test_a_choice_offers_last_times_answer_about_the_same_unit_when_still_legal() -> None:
    """Issue 25: Enter accepts the answer given last time to the same question about the
    same unit; an answer no longer legal (disabled now) is not offered."""
    battle = Toy().new_battle(_setup())
    choose = Choose(
        key="t.act",
        text="Which action?",
        side="red",
        actor="r1",
        options=(Option("hold", "Hold"), Option("run", "Run", disabled="tired")),
    )
    assert offer_last(battle, choose).default is None  # never answered
    battle.answered["t.act", "red", "r1"] = "hold"
    assert offer_last(battle, choose).default == "hold"
    battle.answered["t.act", "red", "r1"] = "run"
    assert offer_last(battle, choose).default is None  # disabled now
    other = attrs.evolve(choose, actor="r2")
    assert offer_last(battle, other).default is None  # another unit's question


def test_the_runner_keeps_each_questions_last_answer_and_a_replay_the_same() -> None:
    session = _played()
    assert session.battle.answered["toy.open", None, None] == ()
    assert session.battle.answered["toy.passed", "red", "r1"] == ("b1",)
    replayed = Session(Toy(), _setup(), session.items)
    assert replayed.battle.answered == session.battle.answered
    session.undo()
    assert session.battle.answered["toy.open", None, None] == ()
    assert session.battle.answered["toy.passed", "red", "r1"] == ("b1",)  # round 1's
