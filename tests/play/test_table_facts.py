"""Issue 26: the app never answers the table's facts (distances, sight, cover, contact,
where a unit went) nor the dice, in every system: random battles with every side played
by the app, and every yes/no, number or multi-select question met is classified."""

from __future__ import annotations

import pytest

from skirmtui.engine.core.items import BY_AI
from skirmtui.engine.core.prompts import Ask, Confirm, Pick, Roll
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system, systems
from tests.play.helpers import ai_battle

#: Yes/no, number and multi-select questions that are a side's decision (every other Ask
#: or Pick is a table fact its system declares): a new one goes in one list or the other.
DECISION_ASKS = {
    "pequenas-guerras": {"overwatch.fire", "push.try"},
    "cape-et-epee": {"orders.face"},  # which characters get a face's dice (issue 25)
}


@pytest.mark.parametrize("system_id", sorted(systems()))
def test_no_ai_answer_is_a_table_fact_or_a_roll(system_id: str) -> None:
    system = get_system(system_id)
    sides = system.demo_setup().sides
    personas = ["aggressive", "cautious", "balanced", "random"]
    plays = {s.id: personas[i % len(personas)] for i, s in enumerate(sides)}
    session = ai_battle(system_id, plays, 160, seed=11)
    ai = [i for i in session.items if i.by == BY_AI]
    assert ai, "the app answered nothing"
    for item in ai:
        assert item.key not in system.table_facts, item
    # Replayed, each AI answer's prompt was a decision: no roll, no confirmation.
    replay = Session(system, session.setup)
    for item in session.items:
        prompt = replay.prompt
        if item.by == BY_AI:
            assert not isinstance(prompt, Roll | Confirm), item
        if isinstance(prompt, Ask | Pick) and not item.is_gm:
            assert prompt.key in system.table_facts | DECISION_ASKS.get(system_id, set()), (
                f"{prompt.key}: declare it a table fact or a decision"
            )
        replay.runner.apply(item)
        replay.items.append(item)
    # The battle replays exactly from its answers (the app's among them).
    assert [e.text for e in replay.battle.log] == [e.text for e in session.battle.log]
