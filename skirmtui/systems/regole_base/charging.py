"""What a model may do in the Assault's activations (seed "Assalto"; RB-6, RB-9, RB-10,
RB-13): charge an enemy, escape its melee, reload or pass, as the activation's options
list them; which models can act, and the enemies a charge names (kept while no model
is removed, restored or added: read at every activation)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from skirmtui.engine.core.asking import FIRST_PASS, THIRD_PASS, asks_as_of
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.options import Group, LazyOptions, group_of, grouped
from skirmtui.engine.core.prompts import Option
from skirmtui.systems.regole_base import turns
from skirmtui.systems.regole_base.profile import name, reload_choices, reloadable
from skirmtui.systems.regole_base.state import engaged, engaged_ids, v_inches, why_no_action


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


def ready_to_assault(b: Battle, units: Sequence[Unit]) -> list[Unit]:
    """`can_assault` of each of one side's `units` waiting to act (not removed, not
    acted this phase), in one call and one pass (`turns.next_mover`): whether an enemy
    is on the table is read once, when a model needs it."""
    now = b.round
    locked = engaged_ids(b)
    foes = None
    ready = []
    for unit in units:
        stats = unit.stats
        if unit.removed or stats["acted"]:
            continue
        if unit.id in locked:
            ready.append(unit)
            continue
        if stats["fleeing"] or stats["ran"] == now or stats["gave_up"] == "assault":
            continue
        if foes is None:
            foes = bool(foes_of(b, unit.side))
        if foes or reloadable(unit):
            ready.append(unit)
    return ready


def actions(
    b: Battle, unit: Unit, foes: Foes | None = None, *, grouped: bool = False
) -> tuple[bool, tuple[Option, ...]]:
    """What `unit` may do in the Assault's activations (RB-13): charge an enemy (RB-6),
    escape its melee (RB-9) or reload (RB-10), or pass; and whether the table says with
    a charge if it reached (`told`). Issue 25: a side the table plays says a charge and
    whether it reached base contact in one answer (the table moved the model: one thing
    it saw); a side the app plays chooses the charge, then the table says if it reached
    (a fact: never the app's). `foes`: `foes_of` of its side, when the caller has them;
    `grouped`: the options as `assault._which_and_what` lists them, under the model."""
    locked = engaged(b, unit)
    no_charge = why_no_charge(b, unit, locked)
    told = charge_told(b, unit, no_charge)
    if foes is None:
        foes = foes_of(b, unit.side)
    reach = v_inches(unit, "charge") if told else ""
    loads = () if locked else reload_choices(unit)
    short = (2 if asks_as_of(b, THIRD_PASS) else 1) if told else 0
    head = (unit.id, name(unit)) if grouped else None
    return told, _action_options(head, foes, no_charge, locked, reach, loads, short)


def grouped_actions(b: Battle, side: str, ready: list[Unit], foes: Foes) -> LazyOptions:
    """`actions(b, unit, foes, grouped=True)`'s options of each of `side`'s `ready`
    models, in one list (`assault._which_and_what`, at every activation with a choice):
    what is the same for every model of the side (the models engaged, the questions'
    tier, whether the app plays the side) read once, each model's own stats read
    directly (`why_no_charge` and `charge_told` written out). Made only when read
    (`grouped`: a sim draws one without the list)."""
    locked_ids = engaged_ids(b)
    tellable = not asks_as_of(b, FIRST_PASS) and side not in b.ai
    short_told = 2 if asks_as_of(b, THIRD_PASS) else 1
    now = b.round
    groups: list[Group] = []
    enabled = active = 0
    for unit in ready:
        stats = unit.stats
        locked = unit.id in locked_ids
        no_charge: str | None = None
        if stats["fleeing"]:
            no_charge = "fleeing"
        elif locked:
            no_charge = "locked in melee"
        elif stats["ran"] == now:
            no_charge = "ran this round"
        elif stats["gave_up"] == "assault":
            no_charge = "marched and gave up its assault"
        told = tellable and no_charge is None
        reach = v_inches(unit, "charge") if told else ""
        loads = () if locked else reload_choices(unit)
        head = (unit.id, unit.label or unit.name)  # (`name`)
        short = short_told if told else 0
        group = _action_group(head, foes, no_charge, locked, reach, loads, short)
        groups.append(group)
        enabled += len(group[1])
        active += len(group[2])
    return grouped(groups, enabled, active)


def charge_told(b: Battle, unit: Unit, no_charge: str | None) -> bool:
    """Whether the table says with `unit`'s charge if it reached (`actions`)."""
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
    """`actions`'s options from what they read (made once for the same: every model
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


@lru_cache(maxsize=512)
def _action_group(
    head: tuple[str, str],
    foes: Foes,
    no_charge: str | None,
    locked: bool,
    reach: str,
    loads: tuple[tuple[str, str], ...],
    short: int,
) -> Group:
    """`_action_options` grouped under its model, as `grouped_actions` lists it."""
    return group_of(_action_options(head, foes, no_charge, locked, reach, loads, short))


def foes_of(b: Battle, side: str) -> Foes:
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


#: `foes_of`'s findings: (battle, its count of removals and its number of models, the
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
