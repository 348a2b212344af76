"""The panes keep their dressed lines (`widgets/styled_lines.py`): the screen must be
exactly what Textual draws without them, after every key of a game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from skirmtui.engine.core.prompts import Ask, Choose, Roll
from skirmtui.tui.widgets.combat_log import CombatLog
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from skirmtui.tui.widgets.styled_lines import StyledLines
from tests.tui.helpers import demo_app, press, running

#: Keys that move the focus, a cursor or the log between answers.
_MOVES = ["tab", "down", "pagedown", "shift+tab", "up", "end", "pageup", "home", "tab"]


async def _screens(tmp_path: Path, steps: int) -> list[str]:
    """A seeded game on the demo battle: the screen after every key (as an SVG of its
    text and colours)."""
    app = demo_app(tmp_path / "b.toml", autosave=False)
    rng = random.Random(25)
    screens: list[str] = []
    async with running(app) as (pilot, session):
        for step in range(steps):
            keys = [_MOVES[step % len(_MOVES)]]
            prompt = session.prompt
            if isinstance(prompt, Choose):
                numbers = app.screen.query_one(PromptPanel).numbers
                keys.append(str(rng.choice(sorted(numbers.values()))))
            elif isinstance(prompt, Roll):
                keys.append("r")
            elif isinstance(prompt, Ask) and prompt.yes_no:
                keys.append(rng.choice("yn"))
            elif isinstance(prompt, Ask):
                keys += [*str(prompt.minimum or 0), "enter"]
            else:
                keys.append("enter")
            if step % 7 == 6:
                keys.append("ctrl+z")
            if step % 14 == 13:
                keys.append("ctrl+y")
            for key in keys:
                await press(pilot, key)
                screens.append(app.export_screenshot())
            if step % 10 == 9:  # a theme's change (the palette's "Theme"): every colour
                app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
                await pilot.pause()
                screens.append(app.export_screenshot())
        log = app.screen.query_one(CombatLog)
        assert log.max_scroll_y > 0  # the log scrolled: its rows moved
    return screens


async def test_the_screen_is_the_one_textual_draws_without_the_kept_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept: dict[str, int] = {"rows": 0, "dressed by textual": 0}
    render = StyledLines.render_lines
    textual_render = Widget.render_lines

    def counted(self: StyledLines, crop: Region) -> list[Strip]:
        kept["rows"] += crop.height
        return render(self, crop)

    def textual_counted(self: Widget, crop: Region) -> list[Strip]:
        if isinstance(self, StyledLines):
            kept["dressed by textual"] += crop.height
        return textual_render(self, crop)

    monkeypatch.setattr(StyledLines, "render_lines", counted)
    monkeypatch.setattr(Widget, "render_lines", textual_counted)
    with_kept = await _screens(tmp_path / "a", 30)
    # Most rows came from what the panes kept, not from Textual's dressing.
    assert kept["dressed by textual"] < kept["rows"] / 2

    def plain(self: Any, crop: Region) -> list[Strip]:
        return textual_render(self, crop)

    monkeypatch.setattr(StyledLines, "render_lines", plain)
    without = await _screens(tmp_path / "b", 30)
    assert len(with_kept) == len(without)
    for n, (a, b) in enumerate(zip(with_kept, without, strict=True)):
        assert a == b, f"screen {n} differs"
