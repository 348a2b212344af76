"""What a key does to the session: an answer, a roll, an undo or a redo, with the app's
own rolls after them (`Session.auto_roll`) and the words undo and redo toast."""

from __future__ import annotations

from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import one_line


def entry_said(session: Session, index: int) -> str:
    """What the answer or GM entry at `index`, the last given, wrote first in the log
    (the answer, the roll, the GM's entry), for "Undone: …" and "Redone: …".

    Read back from the log's end, no further than its own lines: they are the log's
    tail, or, for a GM entry made while a step waits (counted from the step's start,
    docs/architecture.md), they stand at that step's start, before the step's lines
    played again. An entry of the pending step has its lines after the step's start
    (`Runner.step_log_start`): the read stops there."""
    log = session.battle.log
    runner = session.runner
    stop = runner.step_log_start if index >= runner.boundary_at else 0
    at = len(log) - 1
    while at >= stop and log[at].answer != index:
        at -= 1  # the step's lines played again after a GM entry counted from its start
    first = ""
    while at >= stop and log[at].answer == index:
        first = log[at].text or first
        at -= 1
    if first:
        return one_line(first)
    return session.items[index].key if 0 <= index < len(session.items) else "nothing"


def answer(session: Session, value: object) -> None:
    """An answer, then what the app rolls for (`Session.auto_roll`)."""
    session.answer(value)
    session.auto_roll()


def roll(session: Session) -> None:
    """The rolls that follow with no decision between, then what the app rolls for;
    never after undo or redo, which would roll again what was just taken back."""
    session.roll_chain()
    session.auto_roll()


def undo(session: Session) -> str:
    said = "Undone: " + entry_said(session, len(session.items) - 1)
    session.undo()
    return said


def redo(session: Session) -> str:
    session.redo()
    return "Redone: " + entry_said(session, len(session.items) - 1)
