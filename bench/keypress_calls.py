"""Work per keypress, counted: `python -m bench.keypress_calls` (~1 minute).

Keypress → repaint is timed in wall-clock milliseconds (`python -m bench --only
keypress`), which move 2× on a shared VM. This plays the same presses on the same
battle (`bench/tui_measures.py` `_press_keys`: 100 units, 10,000 log lines, 120×40,
the same seeded answers) and counts, for each press, the Python and built-in function
calls the UI thread makes from the key to the first frame sent to the terminal
(`cProfile` with a counting clock instead of a timer: the same presses give the same
counts, whatever the load). It is a guide, not the target: a call of Textual's styles
cache and one of `len` count alike, and waiting costs no call. The autosave thread's
work is not counted (it runs beside the UI thread).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import itertools
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bench.__main__ import format_table
from bench.battles import session_with_log
from bench.common import Row, percentile, row
from bench.script import run_main

#: Keys that move a cursor or the log (the bench's "select unit" and "move through
#: the log"); Ctrl+Z is an undo; anything else answers (Ctrl+Y, a redo, too).
_MOVES = {"up", "down", "pageup", "pagedown", "home", "end"}


def kind_of(key: str) -> str:
    if key in _MOVES:
        return "select unit or move through the log"
    if key == "ctrl+z":
        return "undo (Ctrl+Z)"
    return "answer a prompt"


def count_calls(presses: int, log_lines: int = 10_000, units: int = 100) -> dict[str, list[int]]:
    """Calls from each timed key to its first frame, by kind of press."""
    from textual.pilot import Pilot

    import bench.tui_measures as tm

    counter = itertools.count()
    profile = cProfile.Profile(lambda: next(counter), 1.0)
    open_press: list[Any] = []  # (kind, count at the key), while a press waits for its frame
    calls: dict[str, list[int]] = {}
    press = Pilot.press

    async def counted_press(self: Any, *keys: str) -> None:
        if len(keys) == 1 and not open_press:  # one timed key (digits typed apart are not)
            open_press.append((kind_of(keys[0]), next(counter)))
            profile.enable()
        await press(self, *keys)

    clock_init = tm.FrameClock.__init__

    def init(clock: Any, app: Any) -> None:
        clock_init(clock, app)
        display = app._display  # the bench's own wrapper (see FrameClock)

        def frame(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None and open_press:
                profile.disable()
                kind, start = open_press.pop()
                calls.setdefault(kind, []).append((next(counter) - start) // 2)

        app._display = frame

    session = session_with_log(log_lines, units)
    Pilot.press = counted_press  # type: ignore[method-assign]
    tm.FrameClock.__init__ = init  # type: ignore[method-assign,assignment]
    try:
        with tempfile.TemporaryDirectory() as folder:
            app = tm.make_app(session, Path(folder) / "keys.toml")
            asyncio.run(tm._press_keys(app, session, presses))
    finally:
        Pilot.press = press  # type: ignore[method-assign]
        tm.FrameClock.__init__ = clock_init  # type: ignore[method-assign]
    return calls


def measure(presses: int) -> list[Row]:
    rows = []
    calls = count_calls(presses)
    # The keypress measure's headline: every press a GM makes but undo.
    calls["all but undo (the keypress p95)"] = [
        count for kind, counts in calls.items() if kind != "undo (Ctrl+Z)" for count in counts
    ]
    for kind, counts in calls.items():
        values = [float(count) for count in counts]
        detail = {"n": len(values), "mean": round(statistics.mean(values))}
        rows.append(
            row("keypress_calls", f"calls a keypress p50: {kind}", percentile(values, 50), "calls")
        )
        rows.append(
            row(
                "keypress_calls",
                f"calls a keypress p95: {kind}",
                percentile(values, 95),
                "calls",
                detail=detail,
            )
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.keypress_calls", description=(__doc__ or "").split("\n\n")[1]
    )
    parser.add_argument("--presses", type=int, default=150, help="keypresses (default 150)")
    args = parser.parse_args(argv)
    print(format_table(measure(max(3, args.presses))))
    return 0


if __name__ == "__main__":
    run_main(main)
