"""A watcher process for the bench: `python -m bench.watch_child SAVE OUT STOP`.

Runs `skirmtui watch SAVE` headless (the same `WatchApp`, at the same niceness),
records every frame it sends to the terminal as (`time.monotonic()`, answers the view
shows), prints `ready` once its first frame is up, and writes the frames to OUT as
JSON when the file STOP appears. `time.monotonic()` is the system's monotonic clock,
shared with the GM's process.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from skirmtui.cli.file_commands import WATCH_NICENESS
from skirmtui.tui.watch import watch_app

SIZE = (120, 40)


async def main(save: Path, out: Path, stop: Path) -> None:
    os.nice(WATCH_NICENESS)  # as `skirmtui watch` does
    app = watch_app(save)
    frames: list[tuple[float, int]] = []
    async with app.run_test(size=SIZE) as pilot:
        original = app._display  # the bench's one private name (see tui_measures)

        def display(screen: Any, renderable: Any) -> None:
            if renderable is not None:
                if hasattr(renderable, "render_segments"):
                    renderable.render_segments(app.console)
                frames.append((time.monotonic(), len(app.follower.session.items)))
            original(screen, renderable)

        app._display = display  # type: ignore[method-assign]
        await pilot.pause()
        print("ready", flush=True)
        while not stop.exists():
            await asyncio.sleep(0.05)
    out.write_text(json.dumps(frames), encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])))
