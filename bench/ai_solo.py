"""The answers a solo player gives a round (issue 26), `python -m bench.ai --solo N`:
alone, and with the app playing the second side (`bench.ai.one_battle`'s battles)."""

from __future__ import annotations

import random

from bench.ai import one_battle, two_sides
from skirmtui.engine.core.items import BY_AI


def solo_cost(system_id: str, battles: int, seed: int) -> tuple[float, float]:
    """Answers per round a solo player gives: alone (every answer, random play) and with
    the app playing the second side (balanced): what the table still answers (its own
    side's decisions, every table fact, every roll), rounds before the last."""
    rng = random.Random(seed)
    alone = with_app = 0.0
    second = two_sides(system_id).sides[1].id
    for _ in range(battles):
        battle_seed = rng.randrange(1 << 30)
        session, _ = one_battle(system_id, battle_seed, {second: "balanced"}, [])
        result = session.battle.result
        rounds = max(1, (result.round if result else session.battle.round) - 1)
        last = rounds + 1
        answered = [
            e
            for e in session.battle.log
            if e.answer is not None and e.key and not e.key.startswith("gm.") and e.round < last
        ]
        alone += len(answered) / rounds
        with_app += sum(1 for e in answered if e.by != BY_AI) / rounds
    return alone / battles, with_app / battles
