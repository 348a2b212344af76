"""A question grouped by model whose group has more than nine choices (regole-base's
Assault against eight enemies: eight charges that reach, pass, and a charge that fell
short): the choices past the ninth are reached with the arrows, and the keys the key
model of `bench/` presses for one answer it (the group's number alone only opens the
group)."""

from __future__ import annotations

from pathlib import Path

import attrs

from bench.key_model import choice_keys
from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.core.session import Session
from skirmtui.systems.regole_base import SYSTEM
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.systems.rb_helpers import initiative, model, setup
from tests.tui.helpers import SIZE, press


def _assault_against_eight() -> Session:
    made = setup({"red": [model("A"), model("C")], "blue": [model(f"B{n}") for n in range(8)]})
    options = {k: v for k, v in made.options.items() if k != "questions"}
    s = Session(SYSTEM, attrs.evolve(made, options=options))
    initiative(s, 6, 1)
    while s.battle.phase == "movement":  # every model passes
        prompt = s.prompt
        assert isinstance(prompt, Choose)
        s.answer(next(o.value for o in prompt.options if o.value.endswith("pass")))
    return s


async def test_a_choice_past_a_groups_ninth_is_answered_with_the_arrows(tmp_path: Path) -> None:
    s = _assault_against_eight()
    prompt = s.prompt
    assert isinstance(prompt, Choose) and prompt.key == "assault.which_charge"
    assert len([o for o in prompt.options if o.group == "red1"]) == 10
    app = SkirmApp(session=s, path=tmp_path / "rb.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(PromptPanel)
        keys = choice_keys(panel.numbers, prompt, "red1|short")
        assert len(keys) > 1 and keys[-1] == "enter"  # not the group's number alone
        answered = len(s.items)
        await press(pilot, *keys)
        assert len(s.items) == answered + 1 and s.items[-1].value == "red1|short"
