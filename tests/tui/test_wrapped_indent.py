"""A wrapped line keeps its first row's indent (Pilot, 80x24).

Seen in tmux at 80x24 (a combattimento-gdr solo battle): "which action?" listed
"Attack with two weapons — not in contact with" at the pane's edge, like an option
with a number, and "   Attack at range — no ranged weapon readied" under it indented;
the combat log's effects read "→ Centurione: no longer tried; …" at the edge when
they wrapped and "  → Cacciatore: now tried" when they did not. `lines.wrap` dropped
the leading spaces of a text it wrapped.
"""

from __future__ import annotations

import random
import re
from itertools import pairwise
from pathlib import Path

from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.combat_log import CombatLog
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import demo_session, running


async def test_unnumbered_options_keep_their_indent(tmp_path: Path) -> None:
    system = get_system("combattimento-gdr")
    session = Session(system, system.demo_setup())
    app = SkirmApp(session=session, path=tmp_path / "cg.toml", created="x", autosave=False)
    async with running(app, (80, 24)) as (pilot, _session):
        await pilot.pause()
        rows = app.screen.query_one(PromptPanel).lines_text()
        assert rows[0].endswith("which action?"), rows
        disabled = [row for row in rows[1:] if not re.match(r"\d\. ", row)]
        assert any("not in contact" in row for row in disabled), rows
        assert all(row.startswith("   ") for row in disabled), rows


async def test_a_wrapped_effects_line_keeps_its_arrow_indented(tmp_path: Path) -> None:
    session = demo_session()  # wargaming-introduttivo: turn 2 clears every unit's marks
    rng = random.Random(1)
    while session.battle.round < 2:
        session.answer(session.prompt.random_answer(rng))  # type: ignore[union-attr]
    app = SkirmApp(session=session, path=tmp_path / "wi.toml", created="x", autosave=False)
    async with running(app, (80, 60)) as (pilot, _session):  # 80 wide, the log tall
        await pilot.pause()
        log = app.screen.query_one(CombatLog)
        shown = [log.render_line(y).text.rstrip(" │▁▂▃▄▅▆▇█") for y in range(log.size.height)]
        wrapped = [
            row
            for row, after in pairwise(shown)
            if row.startswith("  → ") and after.startswith("      ")
        ]
        assert wrapped, shown
        assert not any(row.startswith("→") for row in shown), shown
