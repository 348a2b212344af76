"""A GM note for the log."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from skirmtui.engine.items import GM_NOTE, Item


class NoteScreen(ModalScreen[Item | None]):
    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Note for the log (Enter to write, Esc to cancel)", classes="title")
            yield Input(id="note-text", placeholder="e.g. the bridge collapses")
            yield Label("", id="note-error", classes="error")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            self.query_one("#note-error", Label).update("a note needs some text")
            return
        self.dismiss(Item(GM_NOTE, {"text": text}))

    def action_cancel(self) -> None:
        self.dismiss(None)
