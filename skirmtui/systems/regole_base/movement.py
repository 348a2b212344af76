"""The Movement phase (seed "Movimento"; RB-4, RB-5, RB-11, RB-17, RB-21): simple,
march, run or climb, heights, the free attacks and shots a move provokes, flight and
recovery of fleeing models, and reloading instead of moving."""

from __future__ import annotations

from functools import cache

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import offer_last, one_at_a_time
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about, skipped
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Option, Pick
from skirmtui.engine.core.system import Step
from skirmtui.systems.regole_base import dice, turns
from skirmtui.systems.regole_base.arms import reload, spend
from skirmtui.systems.regole_base.attacks import fall, melee_attack, ranged_attack
from skirmtui.systems.regole_base.profile import (
    name,
    ranged_ready,
    reloadable,
)
from skirmtui.systems.regole_base.state import Sub, engaged
from skirmtui.systems.regole_base.tables import Weapon, rules, weapons

_MOVE = rules()["movement"]
_HEIGHT = int(rules()["profile"]["height_max"])
MODES = ("simple", "march", "run")
_MODE_WORDS = {"simple": "Simple move", "march": "March", "run": "Run"}
_HEIGHTS = {"": "", "up": " with a jump up", "down": " with a descent"}


def inches(v: int, factor: float) -> str:
    return f'{v * factor:g}"'


def can_move(b: Battle, unit: Unit) -> bool:
    """RB-3: models locked in melee skip Movement, except a fleeing one: it still takes
    its RB-11 recovery test there (ours: else it could never recover)."""
    return unit.flag("fleeing") or not engaged(b, unit)


def movement_step(b: Battle) -> Step:
    unit = yield from turns.alternate(b, can_move, "move.model", "moves")
    if unit is None:
        turns.start_phase(b, "assault")
        return
    if unit.flag("fleeing"):
        yield from _fleeing(b, unit)
    else:
        yield from move(b, unit)
    conditions.activation_ended(b, unit.id)


@cache
def _mode_options(v: int, reload: tuple[tuple[str, str], ...]) -> tuple[Option, ...]:
    """The plain moves first (keys 1–4), reload and pass, then the moves over a height."""
    plain: list[Option] = []
    heights: list[Option] = []
    for mode in MODES:
        for height, words in _HEIGHTS.items():
            label = f"{_MODE_WORDS[mode]}{words}: up to {inches(v, float(_MOVE[mode]))}"
            if mode == "march":
                label += ", then gives up assault or shooting"
            if mode == "run":
                label += ", no assault or shooting"
            (heights if height else plain).append(
                Option(f"{mode}{'_' + height if height else ''}", label)
            )
    plain.append(
        Option(
            "climb",
            f"Climb: up to {inches(v, float(_MOVE['climb']))}, half the height to beat "
            "(the whole move)",
        )
    )
    plain.extend(Option(f"reload:{i}", f"Reload {n} instead of moving") for i, n in reload)
    plain.append(Option("pass", "Pass (does not move)", passive=True))
    return (*plain, *heights)


def move(b: Battle, unit: Unit) -> Sub[None]:
    """RB-4: simple V", march 2V" (then it gives up assault or shooting), run 3V" (no
    assault, no shooting; "ran" for enemy shooting this round and the next)."""
    loads = tuple((w.id, w.name) for w in reloadable(unit))
    choice = str(
        (
            yield offer_last(
                b,
                about(
                    Choose,
                    unit,
                    key="move.mode",
                    text=f"{name(unit)} (V {unit.num('v')}): how does it move?",
                    options=_mode_options(unit.num("v"), loads),
                ),
            )
        )
    )
    if choice == "pass" or unit.removed:  # a GM may remove it at any prompt (G-4)
        return
    if choice.startswith("reload:"):
        weapon = weapons()[choice.removeprefix("reload:")]
        reload(b, unit, weapon, "its move")
        return
    b.set(unit, "moved", True)
    if choice == "climb":
        yield from _height(b, unit, "climb")
        yield from provoked(b, unit, run=False)
        return
    mode, _, height = choice.partition("_")
    if mode == "march":
        b.set(unit, "marched", True)
        gave = yield about(
            Choose,
            unit,
            key="move.give_up",
            text=f"{name(unit)} marched: which action does it give up this round?",
            options=(Option("assault", "Its assault"), Option("shooting", "Its shooting")),
        )
        b.set(unit, "gave_up", str(gave))
        if unit.removed:
            return
    if mode == "run":
        b.set(unit, "ran", b.round)
    if height:
        yield from _height(b, unit, height)
        if unit.removed:
            return
    # RB-21: a failed jump or descent ends the move there, but the model ran to it: the
    # enemies it passed within 1" or within half range of (RB-4, RB-17) still had it.
    yield from provoked(b, unit, run=mode == "run")


def _height(b: Battle, unit: Unit, how: str) -> Sub[bool]:
    """RB-5: jump up = Confronto F vs height; climb = F vs half the height (round up);
    descend = Confronto V vs height. A failure risks a wound from a fall."""
    words = {"up": "jump up", "climb": "climb", "down": "descend"}[how]
    height = int(
        (
            yield about(
                Ask,
                unit,
                key="move.height",
                text=f"How many inches does {name(unit)} {words}?",
                minimum=1,
                maximum=_HEIGHT,
            )
        )
    )
    if unit.removed:
        return False
    own, what = (unit.num("v"), "V") if how == "down" else (unit.num("f"), "F")
    against = -(-height // 2) if how == "climb" else height
    halved = dice.mods(("half the height, rounded up", against - height))
    result = yield from dice.confront(
        b,
        unit,
        "move.height_roll",
        f'{name(unit)} tries to {words} {height}": {what} {own} vs {against}',
        dice.Operand(what, own),
        dice.Operand("height", against, halved),
    )
    if result.success:
        return True
    b.record("info", f"{name(unit)} fails to {words}: its move ends", actor=unit.id)
    if not unit.removed:
        yield from fall(b, unit, height)
    return False


def _free_attackers(b: Battle, unit: Unit, done: set[str]) -> list[Unit]:
    """RB-17: engaged or fleeing enemies make none."""
    return [
        e
        for e in b.enemies(unit.side)
        if e.id not in done and not e.flag("fleeing") and not engaged(b, e)
    ]


def _free_shooters(b: Battle, unit: Unit, done: set[str]) -> list[tuple[Unit, Weapon]]:
    """RB-17: a free shot needs a loaded weapon without a template (each one counts)."""
    return [
        (e, w) for e in _free_attackers(b, unit, done) for w in ranged_ready(e) if not w.template
    ]


def _half(shooter: Unit, weapon: Weapon) -> str:
    return f'{(weapon.reach(shooter.num("f")) or 0) / 2:g}"'


def provoked(b: Battle, unit: Unit, *, run: bool, skip: frozenset[str] = frozenset()) -> Sub[None]:
    """RB-4/RB-17: each enemy that was within 1" during the move makes one free melee
    attack that cannot be parried; running within half range of an enemy's ranged weapon
    gives it a free shot. The table says which (G-1): one question names the enemy when
    only one could have been passed."""
    done: set[str] = set(skip)  # a melee's enemies had their chance in the pursuit
    near_ones = _free_attackers(b, unit, done)  # nobody becomes engaged during a move
    if not near_ones and not unit.removed:
        held = [e for e in b.enemies(unit.side) if e.id not in done]
        if held:  # every enemy left is engaged or fleeing: the question is not asked
            skipped(
                b,
                unit,
                "question",
                "RB-17",
                f'Not asked whether {name(unit)} passed within 1" of an enemy: every enemy '
                "is engaged or fleeing, and they make no free attacks (RB-17)",
            )
    if not one_at_a_time(b):
        yield from _provoked_at_once(b, unit, near_ones, run=run)
        return
    while True:
        left = [e for e in near_ones if not e.removed and e.id not in done]
        if unit.removed or not left:
            break
        enemy = yield from _which(
            b,
            unit,
            left,
            "move.within_1",
            'pass within 1" of',
            "move.free_attacker",
            "makes its free attack on",
            bool(done),
        )
        if enemy is None:
            break
        done.add(enemy.id)
        yield from melee_attack(
            b, enemy, unit, parry=False, why="makes a free attack on", kind="free"
        )
    if not run:
        return
    done = set()
    armed = _free_shooters(b, unit, done)
    while True:
        ready: list[tuple[Unit, Weapon]] = [
            (e, w) for e, w in armed if not e.removed and e.id not in done
        ]
        if unit.removed or not ready:
            break
        also = "also " if done else ""
        if len(ready) == 1:
            one, gun = ready[0]
            text = (
                f"Did {name(unit)} {also}run within {_half(one, gun)} of {name(one)} "
                f"(half its {gun.name}'s range)?"
            )
        else:
            text = f"Did {name(unit)} {also}run within half the range of an enemy's weapon?"
        near = yield about(Ask, unit, key="move.half_range", text=text)
        if not near or unit.removed:
            break
        shooter, weapon = ready[0]
        if len(ready) > 1:
            guns = [
                Option(f"{u.id}:{g.id}", f"{name(u)} — {g.name} (half range {_half(u, g)})")
                for u, g in ready
            ]
            choice = str(
                (
                    yield about(
                        Choose,
                        unit,
                        key="move.free_shooter",
                        text=f"Which enemy weapon takes its free shot at {name(unit)}?",
                        options=guns,
                    )
                )
            )
            uid, _, wid = choice.partition(":")
            shooter, weapon = b.units[uid], weapons()[wid]
        done.add(shooter.id)
        if unit.removed or shooter.removed:
            break
        yield from ranged_attack(b, shooter, unit, weapon, half=False, free=True)
        spend(b, shooter, weapon)


def _provoked_at_once(b: Battle, unit: Unit, near_ones: list[Unit], *, run: bool) -> Sub[None]:
    """Issue 25: the table names in one answer every enemy the move passed within 1"
    (RB-4), then every enemy weapon it ran within half range of (RB-17; one shot a
    shooter: its weapons are one group); the free attacks and shots follow in roster
    order, as when each was asked on its own. No enemy able to make one: not asked."""
    if near_ones and not unit.removed:
        passed = yield about(
            Pick,
            unit,
            key="move.passed",
            text=f'Which enemy models did {name(unit)} pass within 1" of?',
            help="Each makes a free attack that cannot be parried (RB-4, RB-17); engaged "
            "or fleeing enemies make none and are not listed.",
            options=[Option(e.id, name(e)) for e in near_ones],
        )
        for uid in passed:
            enemy = b.units[str(uid)]
            if unit.removed:
                return
            if not enemy.removed:
                yield from melee_attack(
                    b, enemy, unit, parry=False, why="makes a free attack on", kind="free"
                )
    armed = _free_shooters(b, unit, set()) if run else []
    if not armed or unit.removed:
        return
    guns = yield about(
        Pick,
        unit,
        key="move.half_ranges",
        text=f"Which enemy weapons did {name(unit)} run within half the range of?",
        help="Each takes a free shot (RB-17), one a shooter.",
        options=[
            Option(f"{u.id}:{g.id}", f"{name(u)} — {g.name} (half range {_half(u, g)})", group=u.id)
            for u, g in armed
        ],
    )
    for value in guns:
        uid, _, wid = str(value).partition(":")
        shooter, weapon = b.units[uid], weapons()[wid]
        if unit.removed:
            return
        if shooter.removed:
            continue
        yield from ranged_attack(b, shooter, unit, weapon, half=False, free=True)
        spend(b, shooter, weapon)


def _which(
    b: Battle,
    unit: Unit,
    left: list[Unit],
    ask_key: str,
    words: str,
    choose_key: str,
    acts: str,
    again: bool,
) -> Sub[Unit | None]:
    """Did the move come near an enemy (which one, when several could have been)?"""
    also = "also " if again else ""
    if len(left) == 1:
        text = f"Did {name(unit)} {also}{words} {name(left[0])}?"
    else:
        text = f"Did {name(unit)} {also}{words} an enemy model (not in melee)?"
    near = yield about(Ask, unit, key=ask_key, text=text)
    if not near or unit.removed:
        return None
    if len(left) == 1:
        return left[0] if not left[0].removed else None
    choice = yield about(
        Choose,
        unit,
        key=choose_key,
        text=f"Which enemy {acts} {name(unit)}?",
        options=[Option(e.id, name(e)) for e in left],
    )
    found = b.units[str(choice)]
    return None if unit.removed or found.removed else found


def _fleeing(b: Battle, unit: Unit) -> Sub[None]:
    """RB-11: a failed shooting-morale test flees at the next Movement phase (runs away,
    no other action); at each later Movement phase it tests M to recover, and one that
    recovers does not move that phase."""
    locked = engaged(b, unit)
    if unit.flag("fled") or locked:
        result = yield dice.test(
            unit, "m", "morale.recover", f"{name(unit)} tries to recover: M {unit.num('m')}"
        )
        if result.success:
            b.set(unit, "fleeing", False)
            b.set(unit, "fled", False)
            b.record(
                "info",
                f"{name(unit)} recovers: it acts again from the Assault phase",
                actor=unit.id,
            )
            return
        if locked:
            b.set(unit, "fled", True)
            b.record("info", f"{name(unit)} is still fleeing, held in the melee", actor=unit.id)
            return
    if unit.removed:
        return
    b.set(unit, "fled", True)
    b.set(unit, "moved", True)
    b.set(unit, "ran", b.round)
    yield about(
        Confirm,
        unit,
        key="move.flee",
        text=f"{name(unit)} flees: run it up to {inches(unit.num('v'), float(_MOVE['run']))} "
        "as far as possible from the enemy — done?",
    )
    if unit.removed:
        return
    yield from provoked(b, unit, run=True)
