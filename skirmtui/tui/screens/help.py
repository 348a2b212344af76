"""Keys and how a turn goes; the words of the battle's system; above them the pending
question with its whole help, which the Now pane may cut on a small terminal.

The key table comes from the battle screen's bindings (`tui/keys.py`), the glossary from
the system (`RuleSystem.glossary`): nothing here is stated twice.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from skirmtui.engine.core.prompts import Prompt
from skirmtui.engine.core.system import RuleSystem
from skirmtui.engine.core.text import one_line
from skirmtui.tui.keys import key_rows
from skirmtui.tui.usertext import plain

HOW_A_TURN_GOES = """\
In the roster, ▶ marks the unit the question is about and ◆ its target; the
sheet shows that unit until you move the cursor. Under each log line, → says what
it changed. Every answer is saved at once; `skirmtui open SAVE` continues where you
left. The **Now** pane says what must happen next; before a roll it shows the dice,
the number needed and the exact chance of success. The battle screen needs a
terminal of at least 80×24. On the side heading, ▶ marks the player asked when the
question is about the side, not one unit (who moved, who acts next).

**Solo play.** The app can play a side (`--ai SIDE:PERSONA`, the setup form's "Played
by", or the palette's "Who plays a side", a GM entry undone like any): it answers that
side's decisions itself, with a short reason in the log; the table's facts (distances,
sight, cover, contact) and the dice stay yours. After an undo it leaves the question to
you; the palette's "Let the app answer" gives it back.
"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def help_text(system: RuleSystem) -> str:
    """The help page (Markdown) for a battle of `system`."""
    keys = "\n".join(f"| {_cell(key)} | {_cell(what)} |" for key, what in key_rows())
    lines = [
        "# skirmtui — keys",
        "",
        "| key | what it does |",
        "|---|---|",
        keys,
        "",
        HOW_A_TURN_GOES,
    ]
    if system.glossary:
        words = "\n".join(f"| {_cell(w)} | {_cell(m)} |" for w, m in system.glossary)
        lines += [f"## Words and abbreviations ({system.title})", "", "| word | meaning |"]
        lines += ["|---|---|", words]
    return "\n".join(lines) + "\n"


def question_text(prompt: Prompt) -> Text:
    """The pending question and its whole help (the Now pane cuts a long one at 80x24):
    user text (unit names), shown literally, never as markup or Markdown."""
    text = plain("This question: ", "bold")
    text.append_text(plain(one_line(prompt.text), "bold"))
    text.append("\n")
    text.append_text(plain(one_line(prompt.help)))
    return text


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "modal.tcss"
    BINDINGS = [
        Binding("escape", "close", "Close", id="close"),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def __init__(self, system: RuleSystem, question: Prompt | None = None) -> None:
        super().__init__()
        self.system = system
        self.question = question

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            if self.question is not None and self.question.help:
                yield Static(question_text(self.question), id="help-question")
            yield Markdown(help_text(self.system))

    def action_close(self) -> None:
        self.dismiss(None)
