"""The Assault phase (seed "Assalto"; RB-6, RB-13..RB-16), its first two stages: models
activate alternately to charge, escape, reload or pass; the melees are fought, one
attack at a time. What a model may do in an activation is in `charging`; morale,
flight and the winners' moves are in `aftermath`."""

from __future__ import annotations

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import offer_last
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about, annotate, choose_one, skipped
from skirmtui.engine.core.prompts import Ask, Choose, LazyOptions, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.regole_base import aftermath, dice, maths, turns
from skirmtui.systems.regole_base.attacks import melee_attack
from skirmtui.systems.regole_base.charging import (
    SHORT,
    actions,
    charge_told,
    foes_of,
    grouped_actions,
    ready_to_assault,
    why_no_charge,
)
from skirmtui.systems.regole_base.position import RBPosition, pos
from skirmtui.systems.regole_base.profile import (
    melee_weapons,
    name,
    wielded,
)
from skirmtui.systems.regole_base.state import (
    Sub,
    engaged,
    escaped,
    foes_in_contact,
    melees,
    order,
    touch,
    v_inches,
    v_now,
)
from skirmtui.systems.regole_base.tables import rules


def assault_step(b: Battle) -> Step:
    at: RBPosition = b.pos  # (every Assault answer: no call to `pos`)
    stage = at.stage
    if stage == "activate":
        yield from _activate(b)
    elif stage == "setup":
        yield from _setup_melee(b)
    elif stage == "fight":
        yield from _fight(b)
    elif stage == "morale":
        yield from aftermath.morale(b)
    else:
        yield from aftermath.winners(b)


# -- (1) activations: charge, escape, reload, pass (RB-13) -----------------------------------


def _activate(b: Battle) -> Sub[None]:
    what = "acts in the Assault"
    picked = yield from turns.next_model(
        b, ready_to_assault, "assault.model", what, _which_and_what
    )
    if picked is None:
        _start_fights(b)
        return
    unit, given = picked
    if given is None:
        told, options = actions(b, unit)
        locked = engaged(b, unit)
        prompt = about(
            Choose,
            unit,
            key="assault.charge" if told else "assault.action",
            text=f"{name(unit)}: charge, {'escape' if locked else 'reload'} or pass?",
            options=options,
        )
        given = str((yield offer_last(b, prompt)))
    else:  # said with the model (`_which_and_what`): its options are not made again
        told = charge_told(b, unit, why_no_charge(b, unit))
    choice = given
    if choice == SHORT and not unit.removed:
        choice = "short:" + (
            yield from choose_one(
                unit,
                "assault.short",
                f"{name(unit)}'s charge fell short: which enemy did it charge?",
                [Option(e.id, f"{name(e)} ({b.side_name(e.side)})") for e in b.enemies(unit.side)],
            )
        )
    if unit.removed:
        pass
    elif choice == "escape":
        yield from _escape(b, unit)
    elif choice.startswith(("charge:", "short:")):
        how, _, target = choice.partition(":")
        reached = None if not told else how == "charge"
        yield from _charge(b, unit, b.units[target], reached)
    elif choice.startswith("reload:"):
        # RB-20: it counts only if the model is not engaged and did not fight this phase.
        pos(b).reloads.append([unit.id, choice.removeprefix("reload:")])
        b.record("info", f"{name(unit)} gives up its assault to reload", actor=unit.id)
    conditions.activation_ended(b, unit.id)


def _which_and_what(b: Battle, side: str, ready: list[Unit]) -> tuple[str, str, LazyOptions]:
    """Issue 25: the question of which model acts in the Assault and what it does, in
    one answer (RB-3, RB-13: the player chooses both at once; `turns.next_model` asks
    it), grouped by model: a model's number opens its actions (two keys, one answer).
    A side the table plays says with a charge whether it reached
    (`assault.which_charge`, a table fact); a side the app plays decides the model and
    its action (`assault.which`), and the table says the reach."""
    foes = foes_of(b, side)
    options = grouped_actions(b, side, ready, foes)
    key = "assault.which" if side in b.ai else "assault.which_charge"
    return key, f"{b.side_name(side)}: which model acts in the Assault? (and how)", options


def _charge(b: Battle, unit: Unit, target: Unit, reached: bool | None = None) -> Sub[None]:
    """Seed: "un modello si può muovere di V / 2'' verso un'unità nemica per entrare in
    contatto di basetta"; the table says if it reaches (G-1), with the charge (`reached`)
    or asked after it. Charger: +1 F and V."""
    reaches = reached
    if reaches is None:
        reaches = yield about(
            Ask,
            unit,
            target=target,
            key="assault.reach",
            text=f"Does {name(unit)} reach base contact with {name(target)} moving up to "
            f"{v_inches(unit, 'charge')}?",
        )
    if unit.removed or target.removed:
        return
    if not reaches:
        b.record(
            "info",
            f"{name(unit)}'s charge falls short: it moves up to {v_inches(unit, 'charge')} "
            f"toward {name(target)}",
            actor=unit.id,
        )
        return
    touch(b, unit, target)
    b.set(unit, "charged", True)
    b.record("info", f"{name(unit)} charges {name(target)}: +1 F and V this phase", actor=unit.id)


def _v(unit: Unit) -> dice.Operand:
    """V in the Assault phase, with the charger's +1 (RB-6, RB-15)."""
    return dice.Operand("V", v_now(unit), dice.mods(("charged", v_now(unit) - unit.num("v"))))


def _escape(b: Battle, unit: Unit) -> Sub[None]:
    """RB-9, RB-13: Confronto V vs the fastest enemy in contact; success moves V" (1.5V"
    on a critical) and the model makes no attacks for the rest of the phase, even if
    charged again (`escaped`); a critical failure gives the enemy an extra attack; a
    failure fights."""
    foes = foes_in_contact(b, unit)
    if not foes:  # a GM removed them meanwhile
        return
    fastest = max(foes, key=v_now)
    b.set(unit, "fought", True)  # RB-20: engaged in the Assault phase, whatever comes
    own = dice.Operand("V", v_now(unit), dice.mods(("charged", v_now(unit) - unit.num("v"))))
    against = dice.Operand(
        "V", v_now(fastest), dice.mods(("charged", v_now(fastest) - fastest.num("v")))
    )
    result = yield dice.confront(
        unit,
        "assault.escape",
        f"{name(unit)} tries to escape: V {v_now(unit)} vs V {v_now(fastest)} of {name(fastest)}",
        own,
        against,
        target=fastest,
    )
    annotate(b, roll=dice.parts(own, against))
    if unit.removed:
        return
    if result.success:
        far = "critical_flight" if result.critical == "success" else "escape"
        yield from aftermath.get_away(
            b,
            unit,
            foes,
            pos(b).escaped,
            "assault.escape_move",
            f"{name(unit)} escapes: move it up to {v_inches(unit, far)} away",
        )
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
        aftermath.start_morale(b)
        return
    fighters = [b.units[u] for u in groups[index] if b.alive(u) and engaged(b, b.units[u])]
    if not fighters:
        pos(b).melee = index + 1
        return
    b.record("info", "Melee: " + ", ".join(name(u) for u in fighters))
    for unit in fighters:
        if escaped(b, unit):
            skipped(
                b,
                unit,
                "attack",
                "RB-13",
                f"{name(unit)} escaped a melee this phase: it makes no attacks in this one "
                "(it still defends and may parry; RB-13)",
            )
    for unit in fighters:
        if unit.removed:
            continue
        b.set(unit, "fought", True)
        attacks = 0 if unit.flag("fleeing") else maths.attacks_per_model(unit.num("c"))
        b.set(unit, "attacks", attacks)
        choices = melee_weapons(unit)
        if len(choices) > 1 and unit.num("since") == b.round and attacks:
            picked = yield about(
                Choose,
                unit,
                key="assault.weapon",
                text=f"{name(unit)} fights with which weapon?",
                options=[Option(w.id, w.name) for w in choices],
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
        if escaped(b, unit):  # RB-13: its attacks only buy parries (logged at setup)
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
    if len(foes) == 1:  # the one enemy in contact, unasked (`choose_one`: no list made)
        target = foes[0].id
    else:
        target = yield from choose_one(
            attacker,
            "assault.target",
            f"{name(attacker)} attacks which enemy in contact?",
            [Option(e.id, name(e)) for e in foes],
        )
    yield from melee_attack(b, attacker, b.units[target])
