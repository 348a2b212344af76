"""When answers are not on disk: the save was changed by someone else, or writing it
failed (full disk, read-only folder). The user chooses; nothing is lost silently."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from skirmtui.tui.usertext import plain

#: What the screen returns: the user's choice (the app carries it out).
OVERWRITE, ELSEWHERE, QUIT, CANCEL = "overwrite", "elsewhere", "quit", "cancel"


def elsewhere_default(path: Path) -> Path:
    """A free name beside the save: `NAME-2.toml`, `NAME-3.toml`…"""
    n = 2
    while (candidate := path.with_name(f"{path.stem}-{n}{path.suffix}")).exists():
        n += 1
    return candidate


class UnsavedScreen(ModalScreen[tuple[str, Path | None]]):
    """Asks what to do with a battle whose answers are not all on disk."""

    CSS_PATH = "modal.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(self, path: Path, problem: str, quitting: bool) -> None:
        super().__init__()
        self.path = path
        self.problem = problem
        self.quitting = quitting

    def compose(self) -> ComposeResult:
        outside = "stopped" in self.problem
        with Vertical(classes="dialog wide", id="unsaved"):
            title = "Quit with answers not saved?" if self.quitting else "Autosave has stopped"
            yield Label(title, classes="title")
            yield Label(plain(self.problem), id="unsaved-problem")
            yield Label(
                "The file on disk was changed by another program: overwriting it loses that "
                "change; saving elsewhere keeps both."
                if outside
                else "The battle is still here, in memory.",
            )
            with Horizontal(classes="row"):
                yield Label("Save as")
                yield Input(str(elsewhere_default(self.path)), id="elsewhere-path")
            yield Label("", id="unsaved-error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Save elsewhere", id=ELSEWHERE, variant="primary")
                yield Button("Overwrite the file" if outside else "Try again here", id=OVERWRITE)
                if self.quitting:
                    yield Button("Quit without saving", id=QUIT, variant="error")
                yield Button("Cancel" if self.quitting else "Keep autosave stopped", id=CANCEL)

    def show_error(self, message: str) -> None:
        self.query_one("#unsaved-error", Label).update(plain(message))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        choice = event.button.id or CANCEL
        if choice == ELSEWHERE:
            text = self.query_one("#elsewhere-path", Input).value.strip()
            if not text:
                self.show_error("type where to save")
                return
            self.dismiss((ELSEWHERE, Path(text).expanduser()))
            return
        self.dismiss((choice, None))

    @on(Input.Submitted, "#elsewhere-path")
    def _submitted(self) -> None:
        self.query_one(f"#{ELSEWHERE}", Button).press()

    def action_cancel(self) -> None:
        self.dismiss((CANCEL, None))
