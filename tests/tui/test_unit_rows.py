"""A multi-select grouped by unit that does not fit the Now pane (80×24: a dozen choices
for six units) shows a row a unit with its choices in a word or two, instead of two
choices of one unit between "more" lines (tui/widgets/prompt_lines.py: `unit_rows`)."""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.battle import Battle, Side
from skirmtui.engine.core.prompts import Option, Pick
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import FieldSpec, Phase, Setup, Step, UnitSpec
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_lines import option_window
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.toy import ToySystem, next_round
from tests.tui.helpers import press, running

NAMES = ["Capo tribù", "Guerriero 1", "Guerriero 2", "Arciere", "Fromboliere", "Lanciere"]


def _moves(uid: str, label: str, stuck: bool = False) -> list[Option]:
    """As wargaming-introduttivo words a unit's moves (its label, then the move)."""
    return [
        Option(f"{uid}|moves", f"{label}: moves, up to 20 cm (10 cm on rough ground)", group=uid),
        Option(
            f"{uid}|impervious",
            f"{label}: impervious ground, up to 10 cm (ABI test)",
            disabled="prone" if stuck else None,
            chance=0.5,
            group=uid,
        ),
    ]


def _movement(battle: Battle) -> Step:
    options = [o for u in battle.on_table("red") for o in _moves(u.id, u.label, u.id == "r2")]
    moved = yield Pick(key="toy.moves", side="red", text="Which units moved?", options=options)
    for choice in moved:
        unit = battle.units[choice.split("|")[0]]
        battle.set(unit, "moved", unit.num("moved") + 1)
    next_round(battle)


class Moves(ToySystem):
    id = "toy-moves"
    phases = (Phase("move", "Movement", _movement),)
    unit_fields = (FieldSpec("moved", "moved", int, 0, 99),)


def _app(path: Path) -> SkirmApp:
    units = [UnitSpec(f"r{n}", "red", name, {"might": 3}) for n, name in enumerate(NAMES, 1)]
    units.append(UnitSpec("b1", "blue", "Legionario", {"might": 3}))
    setup = Setup("toy-moves", "t", 1, [Side("red", "Barbari"), Side("blue", "Legio")], units)
    return SkirmApp(session=Session(Moves(), setup), path=path, autosave=False)


def test_a_row_a_unit_when_the_choices_do_not_fit() -> None:
    options = [o for n, name in enumerate(NAMES[:3]) for o in _moves(f"r{n}", name, n == 1)]
    numbers = {0: 1, 1: 1, 2: 2, 3: 2, 4: 3, 5: 3}
    lines = [line.text for line in option_window(options, numbers, 1, 60, 5, {2})]
    assert lines == [
        "1. Capo tribù: [ ] moves  ▸[ ] impervious ground 50%",
        "   ▸ impervious ground, up to 10 cm (ABI test) · 50.0%",  # the cursor's in full
        "2. Guerriero 1: [x] moves  [-] impervious ground 50%",  # ticked; not now: [-]
        "3. Guerriero 2: [ ] moves  [ ] impervious ground 50%",
    ]
    fits = option_window(options, numbers, 1, 60, 12, {2})  # room for all: as before
    assert fits[0].text == "1. [ ] Capo tribù: moves, up to 20 cm (10 cm on rough"
    tight = [line.text for line in option_window(options, numbers, 4, 60, 3, set())]
    assert tight == [  # no room for the cursor's choice in full: the rows alone
        "1. Capo tribù: [ ] moves  [ ] impervious ground 50%",
        "2. Guerriero 1: [ ] moves  [-] impervious ground 50%",
        "3. Guerriero 2: ▸[ ] moves  [ ] impervious ground 50%",
    ]
    tighter = [line.text for line in option_window(options, numbers, 4, 60, 2, set())]
    assert tighter == ["   ↑ 2 more", "3. Guerriero 2: ▸[ ] moves  [ ] impervious ground 50%"]


def test_a_unit_whose_first_choice_has_no_number_shows_the_group_s() -> None:
    options = [o for n, name in enumerate(NAMES[:3]) for o in _moves(f"r{n}", name)]
    options[0] = options[0]._replace(disabled="stunned")  # numbers go to what can be picked
    lines = option_window(options, {1: 1, 2: 2, 3: 2, 4: 3, 5: 3}, 2, 60, 3, set())
    assert lines[0].text == "1. Capo tribù: [-] moves  [ ] impervious ground 50%"


def test_a_group_of_other_words_keeps_them() -> None:
    """pequenas-guerras' objectives: `1 (neutral): only Red` — the marker, then whose."""
    options = [
        Option(f"{g}|{s}", f"{g} (neutral): {w}", group=str(g))
        for g in (1, 2, 3)
        for s, w in (("red", "only Red"), ("blue", "only Blue"), ("x", "two or more players"))
    ]
    lines = option_window(options, {i: i // 3 + 1 for i in range(9)}, 0, 70, 4, set())
    assert [line.text for line in lines] == [
        "1. 1 (neutral): ▸[ ] only Red  [ ] only Blue  [ ] two or more players",
        "2. 2 (neutral): [ ] only Red  [ ] only Blue  [ ] two or more players",
        "3. 3 (neutral): [ ] only Red  [ ] only Blue  [ ] two or more players",
    ]
    assert [line.kind for line in lines] == ["cursor", "option", "option"]


async def test_at_80x24_the_rows_are_ticked_by_number_and_by_click(tmp_path: Path) -> None:
    app = _app(tmp_path / "t.toml")
    async with running(app, (80, 24)) as (pilot, session):
        panel = app.screen.query_one(PromptPanel)
        rows = [line for line in panel.lines_text() if line[:2] in ("1.", "2.", "3.")]
        assert rows and rows[0].startswith("1. Capo tribù: ▸[ ] moves  [ ]")
        assert len({row[:2] for row in rows}) >= 2  # two units, not two choices of one
        await press(pilot, "1", "1")  # its number: moves, then impervious ground
        text = panel.lines_text()
        assert any(line.startswith("1. Capo tribù: [ ] moves  ▸[x] impervious") for line in text)
        row = next(y for y, line in enumerate(text) if line.startswith("2. Guerriero 1"))
        top = panel.content_region.y - panel.region.y  # its border and padding
        await pilot.click(PromptPanel, offset=(6, top + row))  # a row's click: its number
        await pilot.pause()
        assert any(line.startswith("2. Guerriero 1: ▸[x] moves") for line in panel.lines_text())
        await press(pilot, "enter")
        assert session.items[-1].value == ("r1|impervious", "r2|moves")


def test_the_rows_at_80x24(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(_app(tmp_path / "t.toml"), terminal_size=(80, 24))
