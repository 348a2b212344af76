"""`skirmtui balance`: its arguments, its progress line and its report's rendering.

The parser (`cli/parser.py`) and the command (`cli/headless.py`) call it; it imports
nothing else of the command line. A bad argument is a `ValueError` (the command makes
it exit 2).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skirmtui.engine.core.system import RuleSystem

FORMATS = ("text", "md", "html", "json")
#: Seconds between two progress lines on a terminal.
PROGRESS_EVERY = 0.5


def balance_arguments(
    p: argparse.ArgumentParser, output: Callable[[argparse.ArgumentParser, str, str], None]
) -> None:
    p.add_argument("system", metavar="SYSTEM", help="a system id (see `skirmtui systems`)")
    p.add_argument(
        "--scenario",
        metavar="NAME",
        help="play this scenario (its two armies unless --armies; default: the demo's "
        "options, every pair of sample armies)",
    )
    p.add_argument(
        "--armies",
        metavar="A,B,…",
        help="pairs of these sample armies (`all`: every one, also with --scenario)",
    )
    p.add_argument(
        "--battles",
        type=int,
        metavar="N",
        help="battles in all (default: enough for ±3 points at 95%% in every matchup)",
    )
    p.add_argument("--seed", type=int, default=1, metavar="S", help="run seed (default: 1)")
    p.add_argument(
        "--precision",
        type=float,
        metavar="P",
        help="stop once every interval is within ±P points (e.g. 1)",
    )
    p.add_argument(
        "--sweep",
        metavar="UNIT.STAT=a..b",
        help="replay the same seeds with a unit's stat at each value",
    )
    p.add_argument("--workers", type=int, metavar="N", help="worker processes (default: all cores)")
    p.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="a Dask distributed scheduler (tcp://host:8786); needs skirmtui[cluster]",
    )
    p.add_argument(
        "--ai",
        metavar="PERSONA[:PERSONA]",
        help="the app's personas play the armies (the first army's, the second's; "
        "balanced:random is skill against luck); default: random answers",
    )
    p.add_argument("--format", choices=FORMATS, default="text", help="report format")
    output(p, "OUT", "default: standard output")


def balance(args: argparse.Namespace, system: RuleSystem) -> tuple[str, bool]:
    """Play the battles the arguments ask for; the report's text and whether any
    battle failed (a rules bug). Progress goes to stderr."""
    from skirmtui.engine.core.compiled import engine_build
    from skirmtui.engine.play.plan import balance_plan, parse_sweep
    from skirmtui.engine.play.workers import all_cores, run_plan
    from skirmtui.engine.report.balance_doc import balance_document
    from skirmtui.systems.registry import get_system

    sweep = parse_sweep(args.sweep) if args.sweep else None
    armies = [a.strip() for a in args.armies.split(",")] if args.armies else None
    ai = None
    if args.ai:
        first, _, second = args.ai.partition(":")
        ai = (first.strip(), (second or first).strip())
    plan, notes = balance_plan(
        system,
        seed=args.seed,
        scenario=args.scenario,
        armies=armies,
        battles=args.battles,
        precision=args.precision,
        sweep=sweep,
        ai=ai,
    )
    workers = args.workers if args.workers is not None else all_cores()
    if workers < 1:
        raise ValueError("--workers must be at least 1")
    progress = Progress(sys.stderr.isatty())
    outcome = run_plan(plan, get_system, workers, args.cluster, progress)
    progress.end()
    plural = "" if workers == 1 else "s"
    where = f"cluster {args.cluster}" if args.cluster else f"{workers} worker{plural}"
    # A cluster's workers run their own install: only local workers share this build.
    build = "" if args.cluster else f", engine {engine_build()}"
    print(
        f"balance: {outcome.tally.battles} battles in {outcome.seconds:.1f} s "
        f"({outcome.per_second:.1f} battles/s, {where}){build}",
        file=sys.stderr,
    )
    policy = "random" if ai is None else (ai[0] if ai[0] == ai[1] else f"{ai[0]} vs {ai[1]}")
    doc = balance_document(plan, outcome.tally, outcome.stopped, args.scenario or "demo", policy)
    doc["notes"] = notes
    return render(doc, args.format), bool(outcome.tally.errors)


def render(doc: dict[str, object], form: str) -> str:
    import json

    from skirmtui.engine.core.text import json_ascii_controls
    from skirmtui.engine.report.balance_report import as_html, as_markdown, as_text

    if form == "json":
        return json_ascii_controls(json.dumps(doc, ensure_ascii=False, indent=1)) + "\n"
    return {"text": as_text, "md": as_markdown, "html": as_html}[form](doc)


class Progress:
    """`1,200 / 6,408 battles · 210/s · 25 s left` on one terminal line, redrawn at
    most every PROGRESS_EVERY seconds; nothing when stderr is not a terminal."""

    def __init__(self, live: bool) -> None:
        self.live = live
        self.shown = 0.0
        self.drawn = False

    def __call__(self, done: int, planned: int, seconds: float) -> None:
        now = time.monotonic()
        if not self.live or now - self.shown < PROGRESS_EVERY:
            return
        self.shown = now
        rate = done / seconds if seconds else 0.0
        left = (planned - done) / rate if rate else 0.0
        line = f"{done:,} / {planned:,} battles · {rate:.0f}/s · {left:.0f} s left"
        sys.stderr.write("\r" + line.ljust(60))
        sys.stderr.flush()
        self.drawn = True

    def end(self) -> None:
        if self.drawn:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.flush()
