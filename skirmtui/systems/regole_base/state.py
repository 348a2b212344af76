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
    """`foes_in_contact` is not empty: a scan that stops at the first (asked of every
    model several times an answer; no list made)."""
    pairs = b.pos.contacts
    if not pairs:
        return False
    uid, units = unit.id, b.units
    for x, y in pairs:
        if x == uid:
            other = units.get(y)
        elif y == uid:
            other = units.get(x)
        else:
            continue
        if other is not None and not other.removed and other.side != unit.side:
            return True
    return False


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
