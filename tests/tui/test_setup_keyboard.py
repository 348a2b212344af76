"""Issue 13 item 6: the setup form of `skirmtui new` is filled with the keyboard alone, in
a predictable order (top to bottom, left to right), and Tab leaves the units box."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Select, Static

from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.screens.setup import SetupScreen, _parse_units, _units_help
from tests.tui.helpers import WI, press

# Title, the battle's options, then each side left to right (name, army, units), Start.
ORDER = [
    "title",
    "seed",
    "players",
    "opt-budget",
    "opt-turn_limit",
    "opt-range_modifiers",
    "name-0",
    "army-0",
    "play-0",
    "rolls-0",
    "name-1",
    "army-1",
    "play-1",
    "rolls-1",
    "start",
    "cancel",
]


async def type_text(pilot: Pilot[object], text: str) -> None:
    await pilot.press(*("space" if c == " " else c for c in text))


async def tab_order(pilot: Pilot[object], app: SkirmApp, count: int) -> list[str | None]:
    seen = [app.focused.id if app.focused else None]
    for _ in range(count - 1):
        await pilot.press("tab")
        seen.append(app.focused.id if app.focused else None)
    return seen


@asynccontextmanager
async def new_form(tmp_path: Path) -> AsyncIterator[tuple[Pilot[object], SkirmApp, SetupScreen]]:
    """`skirmtui new` of a wargaming-introduttivo battle at 80×24, its setup form shown."""
    app = SkirmApp(system_id=WI, path=tmp_path / "new.toml", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SetupScreen)
        yield pilot, app, form


async def test_6_tab_walks_the_form_top_to_bottom(tmp_path: Path) -> None:
    async with new_form(tmp_path) as (pilot, app, _):
        assert await tab_order(pilot, app, len(ORDER)) == ORDER
        await pilot.press("tab")  # and round again to the title
        assert app.focused is not None and app.focused.id == "title"
        await pilot.press("shift+tab")
        assert app.focused is not None and app.focused.id == "cancel"
        # A typed army puts its units box right after the army choice; Tab leaves the box.
        screen = app.screen
        screen.query_one("#army-0", Select).value = "typed"
        await pilot.pause()
        screen.query_one("#title").focus()
        await pilot.pause()
        typed = [*ORDER[:10], "units-0", *ORDER[10:]]
        assert await tab_order(pilot, app, len(typed)) == typed
        # The focused field is scrolled into view, even at 80×24.
        form = screen.query_one("#form")
        start = screen.query_one("#start")
        assert form.region.contains_region(start.region)


async def test_6_a_two_player_battle_by_keyboard_alone(tmp_path: Path) -> None:
    async with new_form(tmp_path) as (pilot, app, _):
        await type_text(pilot, "Ambush at dawn")  # the title has the focus and is selected
        await pilot.press("tab")
        await type_text(pilot, "42")  # seed: the whole old value is replaced
        await pilot.press("tab", "tab")  # players: keep 2
        await type_text(pilot, "150")
        await pilot.press("tab")
        await type_text(pilot, "6")
        await pilot.press("tab", "space")  # range modifiers on
        await pilot.press("tab")
        await type_text(pilot, "Romans")
        await press(pilot, "tab", "enter", "end", "enter")  # army: "typed in below" (last)
        help_text = str(app.screen.query_one("#units-help-0", Static).render())
        assert "One unit per line: name, then CMB, ABI (e.g. Archer 3 3)" in help_text
        await pilot.press("tab", "tab")  # played by: keep the table
        assert app.focused is not None and app.focused.id == "rolls-0"
        await pilot.press("space", "tab")  # the app rolls the Romans' dice
        assert app.focused is not None and app.focused.id == "units-0"
        await type_text(pilot, "Hero 5 5")
        await pilot.press("enter")
        await type_text(pilot, "Archer 3 4")
        await pilot.press("tab")  # leaves the box: no tab typed into it
        await type_text(pilot, "Gauls")
        await pilot.press("tab", "tab", "tab", "tab")  # sample army, the table plays, rolls
        assert app.focused is not None and app.focused.id == "start"
        await press(pilot, "enter")
        assert isinstance(app.screen, BattleScreen)
        session = app.session
        assert session is not None
        setup = session.setup
        assert (setup.title, setup.seed) == ("Ambush at dawn", 42)
        assert setup.options == {
            "budget": 150,
            "turn_limit": 6,
            "range_modifiers": True,
            "app_rolls": ["red"],
        }
        assert [s.name for s in setup.sides] == ["Romans", "Gauls"]
        red = [(u.name, u.profile) for u in setup.units if u.side == "red"]
        assert red == [("Hero", {"cmb": 5, "abi": 5}), ("Archer", {"cmb": 3, "abi": 4})]
        assert any(u.side == "blue" for u in setup.units)


def test_6_the_units_help_example_parses_in_every_system() -> None:
    for system in systems().values():
        help_text = _units_help(system.profile_fields)
        example = help_text.split("(e.g. ")[1].split(")")[0]
        units = _parse_units(example, "red", "Red", system.profile_fields)
        assert [u.name for u in units] == ["Archer"], system.id


async def test_esc_asks_before_throwing_a_typed_army_away(tmp_path: Path) -> None:
    """Issue 25: Esc on the form with units typed asks first; Enter keeps editing."""
    from textual.widgets import TextArea

    from skirmtui.tui.screens.confirm import ConfirmScreen
    from skirmtui.tui.screens.setup import TYPED

    async with new_form(tmp_path) as (pilot, app, form):
        form.query_one("#army-0", Select).value = TYPED
        form.query_one("#units-0", TextArea).text = "Hero 5 5"
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # "Keep editing" has the focus
        await pilot.pause()
        assert app.screen is form
        assert form.query_one("#units-0", TextArea).text == "Hero 5 5"
        await press(pilot, "escape")
        await pilot.click("#confirm-yes")
        await pilot.pause()
        assert app.screen is not form


async def test_esc_with_nothing_typed_leaves_at_once(tmp_path: Path) -> None:
    async with new_form(tmp_path) as (pilot, app, form):
        await press(pilot, "escape")
        assert app.screen is not form


def test_a_refused_line_gives_the_example_the_hint_gives() -> None:
    """The form's example and its error message agree (they gave 'Archer 3 4' for
    every system, whatever its columns)."""
    import pytest

    from skirmtui.engine.core.system import SetupError

    for system in systems().values():
        help_text = _units_help(system.profile_fields)
        example = help_text.split("(e.g. ")[1].split(")")[0]
        with pytest.raises(SetupError) as refused:
            _parse_units("Archer", "red", "Red", system.profile_fields)
        assert f"(e.g. {example})" in str(refused.value), system.id
