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
| ↑ ↓ Enter, or 1–9 | choose an option (its number stays with it; a disabled one says why) |
| digits, Enter | type the faces rolled at the table ("3 5", or "35"), from any pane |
| r | let the app roll the dice, and the rolls that follow before the next decision |
| y / n | answer a yes/no question from the table |
| Enter | "done on the table" |
| Ctrl+Z / Ctrl+Y | undo / redo (as far back as the start); a toast says what |
| + / − | GM: one more / one less wound on the unit under the cursor (regole-base: its R) |
| x | GM: switch one yes/no status of that unit |
| t | GM: a timed condition on a unit (to the end of round N, for N activations, until removed) |
| o | GM override: set a value, remove, restore or add a unit, end the battle |
| e | write a note into the log (tick "private" to keep it from the player view) |
| / | search the log (a unit, a word, a roll key) |
| n / N, Esc | while a search is on: next / previous hit; end the search |
| l | dice luck: per side and unit, expected and actual successes, percentile |
| v | review: timeline, filters, summary |
| s | on a narrow terminal: the unit sheet in the log's place (and back) |
| Tab / Shift+Tab | move between panes (roster, Now, log); the focused one has a heavy border |
| ? | this help, from anywhere on the battle screen |
| Ctrl+P | command palette: every command (roll, redo, export…) |
| Ctrl+Q | quit (the battle is already saved) |

In the roster, ▶ marks the unit the question is about and ◆ its target; the
sheet shows that unit until you move the cursor. Under each log line, → says what
it changed. Every answer is saved at once; `skirmtui open SAVE` continues where you
left. The **Now** pane says what must happen next; before a roll it shows the dice,
the number needed and the exact chance of success. The battle screen needs a
terminal of at least 80×24. On the side heading, ▶ marks the player asked when the
question is about the side, not one unit (who moved, who acts next).

## Words and abbreviations

| system | word | meaning |
|---|---|---|
| wargaming-introduttivo | CMB, ABI | combat; ability (activation, movement, recovery), 1–5 |
| pequenas-guerras | quality | the d6 result a unit needs, or more, to pass a test |
| cape-et-epee | um | the game's unit of measure: one foot model's base diameter (1 um is 2 m) |
| cape-et-epee | CA | armour class, 5 unarmoured to 1 full armour (a shield lowers it by one) |
| cape-et-epee | AP, order die | action points; the activation die (face 1–3: AP and priority) |
| regole-base | V F R M C T | Velocità, Forza, Resistenza, Morale, Corpo a corpo, Tiro |
| combattimento-gdr | AGI DES POT PRE | characteristics: each a die, d4–d12 (its top face), or 0 |
| combattimento-gdr | VPB, DP | base protection value (8: a human); protection difficulty |
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
