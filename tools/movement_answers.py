"""How many answers a wargaming-introduttivo Movement phase takes (issue 12, WI-7).

Plays seeded demo battles: every phase but Movement with random legal answers (as
`skirmtui sim`); in Movement the table follows a plan fixed per unit and turn — each unit
that may move does so with probability 1/3 (open 60%, rough 30%, impervious 10% when
active) — and answers it in as few answers as the app allows:

- movement by unit (before): one answer per unit walked, "done" once no later unit moves;
- movement by player (issue 12): one answer per unit that moved, "done" per player with a
  unit left that may move;
- movement in one answer (issue 25, now): one answer per player with a unit that may move.

Impervious ABI rolls count as answers. Also prints the same count under random play
(`random`: every answer random, as `skirmtui sim` plays). Run from a checkout:
`.venv/bin/python tools/movement_answers.py [BATTLES]`.
"""

from __future__ import annotations

import random
import sys

import attrs

from skirmtui.engine.core.prompts import Prompt
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system

WI = "wargaming-introduttivo"


def planned_move(battle_seed: int, turn: int, unit_id: str, active: bool) -> str:
    """The table's plan for one unit this turn: a terrain, or "stay"."""
    rng = random.Random(f"{battle_seed}/{turn}/{unit_id}")
    if rng.random() >= 1 / 3:
        return "stay"
    roll = rng.random()
    if roll < 0.6:
        return "open"
    if roll < 0.9 or not active:
        return "rough"
    return "impervious"


def table_answer(session: Session, prompt: Prompt, seed: int, rng: random.Random) -> object:
    """The answer a careful table gives to a movement question (either flow)."""
    b = session.battle
    plan = {
        u.id: planned_move(seed, b.round, u.id, u.flag("active"))
        for u in b.on_table()
        if not u.flag("moved")
    }
    if prompt.key == "move.terrain":  # by unit: this unit, then "done" if nobody later moves
        assert prompt.actor is not None
        later = b.pos.get("movers", [])
        if plan[prompt.actor] == "stay":
            return "done" if all(plan.get(u, "stay") == "stay" for u in later) else "stay"
        return plan[prompt.actor]
    if prompt.key == "move.units":  # issue 25: a player's planned moves in one answer
        enabled = {o.value for o in prompt.enabled()}  # type: ignore[attr-defined]
        return tuple(f"{u}|{t}" for u, t in plan.items() if f"{u}|{t}" in enabled)
    if prompt.key == "move.unit":  # by player: each planned move of this player, then done
        enabled = {o.value for o in prompt.enabled()}  # type: ignore[attr-defined]
        for unit_id, terrain in plan.items():
            if f"{unit_id}|{terrain}" in enabled:
                return f"{unit_id}|{terrain}"
        return "done"
    return prompt.random_answer(rng)


def movement_answers(battles: int, policy: str) -> tuple[int, int]:
    """(answers given in Movement, Movement phases) over `battles` demo battles."""
    system = get_system(WI)
    base = system.demo_setup()
    answers = phases = 0
    for seed in range(1, battles + 1):
        rng = random.Random(seed)
        session = Session(system, attrs.evolve(base, seed=seed))
        seen: set[int] = set()
        while (prompt := session.prompt) is not None:
            if session.battle.phase == "movement":
                answers += 1
                seen.add(session.battle.round)
            if policy == "table":
                session.answer(table_answer(session, prompt, seed, rng))
            else:
                session.answer(prompt.random_answer(rng))
        phases += len(seen)
    return answers, phases


def main(battles: int) -> None:
    for policy in ("table", "random"):
        answers, phases = movement_answers(battles, policy)
        print(
            f"{policy}: {answers / phases:.2f} answers per Movement phase "
            f"({answers} answers, {phases} phases, {battles} demo battles)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
