"""`t` on the battle screen: toggle one yes/no status of the selected unit in one more
key (a GM entry like any override: logged, undone, saved)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from skirmtui.engine.core.items import GM_SET, Item
from skirmtui.engine.core.session import Session
from skirmtui.tui.usertext import plain


class QuickStatusScreen(ModalScreen[Item | None]):
    CSS_PATH = "modal.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="cancel"),
        *[Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)],
    ]

    def __init__(self, session: Session, unit_id: str) -> None:
        super().__init__()
        battle = session.battle
        self.unit = battle.units[unit_id]
        self.label = battle.labels[unit_id]
        self.fields = [f for f in session.system.unit_fields if f.kind is bool]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            title = Label(classes="title")
            title.update(plain(f"Toggle a status of {self.label} (1–9 or Enter, Esc to cancel)"))
            yield title
            yield OptionList(
                *[
                    Option(
                        plain(f"{n}. {spec.label}: {_yes_no(self.unit.stats.get(spec.name))}"),
                        id=spec.name,
                    )
                    for n, spec in enumerate(self.fields, start=1)
                ],
                id="statuses",
            )

    def _item(self, field: str) -> Item:
        value = not bool(self.unit.stats.get(field))
        return Item(GM_SET, {"unit": self.unit.id, "field": field, "value": value})

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.dismiss(self._item(event.option.id))

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.fields):
            self.dismiss(self._item(self.fields[number - 1].name))

    def action_cancel(self) -> None:
        self.dismiss(None)


def _yes_no(value: object) -> str:
    return "yes" if value else "no"
