"""A GM note for the log: several lines if the GM types or pastes them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Label, TextArea

from skirmtui.engine.core.items import GM_NOTE, Item

#: Longest note accepted (a page of text); the save keeps it whole.
MAX_NOTE = 4_000


class NoteScreen(ModalScreen[Item | None]):
    """Enter writes the note; Ctrl+J starts a new line; a pasted block keeps every line
    (an `Input` silently kept only the first)."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="cancel"),
        Binding("enter,ctrl+s", "write", "Write", id="write", priority=True),
        Binding("ctrl+j,shift+enter", "newline", "New line", id="newline", priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(
                "Note for the log (Enter to write, Ctrl+J for a new line, Esc to cancel)",
                classes="title",
            )
            area = TextArea(id="note-text", soft_wrap=True, show_line_numbers=False)
            area.placeholder = "e.g. the bridge collapses"
            yield area
            yield Checkbox("Private: only the GM sees it (not the player view)", id="note-private")
            yield Label("", id="note-error", classes="error")

    def action_newline(self) -> None:
        self.query_one(TextArea).insert("\n")

    def action_write(self) -> None:
        text = self.query_one(TextArea).text.strip()
        error = self.query_one("#note-error", Label)
        if not text:
            error.update("a note needs some text")
            return
        if len(text) > MAX_NOTE:
            error.update(f"a note holds at most {MAX_NOTE} characters ({len(text)} now)")
            return
        value: dict[str, object] = {"text": text}
        if self.query_one("#note-private", Checkbox).value:
            value["private"] = True
        self.dismiss(Item(GM_NOTE, value))

    def action_cancel(self) -> None:
        self.dismiss(None)
