"""The turn (seed "Rappresentare la situazione", "Iniziativa"; CG-4, CG-11).

Scene: the GM describes the situation (and sets the light). Actions: combatants act by
AGI's maximum face, then DES's; full ties are a simultaneous group whose hits are held
until its last member has acted. A waiting combatant is offered a turn after each
action (never inside one) and loses it if it never takes it.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import FIRST_PASS, SECOND_PASS, asks_as_of, one_at_a_time
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.prompts import Choose, Option, Prompt
from skirmtui.engine.core.system import Step
from skirmtui.systems.combattimento_gdr import actions, menu, scene
from skirmtui.systems.combattimento_gdr import attack as atk
from skirmtui.systems.combattimento_gdr import profile as p
from skirmtui.systems.combattimento_gdr.position import CGPosition, pos

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
    at: CGPosition = b.pos  # (read at every step: no call to `pos`, nor to `alive`)
    done, waiting, units = at.done, at.waiting, b.units
    return [
        unit
        for uid in entry
        if uid not in done
        and uid not in waiting
        and (unit := units.get(uid)) is not None
        and not unit.removed
    ]


def waiting(b: Battle) -> list[Unit]:
    at: CGPosition = b.pos
    units = b.units
    return [unit for uid in at.waiting if (unit := units.get(uid)) is not None and not unit.removed]


def actions_step(b: Battle) -> Step | None:
    """The next step of the Actions phase, or None when the turn is over."""
    where: CGPosition = b.pos
    where.late = ""
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
    """CG-11: after each action, a waiting combatant may act now, when its side wishes:
    each side with combatants waiting is asked for its own (issue 26: the app answers for
    a side it plays), the side whose waiting combatant came first in the acting order
    first; the first to act acts, and the offer comes again after its action. One waiting
    combatant whose turn comes to a choice is offered its actions themselves
    (`delay.act`: "acts now: attack in melee" is one answer; issue 25). Battles played
    before (`questions` up to "second pass") were asked one question of the table."""
    if asks_as_of(b, SECOND_PASS):
        yield from _offer_as_before(b)
        return
    last = pos(b).entry >= len(pos(b).order)
    people = waiting(b)
    sides = list(dict.fromkeys(u.side for u in people))
    for n, side in enumerate(sides):
        mine = [u for u in people if u.side == side]
        final = n == len(sides) - 1
        if len(sides) == 1:
            nobody = _nobody(last)
            text = "Does a waiting combatant act now?"
        else:
            nobody = _not_yet(last, final)
            text = f"Does a waiting combatant of {b.side_name(side)} act now?"
        unit, chosen = yield from _ask(b, mine, nobody, text, side)
        if unit is not None:
            yield from _act_now(b, unit, chosen)
            return
    pos(b).offer = False
    if last:
        _lose(b, people)


def _nobody(last: bool) -> Option:
    """The answer that passes, the only side asked: "not yet", or at the end "nobody"."""
    if last:
        return Option(
            NOBODY, "Nobody: the turn ends, waiting combatants lose their action", passive=True
        )
    return Option(NOBODY, "Not yet: go on", passive=True)


def _not_yet(last: bool, final: bool) -> Option:
    """The answer that passes for one of several sides asked (CG-11, ours: each side for
    its own); after the last action it loses the action only if no other side acts."""
    if not last:
        return Option(NOBODY, "Not yet: go on" if final else "Not yet", passive=True)
    if final:
        return _nobody(last)
    said = "Not yet: if no other side acts, the turn ends and they lose their action"
    return Option(NOBODY, said, passive=True)


def _ask(
    b: Battle, mine: list[Unit], nobody: Option, text: str, side: str
) -> Generator[Prompt, Any, tuple[Unit | None, str | None]]:
    """Ask `side` whether one of its waiting combatants `mine` acts now (and how, when
    one alone comes to a choice): the one who acts and its action, or None."""
    if len(mine) == 1 and actions.needs_choice(b, mine[0]):
        unit = mine[0]
        answer = yield _act_now_question(b, unit, nobody, side)
        return (None, None) if answer == NOBODY else (unit, str(answer))
    answer = yield Choose(
        key="delay.offer",
        text=text,
        options=[Option(u.id, f"{u.label} acts now") for u in mine] + [nobody],
        side=side,
    )
    return (None, None) if answer == NOBODY else (b.units[str(answer)], None)


def _act_now_question(b: Battle, unit: Unit, nobody: Option, side: str | None) -> Choose:
    """`delay.act`: one waiting combatant come to a choice, offered its actions
    themselves ("Aldo acts now: Attack in melee") and `nobody`; asked of `side` (None:
    the table, as saves up to the second pass asked it)."""
    return Choose(
        key="delay.act",
        text=f"Does {unit.label} (waiting) act now, and how?",
        options=(*_acts_now(menu.action_options(b, unit, may_delay=False), unit.label), nobody),
        side=side,
    )


#: `_acts_now` by menu and name; at most `_KEPT` (a menu is kept by what it reads).
_NOW: dict[tuple[tuple[Option, ...], str], tuple[Option, ...]] = {}
_KEPT = 1024


def _acts_now(options: tuple[Option, ...], label: str) -> tuple[Option, ...]:
    """`options` named as `label`'s to act now ("Aldo acts now: Attack in melee"), made
    once for each menu and name."""
    key = (options, label)
    found = _NOW.get(key)
    if found is None:
        if len(_NOW) >= _KEPT:
            _NOW.clear()
        found = _NOW[key] = tuple(o._replace(label=f"{label} acts now: {o.label}") for o in options)
    return found


def _act_now(b: Battle, unit: Unit, chosen: str | None) -> Step:
    pos(b).waiting.remove(unit.id)
    pos(b).holding = False
    pos(b).late = unit.id
    b.record("info", f"{unit.label} acts now", actor=unit.id)
    yield from activation(b, unit, may_delay=False, chosen=chosen)


def _lose(b: Battle, people: list[Unit]) -> None:
    for unit in people:
        b.record("info", f"{unit.label} never acted: its action is lost", actor=unit.id)
    pos(b).waiting = []


def _offer_as_before(b: Battle) -> Step:
    """The offer of saves up to the second pass: one question of the table (no side),
    whoever waits; one waiting combatant the table plays is offered its actions."""
    last = pos(b).entry >= len(pos(b).order)
    people = waiting(b)
    nobody = _nobody(last)
    chosen: str | None = None
    if _offers_actions(b, people):
        unit = people[0]
        answer = yield _act_now_question(b, unit, nobody, None)
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
            _lose(b, people)
        return
    yield from _act_now(b, b.units[str(answer)], chosen)


def _offers_actions(b: Battle, people: list[Unit]) -> bool:
    """Whether the offer to act now named the action too, before issue 26: asked less
    (not a battle played before issue 25), one waiting combatant, played by the table
    (the offer was the table's, an app side's action its own), whose turn comes to a
    choice."""
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
