"""The GM's screens gain: `/` search with n/N (battle and review, with the review's
filters), the dice-luck screen, private notes, and timed conditions on the roster."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Checkbox, DataTable, Input, Select

from skirmtui.engine.core.prompts import Ask
from skirmtui.engine.report.luck import luck
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.screens.condition import ConditionScreen
from skirmtui.tui.screens.luck import LuckScreen
from skirmtui.tui.screens.review import ReviewScreen
from skirmtui.tui.widgets.combat_log import CombatLog
from skirmtui.tui.widgets.key_bar import KeyBar
from skirmtui.tui.widgets.roster import Roster
from tests.tui.helpers import SIZE, demo_session, press, running


def app_at_yes_no(path: Path, review: bool = False) -> SkirmApp:
    """A demo battle played at random until the table is asked a yes/no question."""
    session = demo_session()
    rng = random.Random(4)
    while not (isinstance(session.prompt, Ask) and session.prompt.yes_no):
        assert session.prompt is not None
        if session.prompt.key.endswith("roll") or session.prompt.key.endswith("to_hit"):
            session.roll()
        else:
            session.answer(session.prompt.random_answer(rng))
    return SkirmApp(
        session=session, path=path, created="2026-01-01T00:00:00Z", review=review, autosave=False
    )


async def type_text(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    for char in text:
        await pilot.press("space" if char == " " else char)


async def test_slash_searches_the_log_and_n_moves_without_answering(tmp_path: Path) -> None:
    app = app_at_yes_no(tmp_path / "b.toml")
    async with running(app) as (pilot, session):
        answered = len(session.items)
        log = app.screen.query_one(CombatLog)
        await pilot.press("slash")
        await type_text(pilot, "centurione")
        await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        hits = screen.search.hits
        assert len(hits) >= 2
        assert all(
            "centurione" in log.line_text(row).casefold()
            or "red1" in (log.entry(row).actor or "", log.entry(row).target or "")
            for row in hits
        )
        assert log.marked == hits[-1]  # the newest hit first
        await pilot.press("n")  # the next hit, wrapping round; not "No"
        await pilot.pause()
        assert log.marked == hits[0] and len(session.items) == answered
        await press(pilot, "N")
        assert log.marked == hits[-1]
        assert "of" in screen.query_one(KeyBar).status
        await press(pilot, "escape")
        assert log.marked is None and not screen.search.active
        await pilot.press("n")  # no search: n answers the yes/no question again
        await pilot.pause()
        assert len(session.items) == answered + 1 and session.items[-1].value is False


async def test_search_by_roll_key_and_letters_do_not_answer(tmp_path: Path) -> None:
    app = app_at_yes_no(tmp_path / "b.toml")
    async with running(app) as (pilot, session):
        answered = len(session.items)
        await pilot.press("slash")
        await type_text(pilot, "activation.roll")  # r, y and n go to the search line
        assert len(session.items) == answered
        assert app.screen.query_one(Input).value == "activation.roll"
        await press(pilot, "enter")
        log = app.screen.query_one(CombatLog)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.search.hits
        assert all(log.entry(row).key == "activation.roll" for row in screen.search.hits)


async def test_review_search_combines_with_the_filters(tmp_path: Path) -> None:
    app = app_at_yes_no(tmp_path / "b.toml", review=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        screen.query_one("#f-kind", Select).value = "roll"
        await pilot.pause()
        await pilot.press("slash")
        await type_text(pilot, "centurione")
        await press(pilot, "enter")
        shown = screen.visible_entries()
        assert screen.search.hits and all(shown[row].kind == "roll" for row in screen.search.hits)
        table = screen.query_one("#timeline", DataTable)
        assert table.cursor_row == screen.search.hits[0]
        await press(pilot, "n")
        assert table.cursor_row == screen.search.hits[1 % len(screen.search.hits)]
        await pilot.press("escape")  # ends the search, keeps the review open
        await pilot.pause()
        assert not screen.search.active and app.screen is screen


async def test_luck_screen_live_and_in_review(tmp_path: Path) -> None:
    app = app_at_yes_no(tmp_path / "b.toml")
    async with running(app) as (pilot, session):
        await press(pilot, "l")
        screen = app.screen
        assert isinstance(screen, LuckScreen)
        table = screen.query_one(DataTable)
        found = luck(session.battle)
        first = [str(cell) for cell in table.get_row_at(0)]
        red = found.sides["red"]
        assert (
            first[0] == "Legionari" and first[1] == str(red.rolls) and first[5] == str(red.actual)
        )
        assert table.row_count == len(session.battle.sides) + len(found.units)
        assert str(table.get_row_at(1)[0]).startswith("  ")  # its units follow each side
        await pilot.press("escape")
        await press(pilot, "v")
        await press(pilot, "l")
        assert isinstance(app.screen, LuckScreen)


async def test_a_private_note_and_a_timed_condition_from_the_keyboard(tmp_path: Path) -> None:
    app = app_at_yes_no(tmp_path / "b.toml")
    async with running(app) as (pilot, session):
        await press(pilot, "e")
        await type_text(pilot, "ambush")
        app.screen.query_one(Checkbox).value = True
        await press(pilot, "enter")
        assert session.items[-1].value == {"text": "ambush", "private": True}
        assert (
            app.screen.query_one(CombatLog).line_text(
                app.screen.query_one(CombatLog).line_count - 1
            )
            == "✎ (private) ambush"
        )
        await press(pilot, "t")
        dialog = app.screen
        assert isinstance(dialog, ConditionScreen)
        dialog.query_one("#c-unit", Select).value = "red2"
        dialog.query_one("#c-until", Select).value = "activations"
        dialog.query_one("#c-n", Input).value = "2"
        dialog.query_one("#c-text", Input).focus()
        await type_text(pilot, "blessed")
        await press(pilot, "enter")
        assert [c.describe() for c in session.battle.conditions] == ["blessed (2 activations left)"]
        roster = app.screen.query_one(Roster)
        row = next(r for r in roster.rows if r.unit_id == "red2")
        assert row.status.endswith("blessed (2 activations left)")
