"""combattimento-gdr in the player view at 80x24 (Pilot): a waiting combatant acting
now is the one the queue shows acting (CG-11), where it showed nobody acting and the
next entry as current; the question of when it acts is its side's (issue 26)."""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.store.follow import SaveFollower
from skirmtui.engine.store.saves import SaveWriter, snapshot
from skirmtui.systems.registry import systems
from skirmtui.tui.screens.player import PlayerScreen, question_words
from skirmtui.tui.watch import WatchApp
from skirmtui.tui.widgets.queue import QueueView
from tests.systems.cg_helpers import ch, play, session

ARCHER = {"weapons": "arco_corto pugnale", "ready": "arco_corto"}


def _shown(view: QueueView) -> list[str]:
    """The queue pane's lines as the screen draws them."""
    return [view.render_line(y).text.rstrip() for y in range(view.size.height)]


async def test_the_player_view_shows_a_waiting_combatant_acting_now(tmp_path: Path) -> None:
    s = session(
        [ch("Aldo", agi="d10", **ARCHER), ch("Carla", agi="d4")],
        [ch("Bruto", agi="d8")],
        questions="today",
    )
    play(s, ("action.choose", "delay"), ("action.choose", "nothing"))
    path = tmp_path / "cg.toml"
    writer = SaveWriter()
    writer.write(snapshot(s, "2026-01-01T00:00:00Z"), path)
    assert "Red: Does Aldo (waiting) act now, and how?" in str(question_words(s))
    play(s, ("delay.act", "ranged"))  # Aldo acts now: the table says the range
    writer.write(snapshot(s, "2026-01-01T00:00:01Z"), path)
    app = WatchApp(SaveFollower(path, systems()), poll=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, PlayerScreen)
        shown = _shown(app.screen.query_one(QueueView))
        assert shown[:2] == ["▶ Aldo (acting, waited)", "  Carla"]
