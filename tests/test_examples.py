"""Every battle shipped in saves/examples/ replays, is finished, and opens in review."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.review import ReviewScreen

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "saves" / "examples").glob("*.toml"))


def test_there_is_an_example_for_every_system() -> None:
    shipped = {load_session(path, systems())[0].system.id for path in EXAMPLES}
    assert shipped == set(systems())


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_replays_to_a_finished_battle(path: Path) -> None:
    session, _ = load_session(path, systems())
    assert session.battle.result is not None
    assert session.prompt is None


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
async def test_example_opens_in_review(path: Path) -> None:
    before = path.read_bytes()
    session, created = load_session(path, systems())
    app = SkirmApp(session=session, path=path, created=created, review=True)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("home")
        await pilot.pause()
        assert app.screen.cursor.items == []
    assert path.read_bytes() == before


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_sample_report_is_what_export_writes(path: Path) -> None:
    """Issue 27: the shipped `SYSTEM.md` beside each example is what `export --format md`
    writes today; regenerate with `tools/make_examples.py --reports`."""
    from skirmtui.engine.report.report import markdown_report
    from skirmtui.engine.report.turning import MD_PLAYOUTS, turning

    session, _ = load_session(path, systems())
    found = turning(session, MD_PLAYOUTS)  # export's default: its turning points too
    report = markdown_report(session, session.system.summary(session.battle), found)
    assert path.with_suffix(".md").read_text(encoding="utf-8") == report, (
        f"{path.with_suffix('.md').name} is stale: run tools/make_examples.py --reports"
    )
