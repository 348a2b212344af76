"""Playing the battle screen with the keyboard only (Pilot)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.engine.core.prompts import Choose, Roll
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.widgets.key_bar import KeyBar
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import SIZE, demo_app, option_number, press, running, type_faces


async def order_then_pick_centurione(pilot) -> None:
    """Legionari win the play order (6 v 2) and pick Centurione to activate."""
    await type_faces(pilot, "6")
    await type_faces(pilot, "2")
    await press(pilot, "1")


async def test_play_a_turn_with_the_keyboard(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml")
    async with running(app) as (pilot, session):
        # Play order (WI-2): Legionari 6, Barbari 2 → Legionari first.
        await type_faces(pilot, "6")
        await type_faces(pilot, "2")
        assert session.battle.pos.order == ["red", "blue"]
        assert session.battle.phase == "activation"
        # Activation (WI-3): key 1 picks Centurione, a 1 activates it (ABI 4).
        assert isinstance(session.prompt, Choose)
        await press(pilot, "1")
        assert isinstance(session.prompt, Roll)
        await type_faces(pilot, "1")
        assert session.battle.units["red1"].stats["active"] is True
        # Stop activating → Barbari; their first unit fails on a 6 → Recovery.
        prompt = session.prompt
        assert isinstance(prompt, Choose)
        await press(pilot, option_number(pilot, "done"))
        await press(pilot, "1")
        await type_faces(pilot, "6")
        assert session.battle.units["blue1"].stats["active"] is False
        # No damaged unit: recovery is skipped; Legionari shoot next.
        assert session.battle.phase == "shooting"
        # Centurione, the active unit, is asked its target (issue 25: no "which unit
        # shoots?"): Capo tribù; seen, short band (one answer), hit on a 2.
        prompt = session.prompt
        assert isinstance(prompt, Choose) and prompt.key == "shoot.target"
        assert prompt.actor == "red1"
        await press(pilot, option_number(pilot, "blue1"))
        prompt = session.prompt  # sight and distance in one answer (issue 25)
        assert isinstance(prompt, Choose) and prompt.key == "shoot.sight"
        await press(pilot, option_number(pilot, "short"))
        await type_faces(pilot, "2")
        # WI-6: the hit is pending until End of turn.
        assert session.battle.units["blue1"].stats["pending"] == 1
        assert session.battle.units["blue1"].stats["damage"] == 0
        log = app.screen.query_one("#log")
        assert any("Centurione hits Capo tribù" in log.line_text(i) for i in range(log.line_count))


async def test_manual_faces_refused_then_accepted(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml")
    async with running(app) as (pilot, session):
        await type_faces(pilot, "7")  # not a face of a d6
        assert session.items == []
        panel = app.screen.query_one(PromptPanel)
        assert "7 is not a face of a d6" in panel.error
        assert panel.entry == ""  # refused faces are cleared, like a refused number
        await type_faces(pilot, "3 4")  # two faces for 1d6
        assert session.items == []
        assert "needs 1 face" in panel.error
        await type_faces(pilot, "5")
        assert [item.value for item in session.items] == [(5,)]


async def test_r_rolls_the_chain_of_rolls_up_to_the_next_decision(tmp_path: Path) -> None:
    """Both sides' play-order rolls (WI-2) follow with no decision between: one `r`."""
    app = demo_app(tmp_path / "b.toml")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "r")
        session = app.session
        assert session is not None
        assert [(i.key, i.by) for i in session.items] == [("order.roll", "app")] * 2
        assert all(len(i.value) == 1 and 1 <= i.value[0] <= 6 for i in session.items)
        assert isinstance(session.prompt, Choose)


async def test_undo_and_redo_keys(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml")
    async with running(app) as (pilot, session):
        await order_then_pick_centurione(pilot)
        assert len(session.items) == 3
        await press(pilot, "ctrl+z")
        assert len(session.items) == 2
        assert session.prompt is not None and session.prompt.key == "activation.unit"
        await press(pilot, "ctrl+z", "ctrl+z")
        assert session.items == []
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.check_action("undo", ()) is False
        await press(pilot, "ctrl+y", "ctrl+y", "ctrl+y")
        assert len(session.items) == 3
        assert screen.check_action("redo", ()) is False
        # A new answer after an undo clears redo.
        await press(pilot, "ctrl+z")
        await press(pilot, "2")
        assert not session.can_redo


async def test_quit_and_reopen_finds_the_battle(tmp_path: Path) -> None:
    path = tmp_path / "battle.toml"
    app = demo_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await order_then_pick_centurione(pilot)
        await press(pilot, "ctrl+q")
    assert app.session is not None
    expected = list(app.session.items)
    reopened, _ = load_session(path, systems())
    assert reopened.items == expected
    assert reopened.prompt is not None and reopened.prompt.key == "activation.roll"
    assert reopened.battle.pos == app.session.battle.pos


async def test_note_and_help_dialogs(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "e")
        for char in "fog":
            await pilot.press(char)
        await press(pilot, "enter")
        session = app.session
        assert session is not None
        assert session.items[-1].key == "gm.note"
        assert session.battle.log[-1].text == "fog"
        await press(pilot, "question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        await press(pilot, "escape")
        assert isinstance(app.screen, BattleScreen)


async def test_gm_override_dialog_sets_damage(tmp_path: Path) -> None:
    from textual.widgets import Input, Select

    app = demo_app(tmp_path / "b.toml")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "o")
        dialog = app.screen
        dialog.query_one("#unit", Select).value = "blue2"
        dialog.query_one("#field", Select).value = "damage"
        dialog.query_one("#value", Input).value = "2"
        await pilot.click("#apply")
        await pilot.pause()
        session = app.session
        assert session is not None
        assert session.battle.units["blue2"].stats["damage"] == 2
        assert "wounded" in session.system.status(session.battle, session.battle.units["blue2"])
        # Undo takes the override back like any answer.
        await press(pilot, "ctrl+z")
        assert session.battle.units["blue2"].stats["damage"] == 0


async def test_gm_override_dialog_puts_a_unit_back_at_the_damage_typed(tmp_path: Path) -> None:
    """G-4: the dialog asks what a unit put back comes back with (here damage, 0–2)."""
    from textual.widgets import Input, Select

    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app) as (pilot, session):
        session.gm("gm.remove", unit="blue2")
        await press(pilot, "o")
        dialog = app.screen
        dialog.query_one("#action", Select).value = "gm.restore"
        dialog.query_one("#unit", Select).value = "blue2"
        await pilot.pause()
        value = dialog.query_one("#value", Input)
        assert dialog.query_one("#value-row").display
        assert value.placeholder.startswith("damage it comes back with, 0–2")
        value.value = "1"
        await pilot.click("#apply")
        await pilot.pause()
        blue2 = session.battle.units["blue2"]
        assert not blue2.removed and blue2.stats["damage"] == 1


async def test_the_override_asks_a_new_unit_s_profile_by_its_labels(tmp_path: Path) -> None:
    """A new unit's profile is typed in the order its labels say, as the sheet shows
    them ("CMB ABI"), not the data's keys (combattimento-gdr's "vpb" meant nothing to a
    GM in a QA play-through)."""
    from textual.widgets import Input, Select

    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app) as (pilot, session):
        await press(pilot, "o")
        dialog = app.screen
        labels = " ".join(f.label for f in session.system.profile_fields if not f.derived)
        assert labels != " ".join(f.name for f in session.system.profile_fields if not f.derived)
        value = dialog.query_one("#value", Input)
        assert value.placeholder == f"number, yes/no — or a new unit's {labels}"
        dialog.query_one("#action", Select).value = "gm.add"
        dialog.query_one("#side", Select).value = "blue"
        await pilot.pause()
        value.value = "x"
        await pilot.click("#apply")
        await pilot.pause()
        assert f"type the new unit's {labels} as numbers" in str(
            app.screen.query_one("#error").render()
        )


async def test_prompt_panel_shows_odds_before_rolling(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await order_then_pick_centurione(pilot)  # ABI 4
        odds = app.screen.query_one(PromptPanel).lines_text()[1]
        assert "1d6 ≤ 4" in odds and "66.7%" in odds


async def test_review_from_the_battle_and_undo_from_the_palette(tmp_path: Path) -> None:
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await type_faces(pilot, "6")
        await press(pilot, "v")
        assert type(app.screen).__name__ == "ReviewScreen"
        await press(pilot, "escape")
        assert isinstance(app.screen, BattleScreen)
        await press(pilot, "ctrl+p")
        for char in "undo":
            await pilot.press(char)
        await pilot.pause()
        await press(pilot, "enter")
        assert app.session is not None and app.session.items == []


async def test_combat_log_matches_the_battle_log_after_undo_and_new_answers(
    tmp_path: Path,
) -> None:
    from skirmtui.engine.report.wording import entry_effects
    from skirmtui.tui.widgets.combat_log import CombatLog, entry_line

    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with running(app) as (pilot, session):
        log = app.screen.query_one(CombatLog)

        def shown() -> list[str]:
            return [log.line_text(i) for i in range(log.line_count)]

        def expected() -> list[str]:
            entries = [e for e in session.battle.log if e.text or e.effects]
            lines = [entry_line(e) if e.text else "" for e in entries]
            return [
                f"{line} → {entry_effects(session.battle, session.system, e)}"
                if e.effects
                else line
                for line, e in zip(lines, entries, strict=True)
            ]

        for _ in range(30):  # past a checkpoint, so undo restores one
            await press(pilot, "r") if isinstance(session.prompt, Roll) else await pilot.press("1")
        assert shown() == expected()
        for _ in range(7):
            await pilot.press("ctrl+z")
        await pilot.pause()
        assert shown() == expected()
        await press(pilot, "r") if isinstance(session.prompt, Roll) else await pilot.press("1")
        assert shown() == expected()


async def test_the_first_frame_shows_the_unit_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key bar reads the keys as the first frame is drawn (a unit is selected by
    then, so d/h/x are live): read at mount, they were missing from the first frame."""
    drawn: list[tuple[str, ...]] = []
    render = KeyBar.render

    def spy(self: KeyBar) -> object:
        text = render(self)
        drawn.append(tuple(action for _, _, action in self._keys or ()))
        return text

    monkeypatch.setattr(KeyBar, "render", spy)
    app = demo_app(tmp_path / "b.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
    assert drawn, "the key bar was drawn"
    assert {"damage", "heal", "status"} <= set(drawn[0])
    assert drawn[0] == drawn[-1]
