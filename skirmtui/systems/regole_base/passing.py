"""What a move provokes (seed "Movimento"; RB-4, RB-17): each enemy the moving model
passed within 1" makes a free melee attack, and a run within half the range of an
enemy's ranged weapon gives it a free shot. The table says which (G-1); a simple move,
march, run, flight, escape or a fugitive's getaway all end here."""

from __future__ import annotations

from skirmtui.engine.core.asking import FIRST_PASS, asks_as_of, one_at_a_time
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about, skipped
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Option, Pick
from skirmtui.engine.core.watch import Watch
from skirmtui.systems.regole_base.arms import spend
from skirmtui.systems.regole_base.attacks import melee_attack, ranged_attack
from skirmtui.systems.regole_base.profile import name, ranged_ready
from skirmtui.systems.regole_base.state import Sub, engaged_ids
from skirmtui.systems.regole_base.tables import Weapon, weapons

#: A move the table is told to make before it says what the model passed: the key of
#: its "done?" and the instruction ("A escapes: move it up to 4\" away").
Moved = tuple[str, str]


def _free_attackers(b: Battle, unit: Unit, done: set[str]) -> list[Unit]:
    """RB-17: engaged or fleeing enemies make none (in roster order, from the models
    able to make one, `_free`)."""
    side = unit.side
    return [e for e in _free(b)[0] if e.side != side and e.id not in done]


def provokes(b: Battle, unit: Unit) -> bool:
    """Whether an enemy could make a free attack on `unit` if it moved past it (RB-17):
    `_free_attackers` not empty (asked for every model ready to move): a side other than
    its own has a model able to make one."""
    sides = _free(b)[1]
    return len(sides) > (unit.side in sides)


Free = tuple[tuple[Unit, ...], frozenset[str]]


def _free_now(b: Battle) -> Free:
    """The models that could make a free attack (RB-17): on the table, neither fleeing
    nor engaged, in roster order; and their sides."""
    locked = engaged_ids(b)
    models = tuple(
        e
        for e in b.units.values()
        if not e.removed and not e.stats["fleeing"] and e.id not in locked
    )
    return models, frozenset(e.side for e in models)


#: `_free_now`'s finding, kept while no contact (tracked: `Battle.track` counts it),
#: removal, flight or model added changes it (a move reads it twice, and every model
#: ready to move once).
_FREE: Watch[Free] = Watch("contacts", "removed", "fleeing")
_free = _FREE.kept(_free_now)


def _free_shooters(b: Battle, unit: Unit, done: set[str]) -> list[tuple[Unit, Weapon]]:
    """RB-17: a free shot needs a loaded weapon without a template (each one counts)."""
    return [
        (e, w) for e in _free_attackers(b, unit, done) for w in ranged_ready(e) if not w.template
    ]


def _half(shooter: Unit, weapon: Weapon) -> str:
    return f'{(weapon.reach(shooter.num("f")) or 0) / 2:g}"'


def provoked(
    b: Battle,
    unit: Unit,
    *,
    run: bool,
    skip: frozenset[str] = frozenset(),
    moved: Moved | None = None,
    some: bool | None = None,
) -> Sub[None]:
    """RB-4/RB-17: each enemy that was within 1" during the move makes one free melee
    attack that cannot be parried; running within half range of an enemy's ranged weapon
    gives it a free shot. The table says which (G-1): one question names the enemy when
    only one could have been passed. `moved`: the table is told to move the model first
    ("done?"); issue 25: when the question of what it passed follows, that question
    tells it (one answer, not two). `some`: the table has said with the move whether it
    passed any (False: nothing is asked; True: which, at least one)."""
    done: set[str] = set(skip)  # a melee's enemies had their chance in the pursuit
    near_ones = _free_attackers(b, unit, done)  # nobody becomes engaged during a move
    if moved is not None and (asks_as_of(b, FIRST_PASS) or unit.removed or not near_ones):
        yield about(Confirm, unit, key=moved[0], text=f"{moved[1]} — done?")
        moved = None
        near_ones = _free_attackers(b, unit, done)  # read again after a question
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
    if some is False:  # "passing no enemy", said with the move (issue 25)
        return
    if not asks_as_of(b, FIRST_PASS):
        yield from _passed(b, unit, near_ones, run=run, moved=moved, some=bool(some))
    elif not one_at_a_time(b):
        yield from _provoked_at_once(b, unit, near_ones, run=run)
    else:
        yield from _provoked_one_at_a_time(b, unit, near_ones, done, run=run)


def _passed(
    b: Battle,
    unit: Unit,
    near_ones: list[Unit],
    *,
    run: bool,
    moved: Moved | None,
    some: bool = False,
) -> Sub[None]:
    """Issue 25: one answer for all the move provoked: the enemy models it passed within
    1" (RB-4) and, after a run, the enemy weapons it ran within half range of (RB-17;
    one shot a shooter: a shooter's weapons are one group). The free attacks follow in
    roster order, then the free shots, as when each was asked on its own (a shooter
    removed by then, or the mover, makes or takes none). None able: not asked."""
    if not near_ones or unit.removed:
        return
    armed = _free_shooters(b, unit, set()) if run else []
    text = f'Which enemy models did {name(unit)} pass within 1" of'
    if armed:  # the narrative tells the first clause; each weapon's label says the rest
        text += ", which weapons did it run within half range of"
    text += "?"
    if moved is not None:  # a note in brackets: the narrative tells the question alone
        text += f" ({moved[1]})"
    picked = yield about(
        Pick,
        unit,
        minimum=1 if some else 0,
        key="move.passed",
        text=text,
        help="Each model makes a free attack that cannot be parried (RB-4, RB-17), each "
        "weapon a free shot, one a shooter; engaged or fleeing enemies make none and are "
        "not listed.",
        options=[Option(e.id, name(e)) for e in near_ones]
        + [
            Option(
                f"{u.id}:{g.id}",
                f"within half range ({_half(u, g)}) of {name(u)}'s {g.name}",
                group=u.id,
            )
            for u, g in armed
        ],
    )
    yield from _free_attacks(b, unit, [str(v) for v in picked if ":" not in str(v)])
    yield from _free_shots(b, unit, [str(v) for v in picked if ":" in str(v)])


#: Issue 26: the app says how its model moves; the table moves it (G-1), this way
#: (docs/rules/regole-base.md, "The app as a player": what its "closing in" counts on),
#: said above "which enemy models did it pass within 1"?" (`RegoleBase.wants`).
APP_MOVED = (
    'move it toward the nearest enemy model, over 1" from the others; stop it over 1" from that one'
)


def _free_attacks(b: Battle, unit: Unit, ids: list[str]) -> Sub[None]:
    """RB-17: each enemy passed within 1" makes one free attack, in roster order."""
    for uid in ids:
        enemy = b.units[uid]
        if unit.removed:
            return
        if not enemy.removed:
            yield from melee_attack(
                b, enemy, unit, parry=False, why="makes a free attack on", kind="free"
            )


def _free_shots(b: Battle, unit: Unit, guns: list[str]) -> Sub[None]:
    """RB-17: each enemy weapon run past within half range takes a free shot."""
    for value in guns:
        uid, _, wid = value.partition(":")
        shooter, weapon = b.units[uid], weapons()[wid]
        if unit.removed:
            return
        if shooter.removed:
            continue
        yield from ranged_attack(b, shooter, unit, weapon, half=False, free=True)
        spend(b, shooter, weapon)


def _provoked_at_once(b: Battle, unit: Unit, near_ones: list[Unit], *, run: bool) -> Sub[None]:
    """Issue 25's first pass (its saves): the table names in one answer every enemy the
    move passed within 1" (RB-4), then every enemy weapon it ran within half range of
    (RB-17; one shot a shooter: its weapons are one group); the free attacks and shots
    follow in roster order, as when each was asked on its own. No enemy able to make
    one: not asked."""
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
        yield from _free_attacks(b, unit, [str(uid) for uid in passed])
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
    yield from _free_shots(b, unit, [str(v) for v in guns])


def _provoked_one_at_a_time(
    b: Battle, unit: Unit, near_ones: list[Unit], done: set[str], *, run: bool
) -> Sub[None]:
    """Before issue 25 (its saves): "did it pass within 1" of an enemy?" and "which
    one?" again and again, then the same for the enemy weapons of a run."""
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
