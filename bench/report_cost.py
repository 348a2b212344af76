"""What the after-battle report costs (issue 27): the chance to win behind its turning
points is played out, so `export --format md` of each example save is timed here.

    python -m bench --only report          # md export of each example, CPU seconds
    python -m bench.report_cost --balanced # one balanced play-out from round 1 of each

Figures are CPU seconds (`time.process_time`): the machines are shared, and a report's
cost is its own work. The target: an example's Markdown report within 10 CPU seconds
("reasonably fast"). `--balanced` shows why the play-outs use the random players: one
play-out with the balanced persona on every side takes seconds, a random one
milliseconds (docs/export.md).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from bench.common import Row, Sizes, row
from bench.script import run_main
from skirmtui.engine.core.session import Session
from skirmtui.engine.report.outputs import export_text
from skirmtui.engine.report.turning import MD_PLAYOUTS
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems

EXAMPLES = Path(__file__).resolve().parent.parent / "saves" / "examples"
#: An example's Markdown report, chance to win included, within this (CPU seconds).
TARGET_S = 10.0


def bench_report(sizes: Sizes) -> list[Row]:
    """`export --format md` of each example at the default play-outs (fewer at a tiny
    size: `--battles` below 20)."""
    playouts = min(MD_PLAYOUTS, sizes.battles)
    rows = []
    for path in sorted(EXAMPLES.glob("*.toml")):
        session, created = load_session(path, systems())
        start = time.process_time()
        export_text(session, created, "md", playouts=playouts)
        cpu = time.process_time() - start
        name = f"report md {path.stem} ({playouts} play-outs a point)"
        rows.append(row("report", name, cpu, "s", TARGET_S))
    return rows


def balanced_playout(session: Session) -> tuple[float, int]:
    """CPU seconds and answers of one play-out from round 1's start, every side played
    by the balanced persona (dice and table facts at random, seeded)."""
    from skirmtui.engine.play.auto import let_app_play
    from skirmtui.engine.play.policy import play
    from skirmtui.engine.report.chances import round_starts

    _, _, at = round_starts(session)[0]
    copy = Session(session.system, session.setup, session.items[:at])
    start = time.process_time()
    let_app_play(copy, {side.id: "balanced" for side in session.setup.sides})
    rng = random.Random(session.setup.seed)
    answered = 0
    while copy.prompt is not None and answered < 6_000:
        if play(copy) is None:
            copy.answer(copy.prompt.random_answer(rng))
        answered += 1
    return time.process_time() - start, answered


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.report_cost")
    parser.add_argument(
        "--balanced", action="store_true", help="one balanced play-out an example instead"
    )
    args = parser.parse_args()
    for path in sorted(EXAMPLES.glob("*.toml")):
        session, _ = load_session(path, systems())
        if args.balanced:
            cpu, answered = balanced_playout(session)
            print(
                f"{path.stem}: one balanced play-out from round 1: {cpu:.1f} CPU s, "
                f"{answered} answers",
                flush=True,
            )
    if not args.balanced:
        for r in bench_report(Sizes()):
            print(f"{r['name']}: {r['figure']:.2f} CPU s (target ≤ {TARGET_S:.0f})")


if __name__ == "__main__":
    run_main(main)
