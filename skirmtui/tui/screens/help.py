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
| ↑ ↓ Enter, or 1–9 | choose an option (only options you may pick have a number) |
| digits, Enter | type the faces rolled at the table ("3 5", or "35" when every die is one digit) |
| r | let the app roll the dice |
| y / n | answer a yes/no question from the table |
| Enter | "done on the table" |
| Ctrl+Z / Ctrl+Y | undo / redo (as far back as the start) |
| + / − | GM: one more / one less damage on the unit under the roster cursor |
| t | GM: switch one yes/no status of that unit |
| o | GM override: set a value, remove, restore or add a unit, end the battle |
| t | a timed condition on a unit (to a round's end, for N activations, until removed) |
| / | search the log; n / N next / previous hit, Esc ends the search |
| l | dice luck per side and unit |
| e | write a note into the log (tick "private" to keep it from the player view) |
| t | timed condition on a unit: to the end of round N, for N activations, until removed |
| / | search the log (a unit, a word, a roll key); n / N next / previous hit, Esc ends |
| l | dice luck: per side and unit, expected and actual successes, percentile |
| v | review: timeline, filters, summary |
| s | on a narrow terminal: the unit sheet in the log's place (and back) |
| Tab | move between panes (roster, Now, log) |
| ? | this help, from anywhere on the battle screen |
| Ctrl+P | command palette: every command (roll, redo, export…) |
| Ctrl+Q | quit (the battle is already saved) |

In the roster, ▶ marks the unit the question is about and ◆ its target; the
sheet shows that unit until you move the cursor. Under each log line, → says what
it changed. Every answer is saved at once; `skirmtui open SAVE` continues where you
left. The **Now** pane says what must happen next; before a roll it shows the dice,
the number needed and the exact chance of success. The battle screen needs a
terminal of at least 80×24.
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
