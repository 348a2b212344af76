"""Property test: wargaming-introduttivo's movement list (WI-7) is what a fresh look at
the roster gives, at every `move.units` prompt, whatever GM entries land between prompts.

The system keeps each side's still-movable units in its position (a cache, so an answer
does not scan the roster). The list is checked here against the rule itself: seed, "solo
le truppe non ferite possono muoversi"; WI-4, moving is one of a unit's two actions;
WI-7, each player tells the moves of its units in one answer (issue 25), which ends
only its own movement."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.prompts import Option, Pick
from skirmtui.engine.core.session import Session
from skirmtui.systems.wargaming_introduttivo.position import (
    ALLOWANCES,
    DONE,
    MOVES,
    TERRAINS,
    _unit_moves,
)
from skirmtui.systems.wargaming_introduttivo.profile import MAX_ACTIONS, PRONE, WOUNDED
from tests.property.test_every_system import random_gm_entry
from tests.property.test_wi_random_battles import SYSTEM, random_override, setups


def plain(option: Option | None) -> tuple[str, str, str | None] | None:
    """What the rule decides of an option: its value, words and whether it is open."""
    return None if option is None else (option.value, option.label, option.disabled)


def may_move(unit: Unit) -> bool:
    """The rule, read afresh: on the table, not wounded, not moved, an action left."""
    stats = unit.stats
    return (
        not unit.removed
        and stats["damage"] < WOUNDED  # type: ignore[operator]
        and not stats["moved"]
        and stats["actions"] < MAX_ACTIONS  # type: ignore[operator]
    )


def fresh_list(battle: Battle, side: str) -> tuple[Option, ...]:
    """A player's movement list from a scan of the roster now: two moves for each of its
    units that may move, in roster order: over open or rough ground (one answer since
    issue 25's first pass, with both allowances), over impervious ground."""
    moves: list[Option] = []
    for unit in battle.units.values():
        if unit.side == side and may_move(unit):
            prone = unit.stats["damage"] == PRONE
            open_, rough, _ = ALLOWANCES[prone]
            label = f"{unit.label}: moves, up to {open_} cm ({rough} cm on rough ground)"
            moves.append(Option(f"{unit.id}|{MOVES}", label))
            moves.append(_unit_moves(unit.id, unit.label, prone, bool(unit.stats["active"]))[2])
    return tuple(moves)


def candidates(battle: Battle) -> list[str]:
    """Every value an answer might carry: each unit with each ground, and nonsense."""
    values = [f"{uid}|{terrain}" for uid in battle.units for terrain in (*TERRAINS, MOVES)]
    values += [DONE, "stay", "", "|open", "open", *battle.units]
    values += [f"{uid}|swim" for uid in battle.units] + [f"{uid}|open|x" for uid in battle.units]
    return values


def gm_entry(session: Session, rng: random.Random, counter: int) -> tuple[str, dict[str, Any]]:
    """Any legal GM entry, movement's own fields often: moved, actions, damage, active,
    remove, restore, add a unit, a note."""
    battle = session.battle
    on_table = [u.id for u in battle.on_table()]
    if on_table and rng.random() < 0.4:
        field, value = rng.choice(
            [
                ("moved", rng.random() < 0.5),
                ("actions", rng.randint(0, MAX_ACTIONS)),
                ("damage", rng.randint(0, WOUNDED)),
                ("active", rng.random() < 0.5),
            ]
        )
        return "gm.set", {"unit": rng.choice(on_table), "field": field, "value": value}
    if rng.random() < 0.2:
        return random_override(session, rng, counter)
    return random_gm_entry(session, rng, counter)


@settings(max_examples=60, deadline=None)
@given(setups, st.integers(0, 2**31), st.sampled_from([0.03, 0.15, 0.4]))
def test_wi7_movement_list_is_a_fresh_scan_at_every_prompt(
    setup: Any, seed: int, gm_rate: float
) -> None:
    session = Session(SYSTEM, setup)
    rng = random.Random(seed)
    counter = 0
    lists = 0
    said_done: set[str] = set()
    in_movement = False
    seen: object = None
    while (prompt := session.prompt) is not None and len(session.items) < 3000:
        battle = session.battle  # a GM entry mid-step plays the step again on a new battle
        fresh, seen = prompt is not seen, prompt
        if battle.phase == "movement":
            in_movement = True
            # who said their movement, as the battle has it (a GM entry mid-step may have
            # withdrawn an answer: the test keeps no count of its own)
            said_done = set(battle.pos.movement_done or ())
        elif in_movement:
            in_movement = False
            if battle.phase == "melee":
                # The phase ended: every player said Done or has no unit that may move.
                for side in battle.sides:
                    if side.id not in said_done:
                        assert fresh_list(battle, side.id) == (), f"{side.id} may move"
            said_done.clear()
        expected: list[Any] | None = None
        if prompt.key == "move.units" and fresh:
            assert isinstance(prompt, Pick)
            lists += 1
            expected = [plain(o) for o in fresh_list(battle, str(prompt.side))]
            # The first player in play order that has not answered and may move a unit.
            order = [s for s in battle.pos.order if s not in said_done]
            first = next(s for s in order if fresh_list(battle, s))
            assert prompt.side == first
            by_value = {option[0]: option for option in expected if option}
            for value in candidates(battle):
                assert plain(prompt.option(value)) == by_value.get(value), value
        if rng.random() < gm_rate:
            counter += 1
            key, value = gm_entry(session, rng, counter)
            session.gm(key, **value)
            if expected is not None:
                # The list is the one asked, of the battle before the GM's entry.
                assert [plain(o) for o in prompt.options] == expected  # type: ignore[attr-defined]
            continue
        if expected is not None:
            assert [plain(o) for o in prompt.options] == expected  # type: ignore[attr-defined]
        answer = prompt.random_answer(rng)
        if prompt.key == "move.units":
            said_done.add(str(prompt.side))  # the last answer may end the phase
        session.answer(answer)
    assert lists, "no movement list was asked"
