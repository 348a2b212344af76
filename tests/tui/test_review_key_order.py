"""The review's key bar keeps its keys in their places whatever has the focus.

Seen in tmux at 80x24 (`skirmtui review`, then the palette's "Export the log"): the
footer read "home Start  end End  [ Back  ] Next …", and once the focus had left the
timeline (the palette closing, Tab to the filters) "[ Back  ] Next  home Start  end
End …": the timeline's own Home and End keys came first while it had the focus.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from skirmtui.engine.store.reader import load_session
from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.review import ReviewScreen
from tests.tui.test_review_fit import EXAMPLE


def footer_keys(screen: ReviewScreen) -> list[str]:
    """The footer's keys by their words, left to right (Textual's `FooterKey`s)."""
    words = [str(getattr(key, "description", "")) for key in screen.query("Footer FooterKey")]
    return [word for word in words if word]


async def test_the_review_keys_keep_their_places(tmp_path: Path) -> None:
    save = tmp_path / "battle.toml"
    save.write_bytes(EXAMPLE.read_bytes())
    session, created = load_session(save, systems())
    app = SkirmApp(session=session, path=save, created=created, review=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        first = footer_keys(screen)
        assert first[:4] == ["Back", "Next", "Start", "End"]
        commands = {c.title: c for c in app.get_system_commands(screen)}
        commands["Export the log"].callback()
        await pilot.pause()
        assert footer_keys(screen) == first
        screen.query_one("#f-round", Select).focus()  # Tab to the filters
        await pilot.pause()
        assert footer_keys(screen) == first
        await pilot.press("tab")
        await pilot.pause()
        assert footer_keys(screen) == first
