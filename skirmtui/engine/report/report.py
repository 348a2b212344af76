"""The after-battle report a GM shares (`skirmtui export SAVE --format md`).

A page or two (issue 27): the result and why, a table per side (what each side lost
and what it destroyed), who destroyed whom, at most five turning points, the dice luck
and a short paragraph per round. `--full` adds each unit's luck, the final roster and
the whole battle entry by entry in past-tense sentences. Plain Markdown: readable as text and
rendered. User text is shown, never obeyed (`text.safe`); private GM notes are left
out. The whole log stays in the JSON export.
"""

from __future__ import annotations

from collections.abc import Iterable

from skirmtui.engine.core.battle import Battle, LogEntry
from skirmtui.engine.core.conditions import of_unit
from skirmtui.engine.core.items import GM_AI
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import one_line, plural, safe
from skirmtui.engine.report.losses import (
    Loss,
    by_words,
    cell,
    losses,
    row,
    worth,
)
from skirmtui.engine.report.luck import Tally, luck
from skirmtui.engine.report.narrative import Teller, tell
from skirmtui.engine.report.story import round_paragraphs
from skirmtui.engine.report.turning import Turning, section

__all__ = ["Loss", "cell", "losses", "markdown_report", "row", "worth"]


def markdown_report(
    session: Session,
    summary: list[str],
    turning: Turning | None = None,
    *,
    full: bool = False,
) -> str:
    """The report as Markdown text: a page or two; `turning`: the chance to win and its
    turning points (turning.py; None: not estimated, and the page says so); `full` adds
    each unit's luck, the final roster and the whole battle told entry by entry."""
    battle = session.battle
    names = battle.labels
    lost = losses(battle)
    out = [f"# {cell(session.setup.title or battle.system)}", ""]
    out += [f"System: `{battle.system}` · seed {battle.seed} · {_rounds(battle)}", ""]
    out += _result(battle, summary)
    out += _sides(battle, names, lost)
    out += _played_by(session)
    out += _destroyed(battle, names, lost)
    out += section(battle, turning)
    out += _luck(battle, names, units=full)
    out += _brief(battle, names, lost)
    if full:
        out += _roster(session, names)
        out += _narrative(battle, names)
    else:
        out += ["The whole battle, entry by entry: `skirmtui export SAVE --format md --full`.", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _rounds(battle: Battle) -> str:
    """`4 turns played`; a battle not finished stands in its last round, not after it:
    `2 turns played, turn 3 under way`."""
    word = battle.round_word.lower()
    if battle.result is not None or not battle.round:
        return f"{plural(battle.round, word)} played"
    now = f"{word} {battle.round} under way"
    done = battle.round - 1
    return f"{plural(done, word)} played, {now}" if done else now


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


def _played_by(session: Session) -> list[str]:
    """Who played each side the app played at some point (issue 26): its persona and
    from which round, each change in order (`the app (balanced) from turn 1, the table
    from turn 3`); nothing when the table played every side throughout."""
    battle = session.battle
    word = battle.round_word.lower()
    changes: dict[str, list[str]] = {}
    for entry in battle.log:
        if entry.key != GM_AI or entry.answer is None or entry.side is None:
            continue
        persona = session.items[entry.answer].value.get("persona") or ""
        who = f"the app ({persona})" if persona else "the table"
        changes.setdefault(entry.side, []).append(f"{who} from {word} {max(entry.round, 1)}")
    if not changes:
        return []
    parts = [f"{cell(battle.side_name(side))}: {', '.join(said)}" for side, said in changes.items()]
    others = [cell(s.name) for s in battle.sides if s.id not in changes]
    tail = f"; {', '.join(others)}: the table throughout" if others else ""
    return [f"Played by: {'; '.join(parts)}{tail}.", ""]


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
        killed = [  # enemy units: a template's friendly fire is no side's gain
            loss
            for loss in lost
            if loss.by in battle.units
            and battle.units[loss.by].side == side.id
            and battle.units[loss.unit].side != side.id
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
                    by_words(battle, names, loss),
                ]
            )
        )
    return [*out, ""]


def _brief(battle: Battle, names: dict[str, str], lost: list[Loss]) -> list[str]:
    word = battle.round_word
    out = [f"## {word} by {word.lower()}", ""]
    for number, paragraph in round_paragraphs(battle, names, lost):
        out += [f"**{word} {number}.** {paragraph}", ""]
    return out


def _luck(battle: Battle, names: dict[str, str], *, units: bool) -> list[str]:
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
        (
            (uid, t)
            for uid, t in found.units.items()
            if units and t.rolls >= 3 and uid in battle.units
        ),
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
    out = ["## The whole battle", ""]
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
