"""`/` search over the combat log (battle screen) or the timeline (review).

A row matches when the query (case-insensitive) is in its text, its roll/prompt key
(`shoot.to_hit`) or the unique labels of the units it names. `n`/`N` move to the next
and previous hit, wrapping around; in review the hits are among the rows the filters
left. The screen owns the keys and says how to show a row; this module only finds.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding

from skirmtui.engine.core.battle import Battle, LogEntry

#: The keys of a screen that searches (`action_search`, `_next`, `_prev`, `_clear`).
SEARCH_BINDINGS = [
    Binding(
        "slash",
        "search",
        "Search the log",
        id="search",
        show=False,
        tooltip="search the log: a unit, a word or a roll key (n / N)",
    ),
    Binding("n", "search_next", "Next hit", show=False, tooltip="while a search is on: next hit"),
    Binding(
        "N", "search_prev", "Previous hit", show=False, tooltip="while a search is on: previous hit"
    ),
    Binding("escape", "search_clear", "End search", show=False, tooltip="end the search"),
]


def haystack(entry: LogEntry, battle: Battle, line: str) -> str:
    """What a query is looked for in: the row as shown, the key, the units' labels."""
    names = [battle.label(uid) for uid in (entry.actor, entry.target) if uid]
    return " ".join([line, entry.key, *names]).casefold()


class LogSearch:
    """The hits of the last query among some rows, and which one is shown."""

    def __init__(self) -> None:
        self.query = ""
        self.hits: list[int] = []
        self.current = -1

    @property
    def active(self) -> bool:
        return bool(self.query)

    def run(self, query: str, rows: Sequence[str], start: int | None = None) -> int | None:
        """Find `query` in `rows`; the hit shown first is the first at or after `start`
        (by default the last row: the newest entry)."""
        self.query = query.strip()
        needle = self.query.casefold()
        self.hits = [i for i, row in enumerate(rows) if needle and needle in row] if needle else []
        if not self.hits:
            self.current = -1
            return None
        start = len(rows) - 1 if start is None else start
        later = [n for n, row in enumerate(self.hits) if row >= start]
        self.current = later[0] if later else len(self.hits) - 1
        return self.hits[self.current]

    def step(self, delta: int) -> int | None:
        if not self.hits:
            return None
        self.current = (self.current + delta) % len(self.hits)
        return self.hits[self.current]

    def clear(self) -> None:
        self.query, self.hits, self.current = "", [], -1

    def status(self) -> str:
        if not self.query:
            return ""
        if not self.hits:
            return f"/{self.query}: no match"
        return (
            f"/{self.query}: {self.current + 1} of {len(self.hits)} (n next, N previous, Esc done)"
        )


def __getattr__(name: str) -> object:
    """`SearchInput` lives in `search_input` (it imports Textual's Input, which the
    battle screen's first frame does not need); still importable from here."""
    if name == "SearchInput":
        from skirmtui.tui.search_input import SearchInput

        return SearchInput
    raise AttributeError(name)
