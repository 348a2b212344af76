"""The non-activated phase (seed §2.5, CE-6): after the impulses, each side's characters
with no order die take one 1-AP action each, the initiative player's first."""

from __future__ import annotations

from functools import cache, lru_cache

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
from skirmtui.engine.core.battle import Battle, Stat, Unit
from skirmtui.engine.core.options import Group, LazyOptions, group_of, grouped
from skirmtui.engine.core.prompts import Ask, Choose, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.cape_et_epee import action_steps, actions, morale, profile
from skirmtui.systems.cape_et_epee.impulses import END
from skirmtui.systems.cape_et_epee.position import CEPosition
from skirmtui.systems.cape_et_epee.sides import SideView, side_units, squads_on_table, views

DONE = "done"


def na_candidates(b: Battle, side: str) -> list[Unit]:
    """CE-6: the side's characters on the table with no order die that have not acted
    (the queue pane's rows; `_offer` picks the same ones in its own loop)."""
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


def _bound(fight: list[str], cover: list[str]) -> str | None:
    """Why the side may not end its non-activated actions yet: the characters that must
    fight or flee, then those that must move to cover."""
    reasons = []
    if fight:
        reasons.append(f"CE-6: {', '.join(fight)} must fight or flee the melee")
    if cover:
        reasons.append(f"CE-11: {', '.join(cover)} must move to cover")
    return "; ".join(reasons) or None


#: The rule a table-played side's `na.act_with` answer says it kept (seed §2.5, CE-6).
SEPARATED = "a squad member separated from its squad may only move to rejoin it, or do nothing"
#: The number keys: a second-pass save's one-answer choice fit them.
KEYS = 9


def _offer(b: Battle, side: str, tell: bool) -> tuple[list[Unit], LazyOptions, int, bool, Option]:
    """One pass over the side's characters for the phase's next question: those waiting
    (`na_candidates`), every one's actions (`red1|move`, "A: Move", grouped by
    character: the Now pane numbers the characters, and a character's number opens its
    actions) then "done" (refused while one must act), how many of them are enabled,
    (`tell`: only then looked at) whether one could be separated from its squad (`_apart`:
    a squad member not in a melee with a mate on the table), and "done". Every step of
    the phase asks it of every waiting character: each one's part is kept from the
    phase's last step (`_kept`) while what its situation reads is the same. The options
    are made only when read (`grouped`: a sim draws one without them)."""
    view = views(b)[side]  # the other side, read once for all of them
    c = b.changes
    guard = c["deployed"] + c["die"] + c["removed"] + len(b.units) + b.round
    parts = _kept(b, side, view, guard, c["acted"])
    if parts is None:
        parts = [
            _part(b, unit, view)
            for unit in side_units(b, side)
            if not unit.removed
            and (stats := unit.stats)["deployed"]
            and not stats["die"]
            and not stats["acted"]
        ]
    _KEPT.last = (b, side, view, guard, c["acted"], parts)
    waiting: list[Unit] = []
    groups: list[Group] = []
    enabled = active = 0
    fight: list[str] = []
    cover: list[str] = []
    apart = False
    on_table: dict[str, int] | None = None
    for unit, _, _, group, count, lively, engaged, seek, squad in parts:
        waiting.append(unit)
        groups.append(group)
        enabled += count
        active += lively
        # Seed §2.5 (CE-6): characters in a melee "sono obbligati a combattere la mischia
        # … oppure devono tentare di fuggire"; CE-11: one seeking cover spends its action
        # moving to cover. The side cannot stop while one of them has not acted.
        if engaged:
            fight.append(unit.label)
            continue
        if seek:
            cover.append(unit.label)
        if tell and not apart and squad:
            if on_table is None:
                on_table = squads_on_table(b, side)
            apart = on_table.get(squad, 0) > 1  # itself and a mate
    done = _stop(_bound(fight, cover) if fight or cover else None)
    groups.append(done)  # ("done" is passive: never among the active)
    stop = done[0][0]
    enabled += stop.disabled is None
    return waiting, grouped(groups, enabled, active), enabled, apart, stop


#: A waiting character's part of the question: the unit, its stats, what of them its
#: situation read (`ap`, `status`, `prone`, `reload`, `foe`: its profile's weapon never
#: changes, whether its foe is in play is the guard's), its options (a `Group`), how
#: many of them are enabled and how many active (not passive), whether it is in a
#: melee, whether it seeks cover, its squad ("": none).
Part = tuple[Unit, dict[str, Stat], tuple[Stat, ...], Group, int, int, bool, bool, str]


def _part(b: Battle, unit: Unit, view: SideView) -> Part:
    """A waiting character's part, found anew."""
    s = actions.situation_in(b, unit, view, True)
    group = _na_merged(unit.id, unit.label, s)
    stats = unit.stats
    read = (stats["ap"], stats["status"], stats["prone"], stats["reload"], stats["foe"])
    seek = s.status == profile.SEEK_COVER
    squad = str(unit.profile.get("squad") or "")  # `profile.squad_of`, inline
    return unit, stats, read, group, len(group[1]), len(group[2]), s.engaged, seek, squad


def _kept(b: Battle, side: str, view: SideView, guard: int, acted: int) -> list[Part] | None:
    """The last step's parts of the same side of the same battle, those that have acted
    since left out, any whose situation moved found again; None when they cannot be
    trusted: another battle, side or turn, a character deployed, ordered, removed (its
    foe's melee with it too) or added (`guard`: one sum of counts that only grow, as
    engine/core/watch.py's), the other side seen otherwise, or an `acted` changed that is
    not a kept character's having acted (a GM's)."""
    last = _KEPT.last
    if last is None or last[0] is not b or last[1] != side or last[3] != guard:
        return None
    if last[2] != view:
        return None
    seen = last[4]
    parts: list[Part] = []
    for part in last[5]:
        stats = part[1]
        if stats["acted"]:
            seen += 1
            continue
        if (stats["ap"], stats["status"], stats["prone"], stats["reload"], stats["foe"]) != part[2]:
            part = _part(b, part[0], view)
        parts.append(part)
    return parts if seen == acted else None


class _Parts:
    """The last step's parts: (battle, side, view, guard, `acted` changes, parts), replaced
    whole (a worker thread, the app's players, may play its own battle)."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[Battle, str, SideView, int, int, list[Part]] | None = None


_KEPT = _Parts()


def na_step(b: Battle) -> Step:
    """CE-6: one 1-AP action each, the initiative player's characters first."""
    p: CEPosition = b.pos  # (not `pos(b)`: a call less, every step)
    side = p.na_side
    assert side is not None
    # (`asks_as_of` called only for a save of older questions: most battles have none)
    older = QUESTIONS in b.options
    # Issue 25, fourth pass: a side the table plays says with the action that a squad
    # member acting otherwise than moving is with its squad (a table fact), when one
    # of them could be separated (else nothing to say: `na.act`).
    tell = side not in b.ai and not (older and asks_as_of(b, THIRD_PASS))
    waiting, merged, enabled, apart, stop = _offer(b, side, tell)
    if waiting:
        action: str | None = None  # chosen with the character, or asked after it
        told = False  # whether the table said with it that the character is not separated
        if older and (
            asks_as_of(b, FIRST_PASS)
            # A second-pass save asked the character and its action in one answer only
            # when they fit the number keys ("done" aside).
            or (asks_as_of(b, SECOND_PASS) and enabled - (stop.disabled is None) >= KEYS)
        ):  # the character, then its action
            choice = yield from only_or_ask(
                b,
                Choose(
                    key="na.unit",
                    side=side,
                    text=f"{b.side_name(side)}: which non-activated character acts?",
                    options=[*(Option(u.id, u.label) for u in waiting), stop],
                ),
            )
        else:  # issue 25 again: the character and its action in one answer
            several = enabled > 1  # (then asked: `only_or_ask` need not count them again)
            told = several and apart
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
def _stop(reason: str | None) -> Group:
    """The non-activated phase's "done" (refused for `reason`), made at every step: the
    last group of `_offer`'s options."""
    return group_of((Option(DONE, "Done: the others do nothing", disabled=reason, passive=True),))


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


def _apart(b: Battle, unit: Unit) -> bool:
    """Whether `unit` (on the table) could be separated from its squad: a squad member
    not in a melee (ours: the melee obligation comes before rejoining) with a mate on
    the table. (`_offer` asks the same of every waiting character in its loop.)"""
    squad = profile.squad_of(unit)
    if not squad or morale.engaged(b, unit):
        return False
    return squads_on_table(b, unit.side).get(squad, 0) > 1  # itself and a mate


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


@lru_cache(maxsize=512)  # bounded: a character's id and label are part of the key
def _na_merged(uid: str, label: str, s: actions.Situation) -> Group:
    """One character's part of `_offer`'s options, with those enabled and those active
    (made for every waiting character at every step of the phase: cached)."""
    # `o._replace(value=…, label=…, group=uid)`, made by `tuple.__new__` (each a
    # Python call less: a battle meets ~30 new characters' situations).
    options = tuple(
        [
            _make(Option, (f"{uid}|{value}", f"{label}: {text}", why, passive, chance, uid))
            for value, text, why, passive, chance, _ in _na_options(s)
        ]
    )
    return group_of(options)


_make = tuple.__new__
