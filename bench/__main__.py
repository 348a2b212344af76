"""Run the benchmarks: `python -m bench [--only NAME ...] [sizes] [-o results.json]`.

Prints a table (measure, figure, target, met) and writes the same rows as JSON, so two
runs can be compared. The machines are shared and noisy: where a reference exists
(start-up, memory: a bare Textual app run by the same harness in the same run) the
figure is a ratio to it; other timings are medians or percentiles over repeats.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from bench.ai import bench_ai
from bench.common import Row, Sizes
from bench.crash import bench_crash
from bench.engine_measures import bench_balance, bench_load, bench_odds, bench_sim, bench_undo
from bench.process_measures import bench_icepool_at_start, bench_memory, bench_startup
from bench.report_cost import bench_report
from bench.round_keys import bench_round_keys
from bench.script import run_main
from bench.serve_measures import bench_serve
from bench.table_cost import bench_table_cost
from bench.tui_measures import bench_keypress, bench_save
from bench.watch_measures import bench_watch


def bench_odds_all(sizes: Sizes) -> list[Row]:
    return bench_odds(sizes) + bench_icepool_at_start(sizes)


#: Measure name → function; the order of the table.
MEASURES: dict[str, Callable[[Sizes], list[Row]]] = {
    "startup": bench_startup,
    "keypress": bench_keypress,
    "undo": bench_undo,
    "load": bench_load,
    "save": bench_save,
    "sim": bench_sim,
    "balance": bench_balance,
    "odds": bench_odds_all,
    "memory": bench_memory,
    "watch": bench_watch,
    "serve": bench_serve,
    "crash": bench_crash,
    "tablecost": bench_table_cost,
    "roundkeys": bench_round_keys,
    "report": bench_report,
    "ai": bench_ai,
}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    defaults = Sizes()
    parser = argparse.ArgumentParser(
        prog="python -m bench", description=(__doc__ or "").split("\n\n")[1]
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help=f"run only these measures (repeat or comma list): {', '.join(MEASURES)}",
    )
    sizes = parser.add_argument_group("sizes (the defaults are the issue's)")
    sizes.add_argument("--answers", type=int, default=defaults.answers, help="long battle")
    sizes.add_argument("--units", type=int, default=defaults.units, help="units in it")
    sizes.add_argument(
        "--log-lines", type=int, default=defaults.log_lines, help="log of the keypress battle"
    )
    sizes.add_argument("--presses", type=int, default=defaults.presses, help="keys timed")
    sizes.add_argument(
        "--runs", type=int, default=defaults.runs, help="fresh processes per app (start-up)"
    )
    sizes.add_argument(
        "--battles", type=int, default=defaults.battles, help="sim battles per system"
    )
    parser.add_argument(
        "-o", "--output", type=Path, default=Path("bench/results.json"), help="JSON results"
    )
    args = parser.parse_args(argv)
    chosen = [name for item in args.only or [] for name in item.split(",") if name]
    unknown = [name for name in chosen if name not in MEASURES]
    if unknown:
        parser.error(f"unknown measure {', '.join(unknown)} (known: {', '.join(MEASURES)})")
    args.only = chosen or list(MEASURES)
    return args


def format_table(rows: list[Row]) -> str:
    def target(r: Row) -> str:
        return "" if r["target"] is None else f"{r['target_kind']} {r['target']} {r['unit']}"

    met = {True: "met", False: "NOT MET", None: ""}
    cells = [
        (str(r["name"]), f"{r['figure']:.3f} {r['unit']}", target(r), met[r["met"]]) for r in rows
    ]
    header = ("measure", "figure", "target", "met")
    widths = [max(len(c[i]) for c in [header, *cells]) for i in range(4)]
    lines = [
        "  ".join(
            (c.rjust(w) if i in (1, 2) else c.ljust(w))
            for i, (c, w) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in [header, *cells]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # Each size has its option of the same name (parse_args), so a new size needs no edit here.
    sizes = Sizes(**{size.name: getattr(args, size.name) for size in attrs.fields(Sizes)})
    rows: list[Row] = []
    started = time.perf_counter()
    for name in args.only:
        print(f"… {name}", file=sys.stderr, flush=True)
        rows += MEASURES[name](sizes)
    print(format_table(rows))
    args.output.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "command": "python -m bench " + " ".join(sys.argv[1:] if argv is None else argv),
        "machine": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "seconds": round(time.perf_counter() - started, 1),
        "sizes": attrs.asdict(sizes),
        "rows": rows,
    }
    args.output.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    run_main(main)
