"""Issue 14, items 1–2: escape sequences and markup in every user-text field (title,
side and unit names, notes, answers, a GM's reason) are shown as data on every screen:
no crash, nothing obeyed, no raw control character sent to the terminal."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.app import App
from textual.widgets import Select, TextArea

from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.screens.override import OverrideScreen
from skirmtui.tui.screens.review import ReviewScreen
from tests.safety.hostile import finished_hostile_save, hostile_save
from tests.tui.helpers import SIZE, press

#: What the terminal must never receive from user text (the app's own output is
#: styles, which the driver writes; segments hold only text).
RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def screen_text(app: App[object]) -> str:
    """Every character of the current frame, as the driver would write it."""
    update = app.screen._compositor.render_full_update()
    return "\n".join(
        "".join(segment.text for segment in strip) for lines in update.strips for strip in lines
    )


def assert_clean(app: App[object]) -> str:
    text = screen_text(app)
    assert not RAW.search(text), repr(RAW.search(text))
    assert "PWNED" not in text or "␛" in text  # shown, never obeyed
    return text


@asynccontextmanager
async def opened(path: Path, review: bool = False) -> AsyncIterator[tuple[SkirmApp, Any]]:
    """The save opened in the app (in review when asked), its first screen drawn."""
    session, created = load_session(path, systems())
    app = SkirmApp(session=session, path=path, created=created, review=review, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        yield app, pilot


async def test_battle_review_override_and_note_show_hostile_text(tmp_path: Path) -> None:
    async with opened(hostile_save(tmp_path / "h.toml")) as (app, pilot):
        assert isinstance(app.screen, BattleScreen)
        text = assert_clean(app)
        assert "[/]" in text  # a side name's markup, shown as typed
        await press(pilot, "v")
        assert isinstance(app.screen, ReviewScreen)
        text = assert_clean(app)
        assert "[b]bold[/b]" in text
        for select in app.screen.query(Select):
            select.expanded = True
            await pilot.pause()
            assert_clean(app)
            select.expanded = False
        await pilot.press("escape")
        await press(pilot, "o")
        assert isinstance(app.screen, OverrideScreen)
        for select in app.screen.query(Select):
            select.expanded = True
            await pilot.pause()
            assert_clean(app)
            select.expanded = False
        await press(pilot, "escape")
        assert app.return_code is None  # `[@click=app.quit]` did nothing


async def test_end_of_battle_with_hostile_sides_shows_and_reopens(tmp_path: Path) -> None:
    for path in (
        hostile_save(tmp_path / "ended.toml", finished=True),
        finished_hostile_save(tmp_path / "played.toml"),
    ):
        for review in (False, True):
            async with opened(path, review) as (app, _):
                text = assert_clean(app)
                assert "bold[/b]" in text


async def test_gm_ends_the_battle_live_for_a_hostile_side(tmp_path: Path) -> None:
    async with opened(hostile_save(tmp_path / "live.toml")) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.apply_gm(
            __import__("skirmtui.engine.core.items", fromlist=["Item"]).Item(
                "gm.end", {"winner": "red", "reason": "[/] \x1b[2J"}
            )
        )
        await pilot.pause()
        text = assert_clean(app)
        assert "[/] ␛[2J" in text


async def test_a_pasted_multi_line_note_keeps_every_line(tmp_path: Path) -> None:
    async with opened(hostile_save(tmp_path / "note.toml")) as (app, pilot):
        await press(pilot, "e")
        area = app.screen.query_one(TextArea)
        area.text = "the bridge collapses\nboth sides lose a turn [/]"
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, BattleScreen)
        assert app.session is not None
        item = app.session.items[-1]
        assert item.key == "gm.note"
        assert item.value["text"] == "the bridge collapses\nboth sides lose a turn [/]"
        text = assert_clean(app)
        assert "the bridge collapses" in text


async def test_setup_errors_show_a_hostile_side_name_literally(tmp_path: Path) -> None:
    from textual.widgets import Input

    app = SkirmApp(system_id="wargaming-introduttivo", path=tmp_path / "s.toml", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.query_one("#name-0", Input).value = "[/] \x1b]0;PWNED\x07"
        screen.query_one("#army-0", Select).value = "typed"
        await pilot.pause()
        screen.query_one("#units-0", TextArea).text = "Archer 3 four"
        await press(pilot, "ctrl+s")
        assert app.session is None
        text = assert_clean(app)
        assert "[/] ␛]0;PWNED␇" in text, text
