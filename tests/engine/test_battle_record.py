"""`Battle.record` (every answer's log entry) and what a checkpoint's clone shares."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.battle import Battle, Effect, LogEntry, Side, Unit
from skirmtui.engine.core.causes import Cause
from skirmtui.engine.core.entries import answer_entry
from skirmtui.engine.core.records import fields


def battle() -> Battle:
    units = {
        uid: Unit(uid, side, name, {"cmb": 3}, {"damage": 0})
        for uid, side, name in [("r1", "red", "Capo"), ("b1", "blue", "Capo")]
    }
    return Battle("s", "t", 1, {}, [Side("red", "Red"), Side("blue", "Blue")], units)


def test_record_puts_each_argument_in_its_field() -> None:
    b = battle()
    b.round, b.phase, b.answer_index = 2, "melee", 7
    b.record("note", "first")
    entry = b.record(
        "choose",
        "Who attacks? → Capo",
        key="melee.unit",
        side="red",
        roll={"dice": "1d6"},
        brief="Red → Capo",
        actors=["r1", "b1"],
        targets=["b1"],
        order=[["r1", "b1"]],
    )
    assert (entry.index, entry.answer, entry.round, entry.phase) == (1, 7, 2, "melee")
    assert (entry.kind, entry.text, entry.key, entry.side) == (
        "choose",
        "Who attacks? → Capo",
        "melee.unit",
        "red",
    )
    assert (entry.actor, entry.target, entry.actors, entry.targets) == (
        "r1",
        "b1",
        ("r1", "b1"),
        ("b1",),
    )
    assert entry.roll == {"dice": "1d6"} and entry.order == [["r1", "b1"]]
    assert entry.brief == "Red → Capo" and entry.effects == [] and not entry.private
    assert (entry.source, entry.by, entry.value) == (None, None, None)
    b.set(b.units["b1"], "damage", 1)
    assert [e.as_dict() for e in entry.effects] == [
        {"unit": "b1", "field": "damage", "from": 0, "to": 1}
    ]
    assert b.log[0].effects == []  # each entry its own list


def test_a_text_said_again_is_kept_once_also_by_a_checkpoint() -> None:
    b = battle()
    first = b.record("info", "".join(["Capo ", "moves"]))
    again = b.clone().record("info", "".join(["Capo ", "moves"]))
    assert again.text == first.text and again.text is first.text


def test_a_checkpoint_shares_the_units_profile_not_their_stats() -> None:
    b = battle()
    copy = b.clone()
    assert copy.units["r1"].profile is b.units["r1"].profile
    copy.set(copy.units["r1"], "damage", 2)
    assert b.units["r1"].stats["damage"] == 0


def _words(entry: LogEntry, later: tuple[Any, ...]) -> None:
    """A fill of `answer_entry`'s words (`LogEntry._later`): the text and roll given."""
    entry.text, entry.brief, entry.roll = later[2], "", later[3]


def _every_field(record: object) -> dict[str, object]:
    """Every field's value (an unassigned slot raises AttributeError here)."""
    return {f.name: getattr(record, f.name) for f in fields(type(record))}


def test_an_entry_and_an_effect_made_field_by_field_are_what_the_classes_make() -> None:
    # `record`, `entries.answer_entry` and `set` make these without calling the class
    # (issue 28): a field added to LogEntry or Effect and not assigned there fails here
    # (an answer's words are filled when read: `_words` gives them).
    b = battle()
    b.round, b.phase, b.answer_index = 3, "shooting", 4
    prompt = object()
    made = answer_entry(
        b, "roll", "shoot", "red", "r1", "b1", (), (), prompt, "app", [5],
        (_words, b.texts, "Capo shoots: 5", {"dice": "1d6"}),
    )  # fmt: skip
    made.detail = {"attack": "shot"}
    b.set(b.units["b1"], "damage", 2, Cause("attack", 0, "r1"))
    noted = b.record("info", "Capo is hit", target="b1", order=["red", "blue"])
    assert _every_field(made) == _every_field(
        LogEntry(
            0, 4, 3, "shooting", "roll", "Capo shoots: 5", "shoot", "red", "r1", "b1",
            {"dice": "1d6"}, [Effect("b1", "damage", 0, 2, Cause("attack", 0, "r1"))],
            source=prompt, by="app", value=[5], detail={"attack": "shot"},
        )
    )  # fmt: skip
    assert _every_field(noted) == _every_field(
        LogEntry(1, 4, 3, "shooting", "info", "Capo is hit", target="b1", order=["red", "blue"])
    )
    assert made == LogEntry(**{f.alias: getattr(made, f.name) for f in fields(LogEntry)})
    assert type(made) is LogEntry and type(made.effects[0]) is Effect
