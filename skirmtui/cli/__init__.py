"""The command line (DESIGN.md): a contract other tools read.

Exit codes: 0 done, 1 a bad file or a failed check, 2 bad usage.
Textual is imported only by the commands that open the TUI.
"""

from __future__ import annotations

import argparse
import os
import sys

from skirmtui.cli.common import EXIT_BAD_FILE, EXIT_USAGE, PathError, UsageError
from skirmtui.cli.parser import COMMANDS, build_parser
from skirmtui.engine.core.text import safe

__all__ = ["COMMANDS", "build_parser", "main"]

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
    except BrokenPipeError:
        # The reader stopped reading (`skirmtui sim … | head`): no traceback; stdout
        # pointed at nothing so that Python's own flush at exit does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BAD_FILE
    except UsageError as error:
        print(safe(f"skirmtui {args.command}: {error}"), file=sys.stderr)
        return EXIT_USAGE
    except PathError as error:
        print(safe(f"skirmtui {args.command}: {error}"), file=sys.stderr)
        return EXIT_BAD_FILE
    return code
