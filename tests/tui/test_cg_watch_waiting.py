"""combattimento-gdr in the player view at 80x24 (Pilot): a waiting combatant acting
now is the one the queue shows acting (CG-11), where it showed nobody acting and the
next entry as current; the question of when it acts is its side's (issue 26), and the
Now pane shows the whole of it (its options were cut without a word)."""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.session import Session
from skirmtui.engine.store.follow import SaveFollower
from skirmtui.engine.store.saves import SaveWriter, snapshot
from skirmtui.systems.registry import systems
from skirmtui.tui.screens.player import NowPane, PlayerScreen, question_words
from skirmtui.tui.watch import WatchApp
from skirmtui.tui.widgets.queue import QueueView
from tests.systems.cg_helpers import ch, play, session

ARCHER = {"weapons": "arco_corto pugnale", "ready": "arco_corto"}


def _shown(view: QueueView | NowPane) -> list[str]:
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


def _now(app: WatchApp) -> list[str]:
    return _shown(app.screen.query_one(NowPane))


async def _watch(tmp_path: Path, s: Session, size: tuple[int, int]) -> list[str]:
    path = tmp_path / "cg.toml"
    SaveWriter().write(snapshot(s, "2026-01-01T00:00:00Z"), path)
    app = WatchApp(SaveFollower(path, systems()), poll=0.05)
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.3)
        return _now(app)


async def test_two_sides_waiting_the_whole_question_shows_at_80x24(tmp_path: Path) -> None:
    """Red's Aldo and blue's Bruto wait (issue 26: red is asked first, for Aldo alone):
    Aldo's actions and "not yet" all show, a wrapped option hanging under its words
    (the pane showed three of five, the wrapped words under the bullet)."""
    s = session(
        [ch("Aldo", agi="d10"), ch("Carla", agi="d6")],
        [ch("Bruto", agi="d8"), ch("Dario", agi="d4")],
        contact=["red1 blue1"],
        questions="today",
    )
    play(s, ("action.choose", "delay"), ("action.choose", "delay"))
    play(s, ("action.choose", "nothing"), ("delay.act", "nobody"), ("delay.act", "nobody"))
    play(s, ("action.choose", "nothing"))  # Dario: the last action, the last offer
    shown = [line.strip() for line in await _watch(tmp_path, s, (80, 24))]
    assert shown[:2] == ["Red: Does Aldo (waiting) act now, and", "how?"]
    assert "• Aldo acts now: Do nothing" in shown
    assert "• Not yet: if no other side acts, the" in shown
    assert "turn ends and they lose their action" in shown


async def test_a_question_taller_than_the_pane_says_how_many_lines_are_not_shown(
    tmp_path: Path,
) -> None:
    """Eight of red's combatants wait: the offer lists eight and "nobody", eleven lines
    with the question — more than the pane's nine: its last line says how many more
    there are (it cut them without a word)."""
    faces = [(a, d) for a in ("d12", "d10") for d in ("d12", "d10", "d8", "d6")]
    red = [ch(f"R{n}", agi=a, des=d) for n, (a, d) in enumerate(faces, start=1)]
    s = session(red, [ch("Bruto", agi="d4")], questions="today")
    for _ in red:
        play(s, ("action.choose", "delay"))
    play(s, ("action.choose", "nothing"))
    assert s.prompt is not None and s.prompt.key == "delay.offer"
    shown = [line.rstrip() for line in await _watch(tmp_path, s, (80, 24))]
    # The question, R1..R7, then R8 and "Nobody: …" (two lines) are not shown: 3 lines.
    assert len(shown) == 9 and shown[-1].strip() == "… 3 more lines"
    assert shown[1].strip() == "• R1 acts now"
