"""The battle screen: breadcrumb, roster, queue, unit sheet, combat log, prompt panel."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static

from skirmtui.engine.prompts import AnswerError, Ask, Choose, Confirm, Roll
from skirmtui.engine.text import safe
from skirmtui.tui.search import SEARCH_BINDINGS, LogSearch, SearchInput, haystack
from skirmtui.tui.usertext import plain
from skirmtui.tui.widgets.breadcrumb import Breadcrumb
from skirmtui.tui.widgets.combat_log import CombatLog
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from skirmtui.tui.widgets.queue import QueueView
from skirmtui.tui.widgets.roster import Roster
from skirmtui.tui.widgets.steady_footer import SteadyFooter
from skirmtui.tui.widgets.unit_sheet import UnitSheet

if TYPE_CHECKING:
    from skirmtui.engine.items import Item
    from skirmtui.engine.session import Session
    from skirmtui.tui.app import SkirmApp


#: Actions whose availability depends on the prompt and the undo/redo stacks.
_TOGGLED = ("undo", "redo", "roll", "answer_yes", "answer_no", "confirm", "pick")


class BattleScreen(Screen[None]):
    """Plays (or, read-only, shows) the app's session."""

    CSS_PATH = "battle.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo", id="undo", priority=True),
        Binding("ctrl+y", "redo", "Redo", id="redo", priority=True),
        # The prompt pane shows these on its buttons; the Footer keeps to what is
        # always there, so it need not be rebuilt on every answer.
        Binding("r", "roll", "Roll", id="roll", priority=True, show=False),
        Binding("y", "answer_yes", "Yes", id="yes", priority=True, show=False),
        Binding("n", "answer_no", "No", id="no", priority=True, show=False),
        Binding("enter", "confirm", "Done", id="confirm", show=False),
        Binding("o", "override", "GM override", id="override"),
        Binding("e", "note", "Note", id="note"),
        Binding("v", "review", "Review", id="review"),
        Binding("question_mark", "help", "Help", id="help"),
        Binding("tab", "focus_next", "Next pane", show=False),
        *[Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)],
        *SEARCH_BINDINGS,
        Binding("l", "luck", "Dice luck", id="luck", show=False),
        Binding("t", "condition", "Timed condition", id="condition", show=False),
    ]

    revision: var[int] = var(0, init=False)
    selected: var[str | None] = var[str | None](None, init=False)

    def __init__(self, session: Session, read_only: bool = False) -> None:
        super().__init__()
        self.session = session
        self.read_only = read_only
        self._live_actions: tuple[bool, ...] = ()
        self.search = LogSearch()
        #: The search line is open: letters go to it, not to the answer keys.
        self._search_open = False

    @property
    def skirm(self) -> SkirmApp:
        from skirmtui.tui.app import SkirmApp

        assert isinstance(self.app, SkirmApp)
        return self.app

    def compose(self) -> ComposeResult:
        session = self.session
        yield Breadcrumb(session, id="breadcrumb").data_bind(BattleScreen.revision)
        with Horizontal(id="panes"):
            with Vertical(id="left"):
                yield Roster(session, id="roster").data_bind(BattleScreen.revision)
                yield QueueView(session, id="queue").data_bind(BattleScreen.revision)
            with Vertical(id="middle"):
                yield PromptPanel(session, id="prompt", read_only=self.read_only).data_bind(
                    BattleScreen.revision
                )
                yield CombatLog(session, id="log")
            yield UnitSheet(session, id="sheet").data_bind(
                BattleScreen.revision, unit_id=BattleScreen.selected
            )
        yield Static(id="savebar")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one("#roster").border_title = "Roster"
        self.query_one("#queue").border_title = "Queue"
        self.query_one("#prompt").border_title = "Now"
        self.query_one("#log").border_title = "Combat log"
        self.query_one("#sheet").border_title = "Unit"
        self.update_savebar()
        self.query_one(CombatLog).sync()

    # -- state changes --------------------------------------------------------------------

    def changed(self) -> None:
        """The session changed: re-render, autosave, re-check which keys are live."""
        self.revision += 1
        self.query_one(CombatLog).sync()
        live = tuple(bool(self.check_action(a, ())) for a in _TOGGLED)
        if live != self._live_actions:  # the Footer recomposes: only when keys change
            self._live_actions = live
            self.refresh_bindings()
        if not self.read_only:
            # After the frame showing the answer: the save thread would otherwise
            # compete with it for the interpreter (it still starts within a frame).
            self.skirm.save_due = True
            self.call_after_refresh(self.skirm.autosave)

    def update_savebar(self, status: str = "") -> None:
        path = self.skirm.save_path
        mode = "read-only review of" if self.read_only else "autosaving to"
        self.query_one("#savebar", Static).update(plain(f"{mode} {path}  {status}"), layout=False)

    def _apply(self, action: str, value: object = None) -> None:
        panel = self.query_one(PromptPanel)
        try:
            if action == "answer":
                self.session.answer(value)
            elif action == "roll":
                self.session.roll()
            elif action == "undo":
                self.session.undo()
            elif action == "redo":
                self.session.redo()
        except AnswerError as error:
            panel.show_error(str(error))
            self.notify(safe(str(error)), severity="warning", markup=False)
            return
        self.changed()

    def apply_gm(self, item: Item | None) -> None:
        if item is None:
            return
        try:
            self.session.gm(item.key, **item.value)
        except AnswerError as error:
            self.notify(safe(str(error)), severity="error", markup=False)
            return
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
        self.selected = event.unit_id

    # -- actions ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide what is not possible now (Footer, palette)."""
        prompt = self.session.prompt
        playing = not self.read_only
        if self._search_open and action in ("roll", "answer_yes", "answer_no", "confirm", "pick"):
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
        if action == "confirm":
            return playing and isinstance(prompt, Confirm)
        if action == "pick":
            return playing and isinstance(prompt, Choose)
        if action in ("override", "note"):
            return playing
        return True

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

    def action_confirm(self) -> None:
        self._apply("answer", True)

    def action_pick(self, number: int) -> None:
        self.query_one(PromptPanel).pick_number(number)

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
        self._search_open = True
        field = SearchInput(self._search_done)
        self.mount(field, before=self.query_one("#savebar"))
        field.focus()

    def _search_done(self, query: str | None) -> None:
        self._search_open = False
        self.query(SearchInput).remove()
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
