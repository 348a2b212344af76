"""Measures of the player view (`skirmtui watch`): how soon it shows the GM's answer,
and what a watcher costs the GM's keypresses.

The GM is the real app, headless in this process, answering a 10,000-answer battle by
keyboard with its autosave on, one answer every `PACE` seconds. The watcher is a
separate process (`bench.watch_child`) on the same save. Latency: from the GM's
keypress to the first watcher frame showing that many answers. Cost: the GM's keypress
→ repaint p95 with and without a watcher, both in this run, on the same battle.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.battles import long_session
from bench.common import Row, Sizes, percentile, row
from bench.engine_measures import STAMP
from bench.tui_measures import GAP, SIZE, FrameClock, _answer_key, make_app
from skirmtui.engine.store.saves import save_session

#: Seconds between the GM's answers (a brisk table).
PACE = 0.3
#: Runs without and with a watcher, alternated.
ROUNDS = 2


def bench_watch(sizes: Sizes) -> list[Row]:
    presses = max(5, sizes.presses // 8)
    alone: list[float] = []
    watched: list[float] = []
    lags: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        # Alternated, so a busy minute on the shared machine falls on both sides.
        for n in range(ROUNDS):
            alone += _gm_run(sizes, Path(folder) / f"alone{n}.toml", presses, watch=False)[0]
            times, shown = _gm_run(sizes, Path(folder) / f"watched{n}.toml", presses, watch=True)
            watched += times
            lags += shown
    where = f"{sizes.answers}-answer battle, {len(lags)} answers"
    return [
        row(
            "watch",
            f"watch: GM keypress → answer on the player view p50 ({where})",
            percentile(lags, 50),
            "ms",
        ),
        row(
            "watch",
            "watch: GM keypress → answer on the player view p95",
            percentile(lags, 95),
            "ms",
            1000,
            detail={"max_ms": round(max(lags), 1), "pace_s": PACE},
        ),
        row("watch", "watch: GM keypress → repaint p95, no watcher", percentile(alone, 95), "ms"),
        row(
            "watch",
            "watch: GM keypress → repaint p95, a watcher on the same save",
            percentile(watched, 95),
            "ms",
            detail={
                "p50_alone_ms": round(percentile(alone, 50), 2),
                "p50_watched_ms": round(percentile(watched, 50), 2),
            },
        ),
    ]


def _gm_run(
    sizes: Sizes, path: Path, presses: int, *, watch: bool
) -> tuple[list[float], list[float]]:
    session = long_session(sizes.answers, sizes.units)
    save_session(session, path, STAMP)
    child: subprocess.Popen[str] | None = None
    out, stop = path.with_suffix(".frames.json"), path.with_suffix(".stop")
    if watch:
        child = subprocess.Popen(
            [sys.executable, "-m", "bench.watch_child", str(path), str(out), str(stop)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
    try:
        app = make_app(session, path)
        latencies, answers = asyncio.run(_answer(app, session, presses))
    finally:
        if child is not None:
            stop.touch()
            child.wait(60)
    if child is None:
        return latencies, []
    frames: list[tuple[float, int]] = json.loads(out.read_text(encoding="utf-8"))
    lags = []
    for pressed, count in answers:
        shown = [t for t, n in frames if n >= count and t >= pressed]
        if shown:
            lags.append((shown[0] - pressed) * 1000)
    return latencies, lags


async def _answer(
    app: Any, session: Any, presses: int
) -> tuple[list[float], list[tuple[float, int]]]:
    latencies: list[float] = []
    answers: list[tuple[float, int]] = []
    rng = random.Random(5)
    async with app.run_test(size=SIZE) as pilot:
        clock = FrameClock(app)

        async def settle() -> None:
            await pilot.pause()
            if app._saver is not None:
                await asyncio.to_thread(app._saver.flush)
            await asyncio.sleep(GAP)

        await settle()
        for _ in range(presses):
            if session.prompt is None:
                break
            key = await _answer_key(app, pilot, session, rng, settle)
            if key is None:
                break
            before = len(session.items)
            pressed, start = time.monotonic(), time.perf_counter()
            await pilot.press(key)
            await asyncio.sleep(GAP)
            latency = clock.first_after(start)
            if latency is not None:
                latencies.append(latency * 1000)
            if len(session.items) > before:
                answers.append((pressed, len(session.items)))
            await settle()
            await asyncio.sleep(PACE)
    return latencies, answers
