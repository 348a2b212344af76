"""The activated characters' impulses (seed §2.4, CE-5) and the non-activated phase
(seed §2.5, CE-6)."""

from __future__ import annotations

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import only_or_ask
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about
from skirmtui.engine.core.prompts import Ask, Choose, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.cape_et_epee import action_steps, actions, morale, profile
from skirmtui.systems.cape_et_epee.position import pos

END = "end"
DONE = "done"


def queue(b: Battle) -> list[Unit]:
    """CE-5: activated characters on the table with AP left, most AP first, the
    initiative player's first on a tie; then who has waited longest (ours)."""
    p = pos(b)
    initiative, seq = p.initiative, p.seq
    ready = [u for u in b.units.values() if not u.removed and u.stats["deployed"] and u.stats["ap"]]
    # A stable sort: equal keys keep the roster order.
    return sorted(ready, key=lambda u: (-u.num("ap"), u.side != initiative, seq.get(u.id, 0)))


def impulse_step(b: Battle) -> Step:
    """One action of the character whose impulse it is (the head of the queue)."""
    p = pos(b)
    uid = p.impulse
    if uid and (not b.alive(uid) or b.units[uid].num("ap") == 0):
        end_impulse(b)
        return
    if not uid:
        waiting = queue(b)
        if not waiting:
            end_activated(b)
            return
        uid = waiting[0].id
        p.impulse = uid
        p.impulse_actions = 0
        b.record("info", f"{b.units[uid].label} starts an impulse ({b.units[uid].num('ap')} AP)")
    unit = b.units[uid]
    b.turn_side = unit.side
    options = actions.menu(b, unit, na=False)
    if p.impulse_actions:
        options.append(
            Option(END, f"End the impulse: back in the queue at {unit.num('ap')} AP", passive=True)
        )
    choice = yield from only_or_ask(
        b,
        about(
            Choose,
            unit,
            key="impulse.action",
            text=f"{unit.label} ({unit.num('ap')} AP): which action?",
            options=options,
        ),
    )
    if choice == END:
        end_impulse(b)
        return
    done = yield from action_steps.take(b, unit, choice, na=False)
    if done:
        p.impulse_actions += 1
    if unit.removed or unit.num("ap") == 0:
        end_impulse(b)


def end_impulse(b: Battle) -> None:
    """CE-5: the character rejoins the queue at its remaining AP, behind those waiting."""
    p = pos(b)
    uid = p.impulse
    p.impulse = ""
    p.impulse_actions = 0
    p.tick += 1
    p.seq[uid] = p.tick


def end_activated(b: Battle) -> None:
    """Seed §2.4: no AP can be kept for the next turn. The activated characters'
    activations end here (timed conditions count them)."""
    for unit in b.on_table():
        if unit.num("die"):
            conditions.activation_ended(b, unit.id)
    for unit in b.on_table():
        if unit.num("ap"):
            b.set(unit, "ap", 0)
    p = pos(b)
    p.seq = {}
    p.na_side = p.initiative
    b.enter_phase("nonactivated", p.initiative)


def na_candidates(b: Battle, side: str) -> list[Unit]:
    return [
        u
        for u in b.on_table(side)
        if u.flag("deployed") and not u.num("die") and not u.flag("acted")
    ]


#: Why a bound character may not do nothing, by whether it is in a melee.
_MUST = {
    True: "CE-6: in a melee it must fight or flee",
    False: "CE-11: seeking cover, it must move to cover",
}


def _bound(b: Battle, unit: Unit) -> bool:
    """A non-activated character that may not stay idle: in a melee (CE-6) or seeking
    cover (CE-11: "deve muovere nel turno/impulso successivo verso il riparo")."""
    return unit.stats["status"] == profile.SEEK_COVER or morale.engaged(b, unit)


def _cannot_stop(b: Battle, waiting: list[Unit]) -> str | None:
    """Why the side may not end its non-activated actions yet, or None."""
    fight, cover = [], []
    for unit in waiting:
        if morale.engaged(b, unit):
            fight.append(unit.label)
        elif unit.stats["status"] == profile.SEEK_COVER:
            cover.append(unit.label)
    reasons = []
    if fight:
        reasons.append(f"CE-6: {', '.join(fight)} must fight or flee the melee")
    if cover:
        reasons.append(f"CE-11: {', '.join(cover)} must move to cover")
    return "; ".join(reasons) or None


def na_step(b: Battle) -> Step:
    """CE-6: one 1-AP action each, the initiative player's characters first."""
    p = pos(b)
    side = p.na_side
    assert side is not None
    waiting = na_candidates(b, side)
    if waiting:
        # Seed §2.5 (CE-6): characters in a melee "sono obbligati a combattere la mischia …
        # oppure devono tentare di fuggire"; CE-11: one seeking cover spends its action
        # moving to cover. The side cannot stop while one of them has not acted.
        choice = yield from only_or_ask(
            b,
            Choose(
                key="na.unit",
                side=side,
                text=f"{b.side_name(side)}: which non-activated character acts?",
                options=[Option(u.id, u.label) for u in waiting]
                + [
                    Option(
                        DONE,
                        "Done: the others do nothing",
                        disabled=_cannot_stop(b, waiting),
                        passive=True,
                    )
                ],
            ),
        )
        if choice != DONE:
            unit = b.units[choice]
            b.set(unit, "acted", True)
            rejoin = False
            squad = profile.squad_of(unit)
            engaged = morale.engaged(b, unit)
            mates = (
                squad
                and not engaged  # ours: the melee obligation comes before rejoining
                and [
                    u
                    for u in profile.members(b, side, squad)
                    if u is not unit and not u.removed and u.flag("deployed")
                ]
            )
            if mates:
                rejoin = yield Ask(
                    key="na.separated",
                    side=side,
                    actor=unit.id,
                    text=f"Is {unit.label} separated from the rest of squad {squad}?",
                )
            menu = actions.menu(b, unit, na=True, rejoin=bool(rejoin))
            must = _bound(b, unit) and any(o.disabled is None for o in menu)
            action = yield from only_or_ask(
                b,
                Choose(
                    key="na.action",
                    side=side,
                    actor=unit.id,
                    text=f"{unit.label}: which one-AP action?",
                    options=[
                        *menu,
                        Option(
                            END,
                            "Nothing",
                            disabled=_MUST[engaged] if must else None,
                            passive=True,
                        ),
                    ],
                ),
            )
            if action != END:
                yield from action_steps.take(b, unit, action, na=True)
            conditions.activation_ended(b, unit.id)
            return
    if side == p.initiative:
        p.na_side = next(s.id for s in b.sides if s.id != side)
        b.turn_side = p.na_side
        return
    p.na_side = None
    b.enter_phase("end", None)
