"""A balance run as one JSON-ready document (`skirmtui balance --format json`); the
text, Markdown and HTML reports are drawn from it (`balance_report.py`).

Percentages are points (0–100) with their 95% interval as `[estimate, low, high]`.
Nothing in it depends on how the battles were spread over workers, nor on time: two
runs of the same plan give the same document.
"""

from __future__ import annotations

from typing import Any

from skirmtui.engine.play.balance import Plan
from skirmtui.engine.play.stats import Interval, wilson
from skirmtui.engine.play.tally import Cell, Notable, Tally

#: Answers are counted in buckets of this many for the length distribution.
ANSWER_BUCKET = 100


def points(interval: Interval) -> list[float]:
    """An interval as rounded points: [estimate, low, high]."""
    return [round(100 * v, 1) for v in (interval.estimate, interval.low, interval.high)]


def balance_document(
    plan: Plan, tally: Tally, stopped: str, scenario: str, policy: str = "random"
) -> dict[str, Any]:
    armies = _army_names(plan)
    return {
        "format": 1,
        "system": plan.system,
        "scenario": scenario,
        "policy": policy,
        "seed": plan.seed,
        "planned": plan.battles,
        "battles": tally.battles,
        "errors": tally.errors,
        "stopped": stopped,
        "precision": None if plan.precision is None else round(100 * plan.precision, 3),
        "matchups": [_matchup(plan, tally, m) for m in range(len(plan.matchups))],
        "armies": [_army(plan, tally, key, name) for key, name in armies.items()],
        "first_player": _first_player(tally),
        "skill": _skill(plan, tally),
        "length": _length(tally),
        "units": _units(tally, armies),
        "sweep": _sweep(plan, tally),
        "notable": _notable(plan, tally),
        "messages": list(tally.messages),
        "notes": [],  # what the plan left out and why (set by whoever made the plan)
    }


def _army_names(plan: Plan) -> dict[str, str]:
    names: dict[str, str] = {}
    for matchup in plan.matchups:
        for key, name in zip(matchup.armies, matchup.names, strict=True):
            names.setdefault(key, name)
    return names


def _matchup(plan: Plan, tally: Tally, m: int) -> dict[str, Any]:
    matchup = plan.matchups[m]
    cell = tally.cells.get(m, Cell())
    n = cell.battles
    return {
        "armies": list(matchup.armies),
        "names": list(matchup.names),
        "mirror": matchup.mirror,
        "battles": n,
        "wins": list(cell.wins),
        "draws": cell.draws,
        "win_rate": points(cell.rate(0)),
        "loss_rate": points(cell.rate(1)),
        "draw_rate": points(wilson(cell.draws, n)),
        "units_lost": [round(tally.lost[(m, army)] / n, 2) if n else 0.0 for army in (0, 1)],
    }


def _army(plan: Plan, tally: Tally, key: str, name: str) -> dict[str, Any]:
    """An army's record against the others (its mirror matches left out)."""
    battles = wins = draws = lost = 0
    for m, matchup in enumerate(plan.matchups):
        if matchup.mirror or key not in matchup.armies:
            continue
        cell = tally.cells.get(m, Cell())
        side = matchup.armies.index(key)
        battles += cell.battles
        wins += cell.wins[side]
        draws += cell.draws
        lost += tally.lost[(m, side)]
    return {
        "army": key,
        "name": name,
        "battles": battles,
        "wins": wins,
        "draws": draws,
        "win_rate": points(wilson(wins, battles)),
        "units_lost": round(lost / battles, 2) if battles else 0.0,
    }


def _first_player(tally: Tally) -> dict[str, Any] | None:
    known, wins, draws = tally.first
    if not known:
        return None
    decided = known - draws
    return {
        "battles": known,
        "wins": wins,
        "draws": draws,
        "win_rate": points(tally.first_player()),
        "decided_win_rate": points(wilson(wins, decided)),
    }


def _skill(plan: Plan, tally: Tally) -> dict[str, Any] | None:
    """With two personas (`--ai balanced:random`): how often the first persona wins the
    mirror matches, where the armies are the same and only the play differs."""
    if plan.ai is None or plan.ai[0] == plan.ai[1]:
        return None
    battles = wins = draws = 0
    for m, matchup in enumerate(plan.matchups):
        cell = tally.cells.get(m, Cell())
        if matchup.mirror:
            battles += cell.battles
            wins += cell.wins[0]
            draws += cell.draws
    return {
        "personas": list(plan.ai),
        "battles": battles,
        "wins": wins,
        "draws": draws,
        "win_rate": points(wilson(wins, battles)),
    }


def _length(tally: Tally) -> dict[str, Any]:
    done = sum(tally.rounds.values())
    mean_rounds = sum(r * n for r, n in tally.rounds.items()) / done if done else 0.0
    return {
        "rounds": {
            "mean": round(mean_rounds, 2),
            "distribution": {str(r): tally.rounds[r] for r in sorted(tally.rounds)},
        },
        "answers": {
            "mean": round(tally.answers_total / done, 1) if done else 0.0,
            "distribution": {
                f"{b * ANSWER_BUCKET}–{(b + 1) * ANSWER_BUCKET - 1}": tally.answers[b]
                for b in sorted(tally.answers)
            },
        },
    }


def _units(tally: Tally, armies: dict[str, str]) -> list[dict[str, Any]]:
    rows = []
    for (army, name), t in sorted(tally.units.items()):
        rows.append(
            {
                "army": army,
                "army_name": armies.get(army, army),
                "unit": name,
                "fielded": t.fielded,
                "survival": points(wilson(t.survived, t.fielded)),
                "destroyed": t.destroyed,
                "destroyed_per_battle": round(t.destroyed / t.fielded, 3) if t.fielded else 0.0,
                "destroyed_points": t.destroyed_points if t.costed else None,
                "spent": t.spent if t.costed else None,
                "efficiency": round(t.destroyed_points / t.spent, 3)
                if t.costed and t.spent
                else None,
            }
        )
    return rows


def _sweep(plan: Plan, tally: Tally) -> dict[str, Any] | None:
    sweep = plan.sweep
    if sweep is None:
        return None
    rates = tally.sweep_rates()
    changes = tally.sweep_changes()
    return {
        "unit": sweep.unit,
        "stat": sweep.stat,
        "battles": tally.sweep_values[0][0] if tally.sweep_values else 0,
        "values": [
            {"value": v, "win_rate": points(r)} for v, r in zip(sweep.values, rates, strict=False)
        ],
        "steps": [
            {"from": a, "to": b, "change": points(c)}
            for a, b, c in zip(sweep.values, sweep.values[1:], changes, strict=False)
        ],
    }


def _notable(plan: Plan, tally: Tally) -> dict[str, Any]:
    found: dict[str, Any] = {}
    if tally.longest is not None:
        found["longest"] = _battle(plan, tally.longest)
    upset = _upset(plan, tally)
    if upset is not None:
        notable, rate = upset
        found["upset"] = {**_battle(plan, notable), "winner_rate": round(100 * rate, 1)}
    return found


def _upset(plan: Plan, tally: Tally) -> tuple[Notable, float] | None:
    """The win of the least likely winner: the underdog of the most lopsided matchup
    that won at least once (its first such battle)."""
    best: tuple[float, int, Notable] | None = None
    for (m, army), notable in tally.wins_seen.items():
        cell = tally.cells.get(m)
        if cell is None or plan.matchups[m].mirror or not cell.battles:
            continue
        rate = cell.wins[army] / cell.battles
        if rate >= 0.5:
            continue
        key = (rate, notable.index, notable)
        if best is None or key[:2] < best[:2]:
            best = key
    return None if best is None else (best[2], best[0])


def _battle(plan: Plan, notable: Notable) -> dict[str, Any]:
    """A notable battle and what replays it (`skirmtui sim … --only SEED`)."""
    matchup = plan.matchups[notable.matchup]
    seated = matchup.armies if notable.seating == 0 else matchup.armies[::-1]
    winner = None if notable.winner is None else matchup.armies[notable.winner]
    battle: dict[str, Any] = {
        "index": notable.index,
        "seed": notable.seed,
        "armies": list(seated),
        "winner": winner,
        "answers": notable.answers,
    }
    if plan.ai is not None:  # who played each seat: `sim --ai SIDE:PERSONA` replays it
        sides = matchup.seatings[notable.seating].sides
        order = plan.ai if notable.seating == 0 else plan.ai[::-1]
        battle["ai"] = [f"{side.id}:{persona}" for side, persona in zip(sides, order, strict=False)]
    return battle
