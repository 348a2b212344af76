"""The activated characters' impulses (seed §2.4, CE-5); the non-activated phase that
follows them is nonactivated.py's."""

from __future__ import annotations

from functools import lru_cache

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import (
    FIRST_PASS,
    QUESTIONS,
    asks_as_of,
    offer_last,
    only_or_ask,
)
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.prompts import Choose, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.cape_et_epee import action_steps, actions
from skirmtui.systems.cape_et_epee.position import CEPosition
from skirmtui.systems.cape_et_epee.sides import views

END = "end"
DONE = "done"


def queue(b: Battle) -> list[Unit]:
    """CE-5: activated characters on the table with AP left, most AP first, the
    initiative player's first on a tie; then who has waited longest (ours)."""
    p: CEPosition = b.pos  # (not `pos(b)`: a call less, every step)
    initiative, seq = p.initiative, p.seq
    # Equal keys keep the roster order (`at`); the keys made in one pass, not by a
    # function called per character.
    ready = [
        (-stats["ap"], u.side != initiative, seq.get(u.id, 0), at, u)  # type: ignore[operator]
        for at, u in enumerate(b.units.values())
        if not u.removed and (stats := u.stats)["deployed"] and stats["ap"]
    ]
    ready.sort()
    return [u for *_, u in ready]


def _head(b: Battle) -> Unit | None:
    """`queue(b)[0]`, or None when nobody waits: who starts the next impulse (read at
    every impulse's start), found in one pass without sorting the others and without a
    key made for a character with fewer AP than the best so far (a plain loop: the
    `compress`/`map` pass in C before it cost more than it saved over ~16 units)."""
    p: CEPosition = b.pos  # (not `pos(b)`: a call less, every step)
    initiative, seq = p.initiative, p.seq
    head = None
    best_ap = 0
    best_rest = (True, 0)
    for u in b.units.values():
        stats = u.stats
        ap: int = stats["ap"]  # type: ignore[assignment]
        if not ap or ap < best_ap or u.removed or not stats["deployed"]:
            continue
        rest = (u.side != initiative, seq.get(u.id, 0))
        # Strictly before: of equal keys the first in roster order stays (as `queue` sorts).
        if ap > best_ap or rest < best_rest:
            best_ap, best_rest, head = ap, rest, u
    return head


def impulse_step(b: Battle) -> Step:
    """One action of the character whose impulse it is (the head of the queue). (Run
    for every answer of the phase: the unit's stats read directly, its situation from
    the side's kept view, the prompt made without `kit.about`.)"""
    p: CEPosition = b.pos  # (not `pos(b)`: a call less, every step)
    uid = p.impulse
    if uid:
        unit = b.units.get(uid)
        if unit is None or unit.removed or unit.stats["ap"] == 0:
            end_impulse(b)
            return
    else:
        head = _head(b)
        if head is None:
            end_activated(b)
            return
        unit = head
        uid = unit.id
        p.impulse = uid
        p.impulse_actions = 0
        b.record("info", f"{unit.label} starts an impulse ({unit.stats['ap']} AP)")
    side = unit.side
    b.turn_side = side
    stats = unit.stats
    options, several = _impulse_menu(
        actions.situation_in(b, unit, views(b)[side], False),
        p.impulse_actions > 0,
        not (QUESTIONS in b.options and asks_as_of(b, FIRST_PASS)),
    )
    prompt = Choose(
        key="impulse.action",
        side=side,
        actor=uid,
        text=f"{unit.label} ({stats['ap']} AP): which action?",
        options=options,
    )
    if several:  # `only_or_ask`'s asking, its count of enabled options kept with the menu
        choice = yield offer_last(b, prompt) if b.offers else prompt
    else:
        choice = yield from only_or_ask(b, prompt)
    if choice == END:
        end_impulse(b)
        return
    if actions.TIMES in choice:
        action, times = actions.repeated(choice)
    else:  # one action (most answers): no loop
        step = action_steps.take(b, unit, choice, False)
        if step if type(step) is bool else (yield from step):
            p.impulse_actions += 1
        times = 0
    for _ in range(times):  # seed §2.4: the same action repeated within the impulse
        step = action_steps.take(b, unit, action, False)
        done = step if type(step) is bool else (yield from step)
        if done:
            p.impulse_actions += 1
    if unit.removed or stats["ap"] == 0:
        end_impulse(b)


@lru_cache(maxsize=256)  # bounded: balance plays thousands of battles in one process
def _impulse_menu(
    s: actions.Situation, ending: bool, repeats: bool
) -> tuple[tuple[Option, ...], bool]:
    """An activated character's actions: the menu, "end the impulse" once it has acted
    (`ending`), then (`repeats`, issue 25 again: "move twice" in one answer) the repeats,
    last, so the options above keep their number keys; and whether more than one is
    enabled (then it is asked: `only_or_ask` need not count them at every step). Made
    at every impulse step from what it depends on: cached."""
    options = actions.menu_of(s)
    if ending:
        end = Option(END, f"End the impulse: back in the queue at {s.ap} AP", passive=True)
        options += (end,)
    if repeats:
        options += actions.repeats_of(s)
    return options, sum(o.disabled is None for o in options) > 1


def end_impulse(b: Battle) -> None:
    """CE-5: the character rejoins the queue at its remaining AP, behind those waiting."""
    p: CEPosition = b.pos  # (not `pos(b)`: a call less, every step)
    uid = p.impulse
    p.impulse = ""
    p.impulse_actions = 0
    p.tick += 1
    p.seq[uid] = p.tick


def end_activated(b: Battle) -> None:
    """Seed §2.4: no AP can be kept for the next turn. The activated characters'
    activations end here (timed conditions count them)."""
    on_table = b.on_table()  # (a condition's end changes no unit: one list for both)
    for unit in on_table:
        if unit.stats["die"]:
            conditions.activation_ended(b, unit.id)
    for unit in on_table:
        if unit.stats["ap"]:
            b.set(unit, "ap", 0)
    p: CEPosition = b.pos  # (not `pos(b)`: a call less, every step)
    p.seq = {}
    p.na_side = p.initiative
    b.enter_phase("nonactivated", p.initiative)
