"""The Assault phase (seed "Assalto"; RB-6, RB-13..RB-16), its first two stages: models
activate alternately to charge, escape, reload or pass; the melees are fought, one
attack at a time. Morale, flight and the winners' moves are in `aftermath`."""

from __future__ import annotations

from functools import lru_cache

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import FIRST_PASS, THIRD_PASS, asks_as_of, offer_last
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about, choose_one, skipped
from skirmtui.engine.core.prompts import Ask, Choose, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.regole_base import aftermath, dice, maths, turns
from skirmtui.systems.regole_base.attacks import melee_attack
from skirmtui.systems.regole_base.position import RBPosition, pos
from skirmtui.systems.regole_base.profile import (
    melee_weapons,
    name,
    reload_choices,
    reloadable,
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
    why_no_action,
)
from skirmtui.systems.regole_base.tables import rules


def why_no_charge(b: Battle, unit: Unit, locked: bool | None = None) -> str | None:
    """RB-4: no assault after running; a march gives up assault or shooting; RB-14:
    engaged models do not move; RB-11: fleeing models do not charge."""
    if (why := why_no_action(b, unit, locked)) is not None:
        return why
    if unit.stats["gave_up"] == "assault":
        return "marched and gave up its assault"
    return None


def can_assault(b: Battle, unit: Unit) -> bool:
    """`why_no_charge` read for a model not engaged (asked of every model at each
    activation: no list of enemies made to see whether there is one)."""
    if engaged(b, unit):
        return True  # it may try to escape (a fleeing one too, ours)
    stats = unit.stats
    if stats["fleeing"] or stats["ran"] == b.round or stats["gave_up"] == "assault":
        return False
    side = unit.side
    for other in b.units.values():
        if not other.removed and other.side != side:
            return True
    return bool(reloadable(unit))


def ready_to_assault(b: Battle, units: list[Unit]) -> list[Unit]:
    """`can_assault` of each of one side's `units`, in one call (`turns.next_mover`):
    whether an enemy is on the table is read once."""
    foes = bool(_foes(b, units[0].side))
    now = b.round
    ready = []
    for unit in units:
        if engaged(b, unit):
            ready.append(unit)
            continue
        stats = unit.stats
        if stats["fleeing"] or stats["ran"] == now or stats["gave_up"] == "assault":
            continue
        if foes or reloadable(unit):
            ready.append(unit)
    return ready


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
        told, options = _actions(b, unit)
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
        told = _told(b, unit, why_no_charge(b, unit))
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


def _actions(
    b: Battle, unit: Unit, foes: Foes | None = None, *, grouped: bool = False
) -> tuple[bool, tuple[Option, ...]]:
    """What `unit` may do in the Assault's activations (RB-13): charge an enemy (RB-6),
    escape its melee (RB-9) or reload (RB-10), or pass; and whether the table says with
    a charge if it reached (`told`). Issue 25: a side the table plays says a charge and
    whether it reached base contact in one answer (the table moved the model: one thing
    it saw); a side the app plays chooses the charge, then the table says if it reached
    (a fact: never the app's). `foes`: `_foes` of its side, when the caller has them;
    `grouped`: the options as `_which_and_what` lists them, under the model."""
    locked = engaged(b, unit)
    no_charge = why_no_charge(b, unit, locked)
    told = _told(b, unit, no_charge)
    if foes is None:
        foes = _foes(b, unit.side)
    reach = v_inches(unit, "charge") if told else ""
    loads = () if locked else reload_choices(unit)
    short = (2 if asks_as_of(b, THIRD_PASS) else 1) if told else 0
    head = (unit.id, name(unit)) if grouped else None
    return told, _action_options(head, foes, no_charge, locked, reach, loads, short)


def _told(b: Battle, unit: Unit, no_charge: str | None) -> bool:
    """Whether the table says with `unit`'s charge if it reached (`_actions`)."""
    return not asks_as_of(b, FIRST_PASS) and unit.side not in b.ai and no_charge is None


#: The enemies a model may charge: (id, how a charge names it), in roster order.
Foes = tuple[tuple[str, str], ...]


@lru_cache(maxsize=512)
def _action_options(
    head: tuple[str, str] | None,
    foes: Foes,
    no_charge: str | None,
    locked: bool,
    reach: str,
    loads: tuple[tuple[str, str], ...],
    short: int,
) -> tuple[Option, ...]:
    """`_actions`'s options from what they read (made once for the same: every model
    ready is listed at every activation). `head`: the model's id and name when grouped
    under it; `short`: no charge falling short (0), one option for it (1: which enemy
    is asked next), one per enemy (2: third-pass saves)."""
    uid, say, group = ("", "", None) if head is None else (head[0], f"{head[1]} — ", head[0])
    pre = uid + turns.SEP if head is not None else ""
    until = f", reaching base contact (up to {reach})" if reach else ""
    options = [
        Option(f"{pre}charge:{eid}", f"{say}Charge {said}{until}", no_charge, group=group)
        for eid, said in foes
    ]
    if locked:
        escape = "Try to escape the melee (V vs the fastest enemy)"
        options.append(Option(f"{pre}escape", say + escape, group=group))
    else:
        options.extend(
            Option(
                f"{pre}reload:{wid}",
                f"{say}Reload {wname} (gives up its assault)",
                no_charge,
                group=group,
            )
            for wid, wname in loads
        )
    # (Grouped, it is not marked passive: the one-answer list never was.)
    options.append(Option(f"{pre}pass", f"{say}Pass", passive=head is None, group=group))
    if short == 1:  # one option: a group fits the number keys
        falling = "Charge, falling short (the enemy charged: next)"
        options.append(Option(pre + SHORT, say + falling, group=group))
    elif short == 2:
        options.extend(
            Option(f"{pre}short:{eid}", f"{say}Charge {said}, falling short", group=group)
            for eid, said in foes
        )
    return tuple(options)


def _foes(b: Battle, side: str) -> Foes:
    """The enemies of `side` a model may charge, each with how a charge names it: made
    once a side while no model is removed, restored or added (read at every activation
    of the Assault)."""
    kept = _kept_foes
    if kept[0] is not b or kept[1] != (b.changes["removed"], len(b.units)):
        kept = _kept_foes_now(b)
    found = kept[2].get(side)
    if found is None:
        found = kept[2][side] = tuple(
            (e.id, f"{name(e)} ({b.side_name(e.side)})") for e in b.enemies(side)
        )
    return found


#: `_foes`'s findings: (battle, its count of removals and its number of models, the
#: enemies by side). Replaced whole when stale (a worker thread may read its own copy
#: of a battle at the same time); a side's entry is added once.
_kept_foes: tuple[Battle | None, tuple[int, int], dict[str, Foes]] = (None, (-1, -1), {})


def _kept_foes_now(b: Battle) -> tuple[Battle | None, tuple[int, int], dict[str, Foes]]:
    global _kept_foes
    _kept_foes = (b, (b.changes["removed"], len(b.units)), {})
    return _kept_foes


#: The option of a table side's charge that fell short (issue 25's fourth pass): which
#: enemy it charged is asked next, so a model's choices fit the number keys.
SHORT = "short"


def _which_and_what(b: Battle, side: str, ready: list[Unit]) -> Sub[tuple[Unit, str]]:
    """Issue 25: which model acts in the Assault and what it does, in one answer (RB-3,
    RB-13: the player chooses both at once), grouped by model: a model's number opens
    its actions (two keys, one answer). A side the table plays says with a charge
    whether it reached (`assault.which_charge`, a table fact); a side the app plays
    decides the model and its action (`assault.which`), and the table says the reach."""
    foes = _foes(b, side)
    options = [o for u in ready for o in _actions(b, u, foes, grouped=True)[1]]
    key = "assault.which" if side in b.ai else "assault.which_charge"
    text = f"{b.side_name(side)}: which model acts in the Assault? (and how)"
    return (yield from turns.model_and(b, side, key, text, options))


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
    result = yield from dice.confront(
        b,
        unit,
        "assault.escape",
        f"{name(unit)} tries to escape: V {v_now(unit)} vs V {v_now(fastest)} of {name(fastest)}",
        dice.Operand("V", v_now(unit), dice.mods(("charged", v_now(unit) - unit.num("v")))),
        dice.Operand(
            "V", v_now(fastest), dice.mods(("charged", v_now(fastest) - fastest.num("v")))
        ),
        target=fastest,
    )
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
