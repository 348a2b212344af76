"""How pequenas-guerras' battles end with the app against random (issue 26), battle by
battle: the figures the eighth pass read its screens by.

`python -m bench.ai` plays these battles (seed 26: battle n's seed is the n-th of
`random.Random(SEED)`, the app's persona on the demo's first side in the even ones) and
prints the score. This reads each battle's end: the enemy wiped out (W), the app's own
army wiped out (O), both keeping a unit (then the markers decide, then the points
destroyed, PG-8), units lost and how many fled a rout test. Where both keep a unit,
both are present at every control (859 of 860 controls in the seventh pass) and the
bench's table names each marker at random, the same for both sides, so what such a
battle is worth to the app is its exact expectation: "markers averaged" counts it so
(the chance of ending with more markers, plus the chance of a level count times the
tie-break it held), the other battles as played. That takes the markers' coin flips
out of the score: the low-noise measure of the app's own play.

    python -m bench.pg_ends --battles 400 --seed 26 --out base.jsonl
    python -m bench.pg_ends --battles 200 --seed 26 --against base.jsonl
    python -m bench.pg_ends --start 200 --battles 200 --out b.jsonl  # a slice

`--against` pairs the battles played with the same ones of an earlier run (another
tree's, say): the mean difference of each battle's score and of its markers-averaged
score, each with its 95% margin, and how many battles changed.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.ai import one_battle, two_sides
from bench.script import run_main
from skirmtui.engine.core.causes import ROUT
from skirmtui.engine.play.stats import Z95
from skirmtui.systems.pequenas_guerras import end_round
from skirmtui.systems.pequenas_guerras.position import pos

SYSTEM = "pequenas-guerras"
SEED = 26
Record = dict[str, Any]


def battle_seeds(seed: int, count: int) -> list[int]:
    """Each battle's seed, as `bench.ai.run_pair` draws them (the same battles)."""
    rng = random.Random(seed)
    return [rng.randrange(1 << 30) for _ in range(count)]


def marker_odds(controls: int = end_round.LAST_ROUND) -> tuple[float, float, float]:
    """One marker's holder after `controls` round ends with both players present, as
    the valuation reads the table (`end_round._control_odds`: nobody near, each player
    alone, two or more, each as likely): (the app's, the enemy's, neutral)."""
    held = {"a": 0.0, "z": 0.0, "": 1.0}
    for _ in range(controls):
        held = end_round._control_odds(held, ["a", "z"], {"a": 1.0, "z": 1.0})
    return held["a"], held["z"], held[""]


def more_or_level(markers: int, controls: int = end_round.LAST_ROUND) -> tuple[float, float]:
    """The chance the app ends with more markers than the enemy, and level, when both
    are present at every control (each marker on its own, `marker_odds`)."""
    mine, theirs, _ = marker_odds(controls)
    spread = {0: 1.0}
    for _ in range(markers):
        step: dict[int, float] = {}
        for d, p in spread.items():
            for change, q in ((1, mine), (-1, theirs), (0, 1.0 - mine - theirs)):
                step[d + change] = step.get(d + change, 0.0) + p * q
        spread = step
    return sum(p for d, p in spread.items() if d > 0), spread.get(0, 0.0)


def averaged(record: Record) -> float:
    """A battle's score with the markers' coin flips taken out (see the module's doc):
    where both keep a unit, its exact expectation; else as played."""
    if record["app_left"] and record["foe_left"]:
        more, level = more_or_level(record["markers"])
        points = record["app_pts"] - record["foe_pts"]
        tie = 1.0 if points > 0 else 0.5 if points == 0 else 0.0
        return more + level * tie
    return float(record["score"])


def play(n: int, battle_seed: int, persona: str) -> Record:
    """Battle `n`: the app's `persona` against random, seats as `bench.ai` sets them."""
    first, second = (s.id for s in two_sides(SYSTEM).sides)
    app, foe = (first, second) if n % 2 == 0 else (second, first)
    times: list[tuple[float, float]] = []
    session, _ = one_battle(SYSTEM, battle_seed, {app: persona, foe: "random"}, times)
    b = session.battle
    winner = b.result.winner if b.result is not None else None
    fled = {app: 0, foe: 0}
    for entry in b.log:
        for effect in entry.effects or ():
            cause = effect.cause
            if effect.field == "removed" and effect.after and cause and cause.kind == ROUT:
                fled[b.units[str(effect.unit)].side] += 1
    cpu = sorted(t[1] for t in times)
    return {
        "n": n,
        "app": app,
        "seat": b.side_name(app),
        "score": 1.0 if winner == app else 0.5 if winner is None else 0.0,
        "round": b.round,
        "app_left": len(b.on_table(app)),
        "foe_left": len(b.on_table(foe)),
        "app_obj": end_round.objectives_held(b, app),
        "foe_obj": end_round.objectives_held(b, foe),
        "app_pts": end_round.points_destroyed(b, app),
        "foe_pts": end_round.points_destroyed(b, foe),
        "app_lost": sum(1 for u in b.units.values() if u.side == app and u.removed),
        "foe_lost": sum(1 for u in b.units.values() if u.side == foe and u.removed),
        "app_fled": fled[app],
        "foe_fled": fled[foe],
        "markers": len(pos(b).objectives or []),
        "p95_ms": 1000 * cpu[int(0.95 * len(cpu))] if cpu else 0.0,
    }


def summary(records: Sequence[Record]) -> dict[str, Any]:
    """The figures of a run: score (by seat), W, O, both keeping a unit (the app ends
    with more markers / level / fewer), markers averaged, units lost and fled."""
    n = len(records)
    seats: dict[str, list[float]] = {}
    for r in records:
        seats.setdefault(r["seat"], []).append(r["score"])
    both = [r for r in records if r["app_left"] and r["foe_left"]]
    return {
        "battles": n,
        "score": sum(r["score"] for r in records) / n,
        "by_seat": {seat: sum(s) / len(s) for seat, s in seats.items()},
        "enemy_wiped": sum(1 for r in records if r["app_left"] and not r["foe_left"]) / n,
        "own_wiped": sum(1 for r in records if not r["app_left"]) / n,
        "both_keep": [
            sum(1 for r in both if r["app_obj"] > r["foe_obj"]),
            sum(1 for r in both if r["app_obj"] == r["foe_obj"]),
            sum(1 for r in both if r["app_obj"] < r["foe_obj"]),
        ],
        "markers_averaged": sum(averaged(r) for r in records) / n,
        "own_lost": sum(r["app_lost"] for r in records) / n,
        "own_fled": sum(r["app_fled"] for r in records) / n,
        "enemy_lost": sum(r["foe_lost"] for r in records) / n,
        "enemy_fled": sum(r["foe_fled"] for r in records) / n,
        "p95_ms": max((r["p95_ms"] for r in records), default=0.0),
    }


def paired(before: Sequence[Record], after: Sequence[Record]) -> dict[str, Any]:
    """The same battles played twice: each battle's difference, its mean and 95% margin
    (1.96 standard errors), for the score and the markers-averaged score."""
    was = {r["n"]: r for r in before}
    common = [(was[r["n"]], r) for r in after if r["n"] in was]
    out: dict[str, Any] = {"battles": len(common)}
    out["changed"] = sum(
        1 for a, b in common if any(a[k] != b[k] for k in ("score", "app_lost", "foe_lost"))
    )
    for name, value in (("score", lambda r: float(r["score"])), ("markers_averaged", averaged)):
        diffs = [value(b) - value(a) for a, b in common]
        k = len(diffs)
        mean = sum(diffs) / k if k else 0.0
        var = sum((d - mean) ** 2 for d in diffs) / (k - 1) if k > 1 else math.inf
        out[name] = (mean, Z95 * math.sqrt(var / k) if k > 1 else math.inf)
    return out


def _line(got: dict[str, Any]) -> str:
    seats = ", ".join(f"{seat} {score:.1%}" for seat, score in got["by_seat"].items())
    more, level, fewer = got["both_keep"]
    return (
        f"{got['battles']} battles: score {got['score']:.2%} ({seats}); enemy wiped out "
        f"{got['enemy_wiped']:.3f}, own {got['own_wiped']:.3f}; both keep a unit: more "
        f"markers {more} / level {level} / fewer {fewer}; markers averaged "
        f"{got['markers_averaged']:.2%}; a battle: own units lost {got['own_lost']:.2f} "
        f"(fled {got['own_fled']:.2f}), enemy's {got['enemy_lost']:.2f} (fled "
        f"{got['enemy_fled']:.2f}); decision p95 CPU {got['p95_ms']:.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pg_ends", description=__doc__)
    parser.add_argument("--battles", type=int, default=200, help="battles to play")
    parser.add_argument("--start", type=int, default=0, help="the first battle's number")
    parser.add_argument("--seed", type=int, default=SEED, help="bench.ai's seed")
    parser.add_argument("--persona", default="balanced", help="the app's persona")
    parser.add_argument("--out", type=Path, help="write each battle's record (JSON lines)")
    parser.add_argument("--against", type=Path, help="an earlier run's records to pair with")
    args = parser.parse_args(argv)
    if args.battles < 1 or args.start < 0:
        parser.error("--battles must be at least 1 and --start at least 0")
    seeds = battle_seeds(args.seed, args.start + args.battles)
    records = []
    started = time.process_time()
    for n in range(args.start, args.start + args.battles):
        records.append(play(n, seeds[n], args.persona))
        if args.out is not None:
            args.out.write_text("".join(json.dumps(r) + "\n" for r in records))
    print(f"{SYSTEM}, {args.persona} vs random, seed {args.seed}, battles from {args.start}:")
    print(_line(summary(records)))
    if args.against is not None:
        lines = args.against.read_text().splitlines()
        before = [json.loads(line) for line in lines if line.strip()]
        mine = {r["n"] for r in records}
        print("against the same battles of", args.against.name + ":")
        print(_line(summary([r for r in before if r["n"] in mine])))
        got = paired(before, records)
        score, avg = got["score"], got["markers_averaged"]
        print(
            f"paired over {got['battles']} ({got['changed']} changed): score "
            f"{score[0] * 100:+.1f} ± {score[1] * 100:.1f} points, markers averaged "
            f"{avg[0] * 100:+.1f} ± {avg[1] * 100:.1f}"
        )
    print(f"CPU {time.process_time() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    run_main(main)
