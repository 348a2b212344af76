"""The actions of an impulse or of the non-activated phase (CE-7) and reactions (CE-8):
what may be chosen now, at what cost, and why not. The actions themselves (each a
sub-step, and `take`) are in action_steps.py."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import NamedTuple

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.labels import with_side
from skirmtui.engine.core.prompts import Option
from skirmtui.engine.core.text import plural
from skirmtui.engine.core.watch import Watch
from skirmtui.systems.cape_et_epee import morale, profile
from skirmtui.systems.cape_et_epee.profile import LEAVE_TABLE, SEEK_COVER, SHAKEN
from skirmtui.systems.cape_et_epee.sides import SideView, views

#: The order actions are offered in.
ACTIONS = (
    "move",
    "charge",
    "shoot",
    "reload",
    "melee",
    "flee",
    "prone",
    "stand",
    "rally",
    "improvised",
    "temporize",
)
CANCEL = "cancel"
NONE = "none"


#: AP per action, read once (menus are rebuilt for every replayed answer).
_COSTS = {name: int(spec["cost"]) for name, spec in profile.actions().items()}


def cost(action: str) -> int:
    return _COSTS[action]


class Situation(NamedTuple):
    """Everything the choice of actions depends on, so the menus can be cached (they are
    rebuilt for every replayed answer)."""

    na: bool
    rejoin: bool
    ap: int
    status: str
    prone: bool
    reload: int
    armed: bool
    engaged: bool
    enemies: bool
    #: An enemy on the table is shaken (non-activated phase only; False in an impulse).
    shaken_enemy: bool


def situation(b: Battle, unit: Unit, na: bool, rejoin: bool = False) -> Situation:
    """One pass over the units (this runs for every menu, also on replay): enemies on the
    table (`targets`), any of them shaken, and whether `unit` is in a melee
    (`morale.engaged`)."""
    return situation_in(b, unit, views(b)[unit.side], na, rejoin)


def situation_in(
    b: Battle, unit: Unit, view: SideView, na: bool, rejoin: bool = False
) -> Situation:
    """`situation` with the other side already read (`side_view` of `unit`'s side)."""
    stats = unit.stats
    foe = stats["foe"]
    # `tuple.__new__`: the NamedTuple's own `__new__` is a Python call (made for every
    # waiting character at every step).
    return _make(
        Situation,
        (
            na,
            rejoin,
            stats["ap"],
            str(stats["status"]),
            bool(stats["prone"]),
            stats["reload"],
            bool(unit.profile.get("weapon")),
            bool(foe and b.alive(str(foe))) or unit.id in view.held,
            view.enemies,
            # Read only in the non-activated phase (a charge there needs a shaken enemy):
            # left out of an impulse's situation, whose menus are cached by it.
            na and view.shaken_enemy,
        ),
    )


_make = tuple.__new__


def forbidden(status: str, engaged: bool, action: str) -> str | None:
    """Why a status or a melee forbids `action` (ours, data `[allowed]`), or None."""
    lists: dict[str, list[str]] = profile.rules()["allowed"]
    # A status typed in by a GM override that the data does not know counts as shaken.
    if status == SEEK_COVER and action in ("temporize", "melee"):
        # Seed §2.7.3: "deve interrompere un'eventuale mischia e raggiungere un riparo".
        return "CE-11: seeking cover, it must move to cover (flee a melee first)"
    if status and action not in lists.get(status, lists[SHAKEN]):
        return f"{status}: it may not {profile.actions()[action]['label'].lower()}"
    if engaged and action in _MOVING and action not in lists["engaged"]:
        return "in a melee: fight or flee"
    return None


_MOVING = frozenset({"move", "charge", "shoot", "reload", "prone", "stand"})


def allowed(b: Battle, unit: Unit, action: str) -> str | None:
    return forbidden(str(unit.stats["status"]), morale.engaged(b, unit), action)


def targets(b: Battle, unit: Unit) -> list[Unit]:
    """Enemies on the table."""
    side = unit.side
    return [u for u in b.units.values() if not u.removed and u.side != side and u.stats["deployed"]]


def target_options(b: Battle, side: str) -> tuple[Option, ...]:
    """`side`'s choice of a target for a shot or a charge (CE-7): every enemy on the table
    (`targets`), then "no target". Asked ~40 times a battle, and it changes only when a
    unit is deployed, taken out, put back or added: kept per side until then."""
    kept = _kept_targets(b)
    options = kept.get(side)
    if options is None:
        names = {s.id: s.name for s in b.sides}  # (not `side_name` once an enemy)
        options = kept[side] = (
            *(
                target_option(u.id, u.label, names[u.side], None)
                for u in b.units.values()
                if not u.removed and u.side != side and u.stats["deployed"]
            ),
            NO_TARGET,
        )
    return options


def _no_side_yet(b: Battle) -> dict[str, tuple[Option, ...]]:
    """`target_options`' finding: each side's targets once asked for (filled in by it)."""
    return {}


_kept_targets = Watch[dict[str, tuple[Option, ...]]]("deployed", "removed").kept(_no_side_yet)
NO_TARGET = Option(CANCEL, "Cancel: no target", passive=True)


@lru_cache(maxsize=512)  # bounded: an enemy's id, label and side are part of the key
def target_option(uid: str, label: str, side: str, reason: str | None) -> Option:
    """An enemy as a target (the same option every time it may be picked)."""
    return Option(uid, with_side(label, side), reason)


def why_not(b: Battle, unit: Unit, action: str, na: bool, rejoin: bool) -> str | None:
    """The reason `action` cannot be taken now, or None (bad input is never offered)."""
    return reason(situation(b, unit, na, rejoin), action)


@cache
def reason(s: Situation, action: str) -> str | None:
    spec = profile.actions()[action]
    if s.na and not spec["na"]:
        return "not in the non-activated phase"
    if s.rejoin and action != "move":
        return "CE-6: a separated squad member may only move to rejoin its squad"
    if not s.na and s.ap < cost(action):
        return f"needs {cost(action)} AP, {s.ap} left"
    if s.na and s.engaged and action not in ("melee", "flee"):
        return "CE-6: in a melee it must fight or flee"
    why = forbidden(s.status, s.engaged, action)
    if why:
        return why
    if action in ("move", "charge") and s.prone:
        return "prone: stand up first"
    if action in ("charge", "shoot") and not s.enemies:
        return "no enemy on the table"
    if action == "charge" and s.na and not s.shaken_enemy:
        return "CE-6: only a shaken enemy may be charged in this phase"
    if action == "shoot":
        if not s.armed:
            return "no missile weapon"
        if s.reload:
            return f"unloaded: {plural(s.reload, 'reload step')} left"
    if action == "reload" and not s.reload:
        return "nothing to reload"
    if action in ("melee", "flee") and not s.engaged:
        return "not in a melee"
    if action == "prone" and s.prone:
        return "already prone"
    if action == "stand" and not s.prone:
        return "not prone"
    if action == "rally" and not s.status:
        return "not shaken"
    if action == "improvised" and s.status:
        return "shaken"
    return None


def menu(b: Battle, unit: Unit, na: bool, rejoin: bool = False) -> list[Option]:
    return list(_menu(situation(b, unit, na, rejoin)))


def menu_of(s: Situation) -> tuple[Option, ...]:
    """The menu of a situation already found (cached)."""
    return _menu(s)


@cache
def _menu(s: Situation) -> tuple[Option, ...]:
    acts = profile.actions()
    options = []
    for action in ACTIONS:
        why = reason(s, action)
        if why in _IRRELEVANT:
            continue  # not offered: nothing to explain (not prone, not in a melee…)
        label = acts[action]["label"]
        if not s.na:
            label += f" ({cost(action)} AP)"
        options.append(Option(action, label, disabled=why, passive=action == "temporize"))
    return tuple(options)


#: Reasons an action is left out of the menu rather than shown disabled.
_IRRELEVANT = frozenset(
    {"not in a melee", "not prone", "already prone", "not shaken", "nothing to reload"}
)


#: Issue 25 again: the actions an impulse may repeat in one answer (seed §2.4: "anche
#: ripetendo più volte la stessa azione"), those that ask the table nothing and change
#: nothing but the AP (and a reload's steps) before the next is chosen.
_REPEATABLE = ("move", "reload", "temporize")
#: Between an action and how many times it is taken, in a repeat's value (`move*2`).
TIMES = "*"
_WORDS = {2: "twice"}


def repeats(b: Battle, unit: Unit) -> list[Option]:
    """An activated character's repeats of one action (after the single actions)."""
    return list(_repeats(situation(b, unit, na=False)))


def repeats_of(s: Situation) -> tuple[Option, ...]:
    """The repeats of a situation already found (cached)."""
    return _repeats(s)


@cache
def _repeats(s: Situation) -> tuple[Option, ...]:
    options = []
    for action in _REPEATABLE:
        if reason(s, action) is not None:
            continue
        if action == "move" and s.status in (SEEK_COVER, LEAVE_TABLE):
            continue  # each move asks whether it reached cover / left the table
        most = s.ap // cost(action)
        if action == "reload":
            most = min(most, s.reload)
        # Temporizing is only ever repeated to the end of the AP.
        counts = [most] if action == "temporize" else range(2, most + 1)
        for n in counts:
            if n < 2:
                continue
            label = profile.actions()[action]["label"]
            label += f" {_WORDS.get(n, f'{n} times')} ({n * cost(action)} AP)"
            options.append(Option(f"{action}{TIMES}{n}", label, passive=action == "temporize"))
    return tuple(options)


def repeated(choice: str) -> tuple[str, int]:
    """The action of a choice and how many times it is taken (`move*2` → move, 2)."""
    action, _, times = choice.partition(TIMES)
    return action, int(times) if times else 1


def spend(b: Battle, unit: Unit, action: str, na: bool) -> None:
    """Activated characters pay AP; a non-activated one spends its single action."""
    if not na and not unit.removed:  # (the stat and the cost read inline: every action)
        b.set(unit, "ap", max(0, unit.stats["ap"] - _COSTS[action]))  # type: ignore[operator]


def can_react(b: Battle, unit: Unit, action: str, na: bool) -> bool:
    """CE-8: only an activated character with 1 AP left reacts (never in the
    non-activated phase, where every AP is already lost)."""
    return (
        not na
        and not unit.removed
        and unit.num("die") > 0
        and unit.num("ap") >= cost("react")
        and allowed(b, unit, action) is None
        and not (action == "charge" and unit.flag("prone"))  # a countercharge is a charge
    )


def pay_reaction(b: Battle, unit: Unit) -> None:
    # Never below 0: a GM override in the middle of the reaction (a unit put back with
    # 0 AP) must not leave a character queued with -1 AP and no action it can afford.
    b.set(unit, "ap", max(0, unit.num("ap") - cost("react")))
