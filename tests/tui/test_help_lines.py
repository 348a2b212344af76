"""A question's help in the Now pane: whole when the pane has room, else its first lines
ending with "… (? for the rest)" at a whole word (it was cut after three lines with no
mark; the cut itself: tests/tui/test_help_whole.py).

Found in tmux at 80x24: wargaming-introduttivo's movement question read "…the others
stay. Still to tell:" and stopped: "Barbari." was the fourth line, dropped unsaid.
"""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.prompts import Pick
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import demo_app, running


def to_movement(session) -> None:  # type: ignore[no-untyped-def]
    """Play order, then each side's one activation fails: Legionari's movement."""
    session.answer((6,))
    session.answer((3,))
    session.answer("red1")
    session.answer((6,))  # Centurione (ABI 4) fails
    blue = next(o.value for o in session.prompt.options if o.disabled is None)
    session.answer(blue)
    session.answer((6,))  # fails (ABI 5 at most)
    prompt = session.prompt
    assert isinstance(prompt, Pick) and prompt.side == "red", prompt
    assert prompt.help.endswith("Still to tell: Barbari.")


def help_texts(app) -> list[str]:  # type: ignore[no-untyped-def]
    panel = app.screen.query_one(PromptPanel)
    return [line.text for line in panel._lines if line.kind == "help"]


async def test_the_help_is_whole_where_it_fits_and_marked_where_it_is_cut(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, session):
        to_movement(session)
        app.screen.changed()
        await pilot.pause()
        lines = help_texts(app)
        said = " ".join(t.strip() for t in lines)
        assert "Still to tell: Barbari." in said, lines  # a fourth line: the pane had room
        panel = app.screen.query_one(PromptPanel)
        options = [line for line in panel._lines if line.kind in ("option", "cursor")]
        assert options  # the options keep their room
    wide = demo_app(tmp_path / "w.toml", autosave=False)
    async with running(wide, (120, 40)) as (pilot, session):
        to_movement(session)
        wide.screen.changed()
        await pilot.pause()
        said = " ".join(t.strip() for t in help_texts(wide))
        assert "Still to tell: Barbari." in said, said
