"""How a bench script ends: its exit code, and quietly when its reader stops reading.

`python -m bench.ai | head` closes the pipe while the script still prints: without
this, Python prints a BrokenPipeError traceback, and again at exit when it flushes
stdout. The app's own command line does the same (`skirmtui ... | head`: exit 1).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

#: The exit code of a script whose reader stopped reading (the app's for a file it
#: cannot write to).
EXIT_PIPE_CLOSED = 1


def run_main(main: Callable[[], int | None]) -> NoReturn:
    """Run a script's `main` and exit with its code; a closed pipe ends it quietly."""
    try:
        code = main()
        sys.stdout.flush()  # here, not at exit, where a closed pipe cannot be caught
    except BrokenPipeError:
        # stdout pointed at nothing, so that Python's flush at exit does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_PIPE_CLOSED
    sys.exit(code)
