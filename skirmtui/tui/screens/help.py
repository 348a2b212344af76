"""Keys and how a turn goes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

HELP = """\
# skirmtui — keys

| key | what it does |
|---|---|
| ↑ ↓ Enter, or 1–9 | choose an option |
| digits, Enter | type the faces rolled at the table ("3 5" for 2d6) |
| r | let the app roll the dice |
| y / n | answer a yes/no question from the table |
| Enter | "done on the table" |
| Ctrl+Z / Ctrl+Y | undo / redo (as far back as the start) |
| o | GM override: set a value, remove, restore or add a unit, end the battle |
| e | write a note into the log (tick "private" to keep it from the player view) |
| t | timed condition on a unit: to the end of round N, for N activations, until removed |
| / | search the log (a unit, a word, a roll key); n / N next / previous hit, Esc ends |
| l | dice luck: per side and unit, expected and actual successes, percentile |
| v | review: timeline, filters, summary |
| Tab | move between panes (roster, options, log) |
| Ctrl+P | command palette: every command |
| Ctrl+Q | quit (the battle is already saved) |

Every answer is saved at once; `skirmtui open SAVE` continues where you left.
The **Now** pane says what must happen next. Before a roll it shows the dice,
the number needed and the exact chance of success.
"""


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "modal.tcss"
    BINDINGS = [
        Binding("escape", "close", "Close", id="close"),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Markdown(HELP)

    def action_close(self) -> None:
        self.dismiss(None)
