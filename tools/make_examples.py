"""Regenerate saves/examples/: finished battles played by seeded random answers, and
beside each its after-battle report (`SYSTEM.md`, what `export --format md` writes).

Run after a rules change that makes an example stop replaying:
`.venv/bin/python tools/make_examples.py [SYSTEM …]` (default: every system).
After a change of the log's wording only (`skirmtui check` says an example "does not
match its replay"): raise `LOG_WORDING` (engine/store/format.py, docs/reliability.md),
then `tools/make_examples.py --resave [SYSTEM …]` keeps each battle's answers and
rewrites its stored log, result and wording stamp (and its report) from the replay.
After a change of the report alone (`tests/test_examples.py` says a `SYSTEM.md` is
stale): `tools/make_examples.py --reports [SYSTEM …]` rewrites the reports only.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import attrs

from skirmtui.engine.core.session import Session
from skirmtui.engine.play.sim import play_random
from skirmtui.engine.report.report import markdown_report
from skirmtui.engine.report.turning import MD_PLAYOUTS, turning
from skirmtui.engine.store.saves import load_session, save_session
from skirmtui.systems.registry import systems

OUT = Path(__file__).resolve().parent.parent / "saves" / "examples"


def resave(only: list[str], *, saves: bool = True) -> None:
    """Rewrite each example's report (and, `saves`, its save) from its replay."""
    for system in systems().values():
        path = OUT / f"{system.id}.toml"
        if (only and system.id not in only) or not path.exists():
            continue
        session, created = load_session(path, systems())
        if saves:
            save_session(session, path, created)
        report = markdown_report(
            session, system.summary(session.battle), turning(session, MD_PLAYOUTS)
        )
        path.with_suffix(".md").write_text(report, encoding="utf-8")
        done = "log, result and report" if saves else "report"
        print(f"{path}: {len(session.items)} answers, {done} rewritten")


def _shows_the_system(session: Session) -> bool:
    """An example should show what makes its system different, not only end quickly:
    combattimento-gdr's shows a simultaneous group's held hits and a death."""
    if session.system.id != "combattimento-gdr":
        return True
    kinds = {entry.kind for entry in session.battle.log}
    return {"held", "death", "critical"} <= kinds


def main(only: list[str]) -> None:
    for system in systems().values():
        if only and system.id not in only:
            continue
        base = system.demo_setup()
        # Fought to the end: no turn or round limit (wargaming-introduttivo, regole-base).
        unlimited = {k: 0 for k in ("turn_limit", "round_limit") if k in base.options}
        setup = attrs.evolve(
            base,
            title=f"Example: {base.title.removeprefix('Demo: ')}, fought to the end",
            options={**base.options, **unlimited},
        )
        best = None
        for seed in range(1, 200):  # the shortest decisive battle among these seeds
            session = play_random(system, attrs.evolve(setup, seed=seed), random.Random(seed))
            result = session.battle.result
            if not (result and result.winner and _shows_the_system(session)):
                continue
            if best is None or len(session.items) < len(best.items):
                best = session
        assert best is not None
        best.gm(
            "gm.note",
            text="Example battle: every answer chosen at random by skirmtui's "
            "simulator (tools/make_examples.py).",
        )
        path = OUT / f"{system.id}.toml"
        save_session(best, path, "2026-11-22T00:00:00Z")
        report = markdown_report(best, system.summary(best.battle), turning(best, MD_PLAYOUTS))
        path.with_suffix(".md").write_text(report, encoding="utf-8")
        print(f"{path}: seed {best.setup.seed}, {len(best.items)} answers, {best.battle.result}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--resave"]:
        resave(sys.argv[2:])
    elif sys.argv[1:2] == ["--reports"]:
        resave(sys.argv[2:], saves=False)
    else:
        main(sys.argv[1:])
