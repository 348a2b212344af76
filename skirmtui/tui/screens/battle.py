"""The battle screen: breadcrumb, roster, queue, Now (prompt), combat log, unit sheet.

One grid of panes that draw themselves (no nested containers, no inner widgets), so a
keypress repaints the panes whose content changed and nothing re-lays-out the screen.
Below 110 columns the unit sheet gives way (`s` shows it in the log's place); below
80×24 the screen says how large it needs to be.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.screen import Screen

from skirmtui.engine.core.items import GM_SET
from skirmtui.engine.core.prompts import AnswerError, Prompt
from skirmtui.engine.core.text import safe
from skirmtui.tui import session_acts as acts
from skirmtui.tui.app_player import AppPlayer
from skirmtui.tui.keys import BATTLE_BINDINGS
from skirmtui.tui.screens.battle_live import LIVE, SEARCH_LINE_TAKES, TOGGLED
from skirmtui.tui.search import LogSearch, haystack
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

#: The smallest terminal the battle screen is laid out for.
MIN_WIDTH, MIN_HEIGHT = 80, 24
#: From this width the unit sheet has a column of its own.
SHEET_WIDTH = 110


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

    BINDINGS: ClassVar[list[BindingType]] = list(BATTLE_BINDINGS)  # tui/keys.py

    class SessionChanged(Message):
        """The session took an answer, a GM entry, an undo or a redo (the app saves)."""

    class ExportRequested(Message):
        """The GM asked for the structured log beside the save (the app writes it)."""

    def __init__(self, session: Session, save_path: Path, read_only: bool = False) -> None:
        super().__init__()
        self.session = session
        #: Where the app saves this battle (shown on the key bar; the app updates it).
        self.save_path = save_path
        self.read_only = read_only
        self._live_actions: tuple[bool, ...] = ()
        self._followed: Prompt | None = None
        self.selected: str | None = None
        self._toast: tuple[str, str] | None = None
        self.search = LogSearch()
        #: The search line is open: letters go to it, not to the answer keys.
        self._search_open = False
        #: Answers the questions of the sides the app plays (tui/app_player.py).
        self.player = AppPlayer(self)

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
        self.player.check()
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
        live = tuple(bool(self.check_action(a, ())) for a in TOGGLED)
        if live != self._live_actions:  # the key bar redraws: only when keys change
            self._live_actions = live
            self.refresh_bindings()
        if not self.read_only:
            self.post_message(self.SessionChanged())  # the app autosaves after the frame
            self.call_after_refresh(self.player.check)  # the app's turn, if it is

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
        path = self.save_path
        mode = "review: " if self.read_only else ""
        # "STATUS  FILE": the key bar drops the file name first when the line is short;
        # with no status yet (a battle just opened) "  FILE", so that the name alone
        # gives way too (stripped, it was the whole status and pushed keys off at 80).
        self.query_one(KeyBar).set_status(safe(f"{status}  {mode}{path.name}".rstrip()))

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

    def _apply(self, act: Callable[[Session], str | None]) -> None:
        """Send one answer, roll, undo or redo to the session (`act`); a refusal is
        shown; what `act` says it did (undo, redo) is toasted."""
        try:
            said = act(self.session)
        except AnswerError as error:
            self.query_one(PromptPanel).show_error(str(error))
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
        self._apply(lambda session: acts.answer(session, event.value))

    @on(PromptPanel.RollRequested)
    def _roll_requested(self) -> None:
        self.action_roll()

    @on(Roster.UnitSelected)
    def _unit_selected(self, event: Roster.UnitSelected) -> None:
        self._show_unit(event.unit_id)

    # -- actions ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide what is not possible now (key bar, palette): see `battle_live.LIVE`."""
        if self._search_open and action in SEARCH_LINE_TAKES:
            return False
        live = LIVE.get(action)
        return True if live is None else live(self)

    @property
    def playing(self) -> bool:
        return not self.read_only

    def action_undo(self) -> None:
        self._apply(acts.undo)
        self.player.undone()

    def action_redo(self) -> None:
        self._apply(acts.redo)

    def action_roll(self) -> None:
        """The app rolls, unless faces are typed: dice already on the table, never
        rolled over and lost without a word (kept; Enter enters them)."""
        panel = self.query_one(PromptPanel)
        if panel.entry.strip():
            said = f"faces typed ({panel.entry.strip()}): Enter enters them; Backspace clears"
            panel.show_error(said + " them, then r rolls", keep=True)
            return
        self._apply(acts.roll)

    def action_answer_yes(self) -> None:
        self._apply(lambda session: acts.answer(session, True))

    def action_answer_no(self) -> None:
        self._apply(lambda session: acts.answer(session, False))

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
        field = self.session.system.damage_field
        unit = self.session.battle.units.get(self.selected or "")
        if field is None or unit is None:
            return
        value = unit.stats.get(field)
        if not isinstance(value, int) or isinstance(value, bool):
            return
        from skirmtui.engine.core.items import Item

        # A wound is the system's own step (regole-base: one less current R).
        step = self.session.system.damage_step * delta
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

    def action_app_rolls(self) -> None:
        """Who the app rolls for from here on (a GM entry: undone and saved like any)."""
        from skirmtui.engine.core.items import GM_APP_ROLLS
        from skirmtui.tui.screens.override import OverrideScreen

        self.app.push_screen(
            OverrideScreen(self.session, self.selected, GM_APP_ROLLS), self.apply_gm
        )

    def action_note(self) -> None:
        from skirmtui.tui.screens.note import NoteScreen

        self.app.push_screen(NoteScreen(), self.apply_gm)

    def action_players(self) -> None:
        self.player.choose_sides()

    def action_why(self) -> None:
        self.player.why()

    def action_app_answer(self) -> None:
        self.player.resume()

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

        self.app.push_screen(LuckScreen(self.session.battle, self.session))

    def action_condition(self) -> None:
        from skirmtui.tui.screens.condition import ConditionScreen

        self.app.push_screen(ConditionScreen(self.session.battle, self.selected), self.apply_gm)

    def action_help(self) -> None:
        from skirmtui.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.session.system, self.session.prompt))

    def action_export(self) -> None:
        """Ask the app for the structured log (JSON, export format 1) beside the save."""
        self.post_message(self.ExportRequested())
