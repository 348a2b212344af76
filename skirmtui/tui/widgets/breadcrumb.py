"""System · round · phase · whose step it is."""

from __future__ import annotations

from rich.text import Text

from skirmtui.engine.core.text import safe
from skirmtui.tui.widgets.base import SessionView


class Breadcrumb(SessionView):
    def content(self) -> Text:
        battle = self.session.battle
        system = self.session.system
        parts = [system.title]
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
        return Text(safe(" · ".join(parts)), no_wrap=True, overflow="ellipsis")
