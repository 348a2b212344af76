"""A yes/no question before something is thrown away (the setup form's typed armies)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from skirmtui.tui.usertext import plain


class ConfirmScreen(ModalScreen[bool]):
    """True when the user confirms; Esc (or "Keep") is False."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape", "keep", "Keep", id="keep")]

    def __init__(self, question: str, detail: str, confirm: str, keep: str) -> None:
        super().__init__()
        self.question, self.detail = question, detail
        self.confirm_label, self.keep_label = confirm, keep

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm"):
            yield Label(plain(self.question), classes="title")
            yield Label(plain(self.detail))
            with Horizontal(classes="buttons"):
                yield Button(plain(self.keep_label), id="keep", variant="primary")
                yield Button(plain(self.confirm_label), id="confirm-yes", variant="error")

    def on_mount(self) -> None:
        self.query_one("#keep", Button).focus()  # Enter keeps: nothing lost by accident

    @on(Button.Pressed, "#confirm-yes")
    def _confirmed(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#keep")
    def action_keep(self) -> None:
        self.dismiss(False)
