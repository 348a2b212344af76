"""The key bar at 80 columns: the keys a question or an AI answer brings (Roll, Why?)
are shown, the GM's quick keys give way first (`keys.KEY_BAR_GIVES_WAY`); at 120 columns
every key fits, in the bindings' order."""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.items import BY_AI
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.auto import let_app_play
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.keys import KEY_BAR_GIVES_WAY
from skirmtui.tui.widgets.key_bar import KeyBar, fitting
from tests.tui.helpers import demo_session, running
from tests.tui.test_solo import (
    SMALL,
    answer_as_player,
    play_until_the_app_answers,
    settle,
    solo_app,
)


def bar_text(app) -> str:  # type: ignore[no-untyped-def]
    return app.screen.query_one(KeyBar).render().plain


async def test_why_is_on_the_key_bar_at_80x24_after_an_ai_answer(tmp_path: Path) -> None:
    app = solo_app(tmp_path / "solo.toml")
    async with running(app, SMALL) as (pilot, session):
        await play_until_the_app_answers(pilot, session)
        await pilot.pause()
        text = bar_text(app)
        assert " w Why? " in text, text
        assert " ^z Undo " in text and " ? Help " in text and "✓ saved" not in text[:60]
        assert len(text) == 80
        # What gave way is only what the list names: never Undo, Roll or Why?.
        active = app.screen.query_one(KeyBar)._keys or ()
        gone = [action for _, label, action in active if f" {label} " not in text]
        assert gone and set(gone) <= set(KEY_BAR_GIVES_WAY), gone
        # A roll after the AI's answer: Roll and Why? both shown.
        for _ in range(40):
            if " r Roll " in text:
                break
            await answer_as_player(pilot, session)
            await settle(pilot)
            text = bar_text(app)
        assert " r Roll " in text and " w Why? " in text, text


async def test_every_key_fits_at_120_columns(tmp_path: Path) -> None:
    app = solo_app(tmp_path / "wide.toml")
    async with running(app) as (pilot, session):
        await play_until_the_app_answers(pilot, session)
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        labels = [f" {label} " for _, label, _ in bar._keys or ()]
        text = bar_text(app)
        assert all(label in text for label in labels), text
        assert "Why?" in text and "Damage" in text and "Status" in text


def test_the_keys_that_give_way_go_first_and_the_order_stays() -> None:
    keys = (
        ("^z", "Undo", "undo"),
        ("?", "Help", "help"),
        ("+", "Damage", "damage"),
        ("-", "Heal", "heal"),
        ("x", "Status", "status"),
        ("w", "Why?", "why"),
    )
    assert fitting(keys, 200) == keys
    # 9 + 8 + 10 + 8 + 10 + 8 = 53 cells: without Heal 45, without Damage too 35.
    assert [k[2] for k in fitting(keys, 45)] == ["undo", "help", "damage", "status", "why"]
    assert [k[2] for k in fitting(keys, 44)] == ["undo", "help", "status", "why"]
    assert [k[2] for k in fitting(keys, 10)] == ["undo", "why"]


async def test_why_shows_when_an_ai_answer_changes_no_other_key(tmp_path: Path) -> None:
    """pequenas-guerras solo: after the roll-off the corners are chosen (two by the app),
    then the table confirms the deployment: no other key comes or goes (no roll, undo
    already there), and the bar kept its keys from before the AI answered, without
    "w Why?"."""
    system = get_system("pequenas-guerras")
    session = Session(system, system.demo_setup())
    let_app_play(session, {"blue": "balanced", "green": "balanced"})
    app = SkirmApp(session=session, path=tmp_path / "pg.toml", autosave=False)
    async with running(app) as (pilot, _):
        await settle(pilot)
        while session.prompt is not None and session.prompt.key != "deploy.all":
            await answer_as_player(pilot, session)
            await settle(pilot)
        await pilot.pause()
        assert any(i.by == BY_AI for i in session.items)
        assert " w Why? " in bar_text(app), bar_text(app)


async def test_the_file_name_gives_way_to_the_keys_at_80_columns(tmp_path: Path) -> None:
    """A battle opened (or a sim's battle) shows its file name where "✓ saved" goes until
    the first save; at 80 columns the name took the room of Sheet, Override and Review
    (a rule author opening `sim --only`'s battle found no `v Review` on the bar)."""
    path = tmp_path / "cape-et-epee-seed-114727385.toml"
    app = SkirmApp(
        session=demo_session(), path=path, created="2026-01-01T00:00:00Z", autosave=False
    )
    async with running(app, SMALL) as (pilot, _session):
        await pilot.pause()
        text = bar_text(app)
        assert " v Review " in text and " o Override " in text and " s Sheet " in text, text
        assert len(text) == 80
    wide = SkirmApp(
        session=demo_session(), path=path, created="2026-01-01T00:00:00Z", autosave=False
    )
    async with running(wide) as (pilot, _session):
        await pilot.pause()
        assert bar_text(wide).rstrip().endswith(path.name)  # room: the name is shown
