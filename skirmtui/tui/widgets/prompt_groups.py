"""What a group's number does in the Now pane (issue 25): in a `Pick` it ticks the
group's choices in turn (one unit's ground); in a `Choose` grouped by unit (one unit's
actions) it opens the group, whose options then take the numbers 1, 2, 3… for the next
digit, so a unit and its action are two keys and one answer; Backspace goes back."""

from __future__ import annotations

from skirmtui.engine.core.prompts import Choose, Pick
from skirmtui.engine.core.session import Session
from skirmtui.tui.numbering import OptionNumbers, group_numbers, next_in_cycle, option_numbers


class GroupKeys:
    """The group keys of `PromptPanel` (its state: the session, the numbers shown, the
    cursor, the ticks, the open group)."""

    session: Session
    numbers: dict[int, int]
    picked: set[int]
    error: str
    #: The `Choose` group whose number was pressed (its options numbered 1, 2…), or None.
    opened: str | None
    _cursor: int
    _numbering: OptionNumbers

    def _redraw(self) -> None:
        raise NotImplementedError

    def toggle(self, index: int) -> None:
        raise NotImplementedError

    def number_of(self, value: str) -> int | None:
        """The number key of the option of `value` (None: reached with the arrows)."""
        prompt = self.session.prompt
        if not isinstance(prompt, Choose | Pick):
            return None
        for index, option in enumerate(prompt.options):
            if option.value == value:
                return self.numbers.get(index)
        return None

    def open_group(self, member: int) -> None:
        """A `Choose` group's number (one unit's actions): its options take the numbers
        1, 2, 3… (`group_numbers`) and the next digit picks one; Backspace goes back."""
        prompt = self.session.prompt
        if not isinstance(prompt, Choose):
            return
        self.numbers = group_numbers(prompt.options, member)
        self.opened = prompt.options[member].group
        enabled = [i for i in self.numbers if prompt.options[i].disabled is None]
        self._cursor = enabled[0] if enabled else member
        self.error = ""
        self._redraw()

    def close_group(self) -> None:
        """Back from an open group to the numbers of every group."""
        prompt = self.session.prompt
        self.opened = None
        if isinstance(prompt, Choose):
            self.numbers = option_numbers(self._numbering, prompt, self.session.battle.round)
        self.error = ""
        self._redraw()

    def cycle(self, group: list[int]) -> None:
        """A number shared by a `Pick` group (one unit's choices): each press ticks the
        group's next choice, and after the last, none of them (`next_in_cycle`)."""
        prompt = self.session.prompt
        if not isinstance(prompt, Pick):
            return
        enabled = [i for i in group if prompt.options[i].disabled is None]
        if not enabled:  # a number kept by a group none of whose choices is left now
            self.toggle(group[0])  # says the first one's reason, ticks nothing
            return
        ticked = next((i for i in enabled if i in self.picked), None)
        following = next_in_cycle(enabled, ticked)
        self.picked -= set(group)
        if following is not None:
            self.picked.add(following)
        self._cursor = following if following is not None else enabled[0]
        self.error = ""
        self._redraw()
