"""Faces typed into a roll's entry are never thrown away by `r` (or a click on "Roll").

Found in tmux (regole-base, 80x24): "faces of 1d6 › 4", then `r`: the app rolled [6]
and the typed 4 was gone without a word. At a live table typed faces are dice already
on the table: the app refuses to roll over them, keeps them, and says how to go on
(Enter enters them, Backspace clears them and `r` then rolls).
"""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.prompts import Roll
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import demo_app, running


async def test_r_with_faces_typed_keeps_them_and_rolls_nothing(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, session):
        await pilot.pause()
        prompt = session.prompt
        assert isinstance(prompt, Roll), prompt
        answers = len(session.items)
        await pilot.press("4", "r")
        await pilot.pause()
        panel = app.screen.query_one(PromptPanel)
        assert session.prompt is prompt and len(session.items) == answers  # nothing rolled
        assert panel.entry == "4"  # what was typed is kept
        said = "\n".join(panel.lines_text())
        assert "Enter" in said and "Backspace" in said, said
        await pilot.press("backspace", "r")  # an empty entry: `r` rolls as before
        await pilot.pause()
        assert len(session.items) > answers


async def test_a_click_on_roll_with_faces_typed_rolls_nothing(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, session):
        await pilot.pause()
        answers = len(session.items)
        panel = app.screen.query_one(PromptPanel)
        await pilot.press("4")
        panel.post_message(PromptPanel.RollRequested())
        await pilot.pause()
        assert len(session.items) == answers and panel.entry == "4"


async def test_the_line_about_typed_faces_goes_with_them(tmp_path: Path) -> None:
    """Found in tmux (wargaming-introduttivo, 80x24): "faces typed (5): Enter enters them;
    Backspace clears them, then r rolls" stayed after Backspace had cleared the 5 (and
    after other faces were typed), until the question changed: the line is about what is
    typed, and goes when that changes; another error stays until the next try."""
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, session):
        await pilot.pause()
        panel = app.screen.query_one(PromptPanel)
        answers = len(session.items)
        await pilot.press("5", "r")
        await pilot.pause()
        assert panel.error.startswith("faces typed (5)")
        await pilot.press("backspace")
        await pilot.pause()
        assert panel.entry == "" and panel.error == ""
        assert not any("faces typed" in t for t in panel.lines_text())
        await pilot.press("5", "r", "3")  # typed on: "(5)" no longer says what is typed
        await pilot.pause()
        assert panel.entry == "53" and panel.error == ""
        assert len(session.items) == answers  # nothing rolled over what was typed
        await pilot.press("backspace", "backspace", "enter")  # nothing typed: an error
        await pilot.pause()
        said = panel.error
        assert said.startswith("type the faces rolled")
        await pilot.press("4")  # not about typed faces: it stays until the next try
        await pilot.pause()
        assert panel.error == said
