"""The skirmtui application: owns the one session, its save path and autosave."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import is_safe, safe
from skirmtui.tui.idle_gc import PERIOD as IDLE_PERIOD
from skirmtui.tui.idle_gc import IdleCollector

if TYPE_CHECKING:
    from textual.widgets import Input, TextArea

    from skirmtui.engine.core.system import Setup
    from skirmtui.engine.store.files import Signature
    from skirmtui.engine.store.lock import SaveLock
    from skirmtui.engine.store.saves import SaveSnapshot
    from skirmtui.tui.autosave import Autosaver


#: Seconds after the first frame before the autosave writer and the odds warm-up
#: start (the frames right after the first are drawn without them).
AFTER_START = 0.15


class SkirmApp(App[int]):
    """Opens a session to play or review, or a setup screen to start one."""

    TITLE = "skirmtui"
    CSS_PATH = ["app.tcss", "screens/battle.tcss"]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    ]

    def __init__(
        self,
        session: Session | None = None,
        path: Path | None = None,
        created: str | None = None,
        review: bool = False,
        system_id: str | None = None,
        preset: Setup | None = None,
        seed: int | None = None,
        autosave: bool = True,
        lock: SaveLock | None = None,
        notice: str | None = None,
        on_disk: bool = False,
        read: Signature | None = None,
    ) -> None:
        super().__init__()
        #: The save's lock (held while this app may write it; released on exit).
        self.lock = lock
        #: Shown once the first screen is up (why the battle opened read-only…).
        self.notice = notice
        self._asking = False  # the unsaved-answers dialog is up
        self._told: str | None = None  # the save problem last notified
        #: `session` was just loaded from (or written to) `path`: append to it.
        self.on_disk = on_disk
        #: The signature of the bytes `session` was loaded from (`on_disk`): an edit
        #: made since, even before autosave starts, is an outside change.
        self.read_as = read
        #: The battle as the file holds it (answers, log, result), taken now: an answer
        #: given before the autosave starts is not on disk and must be written.
        self._as_loaded = (
            (tuple(session.items), tuple(session.battle.log), session.battle.result)
            if on_disk and session is not None
            else None
        )
        self.session = session
        self.save_path = Path(path) if path else Path("saves/battle.toml")
        if created is None:
            from skirmtui.engine.store.stamp import now_stamp

            created = now_stamp()
        self.created = created
        self.review_only = review
        self.system_id = system_id or (session.system.id if session else None)
        self.preset = preset
        self.seed = seed
        self._saver: Autosaver | None = None
        self._autosave_enabled = autosave
        #: The session changed since the last autosave was submitted.
        self.save_due = False
        #: `_mark()` when the last autosave was submitted.
        self._submitted = self._mark()
        self._switch_interval = sys.getswitchinterval()
        self._collector = IdleCollector()
        #: Sides the app plays in a battle the setup form starts (`new --ai`).
        self.ai: dict[str, str] = {}

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.InputEvent):
            self._collector.input_seen()  # no collection starts while the user types
        await super().on_event(event)

    def on_load(self) -> None:
        self._collector.hold()  # until the first frame is up (`on_ready` starts it)

    def get_default_screen(self) -> Screen[object]:
        """A battle to play is the first screen itself: no blank screen is drawn, and
        nothing else is built, before the battle's first frame."""
        if self.session is not None and not self.review_only:
            from skirmtui.tui.screens.battle import BattleScreen

            return BattleScreen(self.session, self.save_path)  # type: ignore[return-value]
        return super().get_default_screen()

    def on_mount(self) -> None:
        if self.notice:
            self.notify(safe(self.notice), severity="warning", timeout=30, markup=False)
        if self.session is not None and not self.review_only:
            return  # the default screen (get_default_screen); autosave starts on ready
        if self.session is None:
            from skirmtui.tui.screens.setup import SetupScreen

            assert self.system_id is not None
            setup_screen = SetupScreen(self.system_id, self.preset, self.seed, self.ai)
            self.push_screen(setup_screen, self.start)
        else:
            self._open(self.session)

    def on_ready(self) -> None:
        # What exists now (the battle loaded, the screen built) lives as long as the
        # app: frozen, out of the collector's walks; collections run between keypresses.
        self._collector.start()
        self.set_interval(IDLE_PERIOD, self._collector.tick, name="idle-gc")
        # The autosave thread runs Python too: let the UI thread take the interpreter
        # back within 1 ms (the default 5 ms lets a stall pile up to a frame or more).
        self._switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(0.001)
        # What the first frames do not need waits until they are drawn: a thread
        # importing icepool or writing the first save would take the interpreter
        # from the UI thread while it draws them.
        self.set_timer(AFTER_START, self._after_start, name="after-start")

    def _after_start(self) -> None:
        # icepool is imported lazily, off the UI thread (so it neither delays
        # start-up nor the first roll's odds).
        from skirmtui.engine.core.odds import warm_up

        self.run_worker(warm_up, thread=True, name="odds-warm-up", group="odds")
        self._start_saver()
        if self.save_due:  # a new battle (the demo): its first save after the first frame
            self.autosave()

    def _start_saver(self) -> None:
        """The autosave writer (and the save code it imports), once: after the first
        frames, or at the first answer or quit if that comes sooner."""
        playing = self.session is not None and not self.review_only
        if playing and self._saver is None and self._autosave_enabled:
            from skirmtui.tui.autosave import Autosaver

            assert self.session is not None
            self._saver = Autosaver(self.save_path, self._saved, self._loaded(), self.read_as)

    def _loaded(self) -> SaveSnapshot | None:
        """What the file held when the app got the battle (None: not on disk yet)."""
        if self._as_loaded is None or self.session is None:
            return None
        from skirmtui.engine.store.saves import SaveSnapshot

        return SaveSnapshot(self.session.setup, self.created, *self._as_loaded)

    def on_unmount(self) -> None:
        # The app is gone: its objects may be collected again, threads share as before.
        self._collector.stop()
        sys.setswitchinterval(self._switch_interval)
        if self._saver is not None:
            self._saver.close()
        if self.lock is not None:
            self.lock.release()

    def start(self, setup: Setup | None) -> None:
        """The setup screen finished: start the battle (or quit if it was cancelled)."""
        if setup is None:
            self.exit(0)
            return
        from skirmtui.systems.registry import get_system

        session = Session(get_system(setup.system), setup)
        ai = {side: p for side, p in self.ai.items() if side in {s.id for s in setup.sides}}
        if ai:
            from skirmtui.engine.play.auto import let_app_play

            let_app_play(session, ai)
        self.session = session
        self._open(session)
        self.autosave()

    def _open(self, session: Session) -> None:
        screen: Screen[None]
        if self.review_only:
            from skirmtui.tui.screens.review import ReviewScreen

            screen = ReviewScreen(session)
        else:
            from skirmtui.tui.screens.battle import BattleScreen

            screen = BattleScreen(session, self.save_path)
            self._start_saver()  # `session` is the app's: `start` and `on_mount` set it
        self.push_screen(screen)

    # -- autosave -------------------------------------------------------------------------

    def _mark(self) -> tuple[int, int, int]:
        """What tells one state of the session's log from another (quit compares it)."""
        session = self.session
        if session is None:
            return (0, 0, 0)
        last = id(session.items[-1]) if session.items else 0
        return (len(session.items), len(session.redo_stack), last)

    def on_battle_screen_session_changed(self) -> None:
        """After the frame showing the answer: the save thread would otherwise compete
        with it for the interpreter (it still starts within a frame)."""
        self.save_due = True
        self.call_after_refresh(self.autosave)

    def on_battle_screen_export_requested(self) -> None:
        """Write the structured log (JSON, export format 1) beside the save."""
        import json

        from skirmtui.engine.report.export import export_document

        if self.session is None:
            return
        path = self.save_path.with_suffix(".json")
        try:
            document = export_document(self.session)
            path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", "utf-8")
        except OSError as error:
            self.notify(safe(f"could not export: {error.strerror}"), severity="error", markup=False)
            return
        self.notify(safe(f"exported the log to {path}"), markup=False)

    def autosave(self) -> None:
        if self._saver is None and self.is_running:
            self._start_saver()  # an answer within the first frames
        if self._saver is not None and self.session is not None:
            from skirmtui.engine.store.saves import snapshot

            self.save_due = False
            self._submitted = self._mark()
            self._saver.submit(snapshot(self.session, self.created))

    def _saved(self, error: str | None) -> None:
        """Called from the autosave thread."""
        with contextlib.suppress(RuntimeError):  # the app is closing: nobody to tell
            self.call_from_thread(self._show_saved, error)

    def _show_saved(self, error: str | None) -> None:
        from skirmtui.tui.screens.battle import BattleScreen

        saver = self._saver
        untidy = saver.untidy if saver is not None and not error else None
        told = error or untidy
        if told and told != self._told:  # the same failure again is not news
            self.notify(
                safe(told), severity="error" if error else "warning", timeout=10, markup=False
            )
        self._told = told
        for screen in self.screen_stack:
            if isinstance(screen, BattleScreen):
                stopped = saver is not None and saver.stopped is not None
                screen.save_path = self.save_path
                screen.update_savebar(
                    "✗ autosave stopped"
                    if stopped
                    else "✗ not saved"
                    if error
                    else "✓ saved (answers appended)"
                    if untidy
                    else "✓ saved"
                )
        if saver is not None and saver.stopped and not self._asking:
            self.ask_unsaved(saver.stopped, quitting=False)

    async def action_quit(self) -> None:
        if self._mark() != self._submitted:  # the screen's last SessionChanged may be queued
            self.save_due = True
        if self.save_due:
            self._start_saver()  # quitting within the first frames: the writer now
        saver = self._saver
        if saver is not None:
            # The last answer's autosave waits for a frame: it may not be submitted yet.
            # Nothing changed: the file (and its .bak, the previous good save) stay.
            if self.save_due:
                self.autosave()
            if not saver.flush() and not self._asking:
                problem = saver.stopped or saver.failed or "the last answers are not on disk yet"
                self.ask_unsaved(problem, quitting=True)
                return
        self.exit(0)

    def ask_unsaved(self, problem: str, quitting: bool) -> None:
        """Answers are not on disk: the user chooses (overwrite or retry, save
        elsewhere, quit without saving, or carry on)."""
        from skirmtui.tui.screens.unsaved import UnsavedScreen

        self._asking = True
        self.push_screen(
            UnsavedScreen(self.save_path, problem, quitting),
            lambda choice: self._unsaved_chosen(choice, quitting),
        )

    def _unsaved_chosen(self, choice: tuple[str, Path | None] | None, quitting: bool) -> None:
        from skirmtui.engine.store.lock import LockHeld, SaveLock
        from skirmtui.tui.screens.unsaved import ELSEWHERE, OVERWRITE, QUIT

        self._asking = False
        saver = self._saver
        what, where = choice or ("cancel", None)
        if saver is None or what == QUIT:
            if quitting or what == QUIT:
                self.exit(0)
            return
        if what == OVERWRITE:
            saver.overwrite()
            if quitting:
                self.call_later(self.action_quit)
            return
        if what == ELSEWHERE and where is not None:
            problem = None
            lock = SaveLock(where)
            try:
                if where.exists():
                    raise FileExistsError(f"{where} already exists: choose another name")
                lock.acquire()
                saver.save_elsewhere(where)
            except (OSError, LockHeld) as error:
                lock.release()
                problem = f"cannot save to {where}: {error}"
            if problem is not None:
                self.notify(safe(problem), severity="error", timeout=10, markup=False)
                self.ask_unsaved(problem, quitting)
                return
            if self.lock is not None:
                self.lock.release()
            self.lock, self.save_path = lock, where
            self.notify(safe(f"saved to {where}; autosaving there"), markup=False)
            self._show_saved(None)
            if quitting:
                self.exit(0)

    # -- typed and pasted text -------------------------------------------------------------

    # Handlers by name (Textual routes `Input.Changed` to `on_input_changed`): importing
    # Input and TextArea here would cost the battle's first frame ~20 ms.
    def on_input_changed(self, event: Input.Changed) -> None:
        """An input draws its value raw: a pasted control character would reach the
        terminal. Show it instead (`ESC` → `␛`); the value is what is shown."""
        if not is_safe(event.value):
            event.input.value = safe(event.value)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        area = event.text_area
        if not is_safe(area.text, multiline=True):
            area.text = safe(area.text, multiline=True)

    # -- command palette ------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        from skirmtui.tui.screens.battle import BattleScreen

        if isinstance(screen, BattleScreen):
            from skirmtui.tui.keys import PALETTE_WHEN_LIVE, palette_entries

            # Every command is listed (one not possible now says why when chosen), so
            # the palette always reaches Roll, Redo and Export; GM entries only when live.
            for title, help_text, action in palette_entries():
                if action in PALETTE_WHEN_LIVE and not screen.check_action(action, ()):
                    continue
                yield SystemCommand(title, help_text, getattr(screen, f"action_{action}"))
        from skirmtui.tui.screens.review import ReviewScreen

        if isinstance(screen, ReviewScreen):
            yield SystemCommand(
                "Search the log", "Find a unit, a word or a roll key (n / N)", screen.action_search
            )
            yield SystemCommand(
                "Dice luck", "Luck per side and unit at this point", screen.action_luck
            )
            # As on the battle screen: `skirmtui review` had no way to it but the CLI.
            yield SystemCommand(
                "Export the log",
                "Write the structured log (JSON) beside the save",
                self.on_battle_screen_export_requested,
            )
