"""What the commands share: exit codes, usage and path errors, loading a save, the
save's lock, running the app."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from skirmtui.engine.core.text import safe

if TYPE_CHECKING:
    from skirmtui.engine.core.session import Session
    from skirmtui.engine.core.system import RuleSystem, Setup
    from skirmtui.engine.store.lock import SaveLock
    from skirmtui.tui.app import SkirmApp


_T = TypeVar("_T")


EXIT_OK, EXIT_BAD_FILE, EXIT_USAGE = 0, 1, 2


DEFAULT_SYSTEM = "wargaming-introduttivo"


SAVES = Path("saves")


class UsageError(Exception):
    """Bad usage: reported on stderr, exit 2."""


class PathError(Exception):
    """A path the command cannot write to: one line on stderr naming it, exit 1."""

    def __init__(self, path: Path, error: OSError | str) -> None:
        reason = error if isinstance(error, str) else (error.strerror or str(error))
        super().__init__(f"{path}: {reason}")


def system_named(system_id: str) -> RuleSystem:
    from skirmtui.systems.registry import get_system, systems

    try:
        return get_system(system_id)  # imports that system only
    except KeyError:
        known = ", ".join(sorted(systems()))
        raise UsageError(f"unknown system {system_id!r}; known: {known}") from None


def load(path: Path) -> tuple[Session, str] | None:
    """Load a save, or print the problem on one line and return None. (The parsed file
    is not kept: `open` holds only the battle.)"""
    from skirmtui.engine.store.saves import load_session

    return loading(path, load_session)


def load_document(path: Path) -> tuple[Session, str, dict[str, Any]] | None:
    from skirmtui.engine.store.saves import load_with_document

    return loading(path, load_with_document)


def loading(path: Path, load: Callable[[Path, dict[str, RuleSystem]], _T]) -> _T | None:
    from skirmtui.engine.store.saves import SaveError
    from skirmtui.systems.registry import systems

    try:
        return load(path, systems())
    except SaveError as error:
        message = f"{path}: {error}" if str(path) not in str(error) else str(error)
        print(f"skirmtui: {safe(message)}", file=sys.stderr)
        return None


def offer_backup(path: Path) -> Path | None:
    """A save that does not load may have its previous good version beside it: name it,
    and on a terminal offer to open it (the broken file is left as it is)."""
    backup = path.with_name(path.name + ".bak")
    if not backup.is_file():
        return None
    print(f"skirmtui: the previous good save is next to it: {safe(str(backup))}", file=sys.stderr)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(f"skirmtui: to continue from it: skirmtui open {safe(str(backup))}", file=sys.stderr)
        return None
    try:
        answer = input("Open the backup instead? [y/N] ")
    except EOFError:
        return None
    return backup if answer.strip().lower() in ("y", "yes") else None


def run_app(app: SkirmApp) -> int:
    try:
        app.run()
    finally:
        if app.lock is not None:
            app.lock.release()
    return app.return_code or EXIT_OK


def lock_save(path: Path) -> SaveLock | None:
    """Take the save's lock and clean the temp files a killed writer left (safe only
    while holding it). `LockHeld` if another skirmtui has it; None if the folder
    cannot hold a lock file (read-only: autosave will say it cannot write either)."""
    from skirmtui.engine.store.lock import SaveLock, clean_stale_temps

    lock = SaveLock(path)
    try:
        lock.acquire()
    except OSError:
        return None
    clean_stale_temps(path)
    return lock


def lock_or_refuse(path: Path) -> SaveLock | None:
    from skirmtui.engine.store.lock import LockHeld

    try:
        return lock_save(path)
    except LockHeld as held:
        raise PathError(path, f"{held.reason}; choose another -o") from None


def app_sides(system: RuleSystem, given: list[str], sides: Sequence[str]) -> dict[str, str]:
    """`--ai SIDE[:PERSONA]` as side → persona, checked: one of `sides`, a persona of the
    system, no side given twice (not silently the last). Bad usage: exit 2 naming the
    problem."""
    if not given:  # the personas' module and data load only when asked (start-up)
        return {}
    from skirmtui.engine.play.personas import PersonaError, parse_ai

    chosen: dict[str, str] = {}
    for text in given:
        try:
            side, persona = parse_ai(text, sides, system.id)
        except PersonaError as error:
            raise UsageError(str(error)) from None
        if side in chosen:
            raise UsageError(f"--ai {text}: side {side!r} given twice")
        chosen[side] = persona
    return chosen


def form_sides(system: RuleSystem, preset: Setup | None) -> list[str]:
    """The sides `new`'s form may name: the scenario's, then a player's by position."""
    from skirmtui.engine.core.armies import SIDE_IDS

    named = [s.id for s in preset.sides] if preset is not None else []
    return named + [s for s in SIDE_IDS[: system.max_players] if s not in named]
