"""System · round · phase · whose step it is."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from skirmtui.engine.core.text import safe
from skirmtui.tui.widgets.base import SessionView

#: A title cut shorter than this says nothing: left out instead.
SHORTEST_TITLE = 8


class Breadcrumb(SessionView):
    def content(self) -> Text:
        battle = self.session.battle
        system = self.session.system
        parts = []
        if battle.round:
            parts.append(f"{system.round_word} {battle.round}")
        parts.append(battle.phase_label())
        prompt = self.session.prompt
        side = prompt.side if prompt and prompt.side else battle.turn_side
        if battle.result:
            winner = battle.side_name(battle.result.winner) if battle.result.winner else "draw"
            parts.append(f"Over — {winner}")
        elif side:
            parts.append(f"{battle.side_name(side)} to act")
        rest = safe(" · ".join(parts))
        title = fit_title(safe(system.title), rest, self.content_region.width)
        return Text(f"{title} · {rest}" if title else rest, no_wrap=True, overflow="ellipsis")

    def on_resize(self) -> None:
        self.refresh_view()  # the title's room changed


def fit_title(title: str, rest: str, width: int) -> str:
    """The system's title in the room `rest` leaves (`width` 0: not laid out yet, whole):
    whole, else its part before a colon, else cut with "…", else nothing: the turn,
    phase and side to act are what the line is for ("Legionari t…" was cut at 80)."""
    room = width - cell_len(rest) - 3  # " · "
    if not width or cell_len(title) <= room:
        return title
    head = title.split(":")[0].rstrip()
    if head != title and cell_len(head) <= room:
        return head
    if room < SHORTEST_TITLE:
        return ""
    cut = title
    while cell_len(cut) > room - 1:
        cut = cut[:-1]
    return cut.rstrip() + "…"
