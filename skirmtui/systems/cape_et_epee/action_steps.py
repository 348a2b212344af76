"""The actions themselves (CE-7): each a sub-step returning True when it was taken (its AP
are spent) and False when it was called off before anything happened (no target, out of
range); `take` carries one out. What may be chosen, and at what cost, is actions.py's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from skirmtui.engine.core.asking import FIRST_PASS, asks_as_of, one_at_a_time
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import ROUT
from skirmtui.engine.core.kit import about, choose_one
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Option
from skirmtui.engine.core.text import plural
from skirmtui.systems.cape_et_epee import combat, morale, profile
from skirmtui.systems.cape_et_epee.actions import (
    CANCEL,
    NO_TARGET,
    NONE,
    allowed,
    can_react,
    pay_reaction,
    spend,
    target_option,
    target_options,
    targets,
    why_not,
)
from skirmtui.systems.cape_et_epee.morale import Sub
from skirmtui.systems.cape_et_epee.profile import LEAVE_TABLE, SEEK_COVER


def take(b: Battle, unit: Unit, action: str, na: bool) -> Sub | bool:
    """Carry out one action: whether it was taken, when it asks nothing (most: a move, a
    reload…), else its sub-step, whose value it is (`done = step if type(step) is bool
    else (yield from step)`: no generator of its own around every action's)."""
    if unit.removed:
        # G-4: a GM override took the character out while its action was being chosen.
        b.record("info", f"{unit.label} is out of the fight: nothing happens", actor=unit.id)
        return False
    return _STEPS[action](b, unit, na)


# -- the actions ---------------------------------------------------------------------------


def _move(b: Battle, unit: Unit, na: bool) -> Sub:
    status = unit.stats["status"]
    spend(b, unit, "move", na)
    if status == LEAVE_TABLE:
        # Seed §2.7.3: a test at the start of every move; a model is lost on a failure.
        passed = yield from morale.roll_test(b, [unit], "leaving the table: start of a move")
        if not passed:
            cause = b.cause(ROUT)  # the failed test
            b.record("info", f"{unit.label} deserts: the model is lost", actor=unit.id)
            combat.take_out(b, unit, cause)
            yield from morale.squad_losses(b, unit)  # §2.7 triggers 4–6, steady models
            return True
    speed = profile.stat(unit, "move")
    # Seed §2.7.3: leaving the table "muovendo alla massima velocità possibile".
    how = (
        f"moves its full {speed} um towards its own table edge"
        if status == LEAVE_TABLE
        else f"moves up to {speed} um"
    )
    if unit.side in b.ai and (where := profile.app_move(status)):
        how += f" (the app's move: {where})"  # issue 26: what the table does with it
    if one_at_a_time(b):
        yield about(Confirm, unit, key="move.done", text=f"{unit.label} {how}")
    else:  # issue 25: the table moves it; "done" changed nothing (the log says it)
        b.record("info", f"{unit.label} {how}", actor=unit.id)
    if status == SEEK_COVER:
        reached = yield about(Ask, unit, key="move.cover", text=f"Has {unit.label} reached cover?")
        if reached:  # seed: recovery is automatic once in cover
            morale.recover(b, unit)
    elif status == LEAVE_TABLE:
        off = yield about(Ask, unit, key="move.off", text=f"Has {unit.label} left the table?")
        if off:
            # The morale that sent it off the table; this answer says it is gone.
            cause = b.cause(ROUT)
            b.record("info", f"{unit.label} leaves the table", actor=unit.id)
            combat.take_out(b, unit, cause)
            yield from morale.squad_losses(b, unit)  # §2.7 triggers 4–6, steady models
    return True


def _pick_target(b: Battle, unit: Unit, key: str, na: bool) -> Any:
    if key == "charge.target" and na:  # CE-6: only a shaken enemy may be charged
        names = {s.id: s.name for s in b.sides}  # (not `side_name` once an enemy)
        options: Sequence[Option] = [
            *(
                target_option(
                    enemy.id,
                    enemy.label,
                    names[enemy.side],
                    None if enemy.stats["status"] else _NOT_SHAKEN,
                )
                for enemy in targets(b, unit)
            ),
            NO_TARGET,
        ]
    else:  # every enemy on the table (kept until one is deployed or taken out)
        options = target_options(b, unit.side)
    choice = yield about(
        Choose, unit, key=key, text=f"{unit.label}: which target?", options=options
    )
    return None if choice == CANCEL else b.units[choice]


_NOT_SHAKEN = "CE-6: not shaken, so it cannot be charged in this phase"


def _charge(b: Battle, unit: Unit, na: bool) -> Sub:
    target = yield from _pick_target(b, unit, "charge.target", na)
    if target is None:
        return False
    counter = yield from _reaction(
        b,
        target,
        unit,
        "charge",
        na,
        f"{target.label} is charged by {unit.label}: react? (1 AP)",
        Option("counter", "Countercharge"),
    )
    spend(b, unit, "charge", na)
    if counter:
        b.record("info", f"{target.label} countercharges {unit.label}", actor=target.id)
        contact = True  # ours: a countercharge meets the charger
    else:
        contact = yield about(
            Ask,
            unit,
            target=target,
            key="charge.contact",
            text=f"Does {unit.label} reach contact with {target.label}?",
        )
    if not contact:
        return True
    b.set(unit, "foe", target.id)
    if not target.stats["foe"]:
        b.set(target, "foe", unit.id)
    yield from combat.fight(b, unit, target, simultaneous=counter, charge=not counter)
    return True


def _range(b: Battle, shooter: Unit, target: Unit, key: str) -> Any:
    weapon = profile.weapon(shooter)
    assert weapon is not None
    band = yield about(
        Choose,
        shooter,
        target=target,
        key=key,
        text=f"Distance from {shooter.label} to {target.label} ({weapon['label']})?",
        options=[
            Option("short", f"up to {weapon['short']} um"),
            Option("long", f"up to {weapon['long']} um (long range)"),
            Option("out", "farther: out of range", passive=True),
        ],
    )
    return band


#: Issue 25 again: the distance and the cover of a shot in one answer (both table facts).
_SIGHT = {"short": ("short", False), "short+cover": ("short", True)}
_SIGHT |= {"long": ("long", False), "long+cover": ("long", True), "out": ("out", False)}


def _sight(b: Battle, shooter: Unit, target: Unit, key: str) -> Sub:
    """The distance band from `shooter` to `target` and whether `target` is in cover from
    it, asked together (`shoot.range` and `shoot.cover` before: the same two facts)."""
    weapon = profile.weapon(shooter)
    assert weapon is not None
    name = target.label
    answer = yield about(
        Choose,
        shooter,
        target=target,
        key=key,
        text=f"Distance from {shooter.label} to {name} ({weapon['label']}), and is {name} "
        f"in cover from {shooter.label}?",
        options=_sight_options(weapon["short"], weapon["long"], name),
    )
    return _SIGHT[str(answer)]


@lru_cache(maxsize=256)  # bounded: a target's label is part of the key
def _sight_options(short: int, long: int, name: str) -> tuple[Option, ...]:
    """`_sight`'s options for a weapon's bands and a target (the same every shot)."""
    near, far = f"up to {short} um", f"up to {long} um (long range)"
    return (
        Option("short", f"{near}, {name} in the open"),
        Option("short+cover", f"{near}, {name} in cover"),
        Option("long", f"{far}, {name} in the open"),
        Option("long+cover", f"{far}, {name} in cover"),
        Option("out", "farther: out of range", passive=True),
    )


def _shot_mods(band: str, cover: bool, prone: bool) -> list[tuple[str, int]]:
    mods = profile.weapons()["modifiers"]
    found: list[tuple[str, int]] = []
    if band == "long":
        found.append(("long range", int(mods["long_range"])))
    if cover:
        found.append(("target in cover", int(mods["cover"])))
    if prone:
        found.append(("target prone", int(mods["prone_target"])))
    return found


def _unload(b: Battle, unit: Unit) -> None:
    weapon = profile.weapon(unit)
    if weapon is not None and not unit.removed:
        b.set(unit, "reload", int(weapon["reload"]))


def _shoot(b: Battle, unit: Unit, na: bool) -> Sub:
    target = yield from _pick_target(b, unit, "shoot.target", na)
    if target is None:
        return False
    # Issue 25 again: distance and cover in one answer (a first-pass save: one by one).
    together = not asks_as_of(b, FIRST_PASS)
    cover: bool | None = None
    if together:
        band, cover = yield from _sight(b, unit, target, "shoot.sight")
    else:
        band = yield from _range(b, unit, target, "shoot.range")
    if band == "out":
        return False  # ours: out of range, nothing is spent
    back_band = None
    back_cover: bool | None = None
    said: bool | None = None  # the cover said with the distance, when asked again
    back_reason = why_not(b, target, "shoot", False, False)
    prone_reason = "already prone" if target.flag("prone") else allowed(b, target, "prone")
    if can_react(b, target, "temporize", na) and (back_reason is None or prone_reason is None):
        options = [
            Option(
                "back",
                "Shoot back (simultaneous)",
                disabled=back_reason,
            ),
            Option(
                "prone",
                "Drop prone before the shot",
                disabled=prone_reason,
            ),
            Option(NONE, "No reaction", passive=True),
        ]
        answer = yield about(
            Choose,
            target,
            target=unit,
            key="react.shot",
            text=f"{target.label} is shot at by {unit.label}: react? (1 AP)",
            options=options,
        )
        if answer == "prone":
            pay_reaction(b, target)
            b.set(target, "prone", True)
            b.record("info", f"{target.label} drops prone before the shot", actor=target.id)
            said, cover = cover, None  # said before it dropped prone: asked again
        elif answer == "back":
            if together:
                back_band, back_cover = yield from _sight(b, target, unit, "react.sight")
            else:
                back_band = yield from _range(b, target, unit, "react.range")
            if back_band == "out":
                back_band = None
            else:
                pay_reaction(b, target)
    spend(b, unit, "shoot", na)
    if cover is None:
        cover = yield about(
            Ask,
            unit,
            target=target,
            key="shoot.cover",
            text=f"Is {target.label} in cover from {unit.label}?",
            default=said,
        )
    if back_band is not None and back_cover is None:
        back_cover = yield about(
            Ask,
            target,
            target=unit,
            key="react.cover",
            text=f"Is {unit.label} in cover from {target.label}?",
        )
    cover, back_cover = bool(cover), bool(back_cover)
    shot = yield combat.to_hit(
        unit, target, _shot_mods(band, cover, target.flag("prone")), "shoot.to_hit"
    )
    _unload(b, unit)
    hits: list[tuple[Unit, Unit, bool, str]] = []
    if shot.success:
        hits.append((target, unit, cover, "shot"))
    if back_band is not None:
        # CE-8: the return shot is simultaneous: it is rolled whatever the first one did.
        back = yield combat.to_hit(
            target, unit, _shot_mods(back_band, back_cover, unit.flag("prone")), "react.to_hit"
        )
        _unload(b, target)
        if back.success:
            hits.append((unit, target, back_cover, "return shot"))
    outcomes = []
    with b.at_once():  # CE-8: the return shot lands even if the first ends the battle
        for hit, by, in_cover, attack in hits:
            outcome = yield from combat.wound(b, hit, by, attack)
            outcomes.append((hit, outcome, in_cover))
    for hit, outcome, in_cover in outcomes:
        # Seed §2.7: an autonomous character hit in the open tests, wounded or not.
        trigger = "shot_in_open" if profile.autonomous(hit) and not in_cover else None
        yield from combat.after_hit(b, hit, outcome, trigger, cover=in_cover)
    return True


def _reload(b: Battle, unit: Unit, na: bool) -> bool:
    spend(b, unit, "reload", na)
    b.set(unit, "reload", unit.num("reload") - 1)
    left = unit.num("reload")
    b.record(
        "info",
        f"{unit.label} reloads" + (f" ({plural(left, 'step')} left)" if left else ": loaded"),
    )
    return True


def _melee(b: Battle, unit: Unit, na: bool) -> Sub:
    foes = morale.opponents(b, unit)
    if not foes:
        # A GM override took the opponent away while the action was being chosen.
        b.record("info", f"{unit.label} has nobody left to fight", actor=unit.id)
        return False
    fights = yield from choose_one(
        unit, "melee.target", f"{unit.label} fights whom?", [Option(f.id, f.label) for f in foes]
    )
    foe = b.units[fights]
    simultaneous = yield from _reaction(
        b,
        foe,
        unit,
        "melee",
        na,
        f"{foe.label} must fight {unit.label}: fight at the same time? (1 AP)",
        Option("fight", "Fight simultaneously"),
    )
    spend(b, unit, "melee", na)
    yield from combat.fight(b, unit, foe, simultaneous=simultaneous, charge=False)
    return True


def _reaction(
    b: Battle, unit: Unit, acting: Unit, action: str, na: bool, text: str, reply: Option
) -> Sub:
    """CE-8: `unit`, the one `acting` charges or fights, reacts with `reply` or not,
    when it can; True when it did (its AP paid)."""
    if not can_react(b, unit, action, na):
        return False
    answer = yield about(
        Choose,
        unit,
        target=acting,
        key=f"react.{action}",
        text=text,
        options=[reply, Option(NONE, "No reaction", passive=True)],
    )
    if answer != reply.value:
        return False
    pay_reaction(b, unit)
    return True


def _flee(b: Battle, unit: Unit, na: bool) -> Sub:
    """Ours: fleeing a melee always gets the character out of contact."""
    spend(b, unit, "flee", na)
    morale.break_melee(b, unit)
    text = f"{unit.label} flees the melee: move it out of contact"
    if asks_as_of(b, FIRST_PASS):
        yield about(Confirm, unit, key="flee.done", text=text)
    else:  # issue 25 again: the table moves it; "done" changed nothing (the log says it)
        b.record("info", text, actor=unit.id)
    return True


def _prone(b: Battle, unit: Unit, na: bool) -> bool:
    spend(b, unit, "prone", na)
    b.set(unit, "prone", True)
    return True


def _stand(b: Battle, unit: Unit, na: bool) -> bool:
    spend(b, unit, "stand", na)
    b.set(unit, "prone", False)
    return True


def _rally(b: Battle, unit: Unit, na: bool) -> Sub:
    spend(b, unit, "rally", na)
    passed = yield from morale.roll_test(b, [unit], "rally")
    if passed:
        morale.recover(b, unit)
    return True


def _improvised(b: Battle, unit: Unit, na: bool) -> Sub:
    spend(b, unit, "improvised", na)
    passed = yield from morale.test(b, [unit], "improvised")
    text = f"{unit.label} makes its improvised attack or move at the table"
    if passed and one_at_a_time(b):
        yield about(Confirm, unit, key="improvised.done", text=text)
    elif passed:  # issue 25: the table does it; "done" changed nothing (the log says it)
        b.record("info", text, actor=unit.id)
    return True


def _temporize(b: Battle, unit: Unit, na: bool) -> bool:
    spend(b, unit, "temporize", na)
    b.record("info", f"{unit.label} temporizes", actor=unit.id)
    return True


_STEPS: dict[str, Callable[[Battle, Unit, bool], Sub | bool]] = {
    "move": _move,
    "charge": _charge,
    "shoot": _shoot,
    "reload": _reload,
    "melee": _melee,
    "flee": _flee,
    "prone": _prone,
    "stand": _stand,
    "rally": _rally,
    "improvised": _improvised,
    "temporize": _temporize,
}
