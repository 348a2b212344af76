"""A GM entry made while a question waits counts from the step's start: the runner plays
the step again from its boundary, the GM's entry first, then the step's answers; from
the first that no longer fits they are withdrawn (docs/architecture.md)."""

from __future__ import annotations

import random
from pathlib import Path

import attrs

from skirmtui.engine.core.battle import Battle, Side, Unit
from skirmtui.engine.core.prompts import Choose, Confirm, Option, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import FieldSpec, Phase, Setup, Step, UnitSpec
from skirmtui.engine.store.saves import load_session, save_session
from tests.property.identity import state
from tests.property.playing import random_play
from tests.property.test_every_system import random_gm_entry, short_battle
from tests.toy import ToySystem


def _raid(b: Battle) -> Step:
    """Red picks a raider and a Blue target, rolls one d6 per Red unit on the table (any
    6 takes the target out), then confirms; the raider is spent until all are."""
    b.round = b.round or 1
    ready = [u for u in b.on_table("red") if not u.flag("spent")]
    if not ready:
        for unit in b.on_table("red"):
            b.set(unit, "spent", False)
        return
    who = yield Choose(
        key="raid.unit",
        text="Who raids?",
        side="red",
        options=[Option(u.id, u.label) for u in ready],
    )
    raider = b.units[str(who)]
    at = yield Choose(
        key="raid.target",
        text=f"{raider.label} raids whom?",
        side="red",
        actor=raider.id,
        options=[Option(u.id, u.label) for u in b.on_table("blue")],
    )
    target = b.units[str(at)]
    dice = len(b.on_table("red"))
    roll = yield Roll(key="raid.roll", text="Raid", side="red", actor=raider.id, dice=f"{dice}d6")
    b.set(raider, "spent", True)
    if 6 in roll.faces:
        b.set(target, "hurt", target.num("hurt") + 1)
        b.remove(target)
    yield Confirm(key="raid.done", text="Raid over")


class Raid(ToySystem):
    id = "raid"
    phases = (Phase("raid", "Raid", _raid),)
    profile_fields = ()
    unit_fields = (FieldSpec("spent", "spent", bool), FieldSpec("hurt", "hurt", int, 0, 9))

    def restore_field(self, battle: Battle, unit: Unit) -> FieldSpec:
        return self.unit_fields[1]


SYSTEM = Raid()


def _setup() -> Setup:
    units = [UnitSpec(f"r{n}", "red", "Raider", {}) for n in (1, 2)]
    units += [UnitSpec(f"b{n}", "blue", "Guard", {}) for n in (1, 2, 3)]
    return Setup("raid", "t", 7, [Side("red", "Red"), Side("blue", "Blue")], units)


def _replays(s: Session) -> None:
    """Replay, undo of every entry one by one and redo give the same battle."""
    assert state(Session(SYSTEM, s.setup, s.items)) == state(s)
    items = list(s.items)
    for n in range(len(items) - 1, -1, -1):
        s.undo()
        assert state(s) == state(Session(SYSTEM, s.setup, items[:n]))
    for _ in items:
        s.redo()
    assert state(s) == state(Session(SYSTEM, s.setup, items))


def _kinds(s: Session) -> list[str]:
    return [e.kind for e in s.battle.log]


def test_the_actor_removed_while_its_target_is_asked_is_asked_for_again() -> None:
    s = Session(SYSTEM, _setup())
    s.answer("r1")
    s.gm("gm.remove", unit="r1")
    prompt = s.prompt
    assert isinstance(prompt, Choose) and prompt.key == "raid.unit"
    assert [o.value for o in prompt.options] == ["r2"]
    withdrawn = [e for e in s.battle.log if e.kind == "withdrawn"]
    assert [e.answer for e in withdrawn] == [0]
    assert "Who raids? → Raider 1" in withdrawn[0].text
    s.answer("r2")
    _replays(s)


def test_a_target_removed_while_the_dice_wait_is_asked_for_again() -> None:
    s = Session(SYSTEM, _setup())
    s.answer("r1")
    s.answer("b2")
    s.gm("gm.remove", unit="b2")
    prompt = s.prompt
    assert isinstance(prompt, Choose) and prompt.key == "raid.target"
    assert prompt.actor == "r1"  # the raider's answer still fits: kept
    assert [o.value for o in prompt.options] == ["b1", "b3"]
    _replays(s)


def test_dice_that_count_the_units_in_play_follow_a_unit_added() -> None:
    s = Session(SYSTEM, _setup())
    s.answer("r1")
    s.answer("b1")
    assert isinstance(s.prompt, Roll) and s.prompt.dice == "2d6"
    s.gm("gm.add", id="r3", side="red", name="Raider", profile={})
    assert isinstance(s.prompt, Roll) and s.prompt.dice == "3d6"
    assert s.prompt.actor == "r1"
    assert "withdrawn" not in _kinds(s)  # both answers still fit
    s.answer((6, 1, 1))
    assert s.battle.units["b1"].removed
    _replays(s)


def test_a_roll_that_no_longer_fits_is_withdrawn_and_asked_again() -> None:
    s = Session(SYSTEM, _setup())
    s.answer("r1")
    s.answer("b1")
    s.gm("gm.remove", unit="r2")  # one die fewer: the raid is rolled with 1d6
    assert isinstance(s.prompt, Roll) and s.prompt.dice == "1d6"
    s.answer((2,))
    s.gm("gm.add", id="r3", side="red", name="Raider", profile={})
    assert isinstance(s.prompt, Roll) and s.prompt.dice == "2d6"
    withdrawn = [e for e in s.battle.log if e.kind == "withdrawn"]
    assert [e.answer for e in withdrawn] == [3] and "[2]" in withdrawn[0].text
    s.answer((6, 6))
    _replays(s)


def test_correcting_what_the_step_did_applies_where_it_stands() -> None:
    """Putting back the target the raid just took out, or setting a value the step just
    changed, is a correction: nothing is played again."""
    s = Session(SYSTEM, _setup())
    s.answer("r1")
    s.answer("b1")
    s.answer((6, 2))
    assert s.battle.units["b1"].removed and isinstance(s.prompt, Confirm)
    s.gm("gm.restore", unit="b1")
    s.gm("gm.set", unit="b1", field="hurt", value=0)
    assert not s.battle.units["b1"].removed and s.battle.units["b1"].num("hurt") == 0
    assert isinstance(s.prompt, Confirm) and "withdrawn" not in _kinds(s)
    s.gm("gm.note", text="a note changes nothing")
    s.answer(True)
    _replays(s)


def test_a_save_with_gm_entries_in_the_middle_of_steps_loads_as_it_was(tmp_path: Path) -> None:
    s = Session(SYSTEM, _setup())
    s.answer("r1")
    s.gm("gm.remove", unit="r1")
    s.answer("r2")
    s.answer("b3")
    s.gm("gm.restore", unit="r1")
    s.answer((6, 6))
    path = tmp_path / "raid.toml"
    save_session(s, path, "2026-01-01T00:00:00Z")
    loaded, _ = load_session(path, {"raid": SYSTEM})
    assert loaded.items == s.items and state(loaded) == state(s)


def test_a_gm_set_of_a_list_of_units_saves_and_loads(tmp_path: Path) -> None:
    """A `tuple` field (combattimento-gdr's contacts) set by the GM: the save reads back
    (it was refused: "value must be a number, yes/no or text")."""
    from skirmtui.systems.registry import get_system

    system = get_system("combattimento-gdr")
    s = Session(system, system.demo_setup())
    red, blue = (next(u.id for u in s.battle.on_table(side.id)) for side in s.battle.sides[:2])
    s.gm("gm.set", unit=red, field="contact", value=[blue])
    path = tmp_path / "contact.toml"
    save_session(s, path, "2026-01-01T00:00:00Z")
    loaded, _ = load_session(path, {system.id: system})
    assert loaded.battle.units[red].stats["contact"] == (blue,)
    assert state(loaded) == state(s)


def test_the_export_logs_a_step_played_again_as_the_session_does() -> None:
    """The export replays the battle to keep each choice's options: that replay plays
    a step again after a GM entry made in it, as the session did (same entries)."""
    from skirmtui.engine.report.export import export_document

    s = Session(SYSTEM, _setup())
    s.answer("r1")
    s.gm("gm.remove", unit="r1")
    s.answer("r2")
    entries = export_document(s)["entries"]
    assert [e["text"] for e in entries] == [e.text for e in s.battle.log]
    assert [e["kind"] for e in entries].count("withdrawn") == 1


def test_a_unit_the_step_wounded_is_put_back_as_the_gm_says() -> None:
    """G-4: a combattimento-gdr battle (random answers and GM entries, seed 38225) where
    the GM takes the Lanciere out and puts it back with 1 damage while a question waits,
    after the step applied its held hits (8 and 2) to it. Counted from the step's start,
    those hits landed on it again (11); the step did something to the unit, so the entry
    applies where it stands and the Lanciere stands at 1. The battle is asked with the
    questions it was found with (`questions = "one at a time"`: issue 25 asks less since,
    which changes the random answers' course)."""
    system, setup, _ = short_battle("combattimento-gdr", (0, 2, 0))
    setup = attrs.evolve(setup, options={**setup.options, "questions": "one at a time"})
    session = Session(system, setup)
    rng = random.Random(38225)
    restored = []
    for entry in random_play(session, rng, random_gm_entry, gm_rate=0.05, limit=3000):
        if entry is not None and entry[0] == "gm.restore" and "value" in entry[1]:
            unit = session.battle.units[entry[1]["unit"]]
            restored.append((unit.name, unit.stats["damage"], entry[1]["value"]))
    assert ("Lanciere", 1, 1) in restored
    assert all(now == said for _, now, said in restored)
