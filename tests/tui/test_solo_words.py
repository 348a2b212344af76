"""Issue 26 as a solo player meets it (Pilot, 80x24): a question of the app's side that
the app does not answer says so in the Now pane.

Found in tmux: cape-et-epee's "Guardie: At Convent gate: are the nearest enemies
farther…?" (a table fact about the app's side) and wargaming-introduttivo's "Barbari:
which units moved, over what ground?" looked like the app's to answer, and nothing
happened; after an undo of the app's answer nothing said the question was now the
GM's, nor how to give it back (the palette's "Let the app answer").
"""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.items import BY_AI
from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.play.sides import app_persona, side_of, table_cue
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import running
from tests.tui.test_solo import (
    SMALL,
    answer_as_player,
    play_until_the_app_answers,
    settle,
    solo_app,
    undo_the_apps_last_answer,
)


def pane(app) -> str:  # type: ignore[no-untyped-def]
    return " ".join(t.strip() for t in app.screen.query_one(PromptPanel).lines_text())


async def test_a_table_fact_of_the_apps_side_says_the_table_answers(tmp_path: Path) -> None:
    app = solo_app(tmp_path / "solo.toml")
    async with running(app, SMALL) as (pilot, session):
        await settle(pilot)
        cued = 0
        for _ in range(60):
            prompt = session.prompt
            if prompt is None:
                break
            battle = session.battle
            theirs = side_of(battle, prompt) == "blue" and not isinstance(prompt, Roll)
            words = "The table answers this, not the app"
            cue = table_cue(session.system, battle, prompt)
            if theirs and app_persona(session.system, battle, prompt) is None and cue:
                # What the app wants done with its miniature, whole (test_app_wants.py).
                assert cue.startswith("Barbari (app, balanced): ")
                assert cue in pane(app), (prompt.key, pane(app))
                cued += 1
            elif theirs and app_persona(session.system, battle, prompt) is None:
                assert words in pane(app), (prompt.key, pane(app))
                lines = app.screen.query_one(PromptPanel).lines_text()
                assert words in [t.strip() for t in lines]  # one line: the help needs rows
            elif side_of(battle, prompt) == "red":
                assert "not the app" not in pane(app), prompt.key
            await answer_as_player(pilot, session)
            await settle(pilot)
        assert cued  # Barbari's movement at least: the table moves them as the app wants


async def test_after_an_undo_the_pane_says_the_answer_is_the_gms(tmp_path: Path) -> None:
    app = solo_app(tmp_path / "undo.toml")
    async with running(app, SMALL) as (pilot, session):
        await undo_the_apps_last_answer(pilot, session)
        assert app_persona(session.system, session.battle, session.prompt) == "balanced"
        text = pane(app)
        assert "Yours after the undo (^P: Let the app answer)" in text, text
        await answer_as_player(pilot, session)  # the GM answers it: the line goes
        await settle(pilot)
        assert "Yours after the undo" not in pane(app)


async def test_why_says_when_the_decision_was_taken(tmp_path: Path) -> None:
    """After the GM undid the app's newest answer and gave their own, `w` showed an
    older decision of the same words ("which unit tries to activate?") with nothing to
    say it was an earlier turn's."""
    from skirmtui.tui.screens.why import WhyScreen

    app = solo_app(tmp_path / "why.toml")
    async with running(app, SMALL) as (pilot, session):
        await play_until_the_app_answers(pilot, session)
        index = max(i for i, item in enumerate(session.items) if item.by == BY_AI)
        entry = next(e for e in session.battle.log if e.answer == index)
        await pilot.press("w")
        await settle(pilot)
        await pilot.pause()
        assert isinstance(app.screen, WhyScreen)
        word = session.system.round_word
        phase = session.battle.phase_label(entry.phase)
        assert app.screen.when == f"{word} {entry.round} · {phase}", app.screen.when


async def test_a_side_given_to_the_app_mid_question_says_the_question_is_still_yours(
    tmp_path: Path,
) -> None:
    """Found in tmux (regole-base, 80x24): `o`, "Who plays a side", Armigeri to the app
    while Armigeri were asked "which model acts in the Assault? (and how)". That
    question, asked while the table played the side, is the table's (its answer says
    whether the charge reached: a fact), and the pane said "The table answers this, not
    the app" about a choice of the side's model: it looked as if the app refused the
    side it had just been given. The pane says the question was asked before; the app
    takes the side's next decision."""
    from skirmtui.engine.core.items import GM_AI, Item
    from skirmtui.tui.screens.battle import BattleScreen
    from tests.tui.test_help_whole import rb_solo

    app = rb_solo(tmp_path / "rb.toml")
    async with running(app, SMALL) as (pilot, session):
        await settle(pilot)
        for _ in range(10):
            if session.prompt is not None and session.prompt.key == "move.which_made":
                break
            await answer_as_player(pilot, session)
            await settle(pilot)
        assert session.prompt is not None and session.prompt.key == "move.which_made"
        assert session.prompt.side == "red"
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.apply_gm(Item(GM_AI, {"side": "red", "persona": "balanced"}))
        await settle(pilot)
        text = pane(app)
        assert "Asked before the app took the side: yours" in text, text
        assert "The table answers this" not in text
        length = len(session.items)
        await pilot.press("1", "1")  # the GM answers it: the first model's first move
        await settle(pilot)
        assert len(session.items) > length
        assert "Asked before" not in pane(app)
        assert session.prompt is not None and session.prompt.key == "move.passed"
        # A fact: the table's; how to move the app's model above it (test_app_wants.py).
        assert "Armigeri (app, balanced): move it toward the nearest enemy model" in pane(app)
        for _ in range(10):  # the app takes the side's next decisions
            await answer_as_player(pilot, session)
            await settle(pilot)
            if any(
                i.by == BY_AI and i.persona and _side(session, i.value) == "red"
                for i in session.items
            ):
                break
        else:
            raise AssertionError([i for i in session.items if i.by == BY_AI])


def _side(session, value) -> str | None:  # type: ignore[no-untyped-def]
    """The side of the model an answer like "red2|simple" names."""
    unit = session.battle.units.get(str(value).split("|")[0])
    return unit.side if unit is not None else None
