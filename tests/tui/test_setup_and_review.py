"""The setup screen of `skirmtui new` and the read-only review screen."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select, TextArea

from skirmtui.engine.store.saves import load_session, save_session
from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.screens.review import ReviewScreen
from tests.tui.helpers import SIZE, WI, demo_session, press, type_an_army


async def test_setup_defaults_start_a_battle_and_save_it(tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    app = SkirmApp(system_id=WI, path=path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, BattleScreen)
        session = app.session
        assert session is not None
        assert session.setup.seed == 11
        assert [s.name for s in session.setup.sides] == ["Red", "Blue"]
        assert session.setup.options == {"budget": 120, "turn_limit": 0, "range_modifiers": False}
        await pilot.press("ctrl+q")
    loaded, _ = load_session(path, systems())
    assert loaded.setup == session.setup


async def test_setup_refuses_an_army_over_budget(tmp_path: Path) -> None:
    app = SkirmApp(system_id=WI, path=tmp_path / "x.toml", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.query_one("#opt-budget", Input).value = "20"
        await press(pilot, "ctrl+s")
        assert app.session is None
        message = str(screen.query_one("#setup-error").render())
        assert "over the budget of 20" in message
        assert not (tmp_path / "x.toml").exists()


async def test_setup_typed_units_and_four_players(tmp_path: Path) -> None:
    app = SkirmApp(system_id=WI, path=tmp_path / "x.toml", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await type_an_army(pilot, 4, 0, "Hero 5 5\nArcher 3 four")
        assert "line 2" in str(screen.query_one("#setup-error").render())
        screen.query_one("#units-0", TextArea).text = "Hero 5 5\nArcher 3 4"
        await press(pilot, "ctrl+s")
        session = app.session
        assert session is not None
        assert len(session.setup.sides) == 4
        red = [u for u in session.setup.units if u.side == "red"]
        assert [(u.name, u.profile) for u in red] == [
            ("Hero", {"cmb": 5, "abi": 5}),
            ("Archer", {"cmb": 3, "abi": 4}),
        ]


async def test_review_scrubs_without_touching_the_save(tmp_path: Path) -> None:
    session = demo_session()
    for value in [(6,), (2,), "red1", (1,)]:
        session.answer(value)
    path = tmp_path / "r.toml"
    save_session(session, path, "2026-01-01T00:00:00Z")
    before = path.read_bytes()
    loaded, created = load_session(path, systems())
    app = SkirmApp(session=loaded, path=path, created=created, review=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.cursor.battle.units["red1"].stats["active"] is True
        await press(pilot, "left_square_bracket")
        assert len(screen.cursor.items) == 3
        assert screen.cursor.battle.units["red1"].stats["active"] is False
        await press(pilot, "home")
        assert screen.cursor.items == []
        await press(pilot, "end")
        assert len(screen.cursor.items) == 4
        screen.query_one("#f-kind", Select).value = "roll"
        await pilot.pause()
        assert {e.kind for e in screen.visible_entries()} == {"roll"}
        assert len(screen.visible_entries()) == 3
    assert path.read_bytes() == before
