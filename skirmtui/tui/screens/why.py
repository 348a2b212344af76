""" "Why?": the options the app weighed for its last decision, scores and odds in words.

The GM's screen only (the players' view shows the decision and its short reason). The
lines come from the engine (engine/play/why.py); they are plain text, never markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Static

from skirmtui.tui.widgets.lines import wrap

#: How `why_lines` indents an option's words under its label.
WORDS = "   "
#: Where a label's own wrapped lines start: under its first word, past the edge where
#: the next option starts (the Now pane's options hang so too).
HANG = 2


class Hanging(Widget):
    """One line of text wrapped at the widget's width, its later lines indented."""

    def __init__(self, text: str) -> None:
        super().__init__(classes="label")
        self.text = text

    def _rows(self, width: int) -> list[str]:
        return wrap(self.text, max(1, width), HANG)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows(width))

    def render(self) -> Text:
        return Text("\n".join(self._rows(self.content_region.width)))


class WhyScreen(ModalScreen[None]):
    CSS_PATH = "modal.tcss"
    BINDINGS = [
        Binding("escape", "close", "Close", id="close"),
        Binding("w", "close", "Close", id="close-w", show=False),
    ]

    def __init__(self, lines: list[str], when: str = "") -> None:
        """`when`: the turn and phase of the decision ("Turn 1 · Activation")."""
        super().__init__()
        self.lines = lines
        self.when = when

    def compose(self) -> ComposeResult:
        title = "Why? — the app's last decision" + (f" ({self.when})" if self.when else "")
        with Vertical(classes="dialog why"):
            yield Static(Text(title), classes="title")
            with VerticalScroll(id="why-text"):
                # An option's words (`why_lines` indents them) wrap under themselves, not
                # under the option's label: a Static of their own, padded.
                # An option's label hangs under its first word (`Hanging`).
                for line in self.lines:
                    if line.startswith(WORDS):
                        yield Static(Text(line[len(WORDS) :]), classes="words")
                    else:
                        yield Hanging(line)
            yield Button("Close (Esc)", id="close", variant="primary")

    def on_button_pressed(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
