"""A long help takes the rows a short list of options leaves (Pilot, 80x24).

Seen in tmux at 80x24 (a regole-base solo battle): "Which enemy models did Capobanda
pass within 1" of?" with one enemy to tick cut its help at "…one a shooter;… (? for
the rest)" and left a blank row under the one option: three rows were kept for the
options whatever their number.
"""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.prompts import Option, Pick
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Phase, Step
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.toy import ToySystem, next_round, toy_setup
from tests.tui.helpers import running

HELP = " ".join(f"Rule {n}: each model makes a free attack, never parried." for n in range(9))


def _passed(battle: Battle) -> Step:
    options = [Option("b1", "Pikeman")]
    yield Pick(key="toy.passed", side="red", text="Which enemies?", options=options, help=HELP)
    next_round(battle)


class Passed(ToySystem):
    id = "toy-passed"
    phases = (Phase("move", "Movement", _passed),)
    unit_fields = ()


async def test_a_long_help_takes_the_rows_one_option_leaves(tmp_path: Path) -> None:
    session = Session(Passed(), toy_setup("toy-passed"))
    app = SkirmApp(session=session, path=tmp_path / "t.toml", autosave=False)
    async with running(app, (80, 24)) as (pilot, _session):
        await pilot.pause()
        panel = app.screen.query_one(PromptPanel)
        rows = panel.lines_text()
        assert len(rows) == panel.content_region.height, rows  # no blank row left
        assert rows[-1].strip() == "1. [ ] Pikeman"
        assert any(row.endswith("(? for the rest)") for row in rows)
