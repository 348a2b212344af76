"""What the panes show for combattimento-gdr: queue, statuses, sheet rows, summary."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.system import QueueRow
from skirmtui.systems.combattimento_gdr import profile as p
from skirmtui.systems.combattimento_gdr.position import pos
from skirmtui.systems.combattimento_gdr.tables import armour, weapons


def queue(b: Battle) -> list[QueueRow]:
    """The acting order from the entry acting now. Those waiting (CG-11) come after the
    entry acting now, before the later entries (they are offered a turn after each
    action; listed last they were off a small pane), and first while they are offered
    it; a waiting combatant acting now is the one acting."""
    where = pos(b)
    if b.phase != "actions" or not where.order:
        return [QueueRow(None, f"Turn {b.round}: the GM describes the situation")]
    done = where.done
    late = b.units.get(where.late) if where.late else None
    if late is not None and late.removed:
        late = None
    # Offered a turn now (no entry member acting), or one of them acting now.
    offered = late is not None or (where.offer and bool(where.waiting))
    # The last of the current entry's members marked done is the one asked now: a
    # member is marked as its activation starts (turn.actions_step).
    # Nobody acts after the end: nothing is marked, nobody is "acting".
    over = b.result is not None
    acting = (
        done[-1] if done and where.entry < len(where.order) and not offered and not over else None
    )
    now: list[QueueRow] = []
    later: list[QueueRow] = []
    for n, entry in enumerate(where.order):
        if n < where.entry:
            continue
        group = len(entry) > 1
        for uid in entry:
            unit = b.units.get(uid)
            if unit is None or unit.removed or (uid in done and n != where.entry):
                continue
            mark = "= " if group else ""
            state = " (acting)" if uid == acting else " (acted)" if uid in done else ""
            at_entry = n == where.entry and not offered
            row = QueueRow(unit.side, f"{mark}{unit.label}{state}", uid, at_entry and not over)
            (now if at_entry else later).append(row)
    waiting = [
        QueueRow(unit.side, f"waiting: {unit.label}", unit.id)
        for unit in (b.units.get(uid) for uid in where.waiting)
        if unit is not None and not unit.removed
    ]
    rows = now + waiting + later
    if late is not None:  # a waiting combatant acting now (CG-11)
        words = late.label if over else f"{late.label} (acting, waited)"
        rows.insert(0, QueueRow(late.side, words, late.id, not over))
    return rows or [QueueRow(None, f"Turn {b.round}: every combatant has acted")]


def status(b: Battle, unit: Unit) -> str:
    fate = str(unit.stats["fate"])
    if unit.removed:
        return fate or "out"
    track = p.track(unit)
    parts = [f"{unit.num('damage')}/{track.capacity} lost"]
    found = p.penalty(unit)
    if found:
        parts.append(f"{found[0]} {found[1]:+d}")
    if unit.flag("stunned"):
        parts.append("stunned")
    if unit.flag("fumbled"):
        parts.append("off balance")
    parts += [flag for flag in ("prone", "helpless") if unit.flag(flag)]
    if unit.num("charging"):
        parts.append(f"charging {unit.num('charging')}")
    if unit.num("busy"):
        parts.append(f"busy {unit.num('busy')}")
    if unit.num("reload"):
        parts.append(f"reload {unit.num('reload')}")
    foes = p.contacts(b, unit)
    if foes:
        parts.append("vs " + ", ".join(u.label for u in foes))
    return " · ".join(parts)


def sheet_rows(b: Battle, unit: Unit) -> list[tuple[str, str]]:
    """The body-point track as boxes (■ blacked out, ✕ lost, □ free), DP and armour."""
    rows = [("DP", str(p.dp(unit)))]
    left = p.armour_left(unit)
    for name, points in zip(p.words(unit.profile["armour"]), left, strict=False):
        rows.append(("Armour", f"{name} {points}"))
    for line in p.track(unit).lines(unit.num("damage")):
        label, _, rest = line.partition(" ")
        rows.append((label, rest.strip()))
    return rows


def fate(unit: Unit) -> str:
    value = str(unit.stats["fate"])
    if value == p.DEAD:
        return "dead"
    if value == p.FLED:
        return "fled"
    if unit.removed:
        return "removed by the GM"
    track = p.track(unit)
    found = p.penalty(unit)
    wound = f", {found[0]} ({found[1]:+d})" if found else ""
    return f"standing, {unit.num('damage')}/{track.capacity} body points lost{wound}"


def summary(b: Battle) -> list[str]:
    lines = [b.headline()]
    for side in b.sides:
        for unit in b.units.values():
            if unit.side == side.id:
                lines.append(f"{side.name} — {unit.label}: {fate(unit)}")
    return lines


#: Fields whose value is weapon and shield keys, space-separated (the data's words).
_ITEM_FIELDS = frozenset({"ready", "gone"})


def value_words(b: Battle, unit: Unit | None, field: str, value: object) -> str | None:
    """Readied items and weapons lost by their names ("Arco corto, Scudo piccolo"), not
    their keys ("arco_corto"); a key the data does not know (a GM may type anything)
    as it is."""
    if field not in _ITEM_FIELDS or not isinstance(value, str) or not value.strip():
        return None
    shield = str(unit.profile.get("shield", "")) if unit is not None else ""
    return ", ".join(_item_name(item, shield) for item in p.words(value))


def _item_name(item: str, shield: str) -> str:
    if item == p.SHIELD:
        named = armour()["shields"].get(shield) if shield else None
        return str(named["label"]) if named else "shield"
    spec = weapons().get(item)
    return str(spec["label"]) if spec else item
