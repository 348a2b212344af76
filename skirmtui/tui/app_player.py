"""The app's turn on the battle screen: it answers the questions of the sides it plays.

The engine decides (engine/play/policy.py): `prepare` takes what it needs from the
session in a moment on the UI thread, `think` runs in a worker thread, and the answer is
given back on the UI thread only if the battle still waits on that same question (an
undo, a GM entry or the GM's own answer in the meantime wins). After an undo the app
holds back on the question undone to, so the GM may answer it (`resume` lets it play).
"Barbari (cautious) is thinking…" shows only when a decision takes over 100 ms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmtui.engine.core.items import BY_AI
from skirmtui.engine.core.prompts import AnswerError, Roll
from skirmtui.engine.play.sides import app_persona, side_of, table_cue

if TYPE_CHECKING:
    from skirmtui.engine.core.session import Session
    from skirmtui.engine.play.policy import Decision, Question

#: A decision taking longer than this shows the thinking line.
THINKING_AFTER = 0.1


class AppPlayer:
    """Plays the app's sides for one battle screen (state of the play, not of a widget)."""

    def __init__(self, screen: Any) -> None:
        """`screen`: the battle screen (its session, `warn`, `changed`, `apply_gm`;
        typed loosely, as the screen imports this module)."""
        self.screen = screen
        self.question: Question | None = None
        #: The decisions taken while this screen is up, by the index of their answer.
        self.decisions: dict[int, Decision] = {}
        #: The app does not answer at this many answers (the GM undid to here).
        self.hold: int | None = None
        #: `_last` as last found: answers looked at, the last of them, its result.
        self._newest_ai: tuple[int, object, int | None] = (0, None, None)

    @property
    def session(self) -> Session:
        session: Session = self.screen.session
        return session

    def held(self) -> bool:
        return self.hold is not None and self.hold == len(self.session.items)

    def undone(self) -> None:
        """The GM undid: leave the question undone to for the GM to answer."""
        self.hold = len(self.session.items)

    def resume(self) -> None:
        """Let the app answer the pending question after all."""
        self.hold = None
        self.check()

    def check(self) -> None:
        """If the pending question is the app's, start thinking about it."""
        if self.question is None and not self.screen.read_only:
            self._line(self.whose())
        if self.screen.read_only or self.question is not None or self.held():
            return
        if not prepare_needed(self.session):
            return  # no side the app plays is asked: the look-ahead is not even imported
        # The look-ahead and personas load at the app's first question, not at start-up.
        from skirmtui.engine.play.personas import PersonaError
        from skirmtui.engine.play.policy import prepare

        try:
            question = prepare(self.session)
        except PersonaError as error:  # a save naming a persona this app does not have
            self.hold = len(self.session.items)
            self.screen.warn(f"{error}: answer it, or choose who plays the side", "error")
            return
        if question is None:
            return
        self.question = question
        self.screen.set_timer(THINKING_AFTER, lambda: self._slow(question), name="ai-slow")
        self.screen.run_worker(
            lambda: self._think(question), thread=True, group="ai", exit_on_error=False
        )

    def _think(self, question: Question) -> None:
        from skirmtui.engine.play.policy import think

        try:
            decision = think(question)
        except Exception as error:  # a bug in the look-ahead: the question goes to the GM
            self.screen.app.call_from_thread(self._failed, question, error)
            return
        self.screen.app.call_from_thread(self._done, question, decision)

    def _failed(self, question: Question, error: Exception) -> None:
        """Never a question left unanswered: the GM answers it, and is told why."""
        self.question = None
        self._line("")
        self.hold = question.length
        self.screen.warn(f"the app could not decide ({type(error).__name__}): answer it", "error")

    def _slow(self, question: Question) -> None:
        if self.question is question:
            name = self.session.battle.side_name(question.side)
            self._line(f"{name} ({question.persona.name}) is thinking…")

    def _done(self, question: Question, decision: Decision) -> None:
        self.question = None
        self._line("")
        session = self.session
        if session.prompt is not question.prompt or len(session.items) != question.length:
            self.check()  # the battle moved on meanwhile: think again about what is asked now
            return
        try:
            session.decide(decision.value, decision.persona, decision.reason)
            index = len(session.items) - 1
            session.auto_roll()  # the rolls the app makes for the table follow at once
        except AnswerError as error:  # never silent: say it, leave the question to the GM
            self.hold = len(session.items)
            self.screen.warn(f"the app could not answer: {error}", "error")
            return
        self.decisions[index] = decision
        self.screen.changed()

    def choose_sides(self) -> None:
        """Who plays a side from here on: the GM override dialog, at that action."""
        from skirmtui.engine.core.items import GM_AI
        from skirmtui.tui.screens.override import OverrideScreen

        screen = OverrideScreen(self.session, None, GM_AI)
        self.screen.app.push_screen(screen, self.screen.apply_gm)

    def whose(self) -> str:
        """A line for a question of a side the app plays that the app does not answer:
        one an undo left to the GM, or the table's (a fact, a placement). Without it a
        solo player waited on the app ("Guardie: at Convent gate, are the enemies
        farther…?" looked like the app's to answer). One line at 80 columns each, but
        the app's cue (`table_cue`): the question's help needs the rows."""
        session = self.session
        battle, prompt = session.battle, session.prompt
        if prompt is None or not battle.ai or isinstance(prompt, Roll):
            return ""
        side = side_of(battle, prompt)
        if side is None or side not in battle.ai:
            return ""
        if app_persona(session.system, battle, prompt) is not None:
            if self.held():
                return "Yours after the undo (^P: Let the app answer)"
            return ""
        if given_since_asked(session, side):
            # A system asks a side the table plays its choice and a fact in one question
            # (regole-base's "which model acts? (and how)", with the charge's reach):
            # asked before the GM gave the side to the app, it stays the table's.
            return "Asked before the app took the side: yours"
        # What the app wants done with its miniature, where its system says (the
        # table moved the app's units with no cue of what it meant them to do).
        return table_cue(session.system, battle, prompt) or "The table answers this, not the app"

    def _line(self, text: str) -> None:
        from skirmtui.tui.widgets.prompt_panel import PromptPanel

        self.screen.query_one(PromptPanel).show_notice(text)

    def allows(self, action: str) -> bool:
        """`why`: there is an AI answer to explain; `app_answer`: the app holds back."""
        if action == "why":
            return self._last() is not None
        return self.held() and prepare_needed(self.session)

    def _last(self) -> int | None:
        """The index of the newest AI answer. The key bar asks at most answers: only the
        answers added since the last time are looked at (a battle of 10,000 answers and
        no AI side was walked whole each time, ~2 ms); an undo truncates the list, a
        redo appends, so a kept prefix is found by its last item."""
        items = self.session.items
        end = len(items)
        seen, last, found = self._newest_ai
        if seen > end or (seen and items[seen - 1] is not last):
            seen, found = 0, None
        for i in range(end - 1, seen - 1, -1):
            if items[i].by == BY_AI:
                found = i
                break
        self._newest_ai = (end, items[end - 1] if end else None, found)
        return found

    def why(self) -> None:
        """Show the newest AI decision's why (worked out again off the UI thread when it
        was taken before this screen came up: a loaded battle)."""
        index = self._last()
        if index is None:
            return
        known = self.decisions.get(index)
        when = self._when(index)
        if known is not None:
            self._show(known, when)
            return
        session = self.session

        from skirmtui.engine.play.why import decision_at

        def work() -> None:
            found = decision_at(session, index)
            self.screen.app.call_from_thread(self._show, found, when)

        self.screen.run_worker(work, thread=True, group="why", exit_on_error=False)

    def _when(self, index: int) -> str:
        """ "Turn 1 · Activation": when the answer at `index` was given (the last AI
        answer may be turns back: after the GM undid a newer one and answered it)."""
        session = self.session
        battle, word = session.battle, session.system.round_word
        found = None
        for entry in reversed(battle.log):  # (newest first: the answer is most often late)
            if entry.answer is not None and entry.answer < index:
                break
            if entry.answer == index:
                found = entry
        if found is None:
            return ""
        turn = f"{word} {found.round} · " if found.round else ""
        return turn + battle.phase_label(found.phase)

    def _show(self, decision: Decision | None, when: str = "") -> None:
        from skirmtui.engine.play.why import why_lines
        from skirmtui.tui.screens.why import WhyScreen

        if decision is None:
            self.screen.warn("this answer was given by another version of the app's players")
            return
        name = self.session.battle.side_name(decision.side)
        self.screen.app.push_screen(WhyScreen(why_lines(decision, name), when))


def given_since_asked(session: Session, side: str) -> bool:
    """Whether the GM gave `side` to the app while the pending question waited (a
    `gm.ai` entry naming it after the question's step began, no answer after it)."""
    from skirmtui.engine.core.items import GM_AI

    for item in reversed(session.items[session.runner.boundary_at :]):
        if item.key == GM_AI and isinstance(item.value, dict):
            if item.value.get("side") == side:
                return True
        elif not item.key.startswith("gm."):
            return False  # answered since: the question now is another
    return False


def prepare_needed(session: Session) -> bool:
    """Whether the pending question is one the app would answer."""
    return app_persona(session.system, session.battle, session.prompt) is not None
