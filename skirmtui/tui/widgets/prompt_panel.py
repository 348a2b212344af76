"""The pending question: its options, dice entry or auto-roll, and the exact odds.

The panel only shows the prompt and turns the user's input into an answer value;
the session validates it and the rules resolve it.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from skirmtui.engine.dice import DiceError, parse_faces
from skirmtui.engine.odds import die_chance, expected_successes, percent, success_chance
from skirmtui.engine.prompts import SYMBOLS, Ask, Choose, Confirm, Prompt, Roll
from skirmtui.engine.text import safe
from skirmtui.tui.usertext import plain
from skirmtui.tui.widgets.base import SessionView
from skirmtui.tui.widgets.faces_entry import FacesEntry


def roll_summary(prompt: Roll) -> str:
    """`1d6 ≤ 3 (CMB 4, medium range -1) · 50.0% chance`; for a pool
    `3d6, each ≥ 4 · 50.0% a die · 1.5 expected`."""
    text = prompt.dice + (", each" if prompt.per_die else "")
    if prompt.compare and prompt.effective_threshold is not None:
        text += f" {SYMBOLS[prompt.compare]} {prompt.effective_threshold}"
    if prompt.modifiers:
        text += " (" + ", ".join(f"{label} {value:+d}" for label, value in prompt.modifiers) + ")"
    if prompt.per_die:
        text += f" · {percent(die_chance(prompt))} a die"
        expected = expected_successes(prompt)
        if expected is not None:
            text += f" · {float(expected):.1f} expected"
    chance = percent(success_chance(prompt))
    if chance:
        needed = f" ({prompt.need} needed)" if prompt.per_die else ""
        text += f" · {chance} chance{needed}"
    return text


class PromptPanel(SessionView):
    """Shows `session.prompt`; posts `Answered` with a candidate answer value."""

    class Answered(Message):
        """The user gave an answer (not yet validated by the rules)."""

        def __init__(self, value: object) -> None:
            super().__init__()
            self.value = value

    class RollRequested(Message):
        """The user asked the app to roll the pending dice."""

    def __init__(self, *args: object, read_only: bool = False, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.read_only = read_only
        self._shown: Prompt | None = None
        self._error_shown = False
        self._contents: dict[str, str | Text] = {}  # what each text line shows

    def compose(self) -> ComposeResult:
        yield Static(id="prompt-text")
        yield Static(id="prompt-help")
        yield Static(id="prompt-odds")
        yield OptionList(id="prompt-options")
        yield FacesEntry(id="prompt-input")
        with Horizontal(id="prompt-buttons"):
            yield Button("Roll (r)", id="roll-button", compact=True, variant="primary")
            yield Button("Yes (y)", id="yes-button", compact=True, variant="success")
            yield Button("No (n)", id="no-button", compact=True, variant="error")
            yield Button("Done (Enter)", id="confirm-button", compact=True, variant="primary")
        yield Static(id="prompt-error")

    def show_error(self, message: str) -> None:
        if message or self._error_shown:  # clearing an empty line would re-lay-out
            self.query_one("#prompt-error", Static).update(plain(message, style="bold red"))
            self._error_shown = bool(message)

    def _set(self, static: Static, content: str | Text) -> None:
        """Update a text line only if it changes: each update re-lays-out the screen."""
        key = static.id or ""
        if self._contents.get(key) != content:
            static.update(content)
            self._contents[key] = content

    def refresh_view(self) -> None:
        prompt = self.session.prompt
        if prompt is self._shown:
            return
        self._shown = prompt
        self.show_error("")
        text = self.query_one("#prompt-text", Static)
        help_ = self.query_one("#prompt-help", Static)
        odds = self.query_one("#prompt-odds", Static)
        options = self.query_one(OptionList)
        entry = self.query_one(FacesEntry)
        buttons = {b.id: b for b in self.query(Button)}
        shown = self._inputs_for(prompt)
        for widget in (options, entry, *buttons.values(), odds):
            # Only what changes: each display flip re-lays-out the whole screen, and
            # a run of prompts of one kind (choices, rolls) needs none.
            if widget.display != (widget.id in shown):
                widget.display = widget.id in shown
        self._set(help_, plain(prompt.help if prompt else "", multiline=True))
        if help_.display != bool(prompt and prompt.help):
            help_.display = bool(prompt and prompt.help)
        if prompt is None:
            battle = self.session.battle
            self._set(
                text,
                Text("The battle is over.", style="bold")
                if battle.result
                else Text("Nothing to answer."),
            )
            if battle.result:
                self._set(
                    help_, plain("\n".join(self.session.system.summary(battle)), multiline=True)
                )
                help_.display = True
            return
        who = self.session.battle.side_name(prompt.side) if prompt.side else "The table"
        if prompt.text.startswith(who):
            self._set(text, plain(prompt.text, style="bold"))
        else:
            self._set(text, Text.assemble((f"{safe(who)}: ", "bold"), safe(prompt.text)))
        if self.read_only:
            return
        if isinstance(prompt, Choose):
            options.clear_options()
            options.add_options(
                ListOption(
                    plain(
                        (f"{i}. " if i < 10 else "   ")
                        + (o.label if o.disabled is None else f"{o.label} — {o.disabled}")
                    ),
                    id=o.value,
                    disabled=o.disabled is not None,
                )
                for i, o in enumerate(prompt.options, start=1)
            )
            options.highlighted = next(
                (i for i, o in enumerate(prompt.options) if o.disabled is None), None
            )
            options.focus()
        elif isinstance(prompt, Roll):
            self._set(odds, Text(roll_summary(prompt), style="bold"))
            entry.placeholder = f"{prompt.dice}: type the faces + Enter, or r"
            entry.value = ""
            entry.focus()
        elif isinstance(prompt, Ask) and prompt.yes_no:
            buttons["yes-button"].focus()
        elif isinstance(prompt, Ask):
            entry.placeholder = f"a number {prompt.minimum}–{prompt.maximum}, then Enter"
            entry.value = ""
            entry.focus()
        elif isinstance(prompt, Confirm):
            buttons["confirm-button"].focus()

    def _inputs_for(self, prompt: Prompt | None) -> set[str]:
        """The ids of the input widgets (and odds line) a prompt needs."""
        if prompt is None or self.read_only:
            return set()
        if isinstance(prompt, Choose):
            return {"prompt-options"}
        if isinstance(prompt, Roll):
            return {"prompt-odds", "prompt-input", "roll-button"}
        if isinstance(prompt, Ask):
            return {"yes-button", "no-button"} if prompt.yes_no else {"prompt-input"}
        return {"confirm-button"}

    # -- turning input into candidate answers --------------------------------------------

    @on(OptionList.OptionSelected, "#prompt-options")
    def _option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Answered(event.option.id))

    @on(FacesEntry.Submitted, "#prompt-input")
    def _input_submitted(self, event: FacesEntry.Submitted) -> None:
        event.stop()
        prompt = self.session.prompt
        if isinstance(prompt, Roll):
            try:
                faces = parse_faces(event.value, prompt.parsed)
            except DiceError as error:
                self.show_error(f"{error} — nothing stored, type the faces again")
                event.entry.value = ""
                return
            self.post_message(self.Answered(faces))
        elif isinstance(prompt, Ask):
            value = event.value.strip()
            if not value.isdigit():
                self.show_error(f"type a number {prompt.minimum}–{prompt.maximum}")
                event.entry.value = ""
                return
            self.post_message(self.Answered(int(value)))

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "roll-button":
            self.post_message(self.RollRequested())
        elif event.button.id == "yes-button":
            self.post_message(self.Answered(True))
        elif event.button.id == "no-button":
            self.post_message(self.Answered(False))
        elif event.button.id == "confirm-button":
            self.post_message(self.Answered(True))

    def pick_number(self, number: int) -> None:
        """Digit keys pick the n-th option of a Choose."""
        prompt = self.session.prompt
        if isinstance(prompt, Choose) and 1 <= number <= len(prompt.options):
            self.post_message(self.Answered(prompt.options[number - 1].value))
