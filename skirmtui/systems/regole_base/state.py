"""Where regole-base keeps what is not a model's own value: base contacts (RB-14), the
round's side order, what each side lost this phase."""

from __future__ import annotations

from collections.abc import Generator
from functools import cache
from typing import Any, TypeVar

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import Cause
from skirmtui.engine.core.prompts import Prompt
from skirmtui.systems.regole_base.position import RBPosition, pos
from skirmtui.systems.regole_base.profile import name
from skirmtui.systems.regole_base.tables import rules

T = TypeVar("T")
#: A piece of a rule step: yields prompts, returns a value.
Sub = Generator[Prompt, Any, T]


def foes_in_contact(b: Battle, unit: Unit) -> list[Unit]:
    """RB-14: engaged = in base contact with an enemy (removed models are not there)."""
    pairs = b.pos.contacts
    if not pairs:  # the common case: this runs for every model in every phase
        return []
    found = []
    for pair in pairs:
        if unit.id in pair:
            other = b.units.get(pair[1] if pair[0] == unit.id else pair[0])
            if other is not None and not other.removed and other.side != unit.side:
                found.append(other)
    return found


def engaged(b: Battle, unit: Unit) -> bool:
    """`foes_in_contact` is not empty (asked of every model several times an answer):
    read from the models engaged, found once for the base contacts and removals as they
    are (`_engaged`)."""
    pairs = b.pos.contacts
    if not pairs:  # the common case
        return False
    kept = _kept_engaged
    if kept[1] is not pairs or kept[0] is not b or kept[2] != b.changes["removed"]:
        kept = _engaged(b, pairs)
    return unit.id in kept[3]


def engaged_ids(b: Battle) -> frozenset[str]:
    """The ids of the models `engaged` (a rule that asks it of each of a side's models
    reads this once: one call, not one a model)."""
    pairs = b.pos.contacts
    if not pairs:
        return _NOBODY
    kept = _kept_engaged
    if kept[1] is not pairs or kept[0] is not b or kept[2] != b.changes["removed"]:
        kept = _engaged(b, pairs)
    return kept[3]


_NOBODY: frozenset[str] = frozenset()


#: `_engaged`'s last finding: (battle, its contacts list, its count of removals, the
#: ids engaged). The contacts list is replaced whole at every change (`Battle.track`;
#: a checkpoint copies it), and a restored or removed model counts a removal: while
#: the battle, the list and the count are the same, so are the models engaged. Replaced
#: whole (a worker thread may read its own copy of a battle at the same time).
_kept_engaged: tuple[Battle | None, object, int, frozenset[str]] = (None, None, -1, frozenset())


def _engaged(
    b: Battle, pairs: list[list[str]]
) -> tuple[Battle | None, object, int, frozenset[str]]:
    """RB-14: the models in base contact with an enemy on the table (removed models are
    not there), in one pass over the contacts."""
    global _kept_engaged
    units = b.units
    found: set[str] = set()
    for x, y in pairs:
        one, other = units.get(x), units.get(y)
        if one is None or other is None or one.side == other.side:
            continue
        if not other.removed:
            found.add(x)
        if not one.removed:
            found.add(y)
    _kept_engaged = (b, pairs, b.changes["removed"], frozenset(found))
    return _kept_engaged


def touch(b: Battle, a: Unit, c: Unit) -> None:
    """RB-14: only a charge creates contact."""
    pair = sorted((a.id, c.id))
    if pair not in pos(b).contacts:
        b.track("contacts", [*pos(b).contacts, pair])
    for unit in (a, c):
        if not unit.num("since"):
            b.set(unit, "since", b.round)


def part(b: Battle, unit: Unit) -> None:
    """The model leaves every base contact (flight, escape, death)."""
    pairs = pos(b).contacts
    others = [p[1] if p[0] == unit.id else p[0] for p in pairs if unit.id in p]
    b.track("contacts", [p for p in pairs if unit.id not in p])
    for uid in (unit.id, *others):
        other = b.units[uid]
        if not other.removed and not engaged(b, other) and other.num("since"):
            b.set(other, "since", 0)


def melees(b: Battle) -> list[list[str]]:
    """RB-9: the models linked by base contact, one group per melee, in roster order."""
    links: dict[str, set[str]] = {}
    for x, y in pos(b).contacts:
        if b.alive(x) and b.alive(y) and b.units[x].side != b.units[y].side:
            links.setdefault(x, set()).add(y)
            links.setdefault(y, set()).add(x)
    seen: set[str] = set()
    groups = []
    for uid in b.units:
        if uid not in links or uid in seen:
            continue
        group, todo = set(), [uid]
        while todo:
            current = todo.pop()
            if current not in group:
                group.add(current)
                todo.extend(links[current] - group)
        seen |= group
        groups.append([u for u in b.units if u in group])
    return groups


def order(b: Battle) -> list[str]:
    """The round's side order, initiative side first (RB-3)."""
    at: RBPosition = b.pos  # (read a few times an answer: no call to `pos`)
    return at.order or [s.id for s in b.sides]


def note_loss(b: Battle, unit: Unit, amount: int) -> None:
    lost = pos(b).lost
    lost[unit.id] = lost.get(unit.id, 0) + amount


def kill(b: Battle, unit: Unit, why: str, cause: Cause) -> None:
    """R 0 removes the model (seed: "morto o comunque privo di sensi"), for `cause`."""
    b.record("info", f"{name(unit)} ({b.side_name(unit.side)}) {why}", target=unit.id)
    part(b, unit)
    removed = pos(b).removed
    removed[unit.side] = removed.get(unit.side, 0) + 1
    b.remove(unit, cause)


def alive_sides(b: Battle) -> list[str]:
    return [s.id for s in b.sides if b.on_table(s.id)]


def why_no_action(b: Battle, unit: Unit, locked: bool | None = None) -> str | None:
    """What stops both a charge and a shot: fleeing (RB-11), engaged (RB-14), or it
    ran this round (RB-4). `locked`: `engaged`, when the caller has read it."""
    if unit.flag("fleeing"):
        return "fleeing"
    if engaged(b, unit) if locked is None else locked:
        return "locked in melee"
    if unit.num("ran") == b.round:
        return "ran this round"
    return None


def v_now(unit: Unit) -> int:
    """RB-6/RB-15: a charger's V is 1 higher for the whole Assault phase."""
    return unit.num("v") + (int(rules()["assault"]["charge_v"]) if unit.flag("charged") else 0)


def v_inches(unit: Unit, factor: str) -> str:
    """A move of `factor` × V (data: `[movement]`), in inches."""
    return _inches(unit.num("v"), factor)


@cache
def _inches(v: int, factor: str) -> str:
    return f'{v * float(rules()["movement"][factor]):g}"'


def escaped(b: Battle, unit: Unit) -> bool:
    """RB-13: the model escaped a melee this Assault phase: it makes no attacks until
    the phase ends, even if charged again."""
    at: RBPosition = b.pos  # (read a few times an answer: no call to `pos`)
    return unit.id in at.escaped
