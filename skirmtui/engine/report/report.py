"""The after-battle report a GM shares (`skirmtui export SAVE --format md`).

The result and why, a table per side (what each side lost and what it destroyed),
who destroyed whom, the turning points, the dice luck, the final roster, then the
battle round by round in past-tense sentences. Plain Markdown: readable as text and
rendered. User text is shown, never obeyed (`text.safe`); private GM notes are left
out. The whole log stays in the JSON export.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from skirmtui.engine.core.battle import Battle, LogEntry, Unit
from skirmtui.engine.core.causes import ATTACK, ATTACKS, FALL, FLED, GM, ROUT, RULE, SELF, Cause
from skirmtui.engine.core.conditions import of_unit
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import one_line, safe
from skirmtui.engine.report.luck import Tally, luck
from skirmtui.engine.report.narrative import Teller, tell

#: Profile fields that hold what a unit is worth, in the systems' own names.
COST_FIELDS = ("cost", "points")
_MORALE = re.compile(
    r"\b(fails? (its |the )?(morale|rout)|flees|routs|broken|shaken|panics|firmness fell"
    r"|leaves the table)\b",
    re.I,
)


@frozen_record
class Loss:
    unit: str
    round: int
    #: The enemy unit whose attack removed it, "GM", or None when no enemy did.
    by: str | None
    #: The entry that removed it.
    entry: int
    #: Why, as the rule that removed it recorded it (`causes.py`).
    cause: Cause | None = None


def losses(battle: Battle) -> list[Loss]:
    """Every unit removed from the table (and not put back), with the cause the rule
    that removed it recorded: never guessed from the log's words."""
    found: dict[str, Loss] = {}
    for entry in battle.log:
        for effect in entry.effects:
            if effect.field != "removed" or effect.unit is None:
                continue
            if effect.after is True:
                found[effect.unit] = Loss(
                    effect.unit, entry.round, _culprit(effect.cause), entry.index, effect.cause
                )
            else:
                found.pop(effect.unit, None)
    return sorted(found.values(), key=lambda loss: loss.entry)


def _culprit(cause: Cause | None) -> str | None:
    if cause is None:
        return None
    if cause.kind == GM:
        return "GM"
    # An attack's attacker; a fall's pusher (pequenas-guerras "Empurrando").
    return cause.unit if cause.kind in (ATTACK, FALL) else None


def worth(unit: Unit) -> int | None:
    for field in COST_FIELDS:
        value = unit.profile.get(field)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def markdown_report(session: Session, summary: list[str]) -> str:
    """The whole report as Markdown text."""
    battle = session.battle
    names = battle.labels
    lost = losses(battle)
    out = [f"# {cell(session.setup.title or battle.system)}", ""]
    out += [f"System: `{battle.system}` · seed {battle.seed} · {_rounds(battle)}", ""]
    out += _result(battle, summary)
    out += _sides(battle, names, lost)
    out += _destroyed(battle, names, lost)
    out += _turning_points(battle, names, lost)
    out += _luck(battle, names)
    out += _roster(session, names)
    out += _narrative(battle, names)
    return "\n".join(out).rstrip("\n") + "\n"


def _rounds(battle: Battle) -> str:
    word = battle.round_word.lower()
    return f"{battle.round} {word}{'s' if battle.round != 1 else ''} played"


def _result(battle: Battle, summary: list[str]) -> list[str]:
    out = ["## Result", ""]
    if battle.result is None:
        out.append(f"**Not finished**: the battle stands in {battle.where()}.")
    else:
        winner = battle.result.winner
        who = f"**{cell(battle.side_name(winner))} won**" if winner else "**A draw**"
        word = battle.round_word.lower()
        out.append(f"{who} in {word} {battle.result.round}: {cell(battle.result.reason)}.")
    out.append("")
    out += [f"- {cell(line)}" for line in summary[1:]]
    return [*out, ""]


def _sides(battle: Battle, names: dict[str, str], lost: list[Loss]) -> list[str]:
    priced = any(worth(u) is not None for u in battle.units.values())
    head = ["Side", "Units fielded", "Units it lost", "Enemy units it destroyed"]
    if priced:
        head[3:3] = ["Points it lost"]
        head.append("Enemy points it destroyed")
    out = [
        "## Sides",
        "",
        "What each side **lost** (its own units) and what it **destroyed** (enemy units",
        "its units put out of the fight).",
        "",
        row(head),
        row(["---"] + ["---:"] * (len(head) - 1)),
    ]
    for side in battle.sides:
        mine = [u for u in battle.units.values() if u.side == side.id]
        own_lost = [loss for loss in lost if battle.units[loss.unit].side == side.id]
        killed = [
            loss
            for loss in lost
            if loss.by in battle.units and battle.units[loss.by].side == side.id
        ]
        cells = [cell(side.name), str(len(mine)), str(len(own_lost)), str(len(killed))]
        if priced:
            cells[3:3] = [str(_points(battle, own_lost))]
            cells.append(str(_points(battle, killed)))
        out.append(row(cells))
    return [*out, ""]


def _points(battle: Battle, lost: Iterable[Loss]) -> int:
    return sum(worth(battle.units[loss.unit]) or 0 for loss in lost)


def _destroyed(battle: Battle, names: dict[str, str], lost: list[Loss]) -> list[str]:
    out = ["## Who destroyed whom", ""]
    if not lost:
        return [*out, "No unit left the table.", ""]
    out += [
        row([battle.round_word, "Unit lost", "Its side", "Destroyed by"]),
        row(["---:", "---", "---", "---"]),
    ]
    for loss in lost:
        unit = battle.units[loss.unit]
        out.append(
            row(
                [
                    str(loss.round),
                    cell(names[unit.id]),
                    cell(battle.side_name(unit.side)),
                    _by(battle, names, loss),
                ]
            )
        )
    return [*out, ""]


#: What a cause that is no enemy's attack reads as, in the "destroyed by" column.
_NO_ENEMY = {
    ROUT: "no enemy: it failed a morale or rout test",
    FALL: "no enemy: a fall or the terrain",
    SELF: "no enemy: its own weapon",
    FLED: "no enemy: it fled the fight",
    RULE: "no enemy: a rule of the system",
}
_FATE = {
    ROUT: "was lost to a failed morale or rout test",
    FALL: "was lost to a fall or the terrain",
    SELF: "was lost to its own weapon",
    FLED: "fled the fight",
    RULE: "was lost to a rule of the system",
}


def _by(battle: Battle, names: dict[str, str], loss: Loss) -> str:
    if loss.by == "GM":
        return "the GM (removed it)"
    if loss.by is None or loss.by not in battle.units:
        kind = loss.cause.kind if loss.cause is not None else RULE
        return _NO_ENEMY.get(kind, _NO_ENEMY[RULE])
    killer = battle.units[loss.by]
    how = _how(loss.cause)
    return f"{cell(names[killer.id])} ({cell(battle.side_name(killer.side))}){how}"


def _how(cause: Cause | None) -> str:
    """`: free attack with Spada` from an attack's cause."""
    if cause is None:
        return ""
    if cause.kind == FALL:
        return ": pushed, it fell"
    what = ATTACKS.get(cause.attack or "", cause.attack or "")
    parts = [p for p in (what, cause.weapon and f"with {cause.weapon}") if p]
    return f": {cell(' '.join(parts))}" if parts else ""


def _fate(battle: Battle, names: dict[str, str], loss: Loss) -> str:
    if loss.by == "GM":
        return "was removed by the GM"
    if loss.by is None or loss.by not in battle.units:
        kind = loss.cause.kind if loss.cause is not None else RULE
        return _FATE.get(kind, _FATE[RULE])
    return f"was destroyed by {_by(battle, names, loss)}"


def _turning_points(battle: Battle, names: dict[str, str], lost: list[Loss]) -> list[str]:
    points: list[tuple[int, str]] = []
    for loss in lost:
        unit = battle.units[loss.unit]
        fate = _fate(battle, names, loss)
        side = cell(battle.side_name(unit.side))
        points.append(
            (
                loss.entry,
                f"{battle.round_word} {loss.round}: {cell(names[unit.id])} ({side}) {fate}.",
            )
        )
    teller = Teller(battle, names)
    for entry in battle.log:
        if entry.kind == "info" and _MORALE.search(entry.text):
            points.append(
                (
                    entry.index,
                    f"{battle.round_word} {entry.round}: {cell(teller.past(entry.text))}.",
                )
            )
        elif entry.roll and entry.roll.get("critical"):
            sentence = teller.sentence(entry) or entry.text
            points.append(
                (
                    entry.index,
                    f"{battle.round_word} {entry.round}: "
                    f"critical {entry.roll['critical']} — {cell(sentence)}",
                )
            )
        elif entry.kind == "result":
            points.append(
                (
                    entry.index,
                    f"{battle.round_word} {entry.round}: {cell(teller.past(entry.text))}.",
                )
            )
    out = ["## Turning points", ""]
    out += [f"- {text}" for _, text in sorted(points)] or ["Nothing stood out."]
    return [*out, ""]


def _luck(battle: Battle, names: dict[str, str]) -> list[str]:
    found = luck(battle)
    out = [
        "## Dice luck",
        "",
        "Successes against the odds shown before each roll (a pool counts each die).",
        "Percentile: where the actual count falls among everything those dice could have",
        "done (50 = as expected, higher = luckier).",
        "",
        row(["Side", "Rolls (who rolled)", "Expected successes", "Actual successes", "Percentile"]),
        row(["---", "---:", "---:", "---:", "---:"]),
    ]
    for side in battle.sides:
        out.append(row([cell(side.name), *_tally_cells(found.sides[side.id])]))
    ranked = sorted(
        ((uid, t) for uid, t in found.units.items() if t.rolls >= 3 and uid in battle.units),
        key=lambda pair: pair[1].percentile or 50.0,
    )
    if ranked:
        out += ["", "Units with at least three rolls, unluckiest first:", ""]
        out += [
            row(
                [
                    "Unit",
                    "Rolls (who rolled)",
                    "Expected successes",
                    "Actual successes",
                    "Percentile",
                ]
            )
        ]
        out.append(row(["---", "---:", "---:", "---:", "---:"]))
        for uid, tally in ranked:
            out.append(row([cell(names[uid]), *_tally_cells(tally)]))
    return [*out, ""]


def _tally_cells(tally: Tally) -> list[str]:
    pct = tally.percentile
    app, typed, unknown = (tally.by.get(k, 0) for k in ("app", "table", "unrecorded"))
    parts = [f"{n} {word}" for n, word in ((app, "app"), (typed, "typed")) if n]
    if unknown:
        parts.append(f"{unknown} not recorded")
    rolled = f"{tally.rolls}" + (f" ({', '.join(parts)})" if parts else "")
    return [
        rolled,
        f"{float(tally.expected):.1f}",
        str(tally.actual),
        "—" if pct is None else f"{pct:.0f}",
    ]


def _roster(session: Session, names: dict[str, str]) -> list[str]:
    battle = session.battle
    out = ["## Final roster", ""]
    for side in battle.sides:
        out += [f"### {cell(side.name)}", "", row(["Unit", "State"]), row(["---", "---"])]
        for unit in battle.units.values():
            if unit.side != side.id:
                continue
            if unit.removed:
                state = "out of the battle"
            else:
                state = one_line(session.system.status(battle, unit)) or "fine"
                held = [c.describe() for c in of_unit(battle, unit.id)]
                if held:
                    state += "; " + "; ".join(held)
            out.append(row([cell(names[unit.id]), cell(state)]))
        out.append("")
    return out


def _narrative(battle: Battle, names: dict[str, str]) -> list[str]:
    teller = Teller(battle, names)
    out = [f"## The battle, {battle.round_word.lower()} by {battle.round_word.lower()}", ""]
    by_round: dict[int, list[LogEntry]] = {}
    for entry in battle.log:
        by_round.setdefault(entry.round, []).append(entry)
    for number, entries in by_round.items():
        sentences = tell(teller, entries)
        if not sentences:
            continue
        title = f"{battle.round_word} {number}" if number else "Before the battle"
        out += [f"### {title}", ""]
        out += ["- " + "\n  ".join(safe(s, multiline=True).split("\n")) for s in sentences]
        out.append("")
    return out


def cell(text: str) -> str:
    """User text for one line of Markdown: control characters shown, not obeyed, and a
    `|` escaped so a name cannot split a table cell."""
    return one_line(text).replace("|", "\\|")


def row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"
