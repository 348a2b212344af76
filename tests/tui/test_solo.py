"""Issue 26 (Pilot): a solo battle at 80×24 where the app plays Barbari: the player answers
only their side's questions, the table's facts and the dice; the Why? screen; the
thinking line; undo leaves the undone question to the GM."""

from __future__ import annotations

import time
from pathlib import Path

from skirmtui.engine.core.items import BY_AI
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Pick, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.play import policy
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.sides import app_persona, side_of
from skirmtui.tui import app_player
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.screens.why import WhyScreen
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import demo_session, press, running

SMALL = (80, 24)


def solo_app(path: Path) -> SkirmApp:
    session = demo_session()
    let_app_play(session, {"blue": "balanced"})  # Barbari
    return SkirmApp(session=session, path=path, created="2026-01-01T00:00:00Z", autosave=False)


async def settle(pilot) -> None:  # type: ignore[no-untyped-def]
    """Let the app's worker answer and the screen catch up."""
    for _ in range(50):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screen = pilot.app.screen
        if not isinstance(screen, BattleScreen) or screen.player.question is None:
            return


async def answer_as_player(pilot, session: Session) -> None:  # type: ignore[no-untyped-def]
    prompt = session.prompt
    if isinstance(prompt, Roll):
        await pilot.press("r")
    elif isinstance(prompt, Ask) and prompt.yes_no:
        await pilot.press("y")
    elif isinstance(prompt, Choose):
        await pilot.press("1")
    elif isinstance(prompt, Confirm | Pick):  # a Pick: its default, or nothing ticked
        await pilot.press("enter")
    else:  # a number: its lowest
        assert isinstance(prompt, Ask)
        await pilot.press(*str(prompt.minimum), "enter")
    await pilot.pause()


async def play_until_the_app_answers(pilot, session: Session) -> None:  # type: ignore[no-untyped-def]
    """Answer as the player until the app has answered once for its side."""
    await settle(pilot)
    while not any(i.by == BY_AI for i in session.items):
        await answer_as_player(pilot, session)
        await settle(pilot)


async def undo_the_apps_last_answer(pilot, session: Session) -> None:  # type: ignore[no-untyped-def]
    """Play the player's side until the app has answered, then undo back to (and
    including) the app's last answer: its question is left to the GM."""
    await play_until_the_app_answers(pilot, session)
    while session.items[-1].by != BY_AI:
        await pilot.press("ctrl+z")
        await settle(pilot)
    await pilot.press("ctrl+z")
    await settle(pilot)


async def answer_until_the_app_decides(pilot, session: Session) -> None:  # type: ignore[no-untyped-def]
    """Answer as the player (40 answers at most) until a question is the app's to decide."""
    for _ in range(40):
        if app_persona(session.system, session.battle, session.prompt) is not None:
            break
        await answer_as_player(pilot, session)
    await settle(pilot)


async def test_a_solo_battle_at_80x24(tmp_path: Path) -> None:
    app = solo_app(tmp_path / "solo.toml")
    async with running(app, SMALL) as (pilot, session):
        await settle(pilot)
        for _ in range(80):
            if session.prompt is None:
                break
            # Never the player's turn on the app's own decisions: the app took them.
            assert app_persona(session.system, session.battle, session.prompt) is None
            await answer_as_player(pilot, session)
            await settle(pilot)
        ai = [i for i in session.items if i.by == BY_AI]
        assert ai and all(i.persona == "balanced" for i in ai)
        # Replayed: every answer the player gave was their side's, the table's or dice.
        replay = Session(session.system, session.setup)
        for item in session.items:
            prompt = replay.prompt
            if prompt is not None and not item.is_gm and item.by != BY_AI:
                mine = side_of(replay.battle, prompt) == "red"
                assert mine or app_persona(session.system, replay.battle, prompt) is None
            replay.runner.apply(item)
            replay.items.append(item)
        # The log line of an AI decision carries its reason (odds in words, no score).
        lines = [e.text for e in session.battle.log if e.by == BY_AI]
        assert lines and all("(balanced: " in t and "score" not in t for t in lines)
        # Why?: the options weighed with their scores and odds, in words.
        await pilot.press("w")
        await settle(pilot)
        await pilot.pause()
        assert isinstance(app.screen, WhyScreen)
        text = "\n".join(app.screen.lines)
        assert "— chosen" in text and "score" in text and "to take a unit off" in text
        await press(pilot, "escape")
        assert isinstance(app.screen, BattleScreen)


async def test_undo_leaves_the_undone_question_to_the_gm(tmp_path: Path) -> None:
    app = solo_app(tmp_path / "undo.toml")
    async with running(app, SMALL) as (pilot, session):
        await undo_the_apps_last_answer(pilot, session)
        length = len(session.items)
        assert app_persona(session.system, session.battle, session.prompt) == "balanced"
        assert len(session.items) == length  # held: the GM may answer it
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.action_app_answer()
        await settle(pilot)
        assert session.items[length].by == BY_AI


async def _thinking(tmp_path: Path, monkeypatch, after: float) -> tuple[list[str], str]:  # type: ignore[no-untyped-def]
    """The Now pane's notices seen while a decision takes 0.6 s, the line shown after
    `after` seconds, then the notice once it is answered."""
    real = policy.think

    def slow(question):  # type: ignore[no-untyped-def]
        time.sleep(0.6)
        return real(question)

    monkeypatch.setattr(policy, "think", slow)
    monkeypatch.setattr(app_player, "THINKING_AFTER", after)
    app = solo_app(tmp_path / "slow.toml")
    seen: list[str] = []
    async with running(app, SMALL) as (pilot, session):
        panel = app.screen.query_one(PromptPanel)
        while app.screen.player.question is None:  # type: ignore[attr-defined]
            await answer_as_player(pilot, session)
        while app.screen.player.question is not None:  # type: ignore[attr-defined]
            await pilot.pause(0.05)
            seen.append(panel.notice)
            if "is thinking" in panel.notice:
                assert "is thinking" in "\n".join(panel.lines_text())
        await settle(pilot)
        return seen, panel.notice


async def test_the_thinking_line_shows_when_a_decision_is_slow(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seen, after = await _thinking(tmp_path, monkeypatch, 0.05)
    assert "Barbari (balanced) is thinking…" in seen
    assert after == ""  # gone once the app has answered


async def test_no_thinking_line_within_its_time(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    seen, _ = await _thinking(tmp_path, monkeypatch, 30.0)
    assert seen and set(seen) == {""}


async def test_a_failing_decision_leaves_the_question_to_the_gm(
    tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    def broken(question):  # type: ignore[no-untyped-def]
        raise RuntimeError("look-ahead bug")

    monkeypatch.setattr(policy, "think", broken)
    app = solo_app(tmp_path / "broken.toml")
    async with running(app, SMALL) as (pilot, session):
        await answer_until_the_app_decides(pilot, session)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.player.question is None and screen.player.held()
        assert screen.check_action("app_answer", ()) is True  # the palette gives it back
        await answer_as_player(pilot, session)  # the GM answers it
        assert not any(i.by == BY_AI for i in session.items)


async def test_the_setup_form_says_who_plays_each_side(tmp_path: Path) -> None:
    from textual.widgets import Select

    app = SkirmApp(system_id="wargaming-introduttivo", path=tmp_path / "new.toml", seed=1)
    app.ai = {"blue": "cautious"}  # `new --ai blue:cautious` fills the form in
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        assert form.query_one("#play-1", Select).value == "cautious"
        assert form.query_one("#play-0", Select).value == ""
        form.query_one("#play-0", Select).value = "aggressive"
        await press(pilot, "ctrl+s")
        session = app.session
        assert session is not None
        assert session.battle.ai == {"red": "aggressive", "blue": "cautious"}
        assert [i.value["side"] for i in session.items[:2]] == ["red", "blue"]


async def test_a_persona_the_app_does_not_have_leaves_the_side_to_the_gm(
    tmp_path: Path,
) -> None:
    session = demo_session()
    session.gm("gm.ai", side="blue", persona="reckless")  # a hand-edited save, say
    app = SkirmApp(session=session, path=tmp_path / "x.toml", created="2026", autosave=False)
    async with app.run_test(size=SMALL) as pilot:
        await answer_until_the_app_decides(pilot, session)
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.player.held()
        await answer_as_player(pilot, session)  # the GM answers; nothing crashed
        assert not any(i.by == BY_AI for i in session.items)
