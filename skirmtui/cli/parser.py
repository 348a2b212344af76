"""The argument parser: every command, its arguments and help (the contract other tools
read; DESIGN.md)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from skirmtui import __version__
from skirmtui.cli.app_commands import cmd_demo, cmd_new, cmd_open, cmd_review, cmd_systems
from skirmtui.cli.common import (
    DEFAULT_SYSTEM,
)
from skirmtui.cli.file_commands import cmd_check, cmd_export, cmd_serve, cmd_watch
from skirmtui.cli.headless import cmd_balance, cmd_sim

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

    def file_command(
        name: str, about: str, run: Callable[[argparse.Namespace], int]
    ) -> argparse.ArgumentParser | None:
        """A command about a save file: its first argument."""
        if p := command(name, about):
            p.add_argument("save", metavar="SAVE", type=Path)
            p.set_defaults(run=run)
        return p

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

    file_command("open", "continue a saved battle in the TUI", cmd_open)
    file_command("review", "read-only review of a saved battle", cmd_review)

    if p := command("demo", "open a bundled battle, ready to play"):
        p.add_argument("system", metavar="SYSTEM", nargs="?", default=DEFAULT_SYSTEM)
        app_plays(p)
        p.add_argument(
            "--solo", action="store_true", help="the app plays every side but the first (balanced)"
        )
        output(p, "SAVE", "where to save (default: saves/demo-SYSTEM.toml, started afresh)")
        p.set_defaults(run=cmd_demo)

    if p := command("check", "validate and replay saves; exit 1 naming each problem"):
        p.add_argument("saves", metavar="SAVE", nargs="+", type=Path, help="one or more saves")
        p.set_defaults(run=cmd_check)

    if p := file_command("export", "write a save's structured log or a report", cmd_export):
        p.add_argument(
            "--format",
            choices=("json", "md", "html", "toml"),
            required=True,
            help="json: the structured log (export format 1); md, html: the battle report; "
            "toml: the save",
        )
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
            help="chance to win, turning points: random play-outs a point (md 20, html 100)",
        )
        output(p, "OUT", "default: standard output")

    file_command(
        "watch", "read-only player view of a battle being played (follows the save)", cmd_watch
    )

    if p := file_command("serve", "the player view in a web browser (textual-serve)", cmd_serve):
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

    if p := command("sim", "play random legal battles headlessly"):
        p.add_argument("system", metavar="SYSTEM")
        p.add_argument(
            "--battles", type=int, default=100, metavar="N", help="battles to play (default 100)"
        )
        p.add_argument(
            "--seed",
            type=int,
            default=1,
            metavar="S",
            help="run seed: each battle's dice seed derives from it (default 1)",
        )
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
        from skirmtui.cli.balance import balance_arguments

        balance_arguments(p, output)
        p.set_defaults(run=cmd_balance)
    return parser
