"""The commands that read a save: check, export, watch, serve."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from skirmtui.cli.common import (
    EXIT_BAD_FILE,
    EXIT_OK,
    UsageError,
    load,
    load_document,
)
from skirmtui.cli.output import write_output, write_stdout
from skirmtui.engine.core.text import safe


def cmd_check(args: argparse.Namespace) -> int:
    """Each save given, one line each: `ok: …` on stdout, or the problem on stderr; exit
    1 if any fails."""
    code = EXIT_OK
    for path in args.saves:
        if _check_one(path) != EXIT_OK:
            code = EXIT_BAD_FILE
    return code


def _check_one(path: Path) -> int:
    from skirmtui.engine.store.compare import compare_with_replay

    loaded = load_document(path)
    if loaded is None:
        return EXIT_BAD_FILE
    session, _, doc = loaded
    found = compare_with_replay(doc, session)
    if found.differences:
        where = "; ".join(found.differences)
        print(safe(f"skirmtui: {path}: does not match its replay: {where}"), file=sys.stderr)
        return EXIT_BAD_FILE
    battle = session.battle
    state = (
        f"finished: {session.system.summary(battle)[0]}"
        if battle.result
        else f"in progress at {battle.where()}"
    )
    note = "" if found.note is None else f"; {found.note}"
    print(safe(f"ok: {path}: {session.system.id}, {len(session.items)} answers, {state}{note}"))
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from skirmtui.engine.report.outputs import export_text

    if args.playouts is not None and args.playouts < 0:
        raise UsageError("--playouts must be 0 or more")
    loaded = load(args.save)
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
    if args.format in ("md", "html") and args.playouts != 0 and sys.stderr.isatty():
        # The chance to win takes seconds (docs/export.md): say what the wait is for.
        print(
            "skirmtui: playing the battle on from each round and each loss for the chance "
            "to win (--playouts 0 skips it)…",
            file=sys.stderr,
        )
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
    if load(args.save) is None:
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
