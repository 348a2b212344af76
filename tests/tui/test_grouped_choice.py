"""A question grouped by unit (pequenas-guerras' `activate.action`, issue 25): a unit's
number opens its actions, numbered 1, 2, 3… alike for every unit, and the next digit
answers: the unit and its action are two keys and one answer. Backspace goes back; a
disabled action says why; with one unit left its actions take the numbers at once."""

from __future__ import annotations

from pathlib import Path

from bench.key_model import choice_keys
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.systems.pg_helpers import BLADE, RIFLE, session, start
from tests.tui.helpers import SIZE, press


async def test_a_units_number_then_its_actions_number_answer_once(tmp_path: Path) -> None:
    s = session(
        {
            "red": [("Scout", 1, 4, RIFLE), ("Blades", 2, 4, BLADE)],
            "blue": [("X", 1, 4, RIFLE), ("Y", 1, 4, RIFLE)],
        },
        questions="today",
    )
    start(s, 6, 1)
    app = SkirmApp(session=s, path=tmp_path / "pg.toml", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(PromptPanel)
        assert s.prompt is not None and s.prompt.key == "activate.action"
        values = [o.value for o in s.prompt.options]
        # One number a unit: every action of Scout shows 1, every action of Blades 2.
        assert {values[i]: n for i, n in panel.numbers.items()} == {
            **{v: 1 for v in values if v.startswith("red1|")},
            **{v: 2 for v in values if v.startswith("red2|")},
        }
        assert "1–9 a group, then 1–9 its choice" in panel.lines_text()
        answered = len(s.items)
        await press(pilot, "2")  # Blades: its six actions take 1–6
        assert len(s.items) == answered and panel.opened == "red2"
        assert {values[i]: n for i, n in panel.numbers.items()}["red2|overwatch"] == 3
        assert "1–6 its choice · Backspace: back" in panel.lines_text()
        await press(pilot, "3")  # Overwatch: Blades have no ranged weapon
        assert len(s.items) == answered
        assert panel.error.endswith(": no ranged weapon")
        await press(pilot, "backspace")  # back to the units
        assert panel.opened is None and set(panel.numbers.values()) == {1, 2}
        # The key model of bench/ (round_keys, key_model) presses the same two keys.
        assert choice_keys(panel.numbers, s.prompt, "red1|cover") == ["1", "2"]
        await press(pilot, "1", "2")  # Scout, Take Cover (2nd, as for every unit)
        assert s.items[-1].key == "activate.action" and s.items[-1].value == "red1|cover"
        assert len(s.items) == answered + 1
        await press(pilot, "1", "2")  # blue: X takes cover
        assert s.items[-1].value == "blue1|cover"
        # Red has one unit left: its actions are numbered straight away, one key.
        assert s.prompt is not None and s.prompt.side == "red"
        await press(pilot, "2")
        assert s.items[-1].value == "red2|cover"
