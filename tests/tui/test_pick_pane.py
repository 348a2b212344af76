"""The Now pane's multi-select (`Pick`) and defaults (issue 25): Space or a number
ticks (a group's number ticks its choices in turn), Enter confirms the ticked options; a
default is shown and Enter accepts it."""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.prompts import Choose, Option, Pick
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import FieldSpec, Phase, Step
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.toy import ToySystem, next_round, toy_setup
from tests.tui.helpers import press, running


def _round(battle: Battle) -> Step:
    units = battle.on_table()
    options = [Option(u.id, u.label, group="g" if u.id.startswith("b") else None) for u in units]
    options.append(Option("x", "Nobody there", disabled="no such unit"))
    moved = yield Pick(
        key="toy.open",
        text="Which units moved over open ground?",
        options=options,
        default=("r2",),
    )
    for uid in moved:
        battle.set(battle.units[uid], "moved", battle.units[uid].num("moved") + 1)
    yield Choose(
        key="toy.next",
        text="Go on?",
        options=[Option("stop", "Stop"), Option("go", "Go on")],
        default="go",
    )
    next_round(battle)


class Toy(ToySystem):
    id = "toy-pane"
    phases = (Phase("move", "Movement", _round),)
    unit_fields = (FieldSpec("moved", "moved", int, 0, 99),)


def toy_app(path: Path) -> SkirmApp:
    setup = toy_setup("toy-pane", units=4)
    return SkirmApp(session=Session(Toy(), setup), path=path, autosave=False)


async def test_ticks_with_numbers_and_space_then_enter_answers(tmp_path: Path) -> None:
    app = toy_app(tmp_path / "t.toml")
    async with running(app) as (pilot, session):
        panel = app.screen.query_one(PromptPanel)
        text = panel.lines_text()
        assert "Enter: Squire" in text  # the default, in words
        assert any(line.startswith("2. [x] Squire") for line in text)  # ticked already
        assert "   [ ] Nobody there — no such unit" in text  # listed, no key of its own
        await pilot.press("2")  # untick the default
        await pilot.press("1")  # Knight
        # Pikeman and Archer are one group (one of them): its one number, 3, ticks
        # Pikeman, then Archer, then neither, then Pikeman again.
        assert [line for line in text if line.startswith("3.")] == [
            "3. [ ] Pikeman",
            "3. [ ] Archer",
        ]
        await press(pilot, "3", "3")
        assert [line for line in panel.lines_text() if "[x]" in line] == [
            "1. [x] Knight",
            "3. [x] Archer",
        ]
        await press(pilot, "3")
        assert [line for line in panel.lines_text() if "[x]" in line] == ["1. [x] Knight"]
        await press(pilot, "3", "3")
        await pilot.press("4")  # no such number: says which there are, ticks nothing
        await pilot.pause()
        assert panel.error == "no option 4: the numbers now are 1, 2, 3"
        await pilot.press("up", "space")  # the cursor (on Archer) up to Pikeman: ticked
        await pilot.pause()
        assert len(session.items) == 0
        app.screen.query_one("#roster").focus()  # Enter from another pane still answers
        await press(pilot, "enter")
        assert (session.items[-1].key, session.items[-1].value) == ("toy.open", ("r1", "b1"))


async def test_enter_accepts_the_default_of_a_choice(tmp_path: Path) -> None:
    app = toy_app(tmp_path / "t.toml")
    async with running(app) as (pilot, session):
        await pilot.press("enter")  # the Pick's default: Squire
        await pilot.pause()
        assert session.items[-1].value == ("r2",)
        assert "Enter: Go on" in app.screen.query_one(PromptPanel).lines_text()
        await press(pilot, "enter")
        assert session.items[-1].value == "go"


async def test_review_finds_a_multi_select_by_any_unit_it_names(tmp_path: Path) -> None:
    from textual.widgets import Select

    from skirmtui.tui.screens.review import ReviewScreen

    app = toy_app(tmp_path / "t.toml")
    async with running(app) as (pilot, session):
        session.answer(("r1", "b2"))
        app.push_screen(ReviewScreen(session))
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        review.query_one("#f-unit", Select).value = "b2"
        await pilot.pause()
        texts = [e.text for e in review.visible_entries()]
        assert "Which units moved over open ground? → Knight, Archer" in texts


def test_the_keys_of_a_multi_select_fit_one_line_of_the_now_pane_at_80x24() -> None:
    """At 80×24 the Now pane is 46 cells wide: the count and keys take one line, so the
    options keep their room."""
    from skirmtui.tui.widgets.prompt_lines import pick_help

    options = [Option(str(n), f"unit {n}") for n in range(12)]
    prompt = Pick(key="k", text="Which?", options=options)
    line = pick_help(prompt, 3)
    assert line == "3 ticked (any) · Space/1–9 tick · Enter done"
    assert len(line) <= 46
    bounded = Pick(key="k", text="Which?", options=options, minimum=1, maximum=2)
    assert pick_help(bounded, 0).startswith("0 ticked (pick 1–2)")


def _asked_again(battle: Battle) -> Step:
    """Which units moved, asked twice in the round: the second time the Pikeman's two
    choices are out (it fell), so its group keeps its number with nothing to tick."""
    for fallen in (False, True):
        reason = "it fell" if fallen else None
        yield Pick(
            key="toy.ground",
            text="Which units moved, over what ground?",
            options=[
                Option("r1|open", "Knight: open ground", group="r1"),
                Option("b1|open", "Pikeman: open ground", group="b1", disabled=reason),
                Option("b1|rough", "Pikeman: rough ground", group="b1", disabled=reason),
            ],
        )
    next_round(battle)


class AskedAgain(ToySystem):
    id = "toy-asked-again"
    phases = (Phase("move", "Movement", _asked_again),)
    unit_fields = (FieldSpec("moved", "moved", int, 0, 99),)


async def test_a_group_number_left_with_no_choice_says_why(tmp_path: Path) -> None:
    setup = toy_setup("toy-asked-again", units=3)
    app = SkirmApp(session=Session(AskedAgain(), setup), path=tmp_path / "t.toml", autosave=False)
    async with running(app) as (pilot, session):
        await press(pilot, "enter")  # nobody moved, the first time
        panel = app.screen.query_one(PromptPanel)
        assert [n for i, n in panel.numbers.items() if i in (1, 2)] == [2, 2]  # kept
        await press(pilot, "2")
        assert panel.error == "Pikeman: open ground: it fell"
        assert panel.picked == set() and len(session.items) == 1
