"""Table cost: how many answers the table gives per unit per round, each system.

Counted over the battles `skirmtui sim SYSTEM --battles 20 --seed 5` plays (the same
setups, seeds and random answers): every answer a prompt asked (GM entries aside) in
every round but the last (often cut short by the end), divided by the units of the
setup times those rounds. Answers are counted apart: rolls; table facts (the keys the
system declares in `table_facts`, and every `Confirm`: the table did something); and
decisions (every other answer). The figure judged is decisions + table facts, the
answers a person must think about (issue 25); rolls are the app's work when it rolls
for the table.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs

from bench.common import Row, Sizes, row, sim_setups
from skirmtui.engine.play.sim import play_random
from skirmtui.systems.registry import systems

#: The issue's battles: `sim --battles 20 --seed 5`.
BATTLES, SEED = 20, 5

#: The option that asks the questions asked before issue 25 (engine/core/asking.py): the
#: same battles played with it are the "before" the targets are measured against (the
#: rules today, the questions of then).
BEFORE = {"questions": "one at a time"}

#: How much lower each system's figure must be (issue 25's targets).
CUT: dict[str, float] = {
    "wargaming-introduttivo": 0.25,
    "pequenas-guerras": 0.40,
    "cape-et-epee": 0.40,
    "regole-base": 0.40,
}

#: The kinds of log entry an answer to a prompt makes.
_ANSWERED = frozenset({"choose", "pick", "ask", "confirm", "roll"})


@attrs.define
class Cost:
    """Answers counted over a system's battles, and the unit-rounds they were given in."""

    answers: Counter[str] = attrs.field(factory=Counter)
    keys: Counter[str] = attrs.field(factory=Counter)
    unit_rounds: int = 0

    def per_unit_round(self, *kinds: str) -> float:
        total = sum(self.answers[kind] for kind in kinds)
        return total / self.unit_rounds if self.unit_rounds else 0.0


def table_cost(
    system_id: str, battles: int = BATTLES, seed: int = SEED, options: dict[str, str] | None = None
) -> Cost:
    """Count the answers of `battles` random battles seeded as `skirmtui sim` seeds them
    (`options` added to the demo's)."""
    system = systems()[system_id]
    cost = Cost()
    for battle_setup in sim_setups(system_id, battles, seed, options):
        battle = play_random(system, battle_setup, random.Random(battle_setup.seed)).battle
        assert battle.result is not None
        last = battle.result.round
        for entry in battle.log:
            if entry.round >= last or not entry.key or entry.key.startswith("gm."):
                continue
            if entry.kind not in _ANSWERED:
                continue
            if entry.kind == "roll":
                kind = "rolls"
            elif entry.kind == "confirm" or entry.key in system.table_facts:
                kind = "facts"
            else:
                kind = "decisions"
            cost.answers[kind] += 1
            if kind != "rolls":
                cost.keys[entry.key] += 1
        cost.unit_rounds += len(battle_setup.units) * max(0, last - 1)
    return cost


def bench_table_cost(sizes: Sizes) -> list[Row]:
    """Decisions + table facts per unit per round, each system, against its target."""
    rows = []
    for system_id in systems():
        cost = table_cost(system_id)
        figure = cost.per_unit_round("decisions", "facts")
        then = table_cost(system_id, options=BEFORE)
        before = round(then.per_unit_round("decisions", "facts"), 3)
        cut = CUT.get(system_id)
        target = None if cut is None else round(before * (1 - cut), 2)
        top = {key: round(n / cost.unit_rounds, 2) for key, n in cost.keys.most_common(6)}
        rows.append(
            row(
                "tablecost",
                f"table cost {system_id}",
                figure,
                "answers/unit/round",
                target,
                detail={
                    "before": before,
                    "before_decisions": round(then.per_unit_round("decisions"), 3),
                    "before_facts": round(then.per_unit_round("facts"), 3),
                    "decisions": round(cost.per_unit_round("decisions"), 3),
                    "facts": round(cost.per_unit_round("facts"), 3),
                    "rolls": round(cost.per_unit_round("rolls"), 3),
                    "unit_rounds": cost.unit_rounds,
                    "top_keys": top,
                },
            )
        )
    return rows
