"""A question's help too long for the Now pane at 80x24 is cut at a whole word, says
how to read the rest, and `?` shows it whole above the keys.

Found in tmux at 80x24, solo regole-base: the table is asked "Which enemy models did
Capobanda pass within 1" of?" about the app's model, and the help that told the table
how to move it read "…by the shortest way that keeps it more than 1" from the other
enemies, and…": where to stop it, and what the free attacks are, could not be read
anywhere at that size. (How to move it is the app's cue above the question now, whole;
the help, the free attacks, gives way to the options and is whole on `?`.)
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from skirmtui.engine.core.session import Session
from skirmtui.engine.play.auto import let_app_play
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.help import HelpScreen
from skirmtui.tui.widgets.prompt_lines import help_lines
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import running
from tests.tui.test_solo import SMALL, answer_as_player, settle

MORE = "… (? for the rest)"


def rb_solo(path: Path) -> SkirmApp:
    system = get_system("regole-base")
    session = Session(system, system.demo_setup())
    let_app_play(session, {"blue": "balanced"})  # Briganti
    return SkirmApp(session=session, path=path, created="2026-01-01T00:00:00Z", autosave=False)


async def test_the_apps_move_help_is_cut_at_a_word_and_whole_on_question_mark(
    tmp_path: Path,
) -> None:
    app = rb_solo(tmp_path / "rb.toml")
    async with running(app, SMALL) as (pilot, session):
        await settle(pilot)
        for _ in range(40):
            prompt = session.prompt
            assert prompt is not None
            if (
                prompt.key == "move.passed"
                and session.battle.units[str(prompt.actor)].side == "blue"
            ):
                break
            await answer_as_player(pilot, session)
            await settle(pilot)
        else:
            raise AssertionError("no move of the app's model")
        panel = app.screen.query_one(PromptPanel)
        kinds = [line.kind for line in panel._lines]
        start = kinds.index("help")  # the question's help: the lines under its title
        end = kinds.index("odds", start)  # the app's cue: how to move its model
        helped = [line.text for line in panel._lines[start:end]]
        shown = " ".join(t.strip() for t in helped)
        assert shown.endswith(MORE), helped
        words = shown.removesuffix(MORE).split()
        assert " ".join(words) in " ".join(prompt.help.split())  # whole words only
        assert prompt.help.split()[len(words) - 1] == words[-1]
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        said = str(app.screen.query_one("#help-question", Static).render())
        assert " ".join(prompt.help.split()) in " ".join(said.split())
        assert 'Which enemy models did Capobanda pass within 1" of?' in said
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


def test_a_help_cut_short_says_so_at_a_whole_word() -> None:
    helped = ["one two", "  three", "  four", "  five", "  six"]
    assert [line.text for line in help_lines(helped, 2, 40)] == helped
    assert [line.text for line in help_lines(helped, 1, 40)] == [*helped[:3], "  five" + MORE]
    # The first three lines whatever the room (as before), the third marked.
    assert [line.text for line in help_lines(helped, -3, 40)] == [*helped[:2], "  four" + MORE]
    full = ["alpha beta gamma delta", "  epsilon zeta eta theta", "  iota kappa lambda", "  mu"]
    cut = help_lines(full, 0, 24)[-1].text
    assert cut == "  iota" + MORE  # the words that do not fit with the mark give way
    assert len(cut) <= 24
    # Cut after a whole sentence (found: wargaming-introduttivo's "the others stay.…"):
    # no "…" after its full stop.
    said = ["Pick each unit that", "  moved; the others", "  stay. Still to tell:", "  Barbari."]
    assert help_lines(said, 0, 40)[-1].text == "  stay. Still to tell:" + MORE
    assert help_lines(said, 0, 30)[-1].text == "  stay. (? for the rest)"
