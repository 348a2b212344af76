"""The turn (seed "Rappresentare la situazione", "Iniziativa"; CG-4, CG-11).

Scene: the GM describes the situation (and sets the light). Actions: combatants act by
AGI's maximum face, then DES's; full ties are a simultaneous group whose hits are held
until its last member has acted. A waiting combatant is offered a turn after each
action (never inside one) and loses it if it never takes it.
"""

from __future__ import annotations

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import FIRST_PASS, asks_as_of, one_at_a_time
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.prompts import Choose, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.combattimento_gdr import actions, scene
from skirmtui.systems.combattimento_gdr import attack as atk
from skirmtui.systems.combattimento_gdr import profile as p
from skirmtui.systems.combattimento_gdr.position import pos

NOBODY = "nobody"


def initiative(unit: Unit) -> tuple[int, int]:
    """Seed: a characteristic's value is its die's maximum face (AGI first, then DES)."""
    return p.sides_of(unit, "agi"), p.sides_of(unit, "des")


def order(b: Battle) -> list[list[str]]:
    """Entries in acting order; an entry of several ids is a simultaneous group."""
    entries: dict[tuple[int, int], list[str]] = {}
    for unit in b.on_table():
        entries.setdefault(initiative(unit), []).append(unit.id)
    return [entries[k] for k in sorted(entries, reverse=True)]


def scene_step(b: Battle) -> Step:
    """The turn's start: the acting order. Older saves were asked the scene's light here
    (`turn.scene`); since issue 25's second cut it is asked at the turn's first attack
    (`scene.light`), where a rule reads it."""
    light = (yield from scene.ask_at_start(b)) if asks_as_of(b, FIRST_PASS) else scene.UNSAID
    where = pos(b)
    where.light = light
    where.order, where.entry, where.done, where.waiting = order(b), 0, [], []
    where.offer, where.holding, where.held = False, False, []
    where.defences, where.attackers, where.ranged_defended = {}, {}, []
    entries = where.order
    b.record("info", "Order: " + " · ".join(_entry_text(b, e) for e in entries), order=entries)
    b.enter_phase("actions")


def _entry_text(b: Battle, entry: list[str]) -> str:
    names = [b.units[uid].label for uid in entry]
    return " = ".join(names) + (" (simultaneous)" if len(names) > 1 else "")


def pending(b: Battle, entry: list[str]) -> list[Unit]:
    """Members of an entry still to act: on the table, not acted, not waiting."""
    done, waiting = pos(b).done, pos(b).waiting
    return [
        b.units[uid]
        for uid in entry
        if uid in b.units and b.alive(uid) and uid not in done and uid not in waiting
    ]


def waiting(b: Battle) -> list[Unit]:
    return [b.units[uid] for uid in pos(b).waiting if b.alive(uid)]


def actions_step(b: Battle) -> Step | None:
    """The next step of the Actions phase, or None when the turn is over."""
    where = pos(b)
    if where.offer and waiting(b):
        return offer_step(b)
    where.offer = False
    while where.entry < len(where.order):
        entry = where.order[where.entry]
        members = pending(b, entry)
        if members:
            unit = members[0]
            where.holding = len(entry) > 1
            where.done.append(unit.id)
            return activation(b, unit, may_delay=True)
        atk.apply_held(b)
        where.entry += 1
        # An offer follows an action: not the entry of one who has just chosen to wait.
        if waiting(b) and any(uid not in where.waiting for uid in entry):
            where.offer = True
            return offer_step(b)
    if waiting(b):  # the last chance of those still waiting
        return offer_step(b)
    return None


def offer_step(b: Battle) -> Step:
    """CG-11: after each action, a waiting combatant may act now. Issue 25: one waiting
    combatant the table plays, about to choose its action, is offered its actions
    themselves (`delay.act`: "acts now: attack in melee" is one answer)."""
    last = pos(b).entry >= len(pos(b).order)
    people = waiting(b)
    nobody = Option(
        NOBODY,
        "Nobody: the turn ends, waiting combatants lose their action" if last else "Not yet: go on",
        passive=True,
    )
    chosen: str | None = None
    if _offers_actions(b, people):
        unit = people[0]
        options = [
            o._replace(label=f"{unit.label} acts now: {o.label}")
            for o in actions.action_options(b, unit, may_delay=False)
        ]
        answer = yield Choose(
            key="delay.act",
            text=f"Does {unit.label} (waiting) act now, and how?",
            options=[*options, nobody],
            side=None,
        )
        chosen = None if answer == NOBODY else str(answer)
        answer = NOBODY if chosen is None else unit.id
    else:
        answer = yield Choose(
            key="delay.offer",
            text="Does a waiting combatant act now?",
            options=[Option(u.id, f"{u.label} acts now") for u in people] + [nobody],
            side=None,
        )
    if answer == NOBODY:
        pos(b).offer = False
        if last:
            for unit in people:
                b.record("info", f"{unit.label} never acted: its action is lost", actor=unit.id)
            pos(b).waiting = []
        return
    unit = b.units[str(answer)]
    pos(b).waiting.remove(unit.id)
    pos(b).holding = False
    b.record("info", f"{unit.label} acts now", actor=unit.id)
    yield from activation(b, unit, may_delay=False, chosen=chosen)


def _offers_actions(b: Battle, people: list[Unit]) -> bool:
    """Whether the offer to act now names the action too: asked less (not a battle
    played before), one waiting combatant, played by the table (an app side chooses its
    own action: the offer is a table fact), whose turn comes to a choice."""
    if one_at_a_time(b) or len(people) != 1:
        return False
    unit = people[0]
    return unit.side not in b.ai and actions.needs_choice(b, unit)


def activation(b: Battle, unit: Unit, *, may_delay: bool, chosen: str | None = None) -> Step:
    """One combatant's action; a GM's timed conditions count it (not a mere wait). A
    member of a simultaneous group has the entries of its action marked with the group
    (export `group`, CG-4), also when the battle ends in the middle of it."""
    where = pos(b)
    start = len(b.log)
    try:
        yield from actions.act(b, unit, may_delay=may_delay, chosen=chosen)
    finally:
        if where.holding:
            atk.mark(b, start, group=list(where.order[where.entry]))
    if unit.id not in where.waiting:
        conditions.activation_ended(b, unit.id)
