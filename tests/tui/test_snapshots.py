"""Snapshots of the main screens (pytest-textual-snapshot).

Update after an intended change with `pytest tests/tui --snapshot-update`.
"""

from __future__ import annotations

from textual.widgets import Input

from skirmtui.tui.app import SkirmApp
from tests.tui.helpers import SIZE, WI, demo_session


def battle_app() -> SkirmApp:
    session = demo_session()
    # Play order and one activation, so the screen shows a real turn.
    for value in [(6,), (2,), "red1", (1,)]:
        session.answer(value)
    return SkirmApp(
        session=session, path="saves/demo.toml", created="2026-01-01T00:00:00Z", autosave=False
    )


def test_battle_screen(snap_compare) -> None:
    assert snap_compare(battle_app(), terminal_size=SIZE)


def test_battle_screen_at_80x24(snap_compare) -> None:
    """The smallest size the battle screen is laid out for: the sheet gives way."""
    assert snap_compare(battle_app(), terminal_size=(80, 24))


def test_battle_screen_too_small(snap_compare) -> None:
    assert snap_compare(battle_app(), terminal_size=(60, 20))


def test_setup_screen(snap_compare) -> None:
    async def still_cursor(pilot) -> None:  # type: ignore[no-untyped-def]
        # A blinking cursor is caught on or off by when the frame is taken: hold it on.
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    app = SkirmApp(system_id=WI, path="saves/new.toml", seed=7)
    assert snap_compare(app, terminal_size=SIZE, run_before=still_cursor)


def test_review_screen(snap_compare) -> None:
    session = demo_session()
    for value in [(6,), (2,), "red1", (1,)]:
        session.answer(value)
    app = SkirmApp(
        session=session, path="saves/demo.toml", created="2026-01-01T00:00:00Z", review=True
    )
    assert snap_compare(app, terminal_size=SIZE)
