"""The undo and redo toasts late in a long battle (Pilot): they name what was undone by
its first log line, reading the log back no further than that entry's own lines (the
pending step's, for a GM entry made while the step waits), not the whole log."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from skirmtui.engine.core.battle import LogEntry
from skirmtui.engine.core.items import GM_REMOVE, GM_RESTORE, GM_SET
from skirmtui.engine.core.prompts import AnswerError, Choose
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import one_line
from skirmtui.tui import session_acts
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.battle import BattleScreen
from tests.tui.helpers import SIZE, demo_session, press


@pytest.fixture
def answers_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many log entries' `answer` the toasts' `entry_said` reads (one count a toast)."""
    slot = LogEntry.__dict__["answer"]  # the slot's own descriptor
    reads: list[int] = []

    class Counted:
        def __get__(self, entry: object, owner: object = None) -> object:
            if entry is None:
                return self
            if counting:
                reads[-1] += 1
            return slot.__get__(entry, owner)

        def __set__(self, entry: object, value: object) -> None:
            slot.__set__(entry, value)

    counting = False
    real = session_acts.entry_said

    def counted(session: Session, index: int) -> str:
        nonlocal counting
        reads.append(0)
        counting = True
        try:
            return real(session, index)
        finally:
            counting = False

    monkeypatch.setattr(LogEntry, "answer", Counted())
    monkeypatch.setattr(session_acts, "entry_said", counted)
    return reads


def long_battle() -> Session:
    """The demo played on at random until its log is long, waiting on a unit's choice
    in the middle of a step (an answer of the step already given)."""
    session = demo_session()
    rng = random.Random(4)
    while True:
        prompt = session.prompt
        assert prompt is not None, "the battle ended before the log was long"
        busy = session.runner.boundary_at < len(session.items)
        if len(session.battle.log) > 250 and busy and prompt.actor and isinstance(prompt, Choose):
            return session
        session.answer(prompt.random_answer(rng))


async def toast(pilot, key: str) -> str:  # type: ignore[no-untyped-def]
    """The toast `key` (ctrl+z, ctrl+y) shows."""
    await pilot.press(key)
    await pilot.pause(0.1)
    return [n.message for n in pilot.app._notifications][-1]


async def test_the_undo_toast_reads_the_entrys_own_lines_only(
    tmp_path: Path, answers_read: list[int]
) -> None:
    session = long_battle()
    app = SkirmApp(session=session, path=tmp_path / "long.toml", autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.selected is not None
        unit = session.battle.units[screen.selected]
        step_lines = len(session.battle.log) - session.runner.step_log_start
        # A wound added while the step waits counts from the step's start: its line
        # stands before the step's lines, which are played again after it.
        await press(pilot, "plus")
        assert (await toast(pilot, "ctrl+z")).startswith(f"Undone: GM sets {unit.label}'s ")
        assert (await toast(pilot, "ctrl+y")).startswith(f"Redone: GM sets {unit.label}'s ")
        # An answer: its lines are the log's tail.
        await press(pilot, "ctrl+z")  # the wound again
        said = await toast(pilot, "ctrl+z")
        assert said.startswith("Undone: ") and "GM" not in said
        assert len(answers_read) == 4
        assert max(answers_read) <= step_lines + 2, (answers_read, step_lines)
        assert len(session.battle.log) > 250


def said_by_a_full_walk(session: Session, index: int) -> str:
    """The oracle: the entry's first line with text, found from the log's start."""
    first = next((e.text for e in session.battle.log if e.answer == index and e.text), "")
    return one_line(first) if first else session.items[index].key


def test_the_bounded_read_finds_what_a_full_walk_finds() -> None:
    """Random play with GM entries made while steps wait (wounds, units removed and put
    back: some end the step they were made in), undo and redo: the toast's words equal
    the full walk's after every change."""
    for seed in range(4):
        session = demo_session()
        rng = random.Random(seed)
        for _ in range(220):
            prompt = session.prompt
            if prompt is None:
                break
            roll = rng.random()
            units = list(session.battle.units.values())
            unit = rng.choice(units)
            try:
                if roll < 0.1 and session.can_undo:
                    session.undo()
                elif roll < 0.15 and session.can_redo:
                    session.redo()
                elif roll < 0.22:
                    session.gm(GM_SET, unit=unit.id, field="damage", value=rng.randint(0, 1))
                elif roll < 0.27:
                    asked = prompt.actor or unit.id  # the unit asked about: ends its step
                    session.gm(GM_REMOVE if rng.random() < 0.7 else GM_RESTORE, unit=asked)
                else:
                    session.answer(prompt.random_answer(rng))
            except AnswerError:
                continue
            if session.items:
                index = len(session.items) - 1
                said = session_acts.entry_said(session, index)
                assert said == said_by_a_full_walk(session, index), (seed, index)
