"""The player view shows the question's help, as the GM's Now pane does (Pilot, 80x24).

Seen in tmux at 80x24 (`skirmtui watch` beside a regole-base solo battle): the GM's
pane said "The app's model: move it toward the nearest enemy model, by the shortest
way…" under the question; the players' pane showed the question and its choices only.
"""

from __future__ import annotations

import random
from pathlib import Path

from skirmtui.engine.store.follow import SaveFollower
from skirmtui.systems.registry import systems
from skirmtui.tui.screens.player import NowPane, PlayerScreen
from skirmtui.tui.watch import WatchApp
from tests.tui.test_player_watch import Gm


def rows(pane: NowPane) -> list[str]:
    return [pane.render_line(y).text.rstrip() for y in range(pane.size.height)]


async def test_the_player_view_shows_the_questions_help(tmp_path: Path) -> None:
    gm = Gm(tmp_path / "b.toml")
    rng = random.Random(1)
    while not (gm.session.prompt and gm.session.prompt.help):
        gm.session.answer(gm.session.prompt.random_answer(rng))  # type: ignore[union-attr]
    gm.save()
    prompt = gm.session.prompt
    assert prompt is not None and prompt.key == "shoot.target"
    app = WatchApp(SaveFollower(gm.path, systems()), poll=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, PlayerScreen)
        shown = rows(app.screen.query_one(NowPane))
        text = " ".join(row.strip() for row in shown)
        assert "Barbari's active units are asked in roster order (WI-6)." in text, shown
        # Under the question, before its choices, in two rows at most: the choices
        # still in view, those the pane cannot hold counted, never cut without a word.
        assert text.index("(WI-6)") < text.index("•")
        assert sum("•" in row for row in shown) >= 4, shown
        hidden = len(prompt.enabled()) - sum("•" in row for row in shown)
        assert hidden == 0 or shown[-1].strip().endswith("more lines"), shown


async def test_a_long_help_keeps_to_two_rows(tmp_path: Path) -> None:
    """A help longer than two rows ends with "…": the choices are what the players
    follow (the GM's pane has `?` for the rest; the player view has no keys)."""
    from skirmtui.tui.screens import player

    words = "The app's model: move it toward the nearest enemy model, by the shortest way. " * 3
    line = player.help_line(words)
    pane_rows = player.help_rows(line.plain, 38)
    assert len(pane_rows) == 2 and pane_rows[-1].endswith("…")
    assert pane_rows[0].startswith("The app's model: move it toward")
