"""The unit sheet's recent entries, kept between answers, equal a fresh walk of the log
through answers, undo and redo (only what was added since is looked at)."""

from __future__ import annotations

import random
from itertools import islice

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.battle import LogEntry
from skirmtui.tui.widgets import unit_sheet
from skirmtui.tui.widgets.unit_sheet import RECENT, UnitSheet
from tests.tui.helpers import demo_session


def walked(log: list[LogEntry], unit_id: str, window: int) -> list[LogEntry]:
    found = []
    for entry in islice(reversed(log), window):
        if entry.text and unit_id in (entry.actor, entry.target):
            found.append(entry)
            if len(found) == RECENT:
                break
    return found


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), window=st.sampled_from([15, 60, 2_000]))
def test_recent_entries_kept_between_answers_equal_a_fresh_walk(seed: int, window: int) -> None:
    rng = random.Random(seed)
    session = demo_session()
    sheet = UnitSheet(session)
    units = list(session.battle.units)
    unit = units[0]
    old = unit_sheet.RECENT_WINDOW
    unit_sheet.RECENT_WINDOW = window  # a short window: entries leave it as play goes on
    try:
        for _ in range(200):
            roll = rng.random()
            if roll < 0.2 and session.can_undo:
                session.undo()
            elif roll < 0.25 and session.can_redo:
                session.redo()
            elif roll < 0.28:
                unit = rng.choice(units)
            elif session.prompt is not None:
                session.answer(session.prompt.random_answer(rng))
            if rng.random() < 0.4:  # several steps (an undo, then answers) unseen
                log = session.battle.log
                assert sheet._recent(log, unit) == walked(log, unit, window)
    finally:
        unit_sheet.RECENT_WINDOW = old
