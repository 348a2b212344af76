"""Read-only review: the timeline of log entries, filters, the summary, and scrubbing.

Scrubbing replays a separate copy of the session to the chosen answer, so the
roster and queue show the battle as it stood then; the live session is untouched.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Select, Static

from skirmtui.engine.battle import LogEntry
from skirmtui.engine.session import Session
from skirmtui.engine.system import phase_label
from skirmtui.engine.text import one_line
from skirmtui.engine.wording import round_word
from skirmtui.tui.usertext import plain
from skirmtui.tui.widgets.breadcrumb import Breadcrumb
from skirmtui.tui.widgets.queue import QueueView
from skirmtui.tui.widgets.roster import Roster

ALL = "*"


class ReviewScreen(Screen[None]):
    CSS_PATH = "review.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left_square_bracket", "step(-1)", "Answer back", id="back", priority=True),
        Binding("right_square_bracket", "step(1)", "Answer forward", id="forward", priority=True),
        Binding("home", "jump(0)", "Start", id="start", priority=True),
        Binding("end", "jump(-1)", "End", id="end", priority=True),
        Binding("escape", "close", "Close", id="close"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.live = session
        # A copy to scrub through: same setup and answers, its own position.
        self.cursor = Session(session.system, session.setup, session.items)
        self.entries: list[LogEntry] = list(session.battle.log)

    def compose(self) -> ComposeResult:
        cursor = self.cursor
        yield Breadcrumb(cursor, id="breadcrumb")
        with Horizontal(id="panes"):
            with Vertical(id="left"):
                yield Roster(cursor, id="roster")
                yield QueueView(cursor, id="queue")
            with Vertical(id="middle"):
                with Horizontal(id="filters"):
                    yield Select(self._choices("round"), prompt="round", id="f-round", compact=True)
                    yield Select(self._choices("phase"), prompt="phase", id="f-phase", compact=True)
                    yield Select(self._choices("unit"), prompt="unit", id="f-unit", compact=True)
                    yield Select(self._choices("kind"), prompt="kind", id="f-kind", compact=True)
                table: DataTable[str] = DataTable(cursor_type="row", id="timeline")
                yield table
                yield Static(id="summary")
        yield Static(id="position")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#timeline", DataTable)
        table.add_columns("#", round_word(self.live.system), "Phase", "Kind", "Entry")
        self.query_one("#summary", Static).update(
            plain("\n".join(self.live.system.summary(self.live.battle)), multiline=True)
        )
        self.query_one("#roster").border_title = "Roster at this point"
        self.query_one("#queue").border_title = "Queue"
        self._fill()
        self._moved()

    # -- filters ---------------------------------------------------------------------------

    def _choices(self, what: str) -> list[tuple[Text, str]]:
        return [(plain(label), value) for label, value in self._labels(what)]

    def _labels(self, what: str) -> list[tuple[str, str]]:
        battle = self.live.battle
        if what == "round":
            word = round_word(self.live.system).lower()
            return [
                (f"{word} {r}" if r else f"before {word} 1", str(r))
                for r in sorted({e.round for e in self.entries})
            ]
        if what == "phase":
            seen = dict.fromkeys(e.phase for e in self.entries)
            return [(phase_label(self.live.system, p), p) for p in seen]
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
                or any(x.unit == unit for x in e.effects)
            )
            and (kind is None or e.kind == kind)
        ]

    @on(Select.Changed)
    def _filters_changed(self) -> None:
        self._fill()

    def _fill(self) -> None:
        table = self.query_one("#timeline", DataTable)
        table.clear()
        for e in self.visible_entries():
            table.add_row(
                str(e.index),
                str(e.round),
                plain(phase_label(self.live.system, e.phase)),
                plain(e.kind),
                Text(one_line(e.text)),
                key=str(e.index),
            )

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
        self.query_one("#position", Static).update(
            f"Review (read-only) — after answer {len(self.cursor.items)} of {self.cursor.total}"
        )

    def action_step(self, delta: int) -> None:
        self.seek(len(self.cursor.items) + delta)

    def action_jump(self, where: int) -> None:
        self.seek(self.cursor.total if where < 0 else 0)

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.dismiss(None)
        else:
            self.app.exit(0)
