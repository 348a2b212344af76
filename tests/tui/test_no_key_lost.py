"""No keystroke lost, no number that moves (issue 25, point 4), and the app rolling
for the sides it is set to (point 2), played with the keys a GM presses (Pilot)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from skirmtui.engine.core.items import GM_APP_ROLLS, Item
from skirmtui.engine.core.prompts import Choose, Roll
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.widgets.combat_log import CombatLog
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from skirmtui.tui.widgets.roster import ACTOR, Roster
from tests.tui.helpers import SIZE, WI, demo_app, option_number, press, running, type_faces
from tests.tui.test_log_keys import played_app
from tests.tui.test_pequenas_guerras import four_players


@pytest.mark.parametrize("pane", ["#roster", "#log", "#prompt"])
async def test_digits_and_enter_answer_from_every_pane(tmp_path: Path, pane: str) -> None:
    """Shift+Tab into the roster, type 6, Enter: the faces are stored (they were lost)."""
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app) as (pilot, session):
        app.screen.query_one(pane).focus()
        await pilot.pause()
        await type_faces(pilot, "6")
        await type_faces(pilot, "2")
        assert [i.value for i in session.items] == [(6,), (2,)]
        await press(pilot, option_number(pilot, "red1"))
        assert session.items[-1].value == "red1"
        assert app.focused is app.screen.query_one(pane)  # the keys did not move it


async def test_tab_and_shift_tab_move_between_panes_and_the_focused_one_shows(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        assert app.focused is not None and app.focused.id == "prompt"
        seen = []
        for _ in range(3):
            await pilot.press("tab")
            assert app.focused is not None
            seen.append(app.focused.id)
        assert seen == ["log", "roster", "prompt"]
        await pilot.press("shift+tab")
        assert app.focused is not None and app.focused.id == "roster"
        roster = app.screen.query_one(Roster)
        assert roster.styles.border_top[0] == "heavy"  # the focused pane's border
        assert app.screen.query_one(PromptPanel).styles.border_top[0] == "round"


async def test_an_option_keeps_its_number_while_options_run_out(tmp_path: Path) -> None:
    """WI activation: "Stop activating" is 7 with six units to pick, and still 7 once
    Centurione has activated and left the list (it became 6)."""
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app) as (pilot, session):
        await type_faces(pilot, "6")
        await type_faces(pilot, "2")
        assert option_number(pilot, "done") == "7"
        legionario = option_number(pilot, "red3")
        await press(pilot, option_number(pilot, "red1"))
        await type_faces(pilot, "1")  # Centurione activates
        prompt = session.prompt
        assert isinstance(prompt, Choose) and prompt.key == "activation.unit"
        assert "red1" not in [o.value for o in prompt.options]
        assert option_number(pilot, "done") == "7"
        assert option_number(pilot, "red3") == legionario
        panel = app.screen.query_one(PromptPanel)
        assert any(line.startswith("7. Stop activating") for line in panel.lines_text())
        await pilot.press("1")  # Centurione's number: now no option
        await pilot.pause()
        assert "no option 1" in panel.error and len(session.items) == 4
        await press(pilot, "7")
        assert session.items[-1].value == "done"


async def test_the_log_follows_the_newest_entry_again_after_a_search(tmp_path: Path) -> None:
    app = played_app(tmp_path / "b.toml", 120)
    async with running(app) as (pilot, session):
        log = app.screen.query_one(CombatLog)
        await press(pilot, "slash", *"order", "enter")
        assert log.marked is not None and log.scroll_y < log.max_scroll_y
        await press(pilot, "escape")
        assert log.marked is None and log.scroll_y == log.max_scroll_y
        for _ in range(6):  # the next answers scroll into view
            prompt = session.prompt
            assert prompt is not None
            if isinstance(prompt, Roll):
                await pilot.press("r")
            else:
                session.answer(prompt.random_answer(__import__("random").Random(1)))
                app.screen.changed()  # type: ignore[attr-defined]
            await pilot.pause()
        assert log.scroll_y == log.max_scroll_y and log.max_scroll_y > 0


async def test_undo_and_redo_say_what_they_took_back(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await type_faces(pilot, "6")
        await pilot.press("ctrl+z")
        await pilot.pause(0.1)
        said = [n.message for n in app._notifications]
        assert said[-1].startswith("Undone: ") and "[6]" in said[-1]
        await pilot.press("ctrl+y")
        await pilot.pause(0.1)
        said = [n.message for n in app._notifications]
        assert said[-1].startswith("Redone: ") and "[6]" in said[-1]


async def test_the_app_rolls_for_its_sides_with_no_keypress(tmp_path: Path) -> None:
    """The app rolls for Legionari: their play-order roll is made at the start, the
    Barbari's is typed; after undo the roll waits (it is not rolled back at once)."""
    system = get_system(WI)
    setup = system.demo_setup()
    setup = attrs.evolve(setup, options={**setup.options, "app_rolls": ["red"]})
    session = Session(system, setup)
    app = SkirmApp(session=session, path=tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [(i.key, i.by) for i in session.items] == [("order.roll", "app")]
        await type_faces(pilot, "2")
        assert session.items[1].by == "table"
        await press(pilot, *["ctrl+z"] * len(session.items))
        assert session.items == [] and isinstance(session.prompt, Roll)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.apply_gm(Item(GM_APP_ROLLS, {"app_rolls": "all"}))
        await pilot.pause()
        assert [i.by for i in session.items][:3] == [None, "app", "app"]
        assert not isinstance(session.prompt, Roll)


async def test_plus_wounds_a_regole_base_model(tmp_path: Path) -> None:
    """Regole-base counts what is left (current R): `+` takes one off, `-` gives it back."""
    system = get_system("regole-base")
    session = Session(system, system.demo_setup())
    app = SkirmApp(session=session, path=tmp_path / "rb.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.selected is not None
        chosen = screen.selected
        start = session.battle.units[chosen].stats["r"]
        await press(pilot, "plus")
        assert session.battle.units[chosen].stats["r"] == start - 1
        await press(pilot, "minus")
        assert session.battle.units[chosen].stats["r"] == start, session.items


async def test_at_80x24_the_side_asked_is_in_view_with_four_sides(tmp_path: Path) -> None:
    session = four_players()
    app = SkirmApp(session=session, path=tmp_path / "pg.toml", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        prompt = session.prompt
        assert prompt is not None and prompt.actor is None
        roster = app.screen.query_one(Roster)
        asked = session.battle.side_name(prompt.side)
        shown = roster.lines_text()[
            int(roster.scroll_y) : int(roster.scroll_y) + roster.scrollable_content_region.height
        ]
        assert f"{ACTOR} {asked}" in shown


def four_sides_at_80x24() -> Any:
    return SkirmApp(
        session=four_players(),
        path=Path("saves/pequenas-guerras.toml"),
        created="2026-01-01T00:00:00Z",
        autosave=False,
    )


def test_four_sides_at_80x24(snap_compare: Any) -> None:
    assert snap_compare(four_sides_at_80x24(), terminal_size=(80, 24))


async def test_the_override_lists_units_by_unique_label_and_sets_who_the_app_rolls_for(
    tmp_path: Path,
) -> None:
    from textual.widgets import Checkbox, Select

    from skirmtui.tui.screens.override import OverrideScreen, unit_choices

    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, session):
        await press(pilot, "o")
        dialog = app.screen
        assert isinstance(dialog, OverrideScreen)
        labels = [label for label, _ in unit_choices(session.battle)]
        assert len(labels) == len(set(labels)) == len(session.battle.units)
        assert "Guerriero 2 (Barbari)" in labels
        dialog.query_one("#action", Select).value = GM_APP_ROLLS
        await pilot.pause()
        dialog.query_one("#rolls-blue", Checkbox).value = True
        apply = dialog.query_one("#apply")
        assert apply.region.bottom <= 24  # the buttons in view at 80×24
        await pilot.click("#apply")
        await pilot.pause()
        assert session.items[0] == Item(GM_APP_ROLLS, {"app_rolls": ["blue"]})
        assert session.app_rolls == ("blue",)


async def test_the_condition_dialog_has_its_buttons_in_view_at_80x24(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "t")
        write = app.screen.query_one("#c-write")
        assert 0 < write.region.bottom <= 24 and write.region.height > 0


async def test_undo_names_a_gm_entry_made_while_a_step_waits(tmp_path: Path) -> None:
    """A wound added with + while the play-order roll-off waits on the Barbari is counted
    from the step's start (its log line stands before the Legionari's roll): undo named
    it by its key ("Undone: gm.set"), not by what it did."""
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await type_faces(pilot, "6")  # the Legionari's roll; the Barbari's waits
        await press(pilot, "shift+tab", "down", "plus")
        screen = app.screen
        unit = screen.session.battle.units[screen.selected]  # type: ignore[attr-defined]
        assert unit.stats["damage"] == 1
        await pilot.press("ctrl+z")
        await pilot.pause(0.1)
        said = [n.message for n in app._notifications]
        assert said[-1] == f"Undone: GM sets {unit.label}'s damage to 1"
        await pilot.press("ctrl+y")
        await pilot.pause(0.1)
        said = [n.message for n in app._notifications]
        assert said[-1] == f"Redone: GM sets {unit.label}'s damage to 1"
