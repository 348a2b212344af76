"""The player view says what the app wants done with its miniature, as the GM's pane
does, where the table is asked a fact about one of the app's units (issue 26): the
players around the table see why the GM moves the app's Barbari so. Found in the last
sessions' notes: the player view showed the question without it."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.prompts import Prompt
from skirmtui.engine.play.sides import table_cue
from skirmtui.tui.screens.player import question_words
from tests.play.test_app_wants import _apps, _played_until


def test_the_players_read_the_apps_cue_under_the_question() -> None:
    session = _played_until("wargaming-introduttivo", _apps("move.units"))
    prompt = session.prompt
    assert prompt is not None
    cue = table_cue(session.system, session.battle, prompt)
    assert cue.startswith("Barbari (app, balanced): ")
    words = str(question_words(session))
    assert cue in words and words.index(prompt.text) < words.index(cue)


def test_no_cue_where_the_question_is_not_about_the_apps_miniature() -> None:
    session = _played_until(
        "wargaming-introduttivo", lambda b, p: p.key == "move.units" and p.side not in b.ai
    )
    assert "(app, " not in str(question_words(session))


def test_a_units_name_in_the_cue_is_shown_not_obeyed() -> None:
    def fighter_left(battle: Battle, prompt: Prompt) -> bool:  # the cue names a unit
        return _apps("move.units")(battle, prompt) and any(
            u.flag("active") and not u.flag("combat") for u in battle.on_table(prompt.side)
        )

    session = _played_until("wargaming-introduttivo", fighter_left, named="Cane\x1b[31m")
    words = str(question_words(session))
    assert "(app, balanced): bring Cane␛[31m" in words and "\x1b" not in words, words
