"""The review's `[` `]` Home End move the timeline's cursor with the battle's position.

Found in tmux: in `skirmtui review`, `[` said "after answer 238 of 239" and redrew the
roster, but the timeline's highlighted row stayed on entry 0: nothing said which entry
the battle stood at. The row shown is the last entry (of those the filters leave)
written by the answers given so far.
"""

from __future__ import annotations

from skirmtui.tui.screens.review import ReviewScreen
from skirmtui.tui.widgets.timeline import Timeline
from tests.tui.test_review_fit import review_app


def at_row(screen: ReviewScreen) -> int:
    """The log index of the timeline's highlighted entry."""
    table = screen.query_one(Timeline)
    return int(table.rows_shown[table.cursor_row].number)


def expected(screen: ReviewScreen) -> int:
    given = len(screen.cursor.items)
    shown = [e for e in screen.visible_entries()]
    before = [e for e in shown if (-1 if e.answer is None else e.answer) < given]
    return (before[-1] if before else shown[0]).index


async def test_the_timeline_follows_the_steps() -> None:
    app = review_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        # It opens at the battle's end ("after answer 239 of 239"): the last entry shown.
        assert len(screen.cursor.items) == screen.cursor.total
        assert at_row(screen) == expected(screen) == screen.entries[-1].index
        for key in ("end", "left_square_bracket", "left_square_bracket", "home"):
            await pilot.press(key)
            await pilot.pause()
            assert at_row(screen) == expected(screen), key
        await pilot.press(*["right_square_bracket"] * 5)
        await pilot.pause()
        assert len(screen.cursor.items) == 5
        assert at_row(screen) == expected(screen)
        entry = screen.entries[at_row(screen)]
        assert entry.answer == 4  # written by the fifth answer
        await pilot.press("end", "left_square_bracket")
        await pilot.pause()
        assert len(screen.cursor.items) == screen.cursor.total - 1
        assert at_row(screen) == expected(screen)
        assert screen.entries[at_row(screen)].answer == screen.cursor.total - 2
