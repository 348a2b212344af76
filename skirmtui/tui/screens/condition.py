"""A timed condition on a unit (engine/core/conditions.py): the GM writes what it is and how
long it lasts, or ends one early. Returns the GM entry; the session validates it."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.items import GM_CONDITION, GM_UNCONDITION, Item
from skirmtui.tui.usertext import plain

UNTIL = [
    ("until the end of round N", "round"),
    ("for N activations of the unit", "activations"),
    ("until removed", "removed"),
]
END = "\x00end"  # the "until" choice that ends an existing condition instead


class ConditionScreen(ModalScreen[Item | None]):
    CSS_PATH = "modal.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="cancel"),
        Binding("ctrl+s", "write", "Write", id="write", priority=True),
    ]

    def __init__(self, battle: Battle, unit_id: str | None) -> None:
        super().__init__()
        self.battle = battle
        self.unit_id = unit_id

    def compose(self) -> ComposeResult:
        battle = self.battle
        units = [(plain(battle.label(u.id)), u.id) for u in battle.on_table()]
        held = [
            (f"end: {battle.label(c.unit)} — {c.describe()}", f"{c.unit}\x00{c.text}")
            for c in battle.conditions
        ]
        start = self.unit_id if self.unit_id in {u.id for u in battle.on_table()} else None
        with Vertical(classes="dialog"):
            yield Label(
                "Timed condition — shown on the roster, ended by the engine, undone like "
                "any answer (Enter or Ctrl+S writes, Esc cancels)",
                classes="title",
            )
            with Horizontal(classes="row"):
                yield Label("Unit")
                yield Select(units, value=start or Select.BLANK, id="c-unit")
            with Horizontal(classes="row"):
                yield Label("Condition")
                yield Input(placeholder="e.g. blessed, on fire, pinned", id="c-text")
            with Horizontal(classes="row"):
                yield Label("Lasts")
                yield Select(
                    [(plain(a), b) for a, b in UNTIL] + [(plain(a), f"{END}{b}") for a, b in held],
                    value="round",
                    allow_blank=False,
                    id="c-until",
                )
            with Horizontal(classes="row"):
                yield Label("N")
                yield Input(str(max(1, battle.round)), id="c-n", type="integer")
            yield Label("", id="c-error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Write (Ctrl+S)", id="c-write", variant="primary")
                yield Button("Cancel (Esc)", id="c-cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#c-write")
    def _submitted(self) -> None:
        self.action_write()

    @on(Button.Pressed, "#c-cancel")
    def _cancelled(self) -> None:
        self.action_cancel()

    def action_write(self) -> None:
        until = str(self.query_one("#c-until", Select).value)
        error = self.query_one("#c-error", Label)
        if until.startswith(END):
            unit, text = until.removeprefix(END).split("\x00", 1)
            self.dismiss(Item(GM_UNCONDITION, {"unit": unit, "text": text}))
            return
        unit_select = self.query_one("#c-unit", Select)
        text = self.query_one("#c-text", Input).value.strip()
        if unit_select.is_blank() or not text:
            error.update("choose a unit and write the condition")
            return
        value: dict[str, object] = {"unit": str(unit_select.value), "text": text, "until": until}
        if until != "removed":
            raw = self.query_one("#c-n", Input).value.strip()
            if not raw.isdigit() or int(raw) < 1:
                error.update("N is a whole number, at least 1")
                return
            value["n"] = int(raw)
        self.dismiss(Item(GM_CONDITION, value))

    def action_cancel(self) -> None:
        self.dismiss(None)
