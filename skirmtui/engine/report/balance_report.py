"""The balance report as text for the terminal, Markdown or HTML, drawn from the
document of `balance_doc.py` (the JSON format). One list of sections, each a heading,
lines of prose and at most one table, rendered three ways. Names come from data
files: shown, never obeyed (`safe`, HTML-escaped).
"""

from __future__ import annotations

import html
from typing import Any

from skirmtui.engine.core.text import safe

Table = tuple[list[str], list[list[str]]]
Section = tuple[str, list[str], Table | None]


def pct(value: list[float]) -> str:
    """[estimate, low, high] in points → `52.1% (49.0–55.2)`."""
    estimate, low, high = value
    return f"{estimate:.1f}% ({low:.1f}–{high:.1f})"


def change(value: list[float]) -> str:
    estimate, low, high = value
    half = max(estimate - low, high - estimate)
    return f"{estimate:+.1f} ± {half:.1f} points"


def replay(doc: dict[str, Any], battle: dict[str, Any]) -> str:
    scenario = "" if doc["scenario"] == "demo" else f" --scenario {doc['scenario']}"
    armies = ",".join(battle["armies"])
    ai = "".join(f" --ai {seat}" for seat in battle.get("ai", ()))  # a personas' battle
    return (
        f"skirmtui sim {doc['system']}{scenario} --armies {armies}{ai} "
        f"--only {battle['seed']} --save-dir DIR"
    )


def sections(doc: dict[str, Any]) -> list[Section]:
    out: list[Section] = [_summary(doc), _matrix(doc), _armies(doc)]
    out.append(_first(doc))
    if doc.get("skill"):
        skill = doc["skill"]
        line = (
            f"In the mirror matches (the same army on both sides), {skill['personas'][0]} "
            f"play beat {skill['personas'][1]} play in {pct(skill['win_rate'])} of "
            f"{skill['battles']} battles."
        )
        out.append(("Skill against luck", [line], None))
    out.append(_length(doc))
    out.append(_units(doc))
    if doc["sweep"] is not None:
        out.append(_sweep(doc))
    out.append(_notable(doc))
    if doc["messages"]:
        out.append(("Errors", [f"{doc['errors']} battles failed:", *doc["messages"]], None))
    return out


def _summary(doc: dict[str, Any]) -> Section:
    why = {
        "battles": "every battle planned",
        "precision": f"stopped early: every interval within ±{doc['precision']} points",
        "interrupted": "INTERRUPTED: a partial report",
    }[doc["stopped"]]
    lines = [
        f"System {doc['system']}, scenario {doc['scenario']}, run seed {doc['seed']}.",
        f"{doc['battles']} of {doc['planned']} battles ({why}); {doc['errors']} errors.",
        _policy(doc["policy"]) + " Seats swapped every other battle; intervals are 95% (Wilson).",
        *doc.get("notes", []),
    ]
    return ("Balance report", lines, None)


def _policy(policy: str) -> str:
    if policy == "random":
        return "Play: random legal answers for every side (the dice and the table's facts too)."
    if " vs " in policy:
        first, second = policy.split(" vs ")
        return (
            f"Play: each matchup's first army played by the {first} persona, its second by "
            f"{second} (the mirrors compare the two with the same army)."
        )
    return f"Play: every army played by the {policy} persona."


def _matrix(doc: dict[str, Any]) -> Section:
    rows = [
        [
            f"{m['names'][0]} vs {m['names'][1]}" + (" (mirror)" if m["mirror"] else ""),
            str(m["battles"]),
            pct(m["win_rate"]),
            pct(m["draw_rate"]),
            pct(m["loss_rate"]),
            f"{m['units_lost'][0]} / {m['units_lost'][1]}",
        ]
        for m in sorted(doc["matchups"], key=lambda m: m["mirror"])
    ]
    head = ["matchup", "battles", "first army wins", "draws", "second army wins", "units lost"]
    lines = ["Each army against each other; mirror matches last, apart."]
    return ("Matchups", lines, (head, rows))


def _armies(doc: dict[str, Any]) -> Section:
    rows = [
        [a["name"], str(a["battles"]), pct(a["win_rate"]), str(a["draws"]), str(a["units_lost"])]
        for a in doc["armies"]
    ]
    head = ["army", "battles", "wins", "draws", "units lost per battle"]
    return ("Armies (mirror matches left out)", [], (head, rows))


def _first(doc: dict[str, Any]) -> Section:
    first = doc["first_player"]
    if first is None:
        return ("First player", ["This system announces no play order."], None)
    lines = [
        "The side that plays first (the first play order or initiative the log announces) "
        f"won {pct(first['win_rate'])} of {first['battles']} battles; "
        f"{pct(first['decided_win_rate'])} of those not drawn (50% is no advantage)."
    ]
    return ("First player", lines, None)


def _length(doc: dict[str, Any]) -> Section:
    length = doc["length"]
    rounds, answers = length["rounds"], length["answers"]
    lines = [
        f"Rounds: mean {rounds['mean']}; answers: mean {answers['mean']}.",
        "Rounds: " + ", ".join(f"{r}: {n}" for r, n in rounds["distribution"].items()),
        "Answers: " + ", ".join(f"{b}: {n}" for b, n in answers["distribution"].items()),
    ]
    return ("Battle length", lines, None)


def _units(doc: dict[str, Any]) -> Section:
    costed = any(u["spent"] is not None for u in doc["units"])
    head = ["army", "unit", "fielded", "survives", "destroys per battle"]
    if costed:
        head += ["points destroyed", "points spent", "efficiency"]
    rows = []
    for u in doc["units"]:
        row = [
            u["army_name"],
            u["unit"],
            str(u["fielded"]),
            pct(u["survival"]),
            f"{u['destroyed_per_battle']:.2f}",
        ]
        if costed:
            row += [
                _or_dash(u["destroyed_points"]),
                _or_dash(u["spent"]),
                _or_dash(u["efficiency"]),
            ]
        rows.append(row)
    lines = [
        "Who destroyed whom is the cause each rule recorded when the unit was removed "
        "(the attacker; a fall's pusher; a unit that fled or routed is destroyed by nobody)."
    ]
    if not costed:
        lines.append("This system's profiles carry no points: no points-efficiency.")
    return ("Units", lines, (head, rows))


def _or_dash(value: object) -> str:
    return "—" if value is None else str(value)


def _sweep(doc: dict[str, Any]) -> Section:
    sweep = doc["sweep"]
    label = f"{sweep['unit']}.{sweep['stat']}"
    lines = [
        f"{sweep['battles']} battles replayed with the same seeds at each value of {label}, "
        "counting those where exactly one army fields the unit: its army's win rate, and "
        "the change per step (paired on the seeds)."
    ]
    lines += [f"{label} = {v['value']}: {pct(v['win_rate'])}" for v in sweep["values"]]
    lines += [f"{s['from']} → {s['to']}: {change(s['change'])}" for s in sweep["steps"]]
    return (f"Sweep {label}", lines, None)


def _notable(doc: dict[str, Any]) -> Section:
    lines = []
    longest = doc["notable"].get("longest")
    if longest:
        lines.append(f"Longest ({longest['answers']} answers): {replay(doc, longest)}")
    upset = doc["notable"].get("upset")
    if upset:
        lines.append(
            f"Biggest upset ({upset['winner']} won, {upset['winner_rate']}% of that "
            f"matchup): {replay(doc, upset)}"
        )
    return ("Notable battles", lines or ["None."], None)


# -- renderings ----------------------------------------------------------------------


def as_text(doc: dict[str, Any]) -> str:
    out: list[str] = []
    for title, lines, table in sections(doc):
        out += [title, "=" * len(title), *(safe(line) for line in lines)]
        if table is not None:
            head, rows = table
            cells = [[safe(c) for c in r] for r in [head, *rows]]
            widths = [max(len(r[i]) for r in cells) for i in range(len(head))]
            for n, r in enumerate(cells):
                out.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
                if n == 0:
                    out.append("  ".join("-" * w for w in widths))
        out.append("")
    return "\n".join(out) + "\n"


def _md_cell(text: str) -> str:
    return safe(text).replace("|", "\\|")


def as_markdown(doc: dict[str, Any]) -> str:
    out: list[str] = []
    for n, (title, lines, table) in enumerate(sections(doc)):
        out += [("# " if n == 0 else "## ") + title, ""]
        out += [_md_cell(line) + "  " for line in lines]
        if table is not None:
            head, rows = table
            out += ["", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            out += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in rows]
        out.append("")
    return "\n".join(out) + "\n"


def as_html(doc: dict[str, Any]) -> str:
    def e(text: str) -> str:
        return html.escape(safe(text))

    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Balance: {e(doc['system'])}</title>",
        "<style>body{font-family:sans-serif;max-width:72em;margin:2em auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .5em}"
        "th{background:#eee}</style>",
        "</head><body>",
    ]
    for n, (title, lines, table) in enumerate(sections(doc)):
        tag = "h1" if n == 0 else "h2"
        out.append(f"<{tag}>{e(title)}</{tag}>")
        out += [f"<p>{e(line)}</p>" for line in lines]
        if table is not None:
            head, rows = table
            out.append("<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr>")
            out += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in rows]
            out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
