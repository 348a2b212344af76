"""The app's players (issue 26): how fast they decide, how strong they are, how they play.

    python -m bench.ai [--battles N] [--seed S] [--systems ID,ID] [--pairs A:B,A:B]
                       [--workers N] [--precision POINTS [--least N]] [-o OUT]

For each system and each pair of personas A:B, `--battles` battles of the demo's first
two sides, A on the first side in half of them and on the second in the other half
(seats swapped), every other answer (table facts, dice) at random, seeded. Printed per
pair: A's score (wins + half the draws, over the battles) with its 95% margin (the
larger half of Wilson's interval, as the balance report's: a score of 100% still has
one) and A's score on each seat apart (the demo's armies may be far apart), and per
persona how it played (each pair's as it ends, then over every pair): attack rolls per
battle (rolls its units made at an enemy), own units lost and enemy units taken off
per battle, the first two with the 95% margin of their mean (1.96 standard errors over
the battles: how far apart two personas' figures must be to tell them apart), then
strikes (hit rolls at an enemy only), charges (melees it started), strength lost
(every drop of its own units' strength, in units) and strength won back (every rise:
wargaming-introduttivo's recoveries), each with its margin (`bench/ai_style.py` says
what each counts). `--solo N` prints the answers a solo player gives a round instead
(`bench/ai_solo.py`). Then per system the time of each decision: wall clock (mean, p95)
and the deciding thread's CPU time (p95, which other work does not inflate), against a
p95 of 100 ms. `--workers N` plays the battles in N processes: the same battles and
scores. `--precision 3` stops a pair once A's score is known within 3 points (its 95%
margin) after at least `--least` battles (100) and an even count: ~150-300 battles far
from 50%, ~1,070 near it (`bench/ai_cells.py` plays one such cell into a journal).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import random
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import attrs

from bench import ai_style
from bench.ai_style import StrengthLost, mean_margin, strikes_and_charges, style_line
from bench.ai_tally import Tally
from bench.common import Row, Sizes, percentile, row
from bench.script import run_main
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.policy import play
from skirmtui.systems.registry import systems

#: A decision within this many milliseconds (issue 26).
TARGET_MS = 100.0
#: The strength target: balanced's score against random, every system.
TARGET_SCORE = 0.75
DEFAULT_PAIRS = "balanced:random,aggressive:random,cautious:random,aggressive:cautious"
#: A battle still running after this many answers is stopped and counted a draw.
MAX_ANSWERS = 6_000
#: With `--precision`, a cell plays at least this many battles before it may stop: a
#: run of early wins must not end a cell that is not known yet.
LEAST = 100
Job = tuple[str, str, str, int, int]


def two_sides(system_id: str) -> Setup:
    """The demo's first two sides (a persona against another, no third player)."""
    from skirmtui.engine.core.armies import setup_for_players

    return setup_for_players(system_id, 2)


def one_battle(
    system_id: str,
    seed: int,
    seats: dict[str, str],
    times: list[tuple[float, float]],
    strength: StrengthLost | None = None,
) -> tuple[Session, bool]:
    """One battle with `seats` (side → persona) played by the app; decision times go to
    `times` (wall clock, CPU of this thread); `strength`, if given, sees the battle after
    every answer (it reads, never changes it). Returns the session and whether it ended
    by itself."""
    system = systems()[system_id]
    setup = attrs.evolve(two_sides(system_id), seed=seed)
    session = Session(system, setup)
    let_app_play(session, seats)
    rng = random.Random(seed)
    for _ in range(MAX_ANSWERS):
        if strength is not None:
            strength.see(session.battle)
        if session.prompt is None:
            return session, True
        start, cpu = time.perf_counter(), time.thread_time()
        decision = play(session)
        if decision is not None:
            times.append((time.perf_counter() - start, time.thread_time() - cpu))
        else:
            session.answer(session.prompt.random_answer(rng))
    if strength is not None:
        strength.see(session.battle)
    return session, session.prompt is None


def _count(session: Session, side: str, tally: Tally) -> None:
    battle = session.battle
    enemies = {u.id for u in battle.units.values() if u.side != side}
    for entry in battle.log:
        if entry.kind == "roll" and entry.side == side and entry.target in enemies:
            tally.attacks += 1
    tally.lost += sum(1 for u in battle.units.values() if u.side == side and u.removed)
    tally.taken += sum(1 for u in battle.units.values() if u.id in enemies and u.removed)


@attrs.frozen
class Played:
    """One battle of a pair, as a worker sends it back: A's score, each side's play,
    the time of every decision."""

    score: float
    #: attack rolls, own units lost, enemy units taken off, strikes, charges, strength
    #: lost and won back, moves made and held
    a: tuple[int, int, int, int, int, float, float, int, int]
    b: tuple[int, int, int, int, int, float, float, int, int]
    times: tuple[tuple[float, float], ...]


def play_job(job: Job) -> Played:
    """One battle of a pair, played: A's score, each side's play, its decisions' times."""
    system_id, a, b, n, battle_seed = job
    sides = [s.id for s in two_sides(system_id).sides]
    first, second = sides[0], sides[1]
    a_side, b_side = (first, second) if n % 2 == 0 else (second, first)
    times: list[tuple[float, float]] = []
    lost = StrengthLost(systems()[system_id])
    session, _ = one_battle(system_id, battle_seed, {a_side: a, b_side: b}, times, lost)
    result = session.battle.result
    winner = result.winner if result is not None else None
    counts = []
    for side in (a_side, b_side):
        tally = Tally()
        _count(session, side, tally)
        strikes, charges = strikes_and_charges(system_id, session.battle, side)
        strength, won = lost.lost.get(side, 0.0), lost.won.get(side, 0.0)
        moved = ai_style.moves_and_held(system_id, session.battle, side)
        counts.append(
            (tally.attacks, tally.lost, tally.taken, strikes, charges, strength, won, *moved)
        )
    score = 1.0 if winner == a_side else 0.5 if winner is None else 0.0
    return Played(score, counts[0], counts[1], tuple(times))


def pair_jobs(system_id: str, a: str, b: str, battles: int, seed: int) -> list[Job]:
    """A pair's battles, each its number and seed from `seed` (A first in the even ones)."""
    rng = random.Random(seed)
    return [(system_id, a, b, n, rng.randrange(1 << 30)) for n in range(battles)]


def run_pair(
    system_id: str,
    a: str,
    b: str,
    battles: int,
    seed: int,
    times: list[tuple[float, float]],
    workers: int = 1,
    precision: float | None = None,
    least: int = LEAST,
) -> tuple[Tally, Tally]:
    """`battles` battles of A against B, seats swapped every other battle; the same
    battles and figures whatever `workers` (each battle's seed comes from `seed`).
    `precision` (a proportion, 0.03 for 3 points): stop sooner, once A's score is known
    within it (its 95% margin, `Tally.margin`) after at least `least` battles and an even
    count (each seat as often); the battles played are the first of the same list."""
    jobs = pair_jobs(system_id, a, b, battles, seed)
    ta, tb = Tally(), Tally()
    with contextlib.ExitStack() as stack:
        if workers > 1:
            pool = stack.enter_context(multiprocessing.get_context("fork").Pool(workers))
            played: Iterator[Played] = pool.imap(play_job, jobs)
        else:
            played = map(play_job, jobs)
        for n, got in enumerate(played):
            add_battle(ta, tb, n, got)
            times.extend(got.times)
            if precision is not None and known_within(ta, precision, least):
                break
    return ta, tb


def add_battle(ta: Tally, tb: Tally, n: int, got: Played) -> None:
    """Battle `n` of a pair into A's and B's tallies."""
    ta.score += got.score
    tb.score += 1.0 - got.score
    if n % 2 == 0:  # A on the demo's first side, B on the second
        ta.first += got.score
        ta.first_battles += 1
    else:
        tb.first += 1.0 - got.score
        tb.first_battles += 1
    ta.add(*got.a)
    tb.add(*got.b)


def known_within(tally: Tally, precision: float, least: int = LEAST) -> bool:
    """Whether a cell may stop: at least `least` battles, each seat as often, and the
    score's 95% margin within `precision`."""
    n = tally.battles
    return n >= least and n % 2 == 0 and tally.margin() <= precision


def bench_ai(sizes: Sizes) -> list[Row]:
    """`python -m bench --only ai`: the time of the app's decisions, each system, over
    `battles / 25` battles (at least one) of balanced against the table at random, seats
    swapped: the p95 of the deciding thread's CPU time (a shared machine inflates the
    wall clock, kept in the detail), against the issue's 100 ms."""
    rows = []
    battles = max(1, sizes.battles // 25)
    for system_id in systems():
        sides = [s.id for s in two_sides(system_id).sides]
        times: list[tuple[float, float]] = []
        for n in range(battles):
            one_battle(system_id, 1 + n, {sides[n % 2]: "balanced"}, times)
        cpu = [used * 1000 for _, used in times]
        wall = [spent * 1000 for spent, _ in times]
        detail = {"battles": battles, "decisions": len(times), "p95_wall_ms": percentile(wall, 95)}
        figure = percentile(cpu, 95) if cpu else 0.0
        name = f"ai decision {system_id}, p95 CPU"
        rows.append(row("ai", name, figure, "ms", TARGET_MS, detail=detail))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai", description=__doc__)
    parser.add_argument("--battles", type=int, default=40)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--systems", default=",".join(systems()))
    parser.add_argument("--pairs", default=DEFAULT_PAIRS)
    parser.add_argument("-o", "--output", type=Path)
    parser.add_argument("--workers", type=int, default=1, help="battles played in N processes")
    parser.add_argument(
        "--precision",
        type=float,
        metavar="POINTS",
        help="stop a cell once A's score is known within POINTS (95%%), --battles at most",
    )
    parser.add_argument(
        "--least",
        type=int,
        default=LEAST,
        metavar="N",
        help=f"with --precision, at least N battles a cell (default {LEAST})",
    )
    parser.add_argument(
        "--solo",
        type=int,
        metavar="N",
        help="only: answers per round of N battles, alone and with the app playing the second side",
    )
    args = parser.parse_args(argv)
    if args.solo:
        from bench.ai_solo import solo_cost  # its own module: it imports this one

        print("system                   answers/round alone   the table's with the app")
        for system_id in args.systems.split(","):
            alone, with_app = solo_cost(system_id, args.solo, args.seed)
            print(f"{system_id:24} {alone:19.1f}   {with_app:24.1f}", flush=True)
        return 0
    report: dict[str, object] = {
        "battles": args.battles,
        "seed": args.seed,
        "precision": args.precision,
        "rows": [],
    }
    rows: list[dict[str, object]] = []
    print("system                   A vs B                  A's score   ±95%   battles")
    styles: dict[tuple[str, str], Counter[str]] = {}
    speed: dict[str, list[tuple[float, float]]] = {}
    for system_id in args.systems.split(","):
        times = speed.setdefault(system_id, [])
        for pair in args.pairs.split(","):
            a, b = pair.split(":")
            precision = None if args.precision is None else args.precision / 100
            ta, tb = run_pair(
                system_id, a, b, args.battles, args.seed, times, args.workers, precision, args.least
            )
            p = ta.score / ta.battles
            print(
                f"{system_id:24} {a + ' vs ' + b:22} {p:9.1%}  {ta.margin():5.1%}  {ta.battles:7d}",
                flush=True,
            )
            seats = two_sides(system_id).sides
            second = ta.battles - ta.first_battles
            by_seat = list(zip((seats[0].name, seats[1].name), ta.seat_scores(), strict=True))
            print(
                f"{'':24} {a} as {by_seat[0][0]}: {by_seat[0][1]:.1%} ({ta.first_battles}), "
                f"as {by_seat[1][0]}: {by_seat[1][1]:.1%} ({second})",
                flush=True,
            )
            for name, t in ((a, ta), (b, tb)):  # how each played in this pair, per battle
                print(f"{'':24} {name}: {t.per_battle()}", flush=True)
                print(f"{'':24} {name}: {t.style(system_id)}", flush=True)
            rows.append(
                {
                    "system": system_id,
                    "a": a,
                    "b": b,
                    "score": p,
                    "margin": ta.margin(),
                    "battles": ta.battles,
                    "score_by_seat": {name: score for name, score in by_seat},
                }
            )
            for name, t in ((a, ta), (b, tb)):
                styles.setdefault((system_id, name), Counter()).update(t.as_counts())
    print(
        "\nsystem                   persona      attacks/battle  own lost/battle  taken off/battle"
    )
    for (system_id, name), s in styles.items():
        n = s["battles"]
        attacks = f"{s['attacks'] / n:.1f} ± {mean_margin(s['attacks'], s['attacks_sq'], n):.1f}"
        lost = f"{s['lost'] / n:.2f} ± {mean_margin(s['lost'], s['lost_sq'], n):.2f}"
        print(f"{system_id:24} {name:12} {attacks:>14}  {lost:>15}  {s['taken'] / n:16.2f}")
        print(f"{'':24} {name:12} {style_line(n, s, system_id)}")
    print(
        "\nsystem                   decisions   mean ms   p95 ms   p95 CPU ms   decisions/s"
        "   target"
    )
    timing = []
    for system_id, times in speed.items():
        if not times:
            continue
        ms = sorted(wall * 1000 for wall, _ in times)
        cpu = sorted(used * 1000 for _, used in times)
        mean = statistics.fmean(ms)
        p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
        cpu95 = cpu[min(len(cpu) - 1, int(len(cpu) * 0.95))]
        met = "met" if cpu95 <= TARGET_MS else "NOT met"
        print(
            f"{system_id:24} {len(ms):9d} {mean:9.1f} {p95:8.1f} {cpu95:12.1f} "
            f"{1000 / mean:13.1f}   p95 CPU ≤{TARGET_MS:.0f} ms: {met}"
        )
        timing.append(
            {
                "system": system_id,
                "decisions": len(ms),
                "mean_ms": mean,
                "p95_ms": p95,
                "p95_cpu_ms": cpu95,
            }
        )
    report["times"] = timing
    report["rows"] = rows
    report["styles"] = [
        {"system": sid, "persona": name, **dict(s)} for (sid, name), s in styles.items()
    ]
    if args.output:
        args.output.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    run_main(main)
