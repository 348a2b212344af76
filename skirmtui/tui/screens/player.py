"""The player view: what the table may see of a battle the GM is playing.

Read-only and without the GM's controls: the breadcrumb, the roster, the queue, the
pending question in words, and the combat log newest first, private GM notes left out.
`skirmtui watch` shows it in a terminal, `skirmtui serve` in a browser.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.scalar import Unit
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Footer, Static

from skirmtui.engine.core.odds import percent, success_chance
from skirmtui.engine.core.prompts import SYMBOLS, Ask, Choose, Confirm, Pick, Prompt, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import one_line, safe
from skirmtui.engine.play.sides import table_cue
from skirmtui.tui.usertext import plain
from skirmtui.tui.widgets.base import SessionView
from skirmtui.tui.widgets.breadcrumb import Breadcrumb
from skirmtui.tui.widgets.lines import wrap
from skirmtui.tui.widgets.player_log import PlayerLog
from skirmtui.tui.widgets.queue import QueueView
from skirmtui.tui.widgets.roster import Roster
from skirmtui.tui.widgets.units_column import units_column


def question_words(session: Session) -> Text:
    """The pending question as the players read it: who is asked what, what the app wants
    done with its miniature where the question is a fact about one (`table_cue`), and
    the choices (the odds for a roll) — never the controls."""
    prompt: Prompt | None = session.prompt
    battle = session.battle
    if prompt is None:
        return plain(battle.headline() if battle.result else "Nothing is being asked.")
    text = Text()
    side = battle.side_name(prompt.side) if prompt.side else ""
    if side and not prompt.text.startswith(side):
        text.append(safe(side) + ": ", style="bold")
    text.append(safe(prompt.text) + "\n")
    if prompt.help:  # what the GM's pane says under the question (its first rows)
        text.append_text(help_line(prompt.help))
    cue = table_cue(session.system, battle, prompt)
    if cue:  # a fact about the app's miniature: what the app wants done with it, as the GM reads
        text.append(safe(cue) + "\n", style="italic")
    if isinstance(prompt, Choose):
        for option in prompt.enabled():
            text.append(f"  • {one_line(option.label)}\n")
    elif isinstance(prompt, Pick):
        text.append("  any of:\n", style="dim")
        for option in prompt.enabled():
            text.append(f"  • {one_line(option.label)}\n")
    elif isinstance(prompt, Roll):
        line = f"  rolls {prompt.dice}"
        if prompt.compare and prompt.effective_threshold is not None:
            line += f", {SYMBOLS[prompt.compare]} {prompt.effective_threshold}"
        chance = success_chance(prompt)
        if chance is not None:
            line += f" — {percent(chance)} to succeed"
        text.append(line + "\n", style="yellow")
    elif isinstance(prompt, Ask):
        text.append("  yes or no\n" if prompt.yes_no else f"  {prompt.minimum}–{prompt.maximum}\n")
    elif isinstance(prompt, Confirm):
        text.append("  (the table does it)\n", style="dim")
    return text


#: Where an option's wrapped lines start: under its words, not under its bullet.
BULLET = "  • "
#: The question's help: under it, dimmed, in `HELP_ROWS` rows at most.
HELP_STYLE = "dim italic"
HELP_ROWS = 2


def help_line(words: str) -> Text:
    """A question's help as the pane's one line of it (`NowPane` wraps and cuts it)."""
    return Text(safe(one_line(words)) + "\n", style=HELP_STYLE)


def help_rows(words: str, width: int) -> list[str]:
    """The help's rows at `width`: `HELP_ROWS` at most, the last ending with "…" when
    some are left out (the players' view has no key for the rest; the choices come
    first)."""
    rows = wrap(words, width, 2)
    if len(rows) <= HELP_ROWS:
        return rows
    last = rows[HELP_ROWS - 1]
    while last and cell_len(last) + 1 > width:
        last = last.rsplit(" ", 1)[0] if " " in last.strip() else last[:-1]
    return [*rows[: HELP_ROWS - 1], last.rstrip() + "…"]


class NowPane(SessionView):
    """The pending question. Its height follows the question up to the CSS max-height:
    an option's wrapped lines hang under its words, and a question taller than the
    pane ends with how many lines are not shown (a waiting combatant's actions and
    "not yet", 80x24, were cut without a word)."""

    def content(self) -> Text:
        return question_words(self.session)

    def wrap_line(self, line: Text, width: int) -> list[Text]:
        if line.style == HELP_STYLE or (line.spans and line.spans[0].style == HELP_STYLE):
            return [Text(row, style=HELP_STYLE) for row in help_rows(line.plain, width)]
        if not line.plain.startswith(BULLET) or cell_len(line.plain) <= width:
            return super().wrap_line(line, width)
        style = line.spans[0].style if line.spans else line.style
        parts = wrap(line.plain[len(BULLET) :], width - len(BULLET))
        pad = " " * len(BULLET)
        return [Text(BULLET + parts[0], style=style)] + [
            Text(pad + part, style=style) for part in parts[1:]
        ]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        lines = self._text.split("\n", allow_blank=True)
        return sum(len(self.wrap_line(line, max(1, width))) for line in lines)

    def _cut(self, width: int, base: Style) -> None:
        super()._cut(width, base)
        room = self._room()
        lines = self._lines
        if room and len(lines) > room:
            while lines and not "".join(s.text for s in lines[-1]).strip():
                lines = lines[:-1]  # the blank line after the last option
            if len(lines) > room:
                hidden = len(lines) - room + 1
                more = Segment(f"  … {hidden} more lines", base + Style(dim=True))
                lines = [*lines[: room - 1], [more]]
            self._lines = lines

    @property
    def line_count(self) -> int:
        """Lines the content takes at the pane's width, options' hanging lines too."""
        return self.get_content_height(Size(0, 0), Size(0, 0), self.content_region.width or 40)

    def _room(self) -> int:
        """The lines the pane can show at most (its max-height less its border), 0: any."""
        most = self.styles.max_height
        if most is None or most.unit is not Unit.CELLS:
            return 0
        return max(1, int(most.value) - self.styles.gutter.height)


#: Below this many columns the panes stack (the roster column is 36 wide).
NARROW = 76


class PlayerScreen(Screen[None]):
    CSS_PATH = "player.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.quit", "Quit", id="quit"),
    ]

    def __init__(self, session: Session, source: str) -> None:
        super().__init__()
        self.session = session
        self.source = source

    def compose(self) -> ComposeResult:
        self._fit_width(self.app.size.width)  # the layout before the first frame
        session = self.session
        yield Breadcrumb(session, id="breadcrumb")
        with Horizontal(id="panes"):
            yield units_column(session)
            with Vertical(id="middle"):
                yield NowPane(session, id="now")
                yield PlayerLog(session, id="log")
        yield Static(id="status")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_width(event.size.width)

    def _fit_width(self, width: int) -> None:
        """A phone or a narrow window: the panes stack (roster and queue above the
        question and the log) instead of squeezing the log to nothing."""
        self.set_class(width < NARROW, "-narrow")

    def on_mount(self) -> None:
        self.query_one("#now").border_title = "Now"
        self.query_one("#log").border_title = "Combat log (newest first)"
        self.query_one(PlayerLog).sync()
        self.set_status("")

    def changed(self) -> None:
        self.query_one(Breadcrumb).refresh_view()
        self.query_one(Roster).refresh_view()
        self.query_one(QueueView).refresh_view()
        now = self.query_one(NowPane)
        lines = now.line_count
        now.refresh_view()
        if now.line_count != lines:  # its height follows the question
            now.refresh(layout=True)
        self.query_one(PlayerLog).sync()

    def set_status(self, problem: str) -> None:
        status = f"player view of {self.source} (read-only)"
        line = plain(status + (f" — {problem}" if problem else ""))
        if problem:
            line.stylize("bold red")
        self.query_one("#status", Static).update(line, layout=False)
