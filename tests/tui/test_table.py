"""Issue 13: the battle screen at a real table. Each test names the GM's complaint it
guards against (the numbers of "What the GM met")."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Select, TextArea

from skirmtui.engine.core.items import GM_SET
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Pick, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import get_system, systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.numbering import group_numbers
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.widgets.breadcrumb import Breadcrumb
from skirmtui.tui.widgets.combat_log import CombatLog
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from skirmtui.tui.widgets.queue import QueueView
from skirmtui.tui.widgets.roster import ACTOR, Roster
from skirmtui.tui.widgets.unit_sheet import UnitSheet
from tests.tui.helpers import (
    WI,
    demo_app,
    demo_session,
    option_number,
    press,
    running,
    type_an_army,
    type_faces,
)

SIZES = [(80, 24), (100, 30), (120, 40), (200, 50)]
SYSTEMS = sorted(systems())

#: The narrowest each pane may be and still show its content (inside its border).
MINIMUM = {"roster": 24, "prompt": 40, "log": 40, "queue": 24, "sheet": 26}


async def centurione_activates(pilot: Any) -> None:
    """The demo's opening: play order 6 v 2, Centurione tries to activate and does
    ([1] ≤ ABI 4)."""
    await type_faces(pilot, "6")
    await type_faces(pilot, "2")
    await press(pilot, "1")
    await type_faces(pilot, "1")


def app_for(system_id: str, path: Path) -> SkirmApp:
    system = get_system(system_id)
    session = Session(system, system.demo_setup())
    return SkirmApp(session=session, path=path, created="2026-01-01T00:00:00Z", autosave=False)


def key_for(app: SkirmApp, session: Session, rng: random.Random) -> list[str]:
    """The keys a GM presses to answer the pending prompt."""
    prompt = session.prompt
    if isinstance(prompt, Choose):
        numbers = app.screen.query_one(PromptPanel).numbers
        keys = [n for i, n in numbers.items() if prompt.options[i].disabled is None]
        active = [n for i, n in numbers.items() if n in keys and not prompt.options[i].passive]
        number = rng.choice(active or keys)
        group = [i for i, n in numbers.items() if n == number and not prompt.options[i].disabled]
        if len(group) == 1:
            return [str(number)]
        inner = group_numbers(prompt.options, group[0])  # a group's number opens it
        member = rng.choice([i for i in group if i in inner])  # then the member's own
        return [str(number), str(inner[member])]
    if isinstance(prompt, Roll):
        return ["r"]
    if isinstance(prompt, Ask) and prompt.yes_no:
        return [rng.choice("yn")]
    if isinstance(prompt, Ask):
        assert prompt.minimum is not None
        return [*str(prompt.minimum), "enter"]
    if isinstance(prompt, Pick) and prompt.default is None and prompt.minimum:
        numbers = app.screen.query_one(PromptPanel).numbers
        ticks: list[str] = []  # the fewest it takes: the first numbers (a group's: once)
        for index, option in enumerate(prompt.options):
            number = numbers.get(index)
            if option.disabled is None and number is not None and str(number) not in ticks:
                ticks.append(str(number))
        return [*ticks[: prompt.minimum], "enter"]
    if isinstance(prompt, Confirm | Pick):
        return ["enter"]  # a Pick: its default, or nothing ticked
    return []


# -- 1. small terminals -----------------------------------------------------------------


@pytest.mark.parametrize("system_id", SYSTEMS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_1_every_shown_pane_is_readable(system_id: str, size: tuple[int, int]) -> None:
    app = app_for(system_id, Path("saves/x.toml"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        shown = {pane: screen.query_one(f"#{pane}") for pane in MINIMUM}
        shown = {k: w for k, w in shown.items() if w.display}
        assert {"roster", "prompt", "log", "queue"} <= set(shown)
        assert ("sheet" in shown) == (size[0] >= 110)
        for pane, widget in shown.items():
            assert widget.content_region.width >= MINIMUM[pane], (pane, widget.size)
            assert widget.content_region.height >= 3, (pane, widget.size)
        prompt = screen.query_one(PromptPanel)
        assert all(len(line) <= prompt.content_region.width for line in prompt.lines_text())
        assert not screen.has_class("-too-small")


async def test_1_below_the_smallest_size_the_app_says_so() -> None:
    app = app_for(WI, Path("saves/x.toml"))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "at least 80×24; this terminal is 60×20" in str(screen.render())
        assert not any(pane.display for pane in screen.children)
        await pilot.resize_terminal(100, 30)  # larger again: the battle comes back
        await pilot.pause()
        assert "at least" not in str(screen.render())
        assert screen.query_one(PromptPanel).display


async def test_1_the_sheet_gives_way_and_comes_back_with_s() -> None:
    app = app_for(WI, Path("saves/x.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sheet = app.screen.query_one(UnitSheet)
        assert not sheet.display
        await press(pilot, "s")
        assert sheet.display and sheet.content_region.width >= MINIMUM["sheet"]
        assert not app.screen.query_one(CombatLog).display


@pytest.mark.parametrize("system_id", SYSTEMS)
async def test_1_a_round_is_played_at_80x24(system_id: str) -> None:
    app = app_for(system_id, Path("saves/x.toml"))
    rng = random.Random(5)
    async with running(app, (80, 24)) as (pilot, session):
        start = session.battle.round or 1
        for _ in range(400):
            if session.prompt is None or session.battle.round > start:
                break
            before = len(session.items)
            for key in key_for(app, session, rng):
                await pilot.press(key)
            await pilot.pause()
            # One answer, or with `r` a chain of rolls up to the next decision.
            rolled = len(session.items) - before
            assert rolled == 1 or (
                rolled > 1 and all(i.by == "app" for i in session.items[before:])
            ), session.prompt
        assert session.battle.round > start or session.prompt is None


# -- 2. cut log lines, cut statuses ------------------------------------------------------


async def test_2_a_wrapped_log_line_keeps_its_outcome(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await centurione_activates(pilot)
        log = app.screen.query_one(CombatLog)
        rows = log.rows_text()
        width = log.scrollable_content_region.width
        assert all(len(row) <= width for row in rows)
        assert any(row.rstrip().endswith("success") for row in rows), rows


async def test_2_a_long_status_wraps_in_the_roster_and_is_never_cut(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, session):
        session.gm(GM_SET, unit="red1", field="pending", value=1)
        session.gm(GM_SET, unit="red1", field="active", value=True)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.changed()
        await pilot.pause()
        roster = screen.query_one(Roster)
        status = session.system.status(session.battle, session.battle.units["red1"])
        shown = " ".join(" ".join(roster.lines_text()).split())
        assert status in shown
        assert all(
            len(line) <= roster.scrollable_content_region.width for line in roster.lines_text()
        )


# -- 3. identical names ------------------------------------------------------------------


async def test_3_units_of_one_name_are_told_apart_in_roster_sheet_log_and_export(
    tmp_path: Path,
) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        roster = " ".join(screen.query_one(Roster).lines_text())
        for n in (1, 2, 3):
            assert f"Legionario {n}" in roster and f"Guerriero {n}" in roster
        screen.query_one(Roster).select("red3")
        await pilot.pause()
        assert "Legionario 2" in screen.query_one(UnitSheet).content().plain
        await press(pilot, "plus")
        assert "Legionario 2" in screen.query_one(CombatLog).line_text(-1)
        screen.action_export()
        await pilot.pause()  # the screen asks, the app writes
        document = json.loads((tmp_path / "b.json").read_text("utf-8"))
        labels = [u["label"] for u in document["units"]]
        assert len(set(labels)) == len(labels) and "Legionario 3" in labels


# -- 4. the sheet and the cursor follow the prompt -------------------------------------------


async def test_4_the_sheet_and_cursor_follow_the_unit_a_prompt_is_about(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app, (120, 40)) as (pilot, session):
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await type_faces(pilot, "6")
        await type_faces(pilot, "2")
        prompt = session.prompt
        assert isinstance(prompt, Choose)
        await pilot.press(option_number(pilot, "red3"))  # Legionario 2 tries to activate
        await pilot.pause()
        assert session.prompt is not None and session.prompt.actor == "red3"
        title = screen.query_one(PromptPanel).lines_text()[0]
        assert title.startswith("Legionari: Legionario 2 activates?")  # who is asked
        roster = screen.query_one(Roster)
        assert roster.cursor_unit == "red3"
        assert screen.query_one(UnitSheet).unit_id == "red3"
        line = next(t for t in roster.lines_text() if "Legionario 2" in t)
        assert line.startswith(ACTOR)  # the acting unit is marked
        # The GM looks at another unit: the same prompt leaves the cursor alone.
        roster.focus()
        await press(pilot, "down")
        assert screen.query_one(UnitSheet).unit_id == "red4"
        screen.changed()
        await pilot.pause()
        assert screen.query_one(UnitSheet).unit_id == "red4"


# -- 5. effects in words ---------------------------------------------------------------------


async def test_5_what_a_rule_changed_is_written_in_the_log(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await centurione_activates(pilot)
        log = app.screen.query_one(CombatLog)
        text = [log.line_text(i) for i in range(log.line_count)]
        assert any("→ Centurione: now tried, now active" in t for t in text), text


# -- 6. setup form ---------------------------------------------------------------------------


async def test_6_a_bad_typed_unit_is_reported_at_the_top_and_focused(tmp_path: Path) -> None:
    app = SkirmApp(system_id=WI, path=tmp_path / "new.toml", seed=1)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        await type_an_army(pilot, 4, 3, "Gladiatore 6 3")
        error = screen.query_one("#setup-error")
        assert "CMB must be a whole number" in str(error.render())
        form = screen.query_one("#form")
        assert form.children.index(error) == 1  # at the top of the form, under its title
        assert len(screen.query("Toast")) == 1  # and in a toast, wherever the form is
        assert app.focused is screen.query_one("#units-3", TextArea)


def test_6_setup_labels_speak_to_users() -> None:
    for system in systems().values():
        for option in system.setup_options:
            assert "TODO" not in option.label and "seed" not in option.label.lower()


# -- 7. small frictions ------------------------------------------------------------------------


async def test_7_question_mark_opens_help_while_typing_faces(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.session and app.session.prompt, Roll)
        await pilot.press("3")
        await press(pilot, "question_mark")
        assert type(app.screen).__name__ == "HelpScreen"


async def test_7_digits_without_spaces_are_faces(tmp_path: Path) -> None:
    from tests.systems.pg_helpers import PG

    system = get_system(PG)
    from skirmtui.engine.core.armies import setup_for_players

    session = Session(system, setup_for_players(PG, 2))
    rng = random.Random(1)
    while not (isinstance(session.prompt, Roll) and session.prompt.parsed.count > 1):
        assert session.prompt is not None
        session.answer(session.prompt.random_answer(rng))
    count = session.prompt.parsed.count
    app = SkirmApp(session=session, path=tmp_path / "pg.toml", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        stored = len(session.items)
        await type_faces(pilot, "1" * count)
        assert len(session.items) == stored + 1
        assert session.items[-1].value == (1,) * count


async def test_7_a_refused_number_and_refused_faces_both_clear(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(PromptPanel)
        await type_faces(pilot, "9")
        assert "9 is not a face" in panel.error and panel.entry == ""


async def test_7_disabled_options_are_listed_with_no_number_and_toasts_do_not_pile_up(
    tmp_path: Path,
) -> None:
    from tests.tui.test_pequenas_guerras import four_players

    session = four_players()
    rng = random.Random(1)
    while not (
        isinstance(session.prompt, Choose) and any(o.disabled for o in session.prompt.options)
    ):
        assert session.prompt is not None
        session.answer(session.prompt.random_answer(rng))
    app = SkirmApp(session=session, path=tmp_path / "pg.toml", autosave=False)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        prompt = session.prompt
        assert isinstance(prompt, Choose)
        lines = app.screen.query_one(PromptPanel).shown_lines()
        for index, option in enumerate(prompt.options):
            line = next(t.text for t in lines if t.target == f"option:{index}")
            assert line.lstrip()[:1].isdigit() == (option.disabled is None), line
            assert (option.disabled is not None) == (f"— {option.disabled}" in line), line
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        for _ in range(3):
            screen.warn("nothing to redo")
        await pilot.pause(0.1)
        assert len(screen.query("Toast")) == 1


async def test_7_the_header_and_the_log_use_one_round_word(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await type_faces(pilot, "6")
        await type_faces(pilot, "2")
        session = app.session
        assert session is not None
        word = session.system.round_word
        assert f"{word} 1" in app.screen.query_one(Breadcrumb).content().plain
        assert any(e.text.startswith(f"{word} 1") for e in session.battle.log)


async def test_7_gm_lines_say_gm_once_and_ids_read_as_names(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await press(pilot, "plus")
        log = screen.query_one(CombatLog)
        line = log.line_text(log.line_count - 1)
        assert line.startswith("GM sets Centurione") and "GM GM" not in line


async def test_7_the_palette_reaches_roll_redo_and_export(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"Roll", "Redo", "Export the log"} <= set(titles)


async def test_7_enter_in_the_override_value_applies(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "o")
        dialog = app.screen
        dialog.query_one("#unit", Select).value = "blue2"
        dialog.query_one("#field", Select).value = "damage"
        dialog.query_one("#value", Input).focus()
        await press(pilot, "2", "enter")
        assert isinstance(app.screen, BattleScreen)
        assert app.session is not None
        assert app.session.battle.units["blue2"].stats["damage"] == 2


async def test_7_the_first_o_after_open_opens_the_override(tmp_path: Path) -> None:
    """`skirmtui open SAVE`, then `o` as the very first key: the override dialog opens
    (the first `o` after open was once lost)."""
    from skirmtui.engine.store.saves import save_session
    from skirmtui.tui.screens.override import OverrideScreen

    path = tmp_path / "b.toml"
    played = demo_app(path, autosave=False).session
    assert played is not None
    played.answer((6,))
    save_session(played, path, "2026-01-01T00:00:00Z")
    session, created = load_session(path, systems())
    app = SkirmApp(session=session, path=path, created=created, on_disk=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("o")  # no pause before: the first thing the GM does
        await pilot.pause()
        assert isinstance(app.screen, OverrideScreen)


async def test_7_the_sheet_lists_recent_entries_newest_first(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await centurione_activates(pilot)
        await press(pilot, "plus")
        sheet = app.screen.query_one(UnitSheet).content().plain
        recent = sheet.split("Recent (newest first):")[1]
        assert recent.index("GM sets") < recent.index("activates?")


async def test_7_at_80x24_the_sheet_shows_its_recent_entries(tmp_path: Path) -> None:
    """At 80×24 the sheet (toggled with s) has eight rows: the unit's values are
    compact enough that the newest entries about it are still on screen."""
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await centurione_activates(pilot)
        await press(pilot, "s")
        sheet = app.screen.query_one(UnitSheet)
        assert sheet.display and sheet.unit_id == "red1"
        shown = [
            "".join(seg.text for seg in sheet.render_line(y))
            for y in range(sheet.content_region.height)
        ]
        header = next(y for y, line in enumerate(shown) if "Recent (newest first)" in line)
        assert "activates?" in shown[header + 1]  # the newest entry, on screen


# -- 8. quick GM actions -----------------------------------------------------------------------


async def test_8_damage_heal_and_status_in_one_or_two_keys_survive_undo_save_load(
    tmp_path: Path,
) -> None:
    path = tmp_path / "b.toml"
    app = demo_app(path)
    async with running(app, (80, 24)) as (pilot, session):
        await press(pilot, "plus", "plus", "minus")
        assert session.battle.units["red1"].stats["damage"] == 1
        await press(pilot, "x")
        await pilot.press("1")  # the first yes/no status: active
        await pilot.pause()
        assert session.battle.units["red1"].stats["active"] is True
        assert [i.key for i in session.items] == [GM_SET] * 4
        await press(pilot, "ctrl+z")
        assert session.battle.units["red1"].stats["active"] is False
        await press(pilot, "ctrl+y")
        await pilot.press("ctrl+q")
    reopened, _ = load_session(path, systems())
    assert reopened.battle.units["red1"].stats["damage"] == 1
    assert reopened.battle.units["red1"].stats["active"] is True


# -- panes are reusable: they render from the session alone ------------------------------------


def test_panes_render_from_a_session_without_the_battle_screen() -> None:
    session = demo_session()
    assert "Legionari" in QueueView(session).content().plain
    assert "Round" not in Breadcrumb(session).content().plain  # before round 1


def test_a_queue_row_wraps_under_its_text_not_under_the_mark() -> None:
    from rich.text import Text

    from skirmtui.tui.widgets.queue import QueueView

    queue = QueueView(demo_session())
    for mark in ("▶ ", "  "):
        row = Text(f"{mark}2. Barbari — 0 active, 6 to try, 1 can still fight")
        rows = [part.plain for part in queue.wrap_line(row, 20)]
        assert len(rows) > 1 and rows[0].startswith(mark)
        assert all(r.startswith("  ") and not r[2].isspace() for r in rows[1:])
        assert all(len(r) <= 20 for r in rows)
        assert " ".join(r.strip() for r in rows) == row.plain.strip()  # nothing lost


def test_a_queue_row_keeps_a_unit_s_name_on_one_line() -> None:
    """The player view at 80x24 read "2. Briganti — 2 to act: Brigante" / "1, Brigante
    3" (a QA play-through): a label's words stay together where it fits."""
    from rich.text import Text

    from skirmtui.tui.widgets.queue import QueueView

    session = demo_session()
    names = list(session.battle.labels.values())
    two = [n for n in names if " " in n][:2]
    queue = QueueView(session)
    row = Text(f"  2. Barbari — 2 to act: {two[0]}, {two[1]}")
    for width in range(18, 40):
        rows = [part.plain.strip() for part in queue.wrap_line(row, width)]
        assert " ".join(rows) == row.plain.strip()  # nothing lost, spaces given back
        for name in two:
            assert any(name in r for r in rows), (width, rows)  # never split
