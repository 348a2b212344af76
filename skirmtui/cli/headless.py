"""The headless commands: sim (random or AI play) and balance (the rule authors' report)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from skirmtui.engine.core.text import safe

if TYPE_CHECKING:
    from skirmtui.engine.core.system import RuleSystem, Setup
from skirmtui.cli.common import (
    EXIT_BAD_FILE,
    EXIT_OK,
    PathError,
    UsageError,
    app_sides,
    system_named,
)
from skirmtui.cli.output import writable_folder, write_output


def cmd_sim(args: argparse.Namespace) -> int:
    from skirmtui.engine.core.compiled import engine_build
    from skirmtui.engine.play.sim import SaveFailed, run_sim

    system = system_named(args.system)
    if args.battles < 1:
        raise UsageError("--battles must be at least 1")
    setup = system.demo_setup()
    if args.players is not None:
        setup = _setup_for_players(system, args.players)
    if args.armies is not None:
        setup = _setup_for_armies(system, args.armies, args.scenario)
    elif args.scenario is not None:
        raise UsageError("--scenario goes with --armies")
    if args.save_dir:
        writable_folder(args.save_dir)
    ai = app_sides(system, args.ai, [s.id for s in setup.sides])
    try:
        report = run_sim(system, setup, args.battles, args.seed, args.save_dir, args.only, ai=ai)
    except SaveFailed as failed:
        raise PathError(failed.path, failed.error) from None
    print(f"system: {system.id}")
    print(f"battles: {report.battles}")
    if ai:
        names = {s.id: s.name for s in setup.sides}
        print(safe("the app plays: " + ", ".join(f"{names[k]} ({v})" for k, v in ai.items())))
    print(f"errors: {report.errors}")
    print(f"mean turns: {report.mean_rounds:.2f}")
    print(safe("wins: " + ", ".join(f"{k} {v}" for k, v in sorted(report.wins.items()))))
    print(f"battles per second: {report.per_second:.1f}")
    print(f"engine: {engine_build()}")  # compiled or pure (docs/performance.md)
    if args.only is not None:
        for path in report.saved:
            print(safe(f"saved: {path}"))
    for message in report.messages[:20]:
        print(safe(f"error: {message}"), file=sys.stderr)
    return EXIT_BAD_FILE if report.errors else EXIT_OK


def _setup_for_armies(system: RuleSystem, armies: str, scenario: str | None) -> Setup:
    from skirmtui.engine.core.armies import army_names, matchup_setup, scenario_names

    pair = [a.strip() for a in armies.split(",")]
    known = army_names(system.id)
    if len(pair) != 2 or any(a not in known for a in pair):
        raise UsageError(f"--armies {armies!r}: two of {', '.join(known)}, comma-separated")
    if scenario is not None and scenario not in scenario_names(system.id):
        raise UsageError(f"no scenario {scenario!r} for {system.id}")
    return matchup_setup(system.id, (pair[0], pair[1]), scenario or "demo")


def cmd_balance(args: argparse.Namespace) -> int:
    from skirmtui.cli.balance import balance
    from skirmtui.engine.play.workers import ClusterUnavailable

    system = system_named(args.system)
    try:
        text, failed = balance(args, system)
    except (ValueError, ClusterUnavailable) as error:
        raise UsageError(str(error)) from None
    if args.output:
        write_output(args.output, text)
    else:
        sys.stdout.write(text)
    return EXIT_BAD_FILE if failed else EXIT_OK


def _setup_for_players(system: RuleSystem, players: int) -> Setup:
    from skirmtui.engine.core.armies import setup_for_players

    low, high = system.min_players, system.max_players
    if not low <= players <= high:
        raise UsageError(f"--players {players}: {system.id} takes {low}–{high} players")
    try:
        return setup_for_players(system.id, players)
    except (ValueError, FileNotFoundError) as error:
        raise UsageError(str(error)) from None
