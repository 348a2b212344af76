"""The commands that open the battle app: systems, new, open, review, demo."""

from __future__ import annotations

import argparse
import random
import sys
from datetime import datetime
from pathlib import Path

from skirmtui.cli import common
from skirmtui.cli.common import (
    EXIT_BAD_FILE,
    EXIT_OK,
    SAVES,
    PathError,
    UsageError,
    app_sides,
    load,
    loading,
    lock_or_refuse,
    lock_save,
    offer_backup,
    system_named,
)
from skirmtui.engine.core.text import safe


def cmd_systems(args: argparse.Namespace) -> int:
    from skirmtui.systems.registry import systems

    for system in systems().values():
        print(f"{system.id}\t{system.title}\t{system.language}")
    return EXIT_OK


def cmd_new(args: argparse.Namespace) -> int:
    from skirmtui.engine.core.armies import scenario_names, setup_from_scenario

    system = system_named(args.system)
    preset = None
    if args.scenario:
        names = scenario_names(system.id)
        if args.scenario not in names:
            raise UsageError(
                f"no scenario {args.scenario!r} for {system.id}; "
                f"known: {', '.join(names) or 'none'}"
            )
        preset = setup_from_scenario(system.id, args.scenario)
    seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = args.output or SAVES / f"{system.id}-{stamp}.toml"
    from skirmtui.tui.app import SkirmApp

    ai = app_sides(system, args.ai, common.form_sides(system, preset))
    lock = lock_or_refuse(path)
    app = SkirmApp(system_id=system.id, path=path, preset=preset, seed=seed, lock=lock)
    app.ai = ai
    return common.run_app(app)


def cmd_open(args: argparse.Namespace) -> int:
    from skirmtui.engine.store.saves import load_for_play

    loaded = loading(args.save, load_for_play)
    if loaded is None:
        backup = offer_backup(Path(args.save))
        if backup is None:
            return EXIT_BAD_FILE
        args.save = backup
        loaded = loading(backup, load_for_play)
        if loaded is None:
            return EXIT_BAD_FILE
    session, created, read = loaded
    from skirmtui.engine.store.lock import LockHeld
    from skirmtui.tui.app import SkirmApp

    try:
        lock = lock_save(args.save)
    except LockHeld as held:  # a second instance: read-only, so it cannot clobber the first
        then = "" if held.odd else " Quit the other one to play here."
        notice = f"{held}: opened read-only (review).{then}"
        print(safe(f"skirmtui: {notice}"), file=sys.stderr)
        app = SkirmApp(session=session, path=args.save, created=created, review=True)
        app.notice = notice
        return common.run_app(app)
    app = SkirmApp(
        session=session, path=args.save, created=created, lock=lock, on_disk=True, read=read
    )
    return common.run_app(app)


def cmd_review(args: argparse.Namespace) -> int:
    loaded = load(args.save)
    if loaded is None:
        return EXIT_BAD_FILE
    session, created = loaded
    from skirmtui.tui.app import SkirmApp

    return common.run_app(SkirmApp(session=session, path=args.save, created=created, review=True))


def cmd_demo(args: argparse.Namespace) -> int:
    from skirmtui.engine.core.session import Session
    from skirmtui.engine.store.stamp import now_stamp

    system = system_named(args.system)
    setup = system.demo_setup()
    ai = app_sides(system, args.ai, [s.id for s in setup.sides])
    if args.solo:
        from skirmtui.engine.play.auto import solo_sides

        ai = {**solo_sides(setup, "balanced"), **ai}
    session = Session(system, setup)
    if ai:
        from skirmtui.engine.play.auto import let_app_play

        let_app_play(session, ai)
    path = args.output or SAVES / f"demo-{system.id}.toml"
    created = now_stamp()
    lock = lock_or_refuse(path)
    save_due = True  # written by the app's autosave once its first frame is up
    if lock is None:  # the folder may be read-only: say so now, not inside the TUI
        from skirmtui.engine.store.saves import save_session

        try:
            save_session(session, path, created)
        except OSError as error:
            raise PathError(path, error) from None
        save_due = False
    from skirmtui.tui.app import SkirmApp

    # on_disk: the file holds this session already (written above), autosave appends.
    app = SkirmApp(session=session, path=path, created=created, lock=lock, on_disk=not save_due)
    app.save_due = save_due
    return common.run_app(app)
