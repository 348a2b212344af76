"""The command line (DESIGN.md): a contract other tools read.

Exit codes: 0 done, 1 a bad file or a failed check, 2 bad usage.
Textual is imported only by the commands that open the TUI.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from skirmtui import __version__
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


#: The commands, in the order `skirmtui --help` lists them.
COMMANDS = (
    "systems",
    "new",
    "open",
    "review",
    "demo",
    "check",
    "export",
    "watch",
    "serve",
    "sim",
    "balance",
)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line. `only` builds just that command's subparser: a command line that
    names it parses, and fails, exactly as with all of them (each subparser is a whole
    `ArgumentParser`: building the ten took ~2 ms of every start)."""
    parser = argparse.ArgumentParser(
        prog="skirmtui", description="A terminal battle tracker for tabletop skirmish games."
    )
    parser.add_argument("--version", action="version", version=f"skirmtui {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, about: str) -> argparse.ArgumentParser | None:
        return commands.add_parser(name, help=about) if only in (None, name) else None

    def save_file(p: argparse.ArgumentParser) -> None:
        p.add_argument("save", metavar="SAVE", type=Path)

    def app_plays(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--ai",
            action="append",
            default=[],
            metavar="SIDE[:PERSONA]",
            help="the app plays SIDE as PERSONA (cautious, balanced, aggressive, random; "
            "default balanced); repeatable",
        )

    def output(p: argparse.ArgumentParser, metavar: str, about: str) -> None:
        p.add_argument("-o", "--output", metavar=metavar, type=Path, help=about)

    if p := command("systems", "list the rule systems (id, title, language)"):
        p.set_defaults(run=cmd_systems)

    if p := command("new", "start a battle in the TUI (setup screen)"):
        p.add_argument("system", metavar="SYSTEM", help="a system id (see `skirmtui systems`)")
        p.add_argument("--scenario", metavar="NAME", help="prefill the setup from a scenario")
        p.add_argument("--seed", type=int, metavar="N", help="dice seed (default: random)")
        app_plays(p)
        output(p, "SAVE", "where to save (default: saves/SYSTEM-DATE.toml)")
        p.set_defaults(run=cmd_new)

    if p := command("open", "continue a saved battle in the TUI"):
        save_file(p)
        p.set_defaults(run=cmd_open)

    if p := command("review", "read-only review of a saved battle"):
        save_file(p)
        p.set_defaults(run=cmd_review)

    if p := command("demo", "open a bundled battle, ready to play"):
        p.add_argument("system", metavar="SYSTEM", nargs="?", default=DEFAULT_SYSTEM)
        app_plays(p)
        p.add_argument(
            "--solo", action="store_true", help="the app plays every side but the first (balanced)"
        )
        output(p, "SAVE", "where to save (default: saves/demo-SYSTEM.toml, started afresh)")
        p.set_defaults(run=cmd_demo)

    if p := command("check", "validate and replay a save; exit 1 naming the problem"):
        save_file(p)
        p.set_defaults(run=cmd_check)

    if p := command("export", "write a save's structured log or a report"):
        save_file(p)
        p.add_argument("--format", choices=("json", "md", "html", "toml"), required=True)
        p.add_argument(
            "--public",
            action="store_true",
            help="leave out the GM's private notes (toml: a save to share that replays the same)",
        )
        p.add_argument(
            "--full",
            action="store_true",
            help="md: add each unit's luck, the final roster and the whole battle told",
        )
        p.add_argument(
            "--playouts",
            type=int,
            metavar="N",
            help="chance to win: random play-outs a round (html: 200; md -o: none unless set)",
        )
        output(p, "OUT", "default: standard output")
        p.set_defaults(run=cmd_export)

    if p := command("watch", "read-only player view of a battle being played (follows the save)"):
        save_file(p)
        p.set_defaults(run=cmd_watch)

    if p := command("serve", "the player view in a web browser (textual-serve)"):
        save_file(p)
        p.add_argument(
            "--host",
            default="localhost",
            metavar="H",
            help="address to listen on (default: localhost; 0.0.0.0: the local network)",
        )
        p.add_argument("--port", type=int, default=8000, metavar="P", help="port (default: 8000)")
        p.add_argument(
            "--no-token",
            action="store_true",
            help="no access token in the URL (only on a network you trust)",
        )
        p.add_argument(
            "--max-clients",
            type=int,
            default=10,
            metavar="N",
            help="browsers at once (default: 10)",
        )
        p.add_argument(
            "--public-url",
            metavar="URL",
            help="the address players use, when it is not this machine's (a proxy)",
        )
        p.set_defaults(run=cmd_serve)

    if p := command("sim", "play random legal battles headlessly"):
        p.add_argument("system", metavar="SYSTEM")
        p.add_argument("--battles", type=int, default=100, metavar="N")
        p.add_argument("--seed", type=int, default=1, metavar="S")
        p.add_argument("--save-dir", type=Path, metavar="DIR", help="write one save per battle")
        p.add_argument(
            "--players",
            type=int,
            metavar="N",
            help="players per battle (default: the demo's); the demo's sides, then sample armies",
        )
        p.add_argument("--scenario", metavar="NAME", help="with --armies: the scenario played")
        p.add_argument(
            "--armies", metavar="A,B", help="two sample armies, in seat order (as balance plays)"
        )
        p.add_argument("--only", type=int, metavar="SEED", help="just the battle of this dice seed")
        app_plays(p)
        p.set_defaults(run=cmd_sim)

    if p := command("balance", "a balance report from many random battles of army pairs"):
        from skirmtui.cli_balance import balance_arguments

        balance_arguments(p, output)
        p.set_defaults(run=cmd_balance)
    return parser


#: The commands that open the battle app (`SkirmApp`, which collects garbage itself
#: once its first frame is up).
_APP_COMMANDS = frozenset({"new", "open", "review", "demo"})


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    if args.command in _APP_COMMANDS:
        from skirmtui.tui.idle_gc import held_until_the_app

        with held_until_the_app():
            return _dispatch(args)
    return _dispatch(args)


def _dispatch(args: argparse.Namespace) -> int:
    try:
        code: int = args.run(args)
    except UsageError as error:
        print(safe(f"skirmtui {args.command}: {error}"), file=sys.stderr)
        return EXIT_USAGE
    except PathError as error:
        print(safe(f"skirmtui {args.command}: {error}"), file=sys.stderr)
        return EXIT_BAD_FILE
    return code


# -- helpers -------------------------------------------------------------------------------


def _system(system_id: str) -> RuleSystem:
    from skirmtui.systems.registry import get_system, systems

    try:
        return get_system(system_id)  # imports that system only
    except KeyError:
        known = ", ".join(sorted(systems()))
        raise UsageError(f"unknown system {system_id!r}; known: {known}") from None


def _load(path: Path) -> tuple[Session, str] | None:
    """Load a save, or print the problem on one line and return None. (The parsed file
    is not kept: `open` holds only the battle.)"""
    from skirmtui.engine.store.saves import load_session

    return _loading(path, load_session)


def _load_document(path: Path) -> tuple[Session, str, dict[str, Any]] | None:
    from skirmtui.engine.store.saves import load_with_document

    return _loading(path, load_with_document)


def _loading(path: Path, load: Callable[[Path, dict[str, RuleSystem]], _T]) -> _T | None:
    from skirmtui.engine.store.saves import SaveError
    from skirmtui.systems.registry import systems

    try:
        return load(path, systems())
    except SaveError as error:
        message = f"{path}: {error}" if str(path) not in str(error) else str(error)
        print(f"skirmtui: {safe(message)}", file=sys.stderr)
        return None


def _offer_backup(path: Path) -> Path | None:
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


def _run_app(app: SkirmApp) -> int:
    try:
        app.run()
    finally:
        if app.lock is not None:
            app.lock.release()
    return app.return_code or EXIT_OK


def _lock(path: Path) -> SaveLock | None:
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


def _lock_or_refuse(path: Path) -> SaveLock | None:
    from skirmtui.engine.store.lock import LockHeld

    try:
        return _lock(path)
    except LockHeld as held:
        raise PathError(path, f"{held.reason}; choose another -o") from None


# -- commands ------------------------------------------------------------------------------


def cmd_systems(args: argparse.Namespace) -> int:
    from skirmtui.systems.registry import systems

    for system in systems().values():
        print(f"{system.id}\t{system.title}\t{system.language}")
    return EXIT_OK


def cmd_new(args: argparse.Namespace) -> int:
    from skirmtui.engine.core.armies import scenario_names, setup_from_scenario

    system = _system(args.system)
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

    ai = _app_sides(system, args.ai, None)
    lock = _lock_or_refuse(path)
    app = SkirmApp(system_id=system.id, path=path, preset=preset, seed=seed, lock=lock)
    app.ai = ai
    return _run_app(app)


def cmd_open(args: argparse.Namespace) -> int:
    from skirmtui.engine.store.saves import load_for_play

    loaded = _loading(args.save, load_for_play)
    if loaded is None:
        backup = _offer_backup(Path(args.save))
        if backup is None:
            return EXIT_BAD_FILE
        args.save = backup
        loaded = _loading(backup, load_for_play)
        if loaded is None:
            return EXIT_BAD_FILE
    session, created, read = loaded
    from skirmtui.engine.store.lock import LockHeld
    from skirmtui.tui.app import SkirmApp

    try:
        lock = _lock(args.save)
    except LockHeld as held:  # a second instance: read-only, so it cannot clobber the first
        then = "" if held.odd else " Quit the other one to play here."
        notice = f"{held}: opened read-only (review).{then}"
        print(safe(f"skirmtui: {notice}"), file=sys.stderr)
        app = SkirmApp(session=session, path=args.save, created=created, review=True)
        app.notice = notice
        return _run_app(app)
    app = SkirmApp(
        session=session, path=args.save, created=created, lock=lock, on_disk=True, read=read
    )
    return _run_app(app)


def cmd_review(args: argparse.Namespace) -> int:
    loaded = _load(args.save)
    if loaded is None:
        return EXIT_BAD_FILE
    session, created = loaded
    from skirmtui.tui.app import SkirmApp

    return _run_app(SkirmApp(session=session, path=args.save, created=created, review=True))


def cmd_demo(args: argparse.Namespace) -> int:
    from skirmtui.engine.core.session import Session
    from skirmtui.engine.store.stamp import now_stamp

    system = _system(args.system)
    setup = system.demo_setup()
    ai = _app_sides(system, args.ai, setup)
    if args.solo:
        from skirmtui.engine.play.auto import solo_sides

        ai = {**solo_sides(setup, "balanced"), **ai}
    session = Session(system, setup)
    if ai:
        from skirmtui.engine.play.auto import let_app_play

        let_app_play(session, ai)
    path = args.output or SAVES / f"demo-{system.id}.toml"
    created = now_stamp()
    lock = _lock_or_refuse(path)
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
    return _run_app(app)


def cmd_check(args: argparse.Namespace) -> int:
    from skirmtui.engine.store.saves import replay_differences

    loaded = _load_document(args.save)
    if loaded is None:
        return EXIT_BAD_FILE
    session, _, doc = loaded
    differences = replay_differences(doc, session)
    if differences:
        where = "; ".join(differences)
        print(safe(f"skirmtui: {args.save}: does not match its replay: {where}"), file=sys.stderr)
        return EXIT_BAD_FILE
    battle = session.battle
    state = (
        f"finished: {session.system.summary(battle)[0]}"
        if battle.result
        else f"in progress at {battle.where()}"
    )
    print(safe(f"ok: {args.save}: {session.system.id}, {len(session.items)} answers, {state}"))
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from skirmtui.engine.report.outputs import export_text

    if args.playouts is not None and args.playouts < 0:
        raise UsageError("--playouts must be 0 or more")
    loaded = _load(args.save)
    if loaded is None:
        return EXIT_BAD_FILE
    session, created = loaded
    if args.public:
        from skirmtui.engine.store.public import public_session

        session = public_session(session)
    out: Path | None = args.output
    # A report going to a file has its charts beside it; to a pipe or a device, none.
    to_file = out is not None and (out.is_file() or not out.exists())
    stem = out.stem if out is not None and to_file and args.format == "md" else None
    text, beside = export_text(
        session, created, args.format, full=args.full, playouts=args.playouts, stem=stem
    )
    if out is not None:
        write_output(out, text)
        for name, content in beside.items():  # the report's charts, next to it
            write_output(out.with_name(name), content)
    else:
        write_stdout(text)
    return EXIT_OK


#: How much the player view steps back for the GM's app on the same machine (`nice`).
WATCH_NICENESS = 5


def cmd_watch(args: argparse.Namespace) -> int:
    import contextlib
    import os

    from skirmtui.engine.core.text import safe
    from skirmtui.engine.store.saves import SaveError

    # The player view usually shares the GM's machine (a second screen, `serve`): it
    # takes the CPU only when the GM's app does not need it.
    with contextlib.suppress(AttributeError, OSError):
        os.nice(WATCH_NICENESS)
    try:
        from skirmtui.tui.watch import watch_app

        app = watch_app(args.save)
    except SaveError as error:
        print(f"skirmtui: {safe(str(args.save))}: {safe(str(error))}", file=sys.stderr)
        return EXIT_BAD_FILE
    app.run()
    return EXIT_OK


def serve_command(save: Path) -> str:
    """The command the server runs for each browser: this Python, `watch SAVE`, told
    the server's pid (it ends when the server is gone)."""
    import os
    import shlex

    from skirmtui.tui.watch import PARENT_ENV

    watch = shlex.join([sys.executable, "-m", "skirmtui", "watch", str(save.resolve())])
    return f"{PARENT_ENV}={os.getpid()} exec {watch}"


def cmd_serve(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65_536:
        raise UsageError(f"--port {args.port}: not a port number")
    if args.max_clients < 1:
        raise UsageError("--max-clients must be at least 1")
    if args.public_url and not args.public_url.startswith(("http://", "https://")):
        raise UsageError(f"--public-url {args.public_url}: must start with http:// or https://")
    if _load(args.save) is None:
        return EXIT_BAD_FILE
    from skirmtui.tui import serve

    try:
        sockets = serve.listen(args.host, args.port)
    except serve.ListenError as error:
        raise UsageError(str(error)) from None
    token = None if args.no_token else serve.new_token()
    server = serve.PlayerServer(
        serve_command(args.save),
        title=f"skirmtui — {args.save.name}",
        token=token,
        max_clients=args.max_clients,
        public_url=args.public_url,
    )
    urls = serve.addresses(args.host, args.port, token, args.public_url)
    print(f"Player view of {safe(str(args.save))}: {urls[0]}", flush=True)
    for url in urls[1:]:
        print(f"  also: {url}", flush=True)
    if token is None:
        print("No access token: anyone who can reach this port sees the battle.", flush=True)
    serve.run(server, sockets)
    return EXIT_OK


def cmd_sim(args: argparse.Namespace) -> int:
    from skirmtui.engine.play.sim import SaveFailed, run_sim

    system = _system(args.system)
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
    ai = _app_sides(system, args.ai, setup)
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
    from skirmtui.cli_balance import balance
    from skirmtui.engine.play.workers import ClusterUnavailable

    system = _system(args.system)
    try:
        text, failed = balance(args, system)
    except (ValueError, ClusterUnavailable) as error:
        raise UsageError(str(error)) from None
    if args.output:
        write_output(args.output, text)
    else:
        sys.stdout.write(text)
    return EXIT_BAD_FILE if failed else EXIT_OK


def _app_sides(system: RuleSystem, given: list[str], setup: Setup | None) -> dict[str, str]:
    """`--ai SIDE[:PERSONA]` as side → persona, checked (sides only when `setup` is known:
    `new` learns them from its form). Bad usage: exit 2 naming the problem."""
    from skirmtui.engine.play.personas import PersonaError, parse_ai

    sides = [s.id for s in setup.sides] if setup is not None else None
    chosen: dict[str, str] = {}
    for text in given:
        try:
            side, persona = parse_ai(text, sides, system.id)
        except PersonaError as error:
            raise UsageError(str(error)) from None
        chosen[side] = persona
    return chosen


def _setup_for_players(system: RuleSystem, players: int) -> Setup:
    from skirmtui.engine.core.armies import setup_for_players

    low, high = system.min_players, system.max_players
    if not low <= players <= high:
        raise UsageError(f"--players {players}: {system.id} takes {low}–{high} players")
    try:
        return setup_for_players(system.id, players)
    except (ValueError, FileNotFoundError) as error:
        raise UsageError(str(error)) from None


# -- output paths --------------------------------------------------------------------------


def write_stdout(text: str) -> None:
    """An export on standard output; closed (`>&-`), it is one line, not a traceback."""
    if sys.stdout is None:
        raise PathError(Path("standard output"), "closed: give a file with -o FILE")
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except (OSError, ValueError) as error:  # closed underneath, a full disk
        raise PathError(Path("standard output"), str(error)) from None


def write_output(path: Path, text: str) -> None:
    """Write an export: whole or not at all for a file (a temp file renamed over it, so a
    full disk leaves no half report); straight into anything else (`/dev/stdout`, a
    pipe). A path through a symlink writes its target (the link stays; `/dev/stdout`
    with nothing behind it is refused, never replaced); a FIFO with no reader is refused
    at once. Any failure is a `PathError` naming the path and the reason."""
    import contextlib
    import os
    import stat
    import tempfile

    given = path
    try:
        mode = os.stat(given).st_mode  # through links, as the kernel sees them
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise PathError(given, error) from None
    data = text.encode("utf-8")
    try:
        if mode is not None and stat.S_ISDIR(mode):
            raise PathError(given, "is a folder")
        if mode is not None and not stat.S_ISREG(mode):
            _write_special(given, data)
            return
        path = Path(os.path.realpath(given))  # a link's target is what is replaced
        if mode is None and os.path.lexists(given) and str(path).startswith("/proc/"):
            raise PathError(given, "leads nowhere (is standard output closed?)")
        folder = path.parent
        if not folder.is_dir():
            raise PathError(given, f"no such folder {folder}")
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(tmp, 0o644 if mode is None else mode & 0o777)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as error:
        raise PathError(given, error) from None


def _write_special(path: Path, data: bytes) -> None:
    """Into a device or a FIFO: opened without waiting (a FIFO with no reader would
    wait forever), then written normally."""
    import errno
    import fcntl
    import os

    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise PathError(path, "a FIFO with no reader (start the reader first)") from None
        raise
    try:
        flags = fcntl.fcntl(fd, fcntl.F_GETFL)
        fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def writable_folder(folder: Path) -> None:
    """Make `folder` (and its parents) or fail now, before any work, with a `PathError`."""
    import os
    import tempfile

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise PathError(folder, "is not a folder") from None
    except OSError as error:
        raise PathError(folder, error) from None
    try:  # permissions, a read-only mount: try what the saves will do
        fd, probe = tempfile.mkstemp(prefix=".skirmtui-", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        raise PathError(folder, error) from None
