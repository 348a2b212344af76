"""The Assault phase (seed "Assalto"; RB-6, RB-9, RB-13..RB-16, RB-20), in four stages:
models activate alternately to charge, escape, reload or pass; the melees are fought,
one attack at a time; the side that lost more R tests morale, flees and is pursued;
the winners of a melee whose enemies are gone may move."""

from __future__ import annotations

from skirmtui.engine.core import conditions
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.regole_base import dice, maths, turns
from skirmtui.systems.regole_base.arms import reload
from skirmtui.systems.regole_base.attacks import melee_attack
from skirmtui.systems.regole_base.movement import provoked
from skirmtui.systems.regole_base.position import pos
from skirmtui.systems.regole_base.profile import melee_weapons, name, reloadable, wielded
from skirmtui.systems.regole_base.state import (
    Sub,
    engaged,
    foes_in_contact,
    melees,
    order,
    part,
    touch,
    why_no_action,
)
from skirmtui.systems.regole_base.tables import rules, weapons

_MOVE = rules()["movement"]
_MORALE = rules()["morale"]


def v_now(unit: Unit) -> int:
    """RB-6/RB-15: a charger's V is 1 higher for the whole Assault phase."""
    return unit.num("v") + (int(rules()["assault"]["charge_v"]) if unit.flag("charged") else 0)


def _inches(unit: Unit, factor: str) -> str:
    return f'{unit.num("v") * float(_MOVE[factor]):g}"'


def why_no_charge(b: Battle, unit: Unit) -> str | None:
    """RB-4: no assault after running; a march gives up assault or shooting; RB-14:
    engaged models do not move; RB-11: fleeing models do not charge."""
    if (why := why_no_action(b, unit)) is not None:
        return why
    if unit.stats["gave_up"] == "assault":
        return "marched and gave up its assault"
    return None


def can_assault(b: Battle, unit: Unit) -> bool:
    if engaged(b, unit):
        return True  # it may try to escape (a fleeing one too, ours)
    if unit.flag("fleeing"):
        return False
    return why_no_charge(b, unit) is None and bool(b.enemies(unit.side) or reloadable(unit))


def assault_step(b: Battle) -> Step:
    stage = pos(b).stage
    if stage == "activate":
        yield from _activate(b)
    elif stage == "setup":
        yield from _setup_melee(b)
    elif stage == "fight":
        yield from _fight(b)
    elif stage == "morale":
        yield from _morale(b)
    else:
        yield from _winners(b)


# -- (1) activations: charge, escape, reload, pass (RB-13) -----------------------------------


def _activate(b: Battle) -> Sub[None]:
    unit = yield from turns.alternate(b, can_assault, "assault.model", "acts in the Assault")
    if unit is None:
        _start_fights(b)
        return
    locked = engaged(b, unit)
    no_charge = why_no_charge(b, unit)
    options = [
        Option(f"charge:{e.id}", f"Charge {name(e)} ({b.side_name(e.side)})", disabled=no_charge)
        for e in b.enemies(unit.side)
    ]
    if locked:
        options.append(Option("escape", "Try to escape the melee (V vs the fastest enemy)"))
    else:
        options.extend(
            Option(f"reload:{w.id}", f"Reload {w.name} (gives up its assault)", disabled=no_charge)
            for w in reloadable(unit)
        )
    options.append(Option("pass", "Pass", passive=True))
    choice = str(
        (
            yield Choose(
                key="assault.action",
                text=f"{name(unit)}: charge, {'escape' if locked else 'reload'} or pass?",
                options=options,
                side=unit.side,
                actor=unit.id,
            )
        )
    )
    if unit.removed:
        pass
    elif choice == "escape":
        yield from _escape(b, unit)
    elif choice.startswith("charge:"):
        yield from _charge(b, unit, b.units[choice.removeprefix("charge:")])
    elif choice.startswith("reload:"):
        # RB-20: it counts only if the model is not engaged and did not fight this phase.
        pos(b).reloads.append([unit.id, choice.removeprefix("reload:")])
        b.record("info", f"{name(unit)} gives up its assault to reload", actor=unit.id)
    conditions.activation_ended(b, unit.id)


def _charge(b: Battle, unit: Unit, target: Unit) -> Sub[None]:
    """Seed: "un modello si può muovere di V / 2'' verso un'unità nemica per entrare in
    contatto di basetta"; the table says if it reaches (G-1). Charger: +1 F and V."""
    reaches = yield Ask(
        key="assault.reach",
        text=f"Does {name(unit)} reach base contact with {name(target)} moving up to "
        f"{_inches(unit, 'charge')}?",
        side=unit.side,
        actor=unit.id,
        target=target.id,
    )
    if unit.removed or target.removed:
        return
    if not reaches:
        b.record(
            "info",
            f"{name(unit)}'s charge falls short: it moves up to {_inches(unit, 'charge')} "
            f"toward {name(target)}",
            actor=unit.id,
        )
        return
    touch(b, unit, target)
    b.set(unit, "charged", True)
    b.record("info", f"{name(unit)} charges {name(target)}: +1 F and V this phase", actor=unit.id)


def _escape(b: Battle, unit: Unit) -> Sub[None]:
    """RB-9, RB-13: Confronto V vs the fastest enemy in contact; success moves V" (1.5V"
    on a critical) and the model makes no attacks; a critical failure gives the enemy
    an extra attack; a failure fights."""
    foes = foes_in_contact(b, unit)
    if not foes:  # a GM removed them meanwhile
        return
    fastest = max(foes, key=v_now)
    b.set(unit, "fought", True)  # RB-20: engaged in the Assault phase, whatever comes
    result = yield dice.confronto(
        "assault.escape",
        f"{name(unit)} tries to escape: V {v_now(unit)} vs V {v_now(fastest)} of {name(fastest)}",
        v_now(unit),
        v_now(fastest),
        side=unit.side,
        actor=unit.id,
        target=fastest.id,
    )
    if unit.removed:
        return
    if result.success:
        far = "critical_flight" if result.critical == "success" else "escape"
        skip = frozenset(e.id for e in foes)
        part(b, unit)
        pos(b).left.append(unit.id)
        yield Confirm(
            key="assault.escape_move",
            text=f"{name(unit)} escapes: move it up to {_inches(unit, far)} away — done?",
            side=unit.side,
            actor=unit.id,
        )
        yield from provoked(b, unit, run=False, skip=skip)
        return
    if result.critical == "failure":
        yield from melee_attack(b, fastest, unit, why="makes an extra attack on", kind="extra")


# -- (2) the melees (RB-6, RB-13) ------------------------------------------------------------


def _start_fights(b: Battle) -> None:
    at = pos(b)
    at.melees = melees(b)
    at.melee = 0
    at.stage = "setup"


def _setup_melee(b: Battle) -> Sub[None]:
    """Attacks per model, the weapon in hand (asked when a melee starts, ours) and the
    order of attacks: effective V, ties initiative side first, each side ordering its own
    ties (RB-6, RB-13)."""
    groups = pos(b).melees
    index = pos(b).melee
    if index >= len(groups):
        _start_morale(b)
        return
    fighters = [b.units[u] for u in groups[index] if b.alive(u) and engaged(b, b.units[u])]
    if not fighters:
        pos(b).melee = index + 1
        return
    b.record("info", "Melee: " + ", ".join(name(u) for u in fighters))
    for unit in fighters:
        if unit.removed:
            continue
        b.set(unit, "fought", True)
        attacks = 0 if unit.flag("fleeing") else maths.attacks_per_model(unit.num("c"))
        b.set(unit, "attacks", attacks)
        choices = melee_weapons(unit)
        if len(choices) > 1 and unit.num("since") == b.round and attacks:
            picked = yield Choose(
                key="assault.weapon",
                text=f"{name(unit)} fights with which weapon?",
                options=[Option(w.id, w.name) for w in choices],
                side=unit.side,
                actor=unit.id,
            )
            b.set(unit, "wielding", str(picked))
    fighters = [u for u in fighters if not u.removed]
    ranked = maths.attack_order(
        [
            maths.Fighter(
                u.id,
                u.side,
                maths.initiative_v(
                    u.num("v"),
                    wielded(u),
                    charged=u.flag("charged"),
                    first_phase=u.num("since") == b.round,
                    charge_v=int(rules()["assault"]["charge_v"]),
                ),
            )
            for u in fighters
        ],
        order(b),
    )
    sequence: list[str] = []
    for group in ranked:
        left = [f.unit for f in group]
        while len(left) > 1:
            first = yield Choose(
                key="assault.first",
                text=f"{b.side_name(group[0].side)}: which of these (V {group[0].v}) "
                "attacks first?",
                options=[Option(u, name(b.units[u])) for u in left],
                side=group[0].side,
            )
            left.remove(str(first))
            sequence.append(str(first))
        sequence.extend(left)
    b.record("info", "Order of attacks: " + ", ".join(name(b.units[u]) for u in sequence))
    pos(b).fight_order = sequence
    pos(b).fight_next = 0
    pos(b).stage = "fight"


def _fight(b: Battle) -> Sub[None]:
    """Seed: "ogni modello effettua un singolo attacco per volta, e attacca nuovamente
    solo dopo che tutti gli altri modelli hanno agito"; only enemies in base contact."""
    at = pos(b)
    sequence = at.fight_order
    start = at.fight_next
    attacker = None
    for step in range(len(sequence)):
        j = (start + step) % len(sequence)
        unit = b.units[sequence[j]]
        if unit.removed or unit.num("attacks") <= 0 or unit.flag("fleeing"):
            continue
        if not engaged(b, unit):
            continue
        attacker = unit
        at.fight_next = j + 1
        break
    if attacker is None:
        at.melee += 1
        at.stage = "setup"
        return
    b.set(attacker, "attacks", attacker.num("attacks") - 1)
    if attacker.num("lose"):
        b.set(attacker, "lose", attacker.num("lose") - 1)
        b.record("info", f"{name(attacker)} loses this attack", actor=attacker.id)
        return
    foes = foes_in_contact(b, attacker)
    target = foes[0]
    if len(foes) > 1:
        choice = yield Choose(
            key="assault.target",
            text=f"{name(attacker)} attacks which enemy in contact?",
            options=[Option(e.id, name(e)) for e in foes],
            side=attacker.side,
            actor=attacker.id,
        )
        target = b.units[str(choice)]
    yield from melee_attack(b, attacker, target)


# -- (3) assault morale, flight and pursuit (RB-9) ---------------------------------------------


def _start_morale(b: Battle) -> None:
    """RB-9: in each melee the side that lost more R tests M with each of its models
    still in contact."""
    lost = pos(b).lost
    testers: list[str] = []
    for group in pos(b).melees:
        per_side = {b.units[u].side: 0 for u in group}
        for u in group:
            per_side[b.units[u].side] += lost.get(u, 0)
        loser = maths.losing_side(per_side)
        if loser is not None:
            testers += [u for u in group if b.units[u].side == loser]
    pos(b).testers = testers
    pos(b).stage = "morale"


def _morale(b: Battle) -> Sub[None]:
    testers = pos(b).testers
    while testers:
        unit = b.units[testers.pop(0)]
        if not unit.removed and engaged(b, unit):
            break
    else:
        pos(b).stage = "winners"
        pos(b).melee = 0
        return
    removed = pos(b).removed.get(unit.side, 0)
    mods = []
    if removed:
        mods.append(dice.Mod(f"{removed} removed", -removed * int(_MORALE["removed"])))
    if unit.num("r") == 1:
        mods.append(dice.Mod("at R 1", -int(_MORALE["last_wound"])))
    result = yield dice.test(
        "morale.assault",
        f"{name(unit)}'s side lost more: M test",
        unit.num("m"),
        tuple(mods),
        side=unit.side,
        actor=unit.id,
    )
    if not result.success and not unit.removed:
        yield from _flee(b, unit)


def _flee(b: Battle, unit: Unit) -> Sub[None]:
    """RB-9: it flees V" away; each enemy in contact tests V: a pass catches it and makes
    a free attack (a natural 1 hits automatically); a pursuer's natural 6 lets it move
    1.5V". Ours: every enemy in contact pursues (it costs nothing)."""
    b.record("info", f"{name(unit)} flees the melee", actor=unit.id)
    caught: list[tuple[Unit, bool]] = []
    far = "flight"
    for enemy in foes_in_contact(b, unit):
        if enemy.flag("fleeing") or enemy.removed or unit.removed:
            continue
        chase = yield Choose(
            key="morale.pursue",
            text=f"Does {name(enemy)} pursue {name(unit)}? (V test: a pass catches it for a "
            "free attack; a natural 6 lets it flee 1.5 times as far)",
            options=(Option("pursue", "Pursue"), Option("stay", "Let it go", passive=True)),
            side=enemy.side,
            actor=enemy.id,
            target=unit.id,
        )
        if chase != "pursue" or enemy.removed or unit.removed:
            continue
        bonus = v_now(enemy) - enemy.num("v")
        result = yield dice.test(
            "morale.pursuit",
            f"{name(enemy)} pursues {name(unit)}: V {enemy.num('v')}",
            enemy.num("v"),
            (dice.Mod("charged", bonus),) if bonus else (),
            side=enemy.side,
            actor=enemy.id,
            target=unit.id,
        )
        if result.natural == 6:
            far = "critical_flight"
        if result.success:
            caught.append((enemy, result.natural == 1))
    if unit.removed:
        return
    if caught:
        b.record("info", f"{name(unit)} is caught", target=unit.id)
        for enemy, automatic in caught:
            yield from melee_attack(
                b,
                enemy,
                unit,
                parry=False,
                auto_hit=automatic,
                why="makes a free attack on",
                kind="pursuit",
            )
        return
    skip = frozenset(e.id for e in foes_in_contact(b, unit))
    part(b, unit)
    pos(b).left.append(unit.id)
    yield Confirm(
        key="morale.flee_move",
        text=f"{name(unit)} gets away: move it up to {_inches(unit, far)} from the enemy — done?",
        side=unit.side,
        actor=unit.id,
    )
    yield from provoked(b, unit, run=False, skip=skip)


# -- (4) winners' moves, then reloads and on to Shooting ---------------------------------------


def _winners(b: Battle) -> Sub[None]:
    """Seed: "Se alla fine di un corpo a corpo non sono più presenti modelli di una delle
    due fazioni, i loro avversari possono muoversi in qualunque direzione di V / 2''"."""
    at = pos(b)
    groups = at.melees
    left = set(at.left)
    while at.melee < len(groups):
        group = groups[at.melee]
        at.melee += 1
        sides = {b.units[u].side for u in group}
        standing = [
            b.units[u] for u in group if b.alive(u) and u not in left and not engaged(b, b.units[u])
        ]
        still = {b.units[u].side for u in group if b.alive(u) and u not in left}
        if len(sides) > 1 and len(still) == 1 and standing:
            yield Confirm(
                key="assault.winners",
                text="The melee is won: "
                + ", ".join(f"{name(u)} up to {_inches(u, 'winners')}" for u in standing)
                + " may move in any direction — done?",
                side=standing[0].side,
                actor=standing[0].id,
            )
            return
    _finish(b)


def _finish(b: Battle) -> None:
    """RB-20: an Assault-phase reload counts only if the model did not fight and is not
    engaged; melees still engaged go on next round (seed: "bloccate in mischia")."""
    at = pos(b)
    reloads, at.reloads = at.reloads, []
    for unit_id, weapon_id in reloads:
        unit = b.units[unit_id]
        if unit.removed:
            continue
        weapon = weapons()[weapon_id]
        if engaged(b, unit) or unit.flag("fought"):
            b.record("info", f"{name(unit)} fought: its reload does not count", actor=unit.id)
            continue
        reload(b, unit, weapon, "its assault")
    at.melees, at.melee, at.fight_order, at.fight_next = [], 0, [], 0
    at.testers, at.left = [], []
    turns.start_phase(b, "shooting")
