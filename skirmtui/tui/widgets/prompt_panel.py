"""The Now pane: the pending question, its odds, options or entry, and the error line.

One focusable line-API widget draws it all (title, help, odds, the option window with
its cursor, the faces/number entry, yes/no, done, the error) and has its own keys, so
an answer changes what this pane draws and nothing else: no widget is shown, hidden,
rebuilt or focused. It only turns keys and clicks into candidate answers (`Answered`,
`RollRequested`); the session validates them and the rules resolve them.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip

from skirmtui.engine.core.dice import DiceError, faces_hint, read_faces
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Pick, Prompt, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import one_line
from skirmtui.tui.numbering import OptionNumbers, option_numbers
from skirmtui.tui.widgets.lines import changed_rows, wrap
from skirmtui.tui.widgets.prompt_groups import GroupKeys
from skirmtui.tui.widgets.prompt_lines import (
    HELP_LINES,
    Line,
    choice_window,
    choose_help,
    default_words,
    help_lines,
    pick_help,
    roll_summary,
    rows_kept,
)
from skirmtui.tui.widgets.styled_lines import StyledLines

SUMMARY_MORE = "… the whole summary: Review (v)"  # a battle's end the pane cannot hold
#: Longest entry typed.
MAX_LENGTH = 40


class PromptPanel(GroupKeys, StyledLines, can_focus=True):
    """Shows `session.prompt`; posts `Answered` with a candidate answer value."""

    #: Only parts drawn differently from the pane (an option line is plain text): each
    #: component class is styled by Textual again at every style change (mount, focus).
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "prompt--title",
        "prompt--help",
        "prompt--odds",
        "prompt--disabled",
        "prompt--cursor",
        "prompt--entry",
        "prompt--placeholder",
        "prompt--button",
        "prompt--error",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("pageup", "move(-10)", show=False),
        Binding("pagedown", "move(10)", show=False),
        Binding("home", "move(-1_000)", show=False),
        Binding("end", "move(1_000)", show=False),
    ]
    # Enter, Backspace, Space and digits are the battle screen's keys (it passes them
    # here): they reach the question whichever pane has focus.

    class Answered(Message):
        """The user gave an answer (not yet validated by the rules)."""

        def __init__(self, value: object) -> None:
            super().__init__()
            self.value = value

    class RollRequested(Message):
        """The user asked the app to roll the pending dice."""

    def __init__(self, session: Session, *, read_only: bool = False, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.read_only = read_only
        self._shown: Prompt | None = None
        self._cursor = 0  # the highlighted option (Choose) or button (yes/no: 0 yes)
        #: Option index → number key of the prompt shown (stable: tui/numbering.py).
        self.numbers: dict[int, int] = {}
        self._numbering = OptionNumbers()
        self.opened: str | None = None
        #: The options ticked so far in a `Pick` (indices), sent with Enter.
        self.picked: set[int] = set()
        self.entry = ""  # faces or number typed
        #: The error line; whether it is about what is typed (faces `r` kept: goes with them).
        self.error, self._about_entry = "", False
        #: A line about the question that is not an error (the app is thinking…).
        self.notice = ""
        self._lines: list[Line] = []
        self._laid_out_for: tuple[object, ...] = ()
        self._strips: LRUCache[tuple[Line, int], Strip] = LRUCache(500)
        self._styles: dict[str, Style] = {}
        self._base = Style()
        self._style_key: tuple[object, ...] = ()

    # -- state -----------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        """A new prompt: start it afresh (a prompt seen before keeps its state)."""
        prompt = self.session.prompt
        if prompt is self._shown:
            return
        self._shown = prompt
        self.entry = ""
        self.error, self._about_entry = "", False
        self._cursor = 0
        self.numbers = {}
        self.opened = None
        self.picked = set()
        if isinstance(prompt, Choose | Pick):
            options = prompt.options
            self._cursor = next((i for i, o in enumerate(options) if o.disabled is None), 0)
            self.numbers = option_numbers(self._numbering, prompt, self.session.battle.round)
            # A default is an offer: the cursor on it (Choose), its boxes ticked (Pick).
            default = prompt.default
            ticked = default if isinstance(prompt, Pick) and isinstance(default, tuple) else ()
            for index, option in enumerate(options):
                if option.disabled is not None:
                    continue
                if isinstance(prompt, Choose) and default == option.value:
                    self._cursor = index
                if option.value in ticked:
                    self.picked.add(index)
        elif isinstance(prompt, Ask) and prompt.yes_no and prompt.default is False:
            self._cursor = 1
        self._redraw()

    def show_notice(self, message: str) -> None:
        if message != self.notice:
            self.notice = message
            self._redraw()

    def show_error(self, message: str, *, keep: bool = False) -> None:
        """The rules refused an answer: say why; what was typed is cleared (the same for
        faces and numbers) so the next try starts clean, unless `keep` (nothing was sent)."""
        if isinstance(self.session.prompt, Roll) and not keep:
            message += " — nothing stored, type the faces again"
        self.error, self._about_entry = message, keep
        self.entry = self.entry if keep else ""
        self._redraw()

    def _typed(self) -> None:
        """What is typed changed or is entered: an error about it no longer holds."""
        if self._about_entry:
            self.error, self._about_entry = "", False

    # -- keys ------------------------------------------------------------------------------

    def key_digit(self, digit: str) -> None:
        """A digit: picks (Choose) or ticks (Pick) the option of that number, or is
        typed into the entry."""
        prompt = self.session.prompt
        if self.read_only or prompt is None:
            return
        if isinstance(prompt, Choose | Pick):
            numbered = sorted(i for i, n in self.numbers.items() if n == int(digit))
            if not numbered:
                shown = ", ".join(str(n) for n in sorted(set(self.numbers.values())))
                self.show_error(f"no option {digit}: the numbers now are {shown}")
                return
            if len(numbered) > 1 and isinstance(prompt, Choose):  # a group: open it
                self.open_group(numbered[0])
                return
            if len(numbered) > 1:  # a Pick group's number: its choices in turn
                self.cycle(numbered)
                return
            option = prompt.options[numbered[0]]
            if option.disabled is not None:
                self.show_error(f"{one_line(option.label)}: {one_line(option.disabled)}")
            elif isinstance(prompt, Pick):
                self._cursor = numbered[0]
                self.toggle(numbered[0])
            else:
                self.post_message(self.Answered(option.value))
        elif self.takes_text:
            self.action_type(digit)

    def toggle(self, index: int) -> None:
        """Tick or untick a `Pick`'s option; ticking one of a group unticks the others."""
        prompt = self.session.prompt
        if not isinstance(prompt, Pick) or not 0 <= index < len(prompt.options):
            return
        option = prompt.options[index]
        if option.disabled is not None:
            self.show_error(f"{one_line(option.label)}: {one_line(option.disabled)}")
            return
        if index in self.picked:
            self.picked.discard(index)
        else:
            if option.group is not None:
                self.picked -= {i for i, o in enumerate(prompt.options) if o.group == option.group}
            self.picked.add(index)
        self.error = ""
        self._redraw()

    @property
    def takes_text(self) -> bool:
        prompt = self.session.prompt
        return isinstance(prompt, Roll) or (isinstance(prompt, Ask) and not prompt.yes_no)

    def action_type(self, char: str) -> None:
        if char == " " and isinstance(self.session.prompt, Pick):
            self.toggle(self._cursor)  # Space ticks the option under the cursor
            return
        if self.takes_text and len(self.entry) < MAX_LENGTH:
            self.entry += char
            self._typed()
            self._redraw()

    def action_erase(self) -> None:
        if self.opened is not None:
            self.close_group()
            return
        if self.entry:
            self.entry = self.entry[:-1]
            self._typed()
            self._redraw()

    def action_move(self, delta: int) -> None:
        prompt = self.session.prompt
        if isinstance(prompt, Choose | Pick) and prompt.options:
            enabled = [i for i, o in enumerate(prompt.options) if o.disabled is None]
            if not enabled:
                return
            if abs(delta) >= 1_000:
                self._cursor = enabled[0] if delta < 0 else enabled[-1]
            else:
                position = min(range(len(enabled)), key=lambda k: abs(enabled[k] - self._cursor))
                self._cursor = enabled[max(0, min(len(enabled) - 1, position + delta))]
            self._redraw()
        elif isinstance(prompt, Ask) and prompt.yes_no:
            self._cursor = 0 if delta < 0 else 1
            self._redraw()

    def action_submit(self) -> None:
        prompt = self.session.prompt
        if self.read_only or prompt is None:
            return
        if isinstance(prompt, Choose):
            option = prompt.options[self._cursor] if prompt.options else None
            if option is not None and option.disabled is None:
                self.post_message(self.Answered(option.value))
        elif isinstance(prompt, Pick):
            chosen = tuple(o.value for i, o in enumerate(prompt.options) if i in self.picked)
            self.post_message(self.Answered(chosen))
        elif isinstance(prompt, Roll):
            if not self.entry.strip():
                self.show_error(f"type the faces rolled for {prompt.dice}, or press r to roll")
                return
            try:
                faces = read_faces(self.entry, prompt.parsed)
            except DiceError as error:
                self.show_error(str(error))
                return
            self._typed()
            self.post_message(self.Answered(faces))  # Roll.coerce checks them
        elif isinstance(prompt, Ask) and prompt.yes_no:
            self.post_message(self.Answered(self._cursor == 0))
        elif isinstance(prompt, Ask):
            value = self.entry.strip()
            if not value and isinstance(prompt.default, int):
                value = str(prompt.default)  # Enter accepts the default offered
            if not value.isdigit():
                self.show_error(f"type a number {prompt.minimum}–{prompt.maximum}")
                return
            self.post_message(self.Answered(int(value)))
        elif isinstance(prompt, Confirm):
            self.post_message(self.Answered(True))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self._lines):
            return
        target = self._lines[offset.y].target
        prompt = self.session.prompt
        if target.startswith("group:") and isinstance(prompt, Pick):  # a unit's row
            group = prompt.options[int(target.split(":")[1])].group
            self.cycle([i for i, o in enumerate(prompt.options) if o.group == group])
        elif target.startswith("option:"):
            index = int(target.split(":")[1])
            self._cursor = index
            if isinstance(prompt, Pick):
                self.toggle(index)
            else:
                self.action_submit()
        elif target == "roll":
            if offset.x < 10:
                self.post_message(self.RollRequested())
        elif target == "yesno":
            self.post_message(self.Answered(offset.x < 10))
        elif target == "done":
            self.post_message(self.Answered(True))

    # -- what is drawn ---------------------------------------------------------------------

    def _layout(self, width: int, height: int) -> list[Line]:
        """Every line of the pane for this prompt and state."""
        prompt = self.session.prompt
        head: list[Line] = []
        if prompt is None:
            battle = self.session.battle
            if battle.result:
                head += [Line(t, "title") for t in wrap("The battle is over.", width)]
                for line in self.session.system.summary(battle):
                    head += [Line(t, "help") for t in wrap(one_line(line), width, 2)]
                if len(head) > height > 1:  # cut, said: the review has it whole
                    head = [*head[: height - 1], Line(SUMMARY_MORE, "help")]
            else:
                head.append(Line("Nothing to answer.", "title"))
            return head
        who = self.session.battle.side_name(prompt.side) if prompt.side else "The table"
        # "Legionari: …" unless the text already starts with the side's name as a word
        # ("Legionari rolls…"; not "Legionario 2 activates?").
        said = prompt.text.startswith((f"{who} ", f"{who}:"))
        title = prompt.text if said else f"{who}: {prompt.text}"
        head += [Line(t, "title") for t in wrap(one_line(title), width, 2)]
        helped = wrap(one_line(prompt.help), width, 2) if prompt.help else []
        help_at = len(head)  # its first lines here now, the rest once the room is known
        head += [Line(t, "help") for t in helped[:HELP_LINES]]
        if self.notice:
            head += [Line(t, "odds") for t in wrap(one_line(self.notice), width, 2)]
        if isinstance(prompt, Roll):
            head += [Line(t, "odds") for t in wrap(roll_summary(prompt), width, 2)]
        tail = (
            [Line(t, "error") for t in wrap(one_line(self.error), width, 2)] if self.error else []
        )
        if self.read_only:
            return head + tail
        offer = default_words(prompt, self.picked, self._cursor)
        if offer:
            head += [Line(t, "help") for t in wrap(f"Enter: {offer}", width, 2)[:2]]
        body: list[Line] = []
        if isinstance(prompt, Pick):
            head += [Line(t, "help") for t in wrap(pick_help(prompt, len(self.picked)), width, 2)]
        elif isinstance(prompt, Choose) and (words := choose_help(prompt, self.opened)):
            head += [Line(t, "help") for t in wrap(words, width, 2)]
        if len(helped) > HELP_LINES or (helped and self.notice):  # a notice: it may give way
            reserve = rows_kept(prompt, self.numbers, self._cursor, width, self.picked)
            spare = height - len(head) - len(tail) - reserve
            cut = help_lines(helped, spare, width, 1 if self.notice else HELP_LINES)
            head[help_at : help_at + min(len(helped), HELP_LINES)] = cut
        if isinstance(prompt, Choose | Pick):
            room = max(1, height - len(head) - len(tail))
            state = (self.numbers, self._cursor, width, room, self.picked, self.opened)
            body = choice_window(prompt, *state)  # an opened group's choices alone
        elif isinstance(prompt, Roll):
            hint = f"{faces_hint(prompt.parsed)}, Enter"
            body.append(self._entry_line(f"faces of {prompt.dice}", hint))
            body.append(Line(" Roll (r)  or type the faces and press Enter", "button", "roll"))
        elif isinstance(prompt, Ask) and prompt.yes_no:
            body.append(Line(" Yes (y)   No (n) ", "button", "yesno"))
        elif isinstance(prompt, Ask):
            body.append(
                self._entry_line(f"a number {prompt.minimum}–{prompt.maximum}", "then Enter")
            )
        elif isinstance(prompt, Confirm):
            body.append(Line(" Done (Enter) ", "button", "done"))
        return head + body + tail

    def _entry_line(self, what: str, hint: str) -> Line:
        if self.entry:
            cursor = "▏" if self.has_focus else ""
            return Line(f"{what} › {self.entry}{cursor}", "entry")
        return Line(f"{what} › ({hint})", "placeholder")

    def _state(self, width: int, height: int) -> tuple[object, ...]:
        prompt = self.session.prompt
        picked = frozenset(self.picked)
        state = (self.entry, self.error, self.notice, self._cursor, picked, width, height)
        return (prompt, *state, self.has_focus)

    def _redraw(self) -> None:
        """The state changed: lay the lines out again and repaint those that differ
        (an answer usually changes a few lines of the pane, not all of them)."""
        width, height = self.content_region.width, self.content_region.height
        if not width or not self._laid_out_for:
            self.refresh()
            return
        old = self._lines
        self._lines = self._layout(width, height)
        self._laid_out_for = self._state(width, height)
        changed = changed_rows(old, self._lines, width)
        if changed:
            self.refresh(*changed)

    def render_lines(self, crop: Region) -> list[Strip]:
        base = self.rich_style  # read once per pass, not once per line
        key = (base, self.has_focus)
        if key != self._style_key:  # component styles: only when colours may change
            self._style_key = key
            self._styles = {
                c.split("--")[1]: self.get_component_rich_style(c) for c in self.COMPONENT_CLASSES
            }
            self._base = base
            self._strips.clear()
        width, height = self.content_region.width, self.content_region.height
        state = self._state(width, height)
        if state != self._laid_out_for:
            self._laid_out_for = state
            self._lines = self._layout(width, height)
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width = self.content_region.width
        if y >= len(self._lines):
            return Strip.blank(width, self._base)
        line = self._lines[y]
        key = (line, width)
        strip = self._strips.get(key)
        if strip is None:
            style = self._base + self._styles.get(line.kind, Style())
            fill = self._base if line.kind in ("button", "title", "odds", "help") else style
            strip = Strip([Segment(line.text, style)]).extend_cell_length(width, fill)
            strip = strip.crop(0, width)
            self._strips[key] = strip
        return strip

    def on_focus(self) -> None:
        self.refresh()  # the caret and the cursor's colours change with focus

    def on_blur(self) -> None:
        self.refresh()

    # -- reading what is shown (tests) -----------------------------------------------------

    def shown_lines(self) -> list[Line]:
        width, height = self.content_region.width or 60, self.content_region.height or 20
        return self._layout(width, height)

    def lines_text(self) -> list[str]:
        return [line.text for line in self.shown_lines()]
