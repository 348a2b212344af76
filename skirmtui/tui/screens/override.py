"""GM overrides (G-4): set a tracked value, remove or restore a unit, add one, end."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select

from skirmtui.engine.core import app_rolls
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.items import (
    GM_ADD,
    GM_AI,
    GM_APP_ROLLS,
    GM_END,
    GM_REMOVE,
    GM_RESTORE,
    GM_SET,
    Item,
)
from skirmtui.engine.core.labels import with_side
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import safe
from skirmtui.tui.usertext import plain

ACTIONS = [
    ("Set a value", GM_SET),
    ("Remove a unit", GM_REMOVE),
    ("Put a removed unit back", GM_RESTORE),
    ("Add a unit", GM_ADD),
    ("End the battle", GM_END),
    ("Who plays a side (the app or the table)", GM_AI),
    ("Who the app rolls for", GM_APP_ROLLS),
]


class OverrideScreen(ModalScreen[Item | None]):
    """Builds one GM entry; the session validates it when the screen returns it."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(self, session: Session, unit_id: str | None, action: str = GM_SET) -> None:
        super().__init__()
        self.session = session
        self.unit_id = unit_id
        self.action = action

    def compose(self) -> ComposeResult:
        battle = self.session.battle
        system = self.session.system
        units = [(plain(label), uid) for label, uid in unit_choices(battle)]
        sides = [(plain(s.name), s.id) for s in battle.sides]
        editable = [f for f in system.profile_fields if not f.derived]
        with Vertical(classes="dialog"):
            yield Label("GM override — logged, and undone like any answer", classes="title")
            with Horizontal(classes="row"):
                yield Label("Action")
                yield Select(ACTIONS, value=self.action, allow_blank=False, id="action")
            with Horizontal(classes="row", id="unit-row"):
                yield Label("Unit")
                yield Select(units, id="unit")
            with Horizontal(classes="row", id="field-row"):
                yield Label("Field")
                yield Select(
                    [(plain(f"{f.label} ({f.name})"), f.name) for f in system.unit_fields],
                    id="field",
                )
            with Horizontal(classes="row", id="side-row"):
                yield Label("Side")
                yield Select(sides, id="side", allow_blank=True)
            with Horizontal(classes="row", id="persona-row"):
                yield Label("Played by")
                from skirmtui.tui.screens.setup import player_choices

                yield Select(player_choices(system.id), value="", allow_blank=False, id="persona")
            with Horizontal(classes="row", id="name-row"):
                yield Label("Name / reason")
                yield Input(id="name")
            with Horizontal(classes="row", id="value-row"):
                yield Label("Value")
                # the profile's labels a GM reads on the sheet ("VPB"), not its keys ("vpb")
                hint = " ".join(f.label for f in editable)
                self._default_hint = f"number, yes/no — or a new unit's {hint}"
                yield Input(id="value", placeholder=self._default_hint)
            with Horizontal(classes="row", id="rolls-row"):
                yield Label("Rolls for")
                setting = self.session.app_rolls
                for side in battle.sides:
                    yield Checkbox(
                        plain(side.name),
                        value=app_rolls.rolls_for(setting, side.id),
                        id=f"rolls-{side.id}",
                    )
            yield Label("", id="error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Apply", id="apply", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self._show_rows(self.action)
        if self.unit_id in self.session.battle.units:
            self.query_one("#unit", Select).value = self.unit_id
        if self.action == GM_AI:  # "Who plays a side": the side likely meant, chosen
            side = self._side_meant()
            if side is not None:
                self.query_one("#side", Select).value = side
            self.query_one("#side", Select).focus()

    def _side_meant(self) -> str | None:
        """The side the question waiting is about, else the first the app plays."""
        prompt, battle = self.session.prompt, self.session.battle
        if prompt is not None and prompt.side is not None:
            return prompt.side
        return next(iter(battle.ai), None)

    @on(Select.Changed, "#action")
    def _action_changed(self, event: Select.Changed) -> None:
        self._show_rows(str(event.value))

    def _show_rows(self, action: str) -> None:
        visible = {
            GM_SET: {"unit-row", "field-row", "value-row"},
            GM_REMOVE: {"unit-row"},
            GM_RESTORE: {"unit-row", "value-row"},
            GM_ADD: {"side-row", "name-row", "value-row"},
            GM_END: {"side-row", "name-row"},
            GM_AI: {"side-row", "persona-row"},
            GM_APP_ROLLS: {"rolls-row"},
        }[action]
        rows = ("unit-row", "field-row", "side-row", "persona-row", "name-row", "value-row")
        for row in (*rows, "rolls-row"):
            self.query_one(f"#{row}").display = row in visible
        self._hint()
        if action == GM_AI:  # a mistyped homebrew persona file: "the table" alone, said why
            from skirmtui.tui.screens.setup import persona_problem

            problem = persona_problem(self.session.system.id)
            if problem:
                self.notify(safe(problem), title="Personas", severity="warning", markup=False)

    @on(Select.Changed, "#unit")
    def _unit_changed(self) -> None:
        self._hint()

    @on(Select.Changed, "#side")
    def _side_changed(self) -> None:
        """ "Who plays a side": the side chosen shows who plays it now (the app as its
        persona, or the table), so Apply's change is plain."""
        from skirmtui.tui.screens.setup import player_choices

        side = self._value("side")
        now = self.session.battle.ai.get(str(side), "") if side else ""
        if any(value == now for _, value in player_choices(self.session.system.id)):
            self.query_one("#persona", Select).value = now

    def _hint(self) -> None:
        """The value row's hint: for a restore, what the GM says the unit comes back with."""
        value = self.query_one("#value", Input)
        unit_id = self._value("unit")
        battle = self.session.battle
        if self._value("action") == GM_RESTORE and unit_id in battle.units:
            back = self.session.system.restore_field(battle, battle.units[unit_id])
            value.placeholder = (
                f"{back.label} it comes back with, {back.minimum}–{back.maximum} "
                "(blank: the system's default)"
            )
        else:
            value.placeholder = self._default_hint

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#apply")
    @on(Input.Submitted)
    def _apply(self) -> None:
        try:
            item = self._item()
        except ValueError as error:
            self.query_one("#error", Label).update(plain(str(error)))
            return
        self.dismiss(item)

    def _value(self, widget_id: str) -> Any:
        select = self.query_one(f"#{widget_id}", Select)
        return None if select.is_blank() else select.value

    def _item(self) -> Item:
        action = str(self._value("action"))
        text = self.query_one("#value", Input).value.strip()
        name = self.query_one("#name", Input).value.strip()
        if action in (GM_SET, GM_REMOVE, GM_RESTORE):
            unit = self._value("unit")
            if unit is None:
                raise ValueError("choose a unit")
            if action == GM_RESTORE and text:
                if not text.isdigit():
                    raise ValueError("type the number the unit comes back with, or leave it blank")
                return Item(action, {"unit": unit, "value": int(text)})
            if action != GM_SET:
                return Item(action, {"unit": unit})
            field = self._value("field")
            if field is None:
                raise ValueError("choose a field")
            return Item(GM_SET, {"unit": unit, "field": field, "value": parse_value(text)})
        if action == GM_APP_ROLLS:
            battle = self.session.battle
            ticked = [
                s.id for s in battle.sides if self.query_one(f"#rolls-{s.id}", Checkbox).value
            ]
            setting = app_rolls.checked(ticked, [s.id for s in battle.sides])
            return Item(GM_APP_ROLLS, {app_rolls.APP_ROLLS: app_rolls.stored(setting)})
        if action == GM_AI:
            side = self._value("side")
            if side is None:
                raise ValueError("choose the side")
            return Item(GM_AI, {"side": side, "persona": str(self._value("persona") or "")})
        if action == GM_END:
            return Item(
                GM_END,
                {"winner": self._value("side") or "", "reason": name or "the GM ended the battle"},
            )
        side = self._value("side")
        if side is None:
            raise ValueError("choose the side of the new unit")
        fields = [f for f in self.session.system.profile_fields if not f.derived]
        editable = [f.name for f in fields]
        numbers = text.replace(",", " ").split()
        if len(numbers) != len(editable) or not all(n.isdigit() for n in numbers):
            raise ValueError(f"type the new unit's {' '.join(f.label for f in fields)} as numbers")
        new_id = _free_id(self.session, side)
        return Item(
            GM_ADD,
            {
                "id": new_id,
                "side": side,
                "name": name or new_id,
                "profile": dict(zip(editable, map(int, numbers), strict=True)),
            },
        )


def unit_choices(battle: Battle) -> list[tuple[str, str]]:
    """(label, id) of every unit, by its unique label as everywhere a unit is named
    ("Armigero 2 (Armigeri)", not "Armigero (Armigeri)" three times); ✗ once removed."""
    return [
        (with_side(u.label, battle.side_name(u.side)) + (" ✗" if u.removed else ""), u.id)
        for u in battle.units.values()
    ]


def parse_value(text: str) -> int | bool | str:
    lowered = text.lower()
    if lowered in ("yes", "y", "true"):
        return True
    if lowered in ("no", "n", "false"):
        return False
    if text.lstrip("-").isdigit():
        return int(text)
    if not text:
        raise ValueError("type a value")
    return text


def _free_id(session: Session, side: str) -> str:
    n = 1
    while f"{side}{n}" in session.battle.units:
        n += 1
    return f"{side}{n}"
