"""pequenas-guerras in the TUI: a 4-player round played with the keyboard (Pilot) and a
snapshot of the 4-player battle screen at 120×40."""

from __future__ import annotations

from pathlib import Path

import attrs

from skirmtui.engine.core.armies import setup_for_players
from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.queue import QueueView
from skirmtui.tui.widgets.roster import Roster
from tests.systems.pg_helpers import ONE_AT_A_TIME, PG, act, enabled, start
from tests.tui.helpers import SIZE, option_number, press, type_an_army, type_faces


def four_players() -> Session:
    """Milícia, Bandoleiros, Guarda Real, Mercenários; deployed, three objectives.
    Every question one at a time, as asked before issue 25 (as the rule tests)."""
    setup = setup_for_players(PG, 4)
    setup = attrs.evolve(setup, options={**setup.options, **ONE_AT_A_TIME})
    session = Session(get_system(PG), setup)
    start(session, 6, 5, 4, 3)
    return session


def app_for(session: Session, path: Path | str) -> SkirmApp:
    return SkirmApp(session=session, path=path, created="2026-01-01T00:00:00Z", autosave=False)


async def test_a_four_player_round_with_the_keyboard(tmp_path: Path) -> None:
    session = four_players()
    app = app_for(session, tmp_path / "pg.toml")
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen.query_one(Roster)
        assert len(table.rows) == 16
        assert table.max_scroll_y == 0  # every player's roster is visible without scrolling
        sides = []
        first = True
        while session.prompt is not None and session.prompt.key == "activate.unit":
            prompt = session.prompt
            assert isinstance(prompt, Choose)
            sides.append(prompt.side)
            if prompt.side == "red" and not first:
                # Fuzileiros cannot activate a second time: no number key picks it.
                option = prompt.option("red2")
                assert option is not None and option.disabled is not None
            unit = "red2" if first else enabled(session)[0]
            await press(pilot, option_number(pilot, unit))
            if first:
                # Fuzileiros hold and shoot Cangaceiros: 5 models in range, no cover,
                # hits on 5+ (two), Cangaceiros block on 4+ (none): two models lost.
                await press(pilot, "1")
                target = session.prompt
                assert isinstance(target, Choose) and target.key == "shoot.target"
                await press(pilot, option_number(pilot, "blue2"))
                await type_faces(pilot, "5")
                await press(pilot, "n")
                await type_faces(pilot, "5 6 1 2 3")
                await type_faces(pilot, "1 3")
                assert session.battle.units["blue2"].stats["models"] == 2
                queue = app.screen.query_one(QueueView).content().plain
                assert "▶ 2. Bandoleiros — 4 left" in queue
                assert "1. Milícia — 3 left: Capitão, Fuzileiros, Caçador" in queue
                first = False
            else:
                await pilot.press("2")  # Take Cover
                await pilot.pause()
        assert sides == ["red", "blue", "green", "yellow"] * 4
        # End of round: three markers; Milícia alone at the first, the second contested.
        for answer in ("red", "contested", "none"):
            prompt = session.prompt
            assert isinstance(prompt, Choose) and prompt.key == "objective.control"
            await press(pilot, option_number(pilot, answer))
        assert session.battle.pos.objectives == ["red", "", ""]
        assert session.prompt is not None and session.prompt.key == "round.roll"
        assert session.battle.round == 2


def battle_app() -> SkirmApp:
    session = four_players()
    act(session, "red1", "cover")
    act(session, "blue1", "overwatch")
    return app_for(session, "saves/pequenas-guerras.toml")


def test_four_player_battle_screen(snap_compare) -> None:
    assert snap_compare(battle_app(), terminal_size=SIZE)


async def test_setup_screen_four_players_typed_weapons_and_over_size(tmp_path: Path) -> None:
    """PG-2 in `skirmtui new`: four sample armies by default; a typed unit takes its
    weapons after `|`; an army over the game size is refused with the reason."""
    from textual.widgets import Input

    from skirmtui.tui.screens.battle import BattleScreen

    app = SkirmApp(system_id=PG, path=tmp_path / "pg.toml", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await type_an_army(pilot, 4, 0, "Heróis 3 3 130 | Rifle 60cm A1; Faca melee A1 | bold")
        assert "130 points, over the small game's 120" in str(
            screen.query_one("#setup-error").render()
        )
        screen.query_one("#opt-size", Input).value = "2"  # medium: 240 points
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, BattleScreen)
        session = app.session
        assert session is not None and len(session.setup.sides) == 4
        hero = session.battle.units["red1"]
        assert hero.profile["weapons"] == "Rifle 60cm A1; Faca melee A1"
        assert hero.profile["specials"] == "bold"
        assert "120 × 120 cm table" in session.battle.log[0].text
