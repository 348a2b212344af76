"""The Why? screen and the log's reason say how a tie went (Pilot, 80x24).

Seen in tmux at 80x24 (issue 26, the last session's play check): wargaming-
introduttivo's Barbari chose which unit tries to activate with every unit's score shown
"0.21" and the reason "67% to succeed, tie of 3 broken by the seed": that the units of
ABI 3 lost to those of ABI 4 on their chance to succeed alone (`policy.CHANCE`), nowhere
said; and a reason led with a figure every answer shared ("deals 0.13") as if it were
why that one won.
"""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.items import BY_AI
from skirmtui.tui.screens.why import WhyScreen
from tests.tui.helpers import running
from tests.tui.test_solo import SMALL, answer_as_player, settle, solo_app


async def test_why_says_the_better_chance_alone_won(tmp_path: Path) -> None:
    app = solo_app(tmp_path / "why.toml")
    async with running(app, SMALL) as (pilot, session):
        await settle(pilot)
        for _ in range(60):
            if any(i.by == BY_AI and i.key == "activation.unit" for i in session.items):
                break
            await answer_as_player(pilot, session)
            await settle(pilot)
        item = next(i for i in session.items if i.by == BY_AI and i.key == "activation.unit")
        await pilot.press("w")
        await settle(pilot)
        await pilot.pause()
        assert isinstance(app.screen, WhyScreen)
        lines = app.screen.lines
        # Barbari's units have ABI 5, 4 and 3: the better the ABI, the better the chance
        # of its activation test, and the rest of each score alike.
        scores: dict[str, set[str]] = {}
        for line in lines:
            if "(ABI " in line and ": score " in line:
                abi = line.split("(ABI ")[1][0]
                scores.setdefault(abi, set()).add(line.split(": score ")[1].split()[0])
        assert len(scores) == 3 and all(len(shown) == 1 for shown in scores.values()), lines
        assert len({shown.pop() for shown in scores.values()}) == 3, lines  # told apart
        said = "ahead of 5 worth the same but for their lower chance to succeed"
        assert item.reason == f"83% to succeed, {said}"
        assert lines[1] == f"Answer: Cacciatore (ABI 5) — {item.reason}"
