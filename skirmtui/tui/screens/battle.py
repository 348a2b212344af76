"""The battle screen: breadcrumb, roster, queue, Now (prompt), combat log, unit sheet.

One grid of panes that draw themselves (no nested containers, no inner widgets), so a
keypress repaints the panes whose content changed and nothing re-lays-out the screen.
Below 110 columns the unit sheet gives way (`s` shows it in the log's place); below
80×24 the screen says how large it needs to be.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from skirmtui.engine.core.items import GM_SET
from skirmtui.engine.core.prompts import AnswerError, Ask, Prompt, Roll
from skirmtui.engine.core.text import one_line, safe
from skirmtui.tui.search import SEARCH_BINDINGS, LogSearch, haystack
from skirmtui.tui.widgets.breadcrumb import Breadcrumb
from skirmtui.tui.widgets.combat_log import CombatLog
from skirmtui.tui.widgets.key_bar import KeyBar
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from skirmtui.tui.widgets.queue import QueueView
from skirmtui.tui.widgets.roster import Roster
from skirmtui.tui.widgets.unit_sheet import UnitSheet

if TYPE_CHECKING:
    from skirmtui.engine.core.items import Item
    from skirmtui.engine.core.session import Session
    from skirmtui.tui.app import SkirmApp

#: The smallest terminal the battle screen is laid out for.
MIN_WIDTH, MIN_HEIGHT = 80, 24
#: From this width the unit sheet has a column of its own.
SHEET_WIDTH = 110

#: Actions whose availability depends on the prompt, the undo/redo stacks, the size.
_TOGGLED = (
    "undo",
    "redo",
    "roll",
    "answer_yes",
    "answer_no",
    "sheet",
    "damage",
    "heal",
    "status",
)


def entry_said(session: Session, index: int) -> str:
    """What the answer or GM entry at `index` wrote first in the log (the answer,
    the roll, the GM's entry), for "Undone: …" and "Redone: …"."""
    first = ""
    for entry in reversed(session.battle.log):  # its entries are the log's tail
        if entry.answer is None or entry.answer < index:
            break
        if entry.answer == index and entry.text:
            first = entry.text
    if first:
        return one_line(first)
    return session.items[index].key if 0 <= index < len(session.items) else "nothing"


def too_small_message(width: int, height: int) -> str:
    return (
        f"The battle screen needs at least {MIN_WIDTH}×{MIN_HEIGHT}; "
        f"this terminal is {width}×{height}.\nMake the window larger "
        "(or the font smaller) and the battle comes back."
    )


class BattleScreen(Screen[None]):
    """Plays (or, read-only, shows) the app's session."""

    CSS_PATH = "battle.tcss"
    #: The Now pane has the keys from the start (no focus moved once the screen is up).
    AUTO_FOCUS = "#prompt"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo", id="undo", priority=True),
        Binding("ctrl+y", "redo", "Redo", id="redo", priority=True),
        Binding("r", "roll", "Roll", id="roll", priority=True),
        Binding("y", "answer_yes", "Yes", id="yes", priority=True, show=False),
        Binding("n", "answer_no", "No", id="no", priority=True, show=False),
        Binding("question_mark", "help", "Help", id="help", priority=True),
        Binding("s", "sheet", "Sheet", id="sheet"),
        Binding("plus", "damage", "Damage", id="damage"),
        Binding("minus", "heal", "Heal", id="heal"),
        Binding("x", "status", "Status", id="status"),
        Binding("o", "override", "Override", id="override"),
        Binding("e", "note", "Note", id="note"),
        Binding("v", "review", "Review", id="review"),
        Binding("tab", "app.focus_next", "Next pane", show=False),
        Binding("shift+tab", "app.focus_previous", "Previous pane", show=False),
        # The answer keys are the screen's, not the Now pane's: they reach the question
        # whichever pane has focus (a pane's own keys are arrows and pages only).
        *[Binding(str(n), f"digit('{n}')", show=False) for n in range(10)],
        Binding("enter", "submit", "Answer", id="submit", show=False),
        Binding("backspace", "erase", show=False),
        Binding("space", "type(' ')", show=False),
        Binding("comma", "type(' ')", show=False),
        *SEARCH_BINDINGS,
        Binding("l", "luck", "Dice luck", id="luck", show=False),
        Binding("t", "condition", "Timed condition", id="condition", show=False),
    ]

    def __init__(self, session: Session, read_only: bool = False) -> None:
        super().__init__()
        self.session = session
        self.read_only = read_only
        self._live_actions: tuple[bool, ...] = ()
        self._followed: Prompt | None = None
        self.selected: str | None = None
        self._toast: tuple[str, str] | None = None
        self.search = LogSearch()
        #: The search line is open: letters go to it, not to the answer keys.
        self._search_open = False

    @property
    def skirm(self) -> SkirmApp:
        from skirmtui.tui.app import SkirmApp

        assert isinstance(self.app, SkirmApp)
        return self.app

    def compose(self) -> ComposeResult:
        # The size classes before the first layout, so that the first frame is drawn
        # once, in its final layout (not restyled when the first Resize arrives).
        self._size_classes(*self.app.size)
        # Grid order (battle.tcss): row by row, spans filled in.
        session = self.session
        yield Breadcrumb(session, id="breadcrumb")
        yield Roster(session, id="roster")
        yield PromptPanel(session, id="prompt", read_only=self.read_only)
        yield UnitSheet(session, id="sheet")
        yield CombatLog(session, id="log")
        yield QueueView(session, id="queue")
        yield KeyBar(id="keybar")

    def on_mount(self) -> None:
        self.query_one("#roster").border_title = "Roster"
        self.query_one("#queue").border_title = "Queue"
        self.query_one("#prompt").border_title = "Now"
        self.query_one("#log").border_title = "Combat log"
        self.query_one("#sheet").border_title = "Unit"
        self.query_one(CombatLog).sync()
        roster = self.query_one(Roster)
        if roster.cursor_unit is not None:  # the sheet has its unit before the first frame
            self._show_unit(roster.cursor_unit, repaint=False)
        self._follow_prompt()
        self.query_one(UnitSheet).refresh_view()
        self.update_savebar()
        if not self.read_only and not self.session.items:
            # A new battle: the rolls the app makes come before the first question.
            self.call_after_refresh(self._first_rolls)

    def _first_rolls(self) -> None:
        try:
            made = self.session.auto_roll()
        except AnswerError as error:
            self.query_one(PromptPanel).show_error(str(error))
            return
        if made:
            self.changed()

    def render(self) -> RenderableType:
        """Below the smallest size the panes are hidden and the screen itself says so
        (no widget of its own: one less to build at every start)."""
        if self.has_class("-too-small"):
            return Text(too_small_message(*self.size))
        return super().render()

    def on_resize(self, event: events.Resize) -> None:
        if self._size_classes(*event.size):
            self.refresh_bindings()  # `s` (the sheet) is live on narrow terminals only

    def _size_classes(self, width: int, height: int) -> bool:
        """The layout for this terminal size; whether it changed."""
        classes = {
            "-too-small": width < MIN_WIDTH or height < MIN_HEIGHT,
            "-narrow": width < SHEET_WIDTH,
            "-tall": height >= 34,
        }
        if all(self.has_class(name) == on for name, on in classes.items()):
            return False
        self.update_classes(classes)  # others (-sheet) stay
        return True

    # -- state changes --------------------------------------------------------------------

    def changed(self) -> None:
        """The session changed: repaint what changed, autosave, re-check live keys."""
        self.query_one(Roster).refresh_view()
        self._follow_prompt()  # before the sheet repaints: it may show another unit
        self.query_one(Breadcrumb).refresh_view()
        self.query_one(QueueView).refresh_view()
        self.query_one(UnitSheet).refresh_view()
        self.query_one(PromptPanel).refresh_view()
        self.query_one(CombatLog).sync()
        live = tuple(bool(self.check_action(a, ())) for a in _TOGGLED)
        if live != self._live_actions:  # the key bar redraws: only when keys change
            self._live_actions = live
            self.refresh_bindings()
        if not self.read_only:
            # After the frame showing the answer: the save thread would otherwise
            # compete with it for the interpreter (it still starts within a frame).
            self.skirm.save_due = True
            self.call_after_refresh(self.skirm.autosave)

    def _follow_prompt(self) -> None:
        """A new prompt about a unit puts the roster cursor and the sheet on it (the
        actor, else the target); moving the cursor afterwards is left alone."""
        prompt = self.session.prompt
        if prompt is self._followed:
            return
        self._followed = prompt
        unit = (prompt.actor or prompt.target) if prompt else None
        if unit is not None and unit in self.session.battle.units:
            self.query_one(Roster).select(unit)
            self._show_unit(unit, repaint=False)  # `changed` repaints the sheet next
        elif prompt is not None and prompt.side is not None:
            self.query_one(Roster).show_side(prompt.side)  # the side asked, in view

    def _show_unit(self, unit_id: str, repaint: bool = True) -> None:
        self.selected = unit_id
        self.query_one(UnitSheet).show(unit_id, repaint)

    def update_savebar(self, status: str = "") -> None:
        path = self.skirm.save_path
        mode = "review: " if self.read_only else ""
        # "STATUS  FILE": the key bar drops the file name first when the line is short.
        self.query_one(KeyBar).set_status(safe(f"{status}  {mode}{path.name}".strip()))

    def warn(self, message: str, severity: str = "warning") -> None:
        """One toast at a time: a new one replaces the last instead of piling up
        (shown after the frame, so presses within one frame make one toast)."""
        if self._toast is None:
            self.call_after_refresh(self._show_toast)
        self._toast = (message, severity)

    def _show_toast(self) -> None:
        if self._toast is not None:
            message, severity = self._toast
            self._toast = None
            self.app.clear_notifications()
            self.notify(safe(message), severity=severity, markup=False)  # type: ignore[arg-type]

    def _apply(self, action: str, value: object = None) -> None:
        """Answer, roll, undo or redo. After an answer or a roll the app rolls what it
        rolls for (`Session.auto_roll`); never after undo or redo, which would roll
        again what was just taken back."""
        panel = self.query_one(PromptPanel)
        session = self.session
        said = ""
        try:
            if action == "answer":
                session.answer(value)
                session.auto_roll()
            elif action == "roll":
                session.roll_chain()  # the rolls that follow with no decision between
                session.auto_roll()
            elif action == "undo":
                said = "Undone: " + entry_said(session, len(session.items) - 1)
                session.undo()
            elif action == "redo":
                session.redo()
                said = "Redone: " + entry_said(session, len(session.items) - 1)
        except AnswerError as error:
            panel.show_error(str(error))
            self.changed()  # an auto roll may have been made before the error
            return
        if said:
            self.warn(said, "information")
        self.changed()

    def apply_gm(self, item: Item | None) -> None:
        if item is None:
            return
        try:
            self.session.gm(item.key, **item.value)
            self.session.auto_roll()  # e.g. the app now rolls for the side asked
        except AnswerError as error:
            self.warn(str(error), "error")
        self.changed()

    # -- messages from the panes -----------------------------------------------------------

    @on(PromptPanel.Answered)
    def _answered(self, event: PromptPanel.Answered) -> None:
        self._apply("answer", event.value)

    @on(PromptPanel.RollRequested)
    def _roll_requested(self) -> None:
        self._apply("roll")

    @on(Roster.UnitSelected)
    def _unit_selected(self, event: Roster.UnitSelected) -> None:
        self._show_unit(event.unit_id)

    # -- actions ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide what is not possible now (key bar, palette)."""
        prompt = self.session.prompt
        playing = not self.read_only
        if self._search_open and action in (
            "roll",
            "answer_yes",
            "answer_no",
            "help",
            "digit",
            "submit",
            "erase",
            "type",
            "sheet",
            "damage",
            "heal",
        ):
            return False
        if action in ("search_next", "search_prev", "search_clear"):
            return self.search.active
        if action == "answer_no" and self.search.active:
            return False  # n moves to the next hit until Esc ends the search
        if action == "condition":
            return playing
        if action == "undo":
            return playing and self.session.can_undo
        if action == "redo":
            return playing and self.session.can_redo
        if action == "roll":
            return playing and isinstance(prompt, Roll)
        if action in ("answer_yes", "answer_no"):
            return playing and isinstance(prompt, Ask) and prompt.yes_no
        if action == "sheet":
            return self.has_class("-narrow")
        if action in ("damage", "heal"):
            return playing and self._damage_field() is not None and self.selected is not None
        if action == "status":
            return playing and self.selected is not None
        if action in ("override", "note"):
            return playing
        return True

    def _damage_field(self) -> str | None:
        field = getattr(self.session.system, "damage_field", None)
        return field if isinstance(field, str) else None

    def action_undo(self) -> None:
        self._apply("undo")

    def action_redo(self) -> None:
        self._apply("redo")

    def action_roll(self) -> None:
        self._apply("roll")

    def action_answer_yes(self) -> None:
        self._apply("answer", True)

    def action_answer_no(self) -> None:
        self._apply("answer", False)

    def action_digit(self, digit: str) -> None:
        """Digits answer the prompt whichever pane has focus (pick an option, type)."""
        self.query_one(PromptPanel).key_digit(digit)

    def action_submit(self) -> None:
        self.query_one(PromptPanel).action_submit()

    def action_erase(self) -> None:
        self.query_one(PromptPanel).action_erase()

    def action_type(self, char: str) -> None:
        self.query_one(PromptPanel).action_type(char)

    def action_sheet(self) -> None:
        self.toggle_class("-sheet")

    def action_damage(self, delta: int = 1) -> None:
        """Quick GM entry: one more (or, `-`, one less) wound on the selected unit, in
        the system's damage field (`damage_field`, `damage_step`)."""
        field = self._damage_field()
        unit = self.session.battle.units.get(self.selected or "")
        if field is None or unit is None:
            return
        value = unit.stats.get(field)
        if not isinstance(value, int) or isinstance(value, bool):
            return
        from skirmtui.engine.core.items import Item

        # A wound is the system's own step (regole-base: one less current R).
        step = getattr(self.session.system, "damage_step", 1) * delta
        self.apply_gm(Item(GM_SET, {"unit": unit.id, "field": field, "value": value + step}))

    def action_heal(self) -> None:
        self.action_damage(-1)

    def action_status(self) -> None:
        from skirmtui.tui.screens.quick_status import QuickStatusScreen

        if self.selected in self.session.battle.units:
            self.app.push_screen(QuickStatusScreen(self.session, self.selected), self.apply_gm)

    def action_override(self) -> None:
        from skirmtui.tui.screens.override import OverrideScreen

        self.app.push_screen(OverrideScreen(self.session, self.selected), self.apply_gm)

    def action_note(self) -> None:
        from skirmtui.tui.screens.note import NoteScreen

        self.app.push_screen(NoteScreen(), self.apply_gm)

    def action_review(self) -> None:
        from skirmtui.tui.screens.review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.session))

    # -- search, luck, timed conditions (tui/search.py, screens/luck.py, condition.py) ----

    def action_search(self) -> None:
        if self._search_open:
            return
        from skirmtui.tui.search_input import SearchInput

        self._search_open = True
        field = SearchInput(self._search_done)
        self.mount(field, before=self.query_one(KeyBar))
        field.focus()

    def _search_done(self, query: str | None) -> None:
        self._search_open = False
        self.query("#search").remove()
        log = self.query_one(CombatLog)
        log.focus()
        if query is not None:
            battle = self.session.battle
            rows = [
                haystack(log.entry(row), battle, log.line_text(row))
                for row in range(log.line_count)
            ]
            log.mark(self.search.run(query, rows))
        self.update_savebar(self.search.status())
        self.refresh_bindings()

    def action_search_next(self) -> None:
        self.query_one(CombatLog).mark(self.search.step(1))
        self.update_savebar(self.search.status())

    def action_search_prev(self) -> None:
        self.query_one(CombatLog).mark(self.search.step(-1))
        self.update_savebar(self.search.status())

    def action_search_clear(self) -> None:
        self.search.clear()
        self.query_one(CombatLog).mark(None)
        self.update_savebar()
        self.refresh_bindings()

    def action_luck(self) -> None:
        from skirmtui.tui.screens.luck import LuckScreen

        self.app.push_screen(LuckScreen(self.session.battle))

    def action_condition(self) -> None:
        from skirmtui.tui.screens.condition import ConditionScreen

        self.app.push_screen(ConditionScreen(self.session.battle, self.selected), self.apply_gm)

    def action_help(self) -> None:
        from skirmtui.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_export(self) -> None:
        """Write the structured log (JSON, export format 1) beside the save."""
        import json

        from skirmtui.engine.report.export import export_document

        path = self.skirm.save_path.with_suffix(".json")
        try:
            document = export_document(self.session)
            path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", "utf-8")
        except OSError as error:
            self.warn(f"could not export: {error.strerror}", "error")
            return
        self.warn(f"exported the log to {path}", "information")
