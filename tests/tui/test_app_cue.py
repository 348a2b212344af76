"""The app's cue over a table fact about its unit, as a solo player meets it at 80x24
(issue 26; the words: tests/play/test_app_wants.py).

Found in tmux (pequenas-guerras): "Cangaceiros 1 moves: what does it cross?" with its
three-row help and the cue under it left one row for six options: the first option's
first half and no "↓ more". The help gives way to the cue (it is whole on `?`): the
options keep their rows.
"""

from __future__ import annotations

import random
from pathlib import Path

from skirmtui.engine.core.session import Session
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.sides import table_cue
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_lines import HELP_MORE, OPTION_ROWS, help_lines
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import running


def _pg_at_the_apps_move() -> Session:
    system = get_system("pequenas-guerras")
    session = Session(system, system.demo_setup())
    let_app_play(session, {s.id: "balanced" for s in session.setup.sides[1:]})
    rng = random.Random(0)
    for _ in range(3000):
        prompt = session.prompt
        assert prompt is not None
        unit = session.battle.units.get(prompt.actor or "")
        if prompt.key == "move.terrain" and unit is not None and unit.side in session.battle.ai:
            return session
        session.answer(prompt.random_answer(rng))
    raise AssertionError("no move of the app's unit")


async def test_the_help_gives_way_to_the_cue_and_the_options_keep_their_rows(
    tmp_path: Path,
) -> None:
    session = _pg_at_the_apps_move()
    prompt = session.prompt
    assert prompt is not None and len(prompt.help) > 100  # three rows at 80x24
    cue = table_cue(session.system, session.battle, prompt)
    assert cue
    path = tmp_path / "pg.toml"
    app = SkirmApp(session=session, path=path, created="2026-01-01T00:00:00Z", autosave=False)
    async with running(app, (80, 24)) as (pilot, live):
        await pilot.pause()
        assert live.prompt is prompt
        rows = [t.strip() for t in app.screen.query_one(PromptPanel).lines_text()]
        text = " ".join(rows)
        assert cue in text, text
        assert any(r.endswith(HELP_MORE) for r in rows), rows  # the help, cut, says so
        first = prompt.options[0].label.split()[0]
        start = next(i for i, r in enumerate(rows) if r.startswith("1. "))
        assert rows[start].startswith(f"1. {first}")
        assert len(rows) - start >= OPTION_ROWS, rows  # the option rows kept
        assert rows[-1].startswith("↓") and "more" in rows[-1], rows


def test_the_help_keeps_its_three_rows_but_for_a_notice() -> None:
    helped = ["one two", "  three", "  four"]
    assert [line.text for line in help_lines(helped, -2, 40)] == helped
    cut = [line.text for line in help_lines(helped, -2, 40, least=1)]
    assert cut == ["one two" + HELP_MORE]
