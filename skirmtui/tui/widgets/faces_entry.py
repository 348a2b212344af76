"""Typing the faces rolled at the table: digits and spaces only, Enter to submit.

Not an `Input`: a text input swallows printable keys, and letters here must stay
free for the screen's keys (`r` rolls, `o` overrides…).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

MAX_LENGTH = 40


class FacesEntry(Widget, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(d), f"type('{d}')", show=False) for d in range(10)],
        Binding("space", "type(' ')", show=False),
        Binding("comma", "type(' ')", show=False),
        Binding("backspace", "erase", "Erase", show=False),
        Binding("enter", "submit", "Enter faces", id="submit-faces", show=False),
    ]

    value: reactive[str] = reactive("")
    placeholder: reactive[str] = reactive("")

    class Submitted(Message):
        """Enter was pressed with these characters typed."""

        def __init__(self, entry: FacesEntry, value: str) -> None:
            super().__init__()
            self.entry = entry
            self.value = value

        @property
        def control(self) -> FacesEntry:
            return self.entry

    def render(self) -> Text:
        if self.value:
            return Text(self.value + ("▏" if self.has_focus else ""))
        return Text(self.placeholder, style="dim")

    def action_type(self, char: str) -> None:
        if len(self.value) < MAX_LENGTH:
            self.value += char

    def action_erase(self) -> None:
        self.value = self.value[:-1]

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self, self.value))
