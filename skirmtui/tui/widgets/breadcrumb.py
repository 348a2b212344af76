"""System · round · phase · whose step it is."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from skirmtui.engine.system import phase_label
from skirmtui.tui.usertext import plain
from skirmtui.tui.widgets.base import SessionView


class Breadcrumb(SessionView):
    def compose(self) -> ComposeResult:
        yield Static(id="crumb-text")

    def refresh_view(self) -> None:
        battle = self.session.battle
        system = self.session.system
        parts = [system.title]
        if battle.round:
            parts.append(f"Turn {battle.round}")
        parts.append(phase_label(system, battle.phase))
        prompt = self.session.prompt
        side = prompt.side if prompt and prompt.side else battle.turn_side
        if battle.result:
            winner = battle.side_name(battle.result.winner) if battle.result.winner else "draw"
            parts.append(f"Over — {winner}")
        elif side:
            parts.append(f"{battle.side_name(side)} to act")
        self.query_one("#crumb-text", Static).update(plain(" · ".join(parts)), layout=False)
