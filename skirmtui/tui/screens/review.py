"""Read-only review: the timeline of log entries, filters, the summary, and scrubbing.

Scrubbing replays a separate copy of the session to the chosen answer, so the
roster and queue show the battle as it stood then; the live session is untouched.
`c` shows the chart pane in place of the panes (units standing, chance to win, the
turning points: tui/widgets/review_charts.py), the chance computed in a worker thread
the first time (random play-outs, engine/report/turning.py), kept for the screen.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Select, Static
from textual.worker import get_current_worker

from skirmtui.engine.core.battle import LogEntry
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import one_line
from skirmtui.engine.report.chances import Cancelled
from skirmtui.engine.report.turning import Turning, turning
from skirmtui.engine.report.wording import entry_effects
from skirmtui.tui.keys import in_their_places
from skirmtui.tui.search import SEARCH_BINDINGS, LogSearch, haystack
from skirmtui.tui.search_input import SearchInput
from skirmtui.tui.usertext import plain
from skirmtui.tui.widgets.breadcrumb import Breadcrumb
from skirmtui.tui.widgets.queue import QueueView
from skirmtui.tui.widgets.review_charts import ReviewCharts
from skirmtui.tui.widgets.roster import Roster
from skirmtui.tui.widgets.timeline import Row, Timeline
from skirmtui.tui.widgets.units_column import units_column

ALL = "*"
#: Below this many columns the roster's column narrows (the timeline's entry needs room).
NARROW = 110
#: Play-outs a point for the review's chance to win (the luck screen's count).
REVIEW_PLAYOUTS = 50


class ReviewScreen(Screen[None]):
    CSS_PATH = "review.tcss"
    #: The timeline has the keys first (the filters' row stands first on the screen).
    AUTO_FOCUS = "#timeline"
    BINDINGS: ClassVar[list[BindingType]] = [
        # Short names: the footer holds every key at 80 columns.
        Binding(
            "left_square_bracket",
            "step(-1)",
            "Back",
            id="back",
            priority=True,
            tooltip="the battle one answer earlier",
        ),
        Binding(
            "right_square_bracket",
            "step(1)",
            "Next",
            id="forward",
            priority=True,
            tooltip="the battle one answer later",
        ),
        Binding("home", "jump(0)", "Start", id="start", priority=True),
        Binding("end", "jump(-1)", "End", id="end", priority=True),
        Binding("escape", "close", "Close", id="close"),
        # Esc above ends a search first (action_close); the rest as in the battle screen.
        *[b for b in SEARCH_BINDINGS if b.action != "search_clear"],
        Binding("l", "luck", "Dice luck", id="luck", show=False),
        Binding(
            "c",
            "charts",
            "Charts",
            id="charts",
            tooltip="units standing, chance to win and the turning points (c again: back)",
        ),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.live = session
        # A copy to scrub through: same setup and answers, its own position.
        self.cursor = Session(session.system, session.setup, session.items)
        self.entries: list[LogEntry] = list(session.battle.log)
        self.search = LogSearch()
        self._shown: list[LogEntry] = []  # the timeline's rows, after the filters
        #: The chance to win and turning points, once computed (the whole battle's).
        self.turning: Turning | None = None

    def compose(self) -> ComposeResult:
        cursor = self.cursor
        yield Breadcrumb(cursor, id="breadcrumb")
        # The filters on a row of their own, over the whole width (at 80 columns they
        # shared the roster's title row and each was cut to a few letters).
        with Horizontal(id="filters"):
            yield Select(self._choices("round"), prompt="round", id="f-round", compact=True)
            yield Select(self._choices("phase"), prompt="phase", id="f-phase", compact=True)
            yield Select(self._choices("unit"), prompt="unit", id="f-unit", compact=True)
            yield Select(self._choices("kind"), prompt="kind", id="f-kind", compact=True)
        with Horizontal(id="panes"):
            yield units_column(cursor, "Roster at this point")
            with Vertical(id="middle"):
                yield Timeline(self.live.system.round_word, id="timeline")
                yield Static(id="summary")
        yield Static(id="position")
        yield Footer()

    def on_mount(self) -> None:
        summary = self.query_one("#summary", Static)
        summary.update(plain("\n".join(self.live.system.summary(self.live.battle)), multiline=True))
        # The whole battle's, wherever the cursor is (the roster is the position's): at
        # answer 0 an untitled "Winner: …" read as if the battle were already won.
        summary.border_title = "At the last answer"
        self._fill()
        self._moved()
        # It opens at the battle's end: its last entry highlighted, once the timeline is
        # laid out (its rows are made at its first resize).
        self.call_after_refresh(self._follow)

    # -- filters ---------------------------------------------------------------------------

    def _choices(self, what: str) -> list[tuple[Text, str]]:
        return [(plain(label), value) for label, value in self._labels(what)]

    def _labels(self, what: str) -> list[tuple[str, str]]:
        battle = self.live.battle
        if what == "round":
            word = self.live.system.round_word.lower()
            return [
                (f"{word} {r}" if r else f"before {word} 1", str(r))
                for r in sorted({e.round for e in self.entries})
            ]
        if what == "phase":
            seen = dict.fromkeys(e.phase for e in self.entries)
            return [(self.live.battle.phase_label(p), p) for p in seen]
        if what == "unit":
            labels = battle.labels
            return [
                (f"{labels[u.id]} ({battle.side_name(u.side)})", u.id)
                for u in battle.units.values()
            ]
        return [(k, k) for k in sorted({e.kind for e in self.entries})]

    def _filter(self, widget_id: str) -> str | None:
        select = self.query_one(f"#{widget_id}", Select)
        return None if select.is_blank() else str(select.value)

    def visible_entries(self) -> list[LogEntry]:
        round_, phase = self._filter("f-round"), self._filter("f-phase")
        unit, kind = self._filter("f-unit"), self._filter("f-kind")
        return [
            e
            for e in self.entries
            if e.text
            and (round_ is None or str(e.round) == round_)
            and (phase is None or e.phase == phase)
            and (
                unit is None
                or unit in (e.actor, e.target)
                or unit in e.actors  # a multi-select names several units
                or unit in e.targets
                or any(x.unit == unit for x in e.effects)
            )
            and (kind is None or e.kind == kind)
        ]

    @on(Select.Changed)
    def _filters_changed(self) -> None:
        self._fill()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < NARROW, "-narrow")

    def _fill(self) -> None:
        rows = []
        self._shown = self.visible_entries()
        if self.search.active:  # the filters changed: search what they leave
            self._run_search(self.search.query)
        battle, system = self.live.battle, self.live.system
        labels = battle.labels
        for e in self._shown:
            # The detail the live log groups ("8 units: …"): each unit named here.
            text = e.text
            if e.effects:
                said = entry_effects(battle, system, e, labels, detail=True)
                if not text or said != entry_effects(battle, system, e, labels):
                    text = " — ".join(t for t in (text, said) if t)
            rows.append(
                Row(
                    str(e.index),
                    str(e.round),
                    plain(battle.phase_label(e.phase)),
                    plain(e.kind),
                    Text(one_line(text)),
                )
            )
        self.query_one(Timeline).show(rows)

    # -- scrubbing -------------------------------------------------------------------------

    @on(DataTable.RowSelected, "#timeline")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        entry = self.entries[int(str(event.row_key.value))]
        self.seek(entry.answer + 1 if entry.answer is not None else 0)

    def seek(self, length: int) -> None:
        self.cursor.seek(length)
        self._moved()

    def _moved(self) -> None:
        self.query_one(Breadcrumb).refresh_view()
        self.query_one(QueueView).refresh_view()
        self.query_one(Roster).refresh_view()
        found = self.search.status()
        self.query_one("#position", Static).update(
            plain(
                f"Review (read-only) — after answer {len(self.cursor.items)} of "
                f"{self.cursor.total}" + (f"   {found}" if found else "")
            )
        )

    def action_step(self, delta: int) -> None:
        self.seek(len(self.cursor.items) + delta)
        self._follow()

    def action_jump(self, where: int) -> None:
        self.seek(self.cursor.total if where < 0 else 0)
        self._follow()

    def _follow(self) -> None:
        """The timeline's cursor on the last entry (of those shown) that the answers
        given so far wrote: `[` `]` moved the roster and the position's words, and the
        highlighted row stayed where it was. (A row chosen in the timeline stays.)"""
        given = len(self.cursor.items)
        row = 0
        for i, entry in enumerate(self._shown):
            if (-1 if entry.answer is None else entry.answer) >= given:
                break
            row = i
        if self._shown:
            self.query_one("#timeline", DataTable).move_cursor(row=row)

    # -- search and luck ------------------------------------------------------------------

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys in the order of `BINDINGS` whatever has the focus: the footer's
        keys keep their places."""
        return in_their_places(super().active_bindings, self.BINDINGS)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("search_next", "search_prev"):
            return self.search.active
        # While the search line is open it has the keys.
        return not (action in ("step", "jump", "luck", "charts") and self.query(SearchInput))

    def action_search(self) -> None:
        if self.query(SearchInput):
            return
        field = SearchInput(self._search_done)
        self.mount(field, before=self.query_one("#position"))
        field.focus()

    def _search_done(self, query: str | None) -> None:
        self.query(SearchInput).remove()
        table = self.query_one("#timeline", DataTable)
        table.focus()
        if query is not None:
            self._show_hit(self._run_search(query))
        self._moved()

    def _run_search(self, query: str) -> int | None:
        battle = self.live.battle
        rows = [haystack(e, battle, one_line(e.text)) for e in self._shown]
        return self.search.run(query, rows, start=0)

    def _show_hit(self, row: int | None) -> None:
        if row is not None:
            self.query_one("#timeline", DataTable).move_cursor(row=row)

    def action_search_next(self) -> None:
        self._show_hit(self.search.step(1))
        self._moved()

    def action_search_prev(self) -> None:
        self._show_hit(self.search.step(-1))
        self._moved()

    def action_luck(self) -> None:
        from skirmtui.tui.screens.luck import LuckScreen

        self.app.push_screen(LuckScreen(self.cursor.battle, self.cursor))

    # -- charts ---------------------------------------------------------------------------

    def action_charts(self) -> None:
        """Show the chart pane in place of the panes, or hide it."""
        panes, filters = self.query_one("#panes"), self.query_one("#filters")
        if self.query(ReviewCharts):
            self.query_one(ReviewCharts).remove()
            panes.display = filters.display = True
            self.query_one("#timeline", DataTable).focus()
            return
        charts = ReviewCharts(self.live.battle, REVIEW_PLAYOUTS, id="review-charts")
        panes.display = filters.display = False  # the filters choose the timeline's rows
        self.mount(charts, after=panes)
        if self.turning is not None:
            self.call_after_refresh(charts.show, self.turning)
        else:
            self._count(self.live)

    @work(thread=True, exclusive=True, group="chances")
    def _count(self, session: Session) -> None:
        worker = get_current_worker()
        try:  # stopped between play-outs once the screen or the app closes
            found = turning(session, REVIEW_PLAYOUTS, lambda: worker.is_cancelled)
        except Cancelled:
            return
        self.app.call_from_thread(self._counted, found)

    def _counted(self, found: Turning) -> None:
        self.turning = found
        if self.query(ReviewCharts):
            self.query_one(ReviewCharts).show(found)

    def action_close(self) -> None:
        if self.search.active:
            self.search.clear()
            self._moved()
            return
        if self.query(ReviewCharts):
            self.action_charts()
            return
        if not getattr(self.app, "review_only", False):  # opened from the battle screen
            self.dismiss(None)
        else:
            self.app.exit(0)
