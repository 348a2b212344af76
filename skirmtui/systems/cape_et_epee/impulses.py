"""The activated characters' impulses (seed §2.4, CE-5) and the non-activated phase
(seed §2.5, CE-6)."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import compress
from operator import attrgetter, itemgetter

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import (
    FIRST_PASS,
    QUESTIONS,
    SECOND_PASS,
    THIRD_PASS,
    asks_as_of,
    offer_last,
    only_or_ask,
)
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.prompts import Ask, Choose, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.cape_et_epee import action_steps, actions, morale, profile
from skirmtui.systems.cape_et_epee.position import CEPosition
from skirmtui.systems.cape_et_epee.sides import side_units, side_view, squads_on_table

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
    every impulse's start), found in one pass without sorting the others. Only the
    units with AP left reach the loop (`compress` picks them in C: most have none)."""
    p: CEPosition = b.pos  # (not `pos(b)`: a call less, every step)
    initiative, seq = p.initiative, p.seq
    best: tuple[int, bool, int] | None = None
    head = None
    units = b.units.values()
    for u in compress(units, map(_AP, map(_STATS, units))):
        stats = u.stats
        if u.removed or not stats["deployed"]:
            continue
        key = (-stats["ap"], u.side != initiative, seq.get(u.id, 0))  # type: ignore[operator]
        # Strictly less: of equal keys the first in roster order stays (as `queue` sorts).
        if best is None or key < best:
            best, head = key, u
    return head


_STATS, _AP = attrgetter("stats"), itemgetter("ap")


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
    options, several = _impulse_menu(
        actions.situation_in(b, unit, side_view(b, side), False),
        bool(p.impulse_actions),
        not (QUESTIONS in b.options and asks_as_of(b, FIRST_PASS)),
    )
    prompt = Choose(
        key="impulse.action",
        side=side,
        actor=uid,
        text=f"{unit.label} ({unit.stats['ap']} AP): which action?",
        options=options,
    )
    if several:  # `only_or_ask`'s asking, its count of enabled options kept with the menu
        choice = yield offer_last(b, prompt) if b.offers else prompt
    else:
        choice = yield from only_or_ask(b, prompt)
    if choice == END:
        end_impulse(b)
        return
    action, times = actions.repeated(choice) if actions.TIMES in choice else (choice, 1)
    for _ in range(times):  # seed §2.4: the same action repeated within the impulse
        step = action_steps.take(b, unit, action, na=False)
        done = step if type(step) is bool else (yield from step)
        if done:
            p.impulse_actions += 1
    if unit.removed or unit.stats["ap"] == 0:
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
    for unit in b.on_table():
        if unit.stats["die"]:
            conditions.activation_ended(b, unit.id)
    for unit in b.on_table():
        if unit.stats["ap"]:
            b.set(unit, "ap", 0)
    p: CEPosition = b.pos  # (not `pos(b)`: a call less, every step)
    p.seq = {}
    p.na_side = p.initiative
    b.enter_phase("nonactivated", p.initiative)


def na_candidates(b: Battle, side: str) -> list[Unit]:
    """CE-6: the side's characters on the table with no order die that have not acted
    (read at every step of the phase: the stats without `Unit.flag`/`num` calls)."""
    return [
        u
        for u in side_units(b, side)
        if not u.removed
        and (stats := u.stats)["deployed"]
        and not stats["die"]
        and not stats["acted"]
    ]


#: Why a bound character may not do nothing, by whether it is in a melee.
_MUST = {
    True: "CE-6: in a melee it must fight or flee",
    False: "CE-11: seeking cover, it must move to cover",
}


def _cannot_stop(waiting: list[Unit], found: list[actions.Situation]) -> str | None:
    """Why the side may not end its non-activated actions yet, or None (`found`: each
    waiting character's situation). (`_na_choices` finds the same in its own loop.)"""
    fight: list[str] = []
    cover: list[str] = []
    for unit, s in zip(waiting, found, strict=True):
        if s.engaged:
            fight.append(unit.label)
        elif s.status == profile.SEEK_COVER:
            cover.append(unit.label)
    return _bound(fight, cover) if fight or cover else None


def _bound(fight: list[str], cover: list[str]) -> str | None:
    """`_cannot_stop`'s reason: the characters that must fight or flee, then those that
    must move to cover."""
    reasons = []
    if fight:
        reasons.append(f"CE-6: {', '.join(fight)} must fight or flee the melee")
    if cover:
        reasons.append(f"CE-11: {', '.join(cover)} must move to cover")
    return "; ".join(reasons) or None


def na_step(b: Battle) -> Step:
    """CE-6: one 1-AP action each, the initiative player's characters first."""
    p: CEPosition = b.pos  # (not `pos(b)`: a call less, every step)
    side = p.na_side
    assert side is not None
    waiting = na_candidates(b, side)
    if waiting:
        # Every waiting character's situation, the other side read once for all of them.
        view = side_view(b, side)
        situation = actions.situation_in
        found = [situation(b, u, view, True) for u in waiting]
        action: str | None = None  # chosen with the character, or asked after it
        told = False  # whether the table said with it that the character is not separated
        # (`asks_as_of` called only for a save of older questions: most battles have none)
        older = QUESTIONS in b.options
        merged, enabled = (
            ([], 0) if older and asks_as_of(b, FIRST_PASS) else _na_choices(b, waiting, found)
        )
        if not merged:
            choice = yield from only_or_ask(
                b,
                Choose(
                    key="na.unit",
                    side=side,
                    text=f"{b.side_name(side)}: which non-activated character acts?",
                    options=[
                        *(Option(u.id, u.label) for u in waiting),
                        _stop(_cannot_stop(waiting, found)),
                    ],
                ),
            )
        else:  # issue 25 again: the character and its action in one answer
            # Issue 25, fourth pass: a side the table plays says with the action that a
            # squad member acting otherwise than moving is with its squad (a table fact).
            # Only when one of them could be separated (else nothing to say: `na.act`).
            several = enabled > 1  # (then asked: `only_or_ask` need not count them again)
            told = several and side not in b.ai and not (older and asks_as_of(b, THIRD_PASS))
            if told:
                told = _any_apart(waiting, found, squads_on_table(b, side))
            text = f"{b.side_name(side)}: which non-activated character acts, and how?"
            if told:
                text += f" ({SEPARATED})"
            prompt = Choose(
                key="na.act_with" if told else "na.act",
                side=side,
                # One character left: the question is about it (the roster marks it;
                # Enter offers what it did last turn, when it still may).
                actor=waiting[0].id if len(waiting) == 1 else None,
                text=text,
                options=merged,
            )
            if several:  # `only_or_ask`'s asking, written out
                offer = b.offers and prompt.actor is not None
                choice = yield offer_last(b, prompt) if offer else prompt
            else:
                choice = yield from only_or_ask(b, prompt)
            if choice != DONE:
                choice, _, action = choice.rpartition("|")
        if choice != DONE:
            yield from _na_act(b, b.units[choice], action, told)
            return
    if side == p.initiative:
        p.na_side = next(s.id for s in b.sides if s.id != side)
        b.turn_side = p.na_side
        return
    p.na_side = None
    b.enter_phase("end", None)


@lru_cache(maxsize=256)  # bounded: the reason names characters
def _stop(reason: str | None) -> Option:
    """The non-activated phase's "done" (refused for `reason`), made at every step."""
    return Option(DONE, "Done: the others do nothing", disabled=reason, passive=True)


def _na_menu(b: Battle, unit: Unit, rejoin: bool = False) -> list[Option]:
    """A non-activated character's one-AP actions and "nothing" (refused, with the rule,
    when it must fight, flee or move to cover and can)."""
    return list(_na_options(actions.situation(b, unit, na=True, rejoin=rejoin)))


@cache
def _na_options(s: actions.Situation) -> tuple[Option, ...]:
    """`_na_menu` from what it depends on (made for every waiting character at every
    step of the phase, also on replay: cached)."""
    menu = actions.menu_of(s)
    # Bound: in a melee (CE-6) or seeking cover (CE-11: "deve muovere nel turno/impulso
    # successivo verso il riparo"), it may not stay idle when it can act.
    must = (s.engaged or s.status == profile.SEEK_COVER) and any(o.disabled is None for o in menu)
    return (
        *menu,
        Option(END, "Nothing", disabled=_MUST[s.engaged] if must else None, passive=True),
    )


#: The rule a table-played side's `na.act_with` answer says it kept (seed §2.5, CE-6).
SEPARATED = "a squad member separated from its squad may only move to rejoin it, or do nothing"


def _apart(b: Battle, unit: Unit) -> bool:
    """Whether `unit` (on the table) could be separated from its squad: a squad member
    not in a melee (ours: the melee obligation comes before rejoining) with a mate on
    the table. (`_any_apart` asks the same of every waiting character at once.)"""
    squad = profile.squad_of(unit)
    if not squad or morale.engaged(b, unit):
        return False
    return squads_on_table(b, unit.side).get(squad, 0) > 1  # itself and a mate


def _any_apart(
    waiting: list[Unit], found: list[actions.Situation], on_table: dict[str, int]
) -> bool:
    """Whether any waiting character could be separated from its squad: `_apart` of
    each, written out (keep the two the same), its melee read from its situation
    (`found`) and the side's squads on the table counted once (`on_table`), in one loop
    (every step of the phase asks it: calling `_apart` for each cost +0.7 %)."""
    for unit, s in zip(waiting, found, strict=True):
        if not s.engaged:
            squad = unit.profile.get("squad")  # `profile.squad_of`, inline
            if squad and on_table.get(str(squad), 0) > 1:  # itself and a mate
                return True
    return False


def _na_act(b: Battle, unit: Unit, action: str | None, told: bool = False) -> Step:
    """The character's one action (`action` already chosen with it, or asked now).
    `told`: the table chose it knowing the rule for separated squad members (seed §2.5),
    so an action other than moving or nothing says it is with its squad: not asked."""
    side = unit.side
    b.set(unit, "acted", True)
    # Moving or nothing: allowed separated or not.
    mates = not told and action not in ("move", END) and _apart(b, unit)
    rejoin = False
    if mates:
        # Seed §2.5: a separated squad member "può solo muovere … per ricongiungersi".
        rejoin = yield Ask(
            key="na.separated",
            side=side,
            actor=unit.id,
            text=f"Is {unit.label} separated from the rest of squad {profile.squad_of(unit)}?",
        )
    if action is None or rejoin:
        action = yield from only_or_ask(
            b,
            Choose(
                key="na.action",
                side=side,
                actor=unit.id,
                text=f"{unit.label}: which one-AP action?",
                options=_na_menu(b, unit, rejoin=bool(rejoin)),
            ),
        )
    if action != END:
        step = action_steps.take(b, unit, action, na=True)
        if type(step) is not bool:
            yield from step
    conditions.activation_ended(b, unit.id)


#: The number keys: a second-pass save's one-answer choice fit them.
KEYS = 9


def _na_choices(
    b: Battle, waiting: list[Unit], found: list[actions.Situation]
) -> tuple[list[Option], int]:
    """Every waiting character's actions (`red1|move`, "A: Move"), grouped by character,
    then "done" (refused while one must act: `_cannot_stop`, found in the same loop),
    and how many of them are enabled: the Now pane numbers the characters, and a
    character's number opens its actions (two keys, one answer, however long the list).
    A second-pass save asked them in one answer only when they fit the number keys (with
    "done"): else none, the character was asked, then its action. (`found`: each
    waiting character's situation.)"""
    # Only a second-pass save counts what fits the keys (today's never counts).
    if QUESTIONS in b.options and asks_as_of(b, SECOND_PASS):
        enabled = (o.disabled is None for s in found for o in _na_options(s))
        if sum(enabled) >= KEYS:
            return [], 0
    merged: list[Option] = []
    count = 0
    fight: list[str] = []
    cover: list[str] = []
    for unit, s in zip(waiting, found, strict=True):
        label = unit.label
        options, enabled_ = _na_merged(unit.id, label, s)
        merged += options
        count += enabled_
        # Seed §2.5 (CE-6): characters in a melee "sono obbligati a combattere la mischia
        # … oppure devono tentare di fuggire"; CE-11: one seeking cover spends its action
        # moving to cover. The side cannot stop while one of them has not acted.
        if s.engaged:
            fight.append(label)
        elif s.status == profile.SEEK_COVER:
            cover.append(label)
    stop = _stop(_bound(fight, cover) if fight or cover else None)
    merged.append(stop)
    return merged, count + (stop.disabled is None)


@lru_cache(maxsize=512)  # bounded: a character's id and label are part of the key
def _na_merged(uid: str, label: str, s: actions.Situation) -> tuple[tuple[Option, ...], int]:
    """One character's part of `_na_choices` and how many of them are enabled (made for
    every waiting character at every step of the phase: cached)."""
    # `o._replace(value=…, label=…, group=uid)`, made by `tuple.__new__` (each a
    # Python call less: a battle meets ~30 new characters' situations).
    options = tuple(
        [
            _make(Option, (f"{uid}|{value}", f"{label}: {text}", why, passive, chance, uid))
            for value, text, why, passive, chance, _ in _na_options(s)
        ]
    )
    return options, sum(o.disabled is None for o in options)


_make = tuple.__new__
