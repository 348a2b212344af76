"""combattimento-gdr solo at 80x24 (Pilot, issue 26): the app plays La Compagnia's side
(red); its Aldo waits. When he acts is red's decision: after the player's Bruto acts,
the app answers "does Aldo (waiting) act now, and how?" itself, with its reason; the
player is asked only their side's questions, the table's facts and the dice."""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.items import BY_AI
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.sides import app_persona
from skirmtui.tui.app import SkirmApp
from tests.systems.cg_helpers import ch, session
from tests.tui.helpers import pick, running
from tests.tui.test_solo import SMALL, settle


async def test_the_app_decides_when_its_waiting_combatant_acts(tmp_path: Path) -> None:
    s = session(
        [ch("Aldo", agi="d10")],
        [ch("Bruto", agi="d8")],
        contact=["red1 blue1"],
        questions="today",
    )
    s.answer("delay")  # Aldo waits (the GM's answer, before the app takes red)
    let_app_play(s, {"red": "balanced"})
    app = SkirmApp(session=s, path=tmp_path / "cg.toml", created="2026-01-01T00:00:00Z")
    async with running(app, SMALL) as (pilot, played):
        await settle(pilot)
        assert played.prompt is not None and played.prompt.actor == "blue1"
        await pick(pilot, "nothing")  # the player's Bruto does nothing: the last action
        await settle(pilot)
        (decided,) = [i for i in played.items if i.key == "delay.act"]
        assert decided.by == BY_AI and decided.persona == "balanced" and decided.reason
        # The app acted or passed; either way the player is not left its question.
        prompt = played.prompt
        assert prompt is None or prompt.key != "delay.act"
        assert app_persona(played.system, played.battle, prompt) is None
