"""Who plays a side, in the setup form and the override (issue 26, point 1) with a
homebrew author's persona files. Found by the review: a mistyped file made the form and
the `o` key crash (every GM override, even with no side played by the app), and a
persona named "[/]x" crashed the "Played by" select, parsed as markup."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Select

from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.screens.override import OverrideScreen
from skirmtui.tui.screens.setup import SetupScreen
from tests.conftest import Write
from tests.tui.helpers import demo_app, running

WI = "wargaming-introduttivo"


def _shown(select: Select[str]) -> list[str]:
    """What a select offers, as its list shows it."""
    listed = select.query_one(OptionList)
    return [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]


def _told(monkeypatch: pytest.MonkeyPatch, screen: type) -> list[str]:
    """What `screen` notifies, kept."""
    said: list[str] = []
    monkeypatch.setattr(screen, "notify", lambda _self, message, **_kw: said.append(message))
    return said


async def test_a_persona_named_as_markup_is_offered_as_its_name(
    tmp_path: Path, persona_files: Write
) -> None:
    persona_files(WI, '["[/]x"]\nkill = 1\n\n["[bold red]Loud"]\nkill = 2')
    app = SkirmApp(system_id=WI, path=tmp_path / "new.toml", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SetupScreen)
        played = form.query_one("#play-0", Select)
        played.focus()
        await pilot.press("enter")  # its list open: every option rendered
        await pilot.pause()
        assert played.expanded
        shown = _shown(played)
        assert "the app: [/]x" in shown and "the app: [bold red]Loud" in shown
        assert form.is_attached  # still the form, nothing crashed


async def test_a_mistyped_persona_file_leaves_the_table_and_says_why(
    tmp_path: Path, persona_files: Write, monkeypatch: pytest.MonkeyPatch
) -> None:
    persona_files("shared", "[homebrew]\nkil = 5")
    said = _told(monkeypatch, SetupScreen)
    app = SkirmApp(system_id=WI, path=tmp_path / "new.toml", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SetupScreen)
        assert _shown(form.query_one("#play-0", Select)) == ["the table"]
        assert any("homebrew.kil is not a persona weight" in m for m in said), said


async def test_the_override_opens_with_a_mistyped_persona_file(
    tmp_path: Path, persona_files: Write, monkeypatch: pytest.MonkeyPatch
) -> None:
    persona_files("shared", "[homebrew]\nkil = 5")
    said = _told(monkeypatch, OverrideScreen)
    app = demo_app(tmp_path / "o.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, _session):
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await pilot.press("o")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, OverrideScreen)  # the GM's other overrides stay open
        dialog.query_one("#action", Select).value = "gm.ai"
        await pilot.pause()
        assert _shown(dialog.query_one("#persona", Select)) == ["the table"]
        assert any("cannot play a side" in m for m in said), said


async def test_who_plays_a_side_opens_on_the_side_asked_with_its_player(tmp_path: Path) -> None:
    """The palette's "Who plays a side" opened on "Select" with the focus on the action
    (a QA play-through): it opens on the side the waiting question is about, showing
    who plays it now, with the focus on the side."""
    app = demo_app(tmp_path / "w.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, session):
        asked = session.prompt.side if session.prompt is not None else None
        assert asked is not None
        app.screen.action_players()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, OverrideScreen)
        side = dialog.query_one("#side", Select)
        assert side.value == asked and side.has_focus
        assert dialog.query_one("#persona", Select).value == session.battle.ai.get(asked, "")
