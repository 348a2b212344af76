"""Measures of the TUI in a headless app: keypress → repaint, and the event-loop stall
while an autosave runs.

The app runs headless in this process (Textual's Pilot). Each frame the screen hands
to the driver is also turned into the terminal's byte stream, as a real terminal
driver would, so a frame costs what it costs on screen.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.battles import long_session, session_with_log
from bench.common import Row, Sizes, percentile, row
from bench.engine_measures import STAMP
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Pick, Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.store.saves import JournalWriter, SaveWriter, snapshot

SIZE = (120, 40)
#: Pause between presses: a quick GM, and long enough for the frame timer to be idle.
GAP = 0.03


class FrameClock:
    """Records when each frame is sent to the (headless) terminal.

    The one private Textual name in the project, and only in the bench: Textual has no
    public hook for "a frame went to the terminal", which is what a keypress → repaint
    time must end on.
    """

    def __init__(self, app: Any) -> None:
        self.times: list[float] = []
        self._app = app
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            if renderable is not None:
                if hasattr(renderable, "render_segments"):
                    renderable.render_segments(app.console)  # what a terminal is sent
                self.times.append(time.perf_counter())
            original(screen, renderable)

        app._display = display

    def first_after(self, start: float) -> float | None:
        later = [t for t in self.times if t >= start]
        return later[0] - start if later else None


def make_app(session: Session, path: Path) -> Any:
    from skirmtui.tui.app import SkirmApp

    return SkirmApp(session=session, path=path, created=STAMP)


def bench_keypress(sizes: Sizes) -> list[Row]:
    session = session_with_log(sizes.log_lines, sizes.units)
    lines = sum(1 for e in session.battle.log if e.text)
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(session, Path(folder) / "keys.toml")
        timings = asyncio.run(_press_keys(app, session, max(3, sizes.presses)))
    gm = timings["select unit"] + timings["move through the log"] + timings["answer a prompt"]
    detail: dict[str, Any] = {
        "units": len(session.battle.units),
        "log_lines": lines,
        "presses": len(gm),
    }
    for kind, values in timings.items():
        if values:
            detail[kind] = {
                "n": len(values),
                "p50_ms": round(percentile(values, 50), 2),
                "p95_ms": round(percentile(values, 95), 2),
                "max_ms": round(max(values), 2),
            }
    where = f"{len(session.battle.units)} units, {lines} log lines"
    rows = [
        row("keypress", f"keypress → repaint p50 ({where})", percentile(gm, 50), "ms"),
        row(
            "keypress",
            f"keypress → repaint p95 ({len(gm)} presses: select unit, log, answer)",
            percentile(gm, 95),
            "ms",
            16.7,
            detail=detail,
        ),
        row("keypress", "keypress → repaint max", max(gm), "ms"),
    ]
    reference = asyncio.run(_bare_presses(max(3, sizes.presses // 4)))
    rows.append(
        row(
            "keypress",
            "  reference: a bare Textual app (one Static), keypress → repaint p95",
            percentile(reference, 95),
            "ms",
            detail={"p50_ms": round(percentile(reference, 50), 2), "n": len(reference)},
        )
    )
    for kind in ("select unit", "move through the log", "answer a prompt", "undo (Ctrl+Z)"):
        if timings[kind]:
            rows.append(row("keypress", f"  p95 {kind}", percentile(timings[kind], 95), "ms"))
    return rows


async def _bare_presses(presses: int) -> list[float]:
    """The same timing in the smallest app: a key that changes one Static's text
    (how fast this machine repaints at all, right now)."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Bare(App[None]):
        count = 0

        def compose(self) -> ComposeResult:
            yield Static("0", id="n")

        def on_key(self) -> None:
            self.count += 1
            self.query_one("#n", Static).update(str(self.count))

    app = Bare()
    times: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        clock = FrameClock(app)
        await pilot.pause()
        for _ in range(presses):
            start = time.perf_counter()
            await pilot.press("x")
            await asyncio.sleep(GAP)
            latency = clock.first_after(start)
            if latency is not None:
                times.append(latency * 1000)
            await pilot.pause()
            await asyncio.sleep(GAP)
    return times


async def _press_keys(app: Any, session: Session, presses: int) -> dict[str, list[float]]:
    from skirmtui.tui.widgets.combat_log import CombatLog

    timings: dict[str, list[float]] = {
        "select unit": [],
        "move through the log": [],
        "answer a prompt": [],
        "undo (Ctrl+Z)": [],
    }
    rng = random.Random(3)
    log_keys = ["up", "up", "pageup", "down", "up", "pagedown", "home", "end"]
    async with app.run_test(size=SIZE) as pilot:
        clock = FrameClock(app)
        screen = app.screen
        table = screen.query_one("#roster")
        log = screen.query_one(CombatLog)

        async def settle() -> None:
            await pilot.pause()
            if app._saver is not None:  # a GM does not type faster than the disk
                await asyncio.to_thread(app._saver.flush)
            await asyncio.sleep(GAP)

        async def press(kind: str, key: str) -> None:
            start = time.perf_counter()
            await pilot.press(key)
            await asyncio.sleep(GAP)
            latency = clock.first_after(start)
            if latency is not None:
                timings[kind].append(latency * 1000)
            await settle()

        await settle()
        n = 0
        while n < presses:
            # Select a unit: the roster cursor moves, the unit sheet follows.
            table.focus()
            await settle()
            down = (n // 40) % 2 == 0
            await press("select unit", "down" if down else "up")
            # Move through the combat log.
            log.focus()
            await settle()
            await press("move through the log", log_key(log, log_keys[n % len(log_keys)]))
            # Answer the pending prompt the way the GM would.
            key = await _answer_key(app, pilot, session, rng, settle)
            if key is not None:
                await press("answer a prompt", key)
            n += 3
            if n % 30 == 0 and session.can_undo:
                await press("undo (Ctrl+Z)", "ctrl+z")
                await press("answer a prompt", "ctrl+y")  # redo: the answer again
    return timings


#: A key that moves the log the other way (used where the wanted way is blocked).
_OPPOSITE = {"up": "down", "pageup": "pagedown", "home": "end"}
_OPPOSITE.update({v: k for k, v in _OPPOSITE.items()})


def log_key(log: Any, key: str) -> str:
    """`key`, or its opposite at the end it would not move from (a key that moves
    nothing repaints nothing, and would time an unrelated frame)."""
    at_top = log.scroll_y <= 0
    at_bottom = log.scroll_y >= log.max_scroll_y
    if (at_top and key in ("up", "pageup", "home")) or (
        at_bottom and key in ("down", "pagedown", "end")
    ):
        return _OPPOSITE[key]
    return key


async def _answer_key(
    app: Any, pilot: Any, session: Session, rng: random.Random, settle: Any
) -> str | None:
    """Focus the Now pane (where the focus stays while a GM answers); the key to press."""
    prompt = session.prompt
    panel = app.screen.query_one("#prompt")
    if not panel.has_focus:
        panel.focus()
        await settle()
    if isinstance(prompt, Choose):
        # The number keys the Now pane shows for the enabled options.
        numbers = app.screen.query_one("#prompt").numbers
        keys = sorted(n for i, n in numbers.items() if prompt.options[i].disabled is None)
        return str(rng.choice(keys)) if keys else None
    if isinstance(prompt, Roll):
        return "r"
    if isinstance(prompt, Ask) and prompt.yes_no:
        return rng.choice("yn")
    if isinstance(prompt, Ask):
        assert prompt.minimum is not None and prompt.maximum is not None
        for digit in str(rng.randint(prompt.minimum, prompt.maximum)):
            await pilot.press(digit)
        await settle()
        return "enter"
    if isinstance(prompt, Confirm | Pick):
        return "enter"  # a Pick: its default, or nothing ticked
    return None


def bench_save(sizes: Sizes) -> list[Row]:
    """Autosaves of the long battle: the first (whole) save, then one after an answer
    (what the autosave thread does during play), and the longest event-loop stall
    while autosaves run in the app."""
    session = long_session(sizes.answers, sizes.units)
    n = len(session.items)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plain.toml"
        writer = SaveWriter()
        start = time.perf_counter()
        writer.write(snapshot(session, STAMP), path)
        first_ms = (time.perf_counter() - start) * 1000
        rng = random.Random(9)
        times = []
        for _ in range(5):
            if session.prompt is not None:
                session.answer(session.prompt.random_answer(rng))
            start = time.perf_counter()
            writer.write(snapshot(session, STAMP), path)
            times.append((time.perf_counter() - start) * 1000)
        # What the autosave does now (docs/reliability.md): append the answer.
        journal = JournalWriter(path)
        journal.adopt(snapshot(session, STAMP))
        appends = []
        for _ in range(50):
            if session.prompt is not None:
                session.answer(session.prompt.random_answer(rng))
            start = time.perf_counter()
            journal.save(snapshot(session, STAMP))
            appends.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        journal.save(snapshot(session, STAMP), compact=True)
        fold_ms = (time.perf_counter() - start) * 1000
        app = make_app(session, Path(folder) / "auto.toml")
        reference, stalls, submit = asyncio.run(_stalls(app, session))
    return [
        row("save", f"save: first autosave of {n} answers (whole file)", first_ms, "ms"),
        row(
            "save",
            "save: autosave of one answer, appended (in its thread, median of 50)",
            statistics.median(appends),
            "ms",
            detail={"max_ms": round(max(appends), 3), "fold_50_in_whole_ms": round(fold_ms, 2)},
        ),
        row(
            "save",
            "save: one autosave after an answer, whole file (before: in its thread, with fsync)",
            statistics.median(times),
            "ms",
        ),
        row(
            "save",
            "save: longest event-loop stall while autosaving during play",
            max(stalls),
            "ms",
            16,
            detail={
                "stalls_ms": [round(s, 2) for s in stalls],
                "reference_ms": round(reference, 2),
                "snapshot_on_ui_thread_ms": round(submit, 3),
            },
        ),
        row("save", "save: longest stall without autosave (reference)", reference, "ms"),
    ]


async def _stalls(app: Any, session: Session, rounds: int = 6) -> tuple[float, list[float], float]:
    """Max gap between 1 ms ticks of the event loop while each autosave runs (the
    first writes the whole file, the others follow an answer), then idle as long."""
    rng = random.Random(4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(100):  # the app starts its writer just after the first frames
            if app._saver is not None:
                break
            await pilot.pause(0.02)
        saver = app._saver
        assert saver is not None

        async def longest_gap(until: Any) -> float:
            worst = 0.0
            last = time.perf_counter()
            while not until():
                await asyncio.sleep(0.001)
                now = time.perf_counter()
                worst = max(worst, now - last)
                last = now
            return worst * 1000

        stalls = []
        submits = []
        windows = 0.0
        for n in range(rounds):
            if n and session.prompt is not None:  # play on: answer (not timed here)
                session.answer(session.prompt.random_answer(rng))
                app.screen.changed()
                await pilot.pause()
                await asyncio.to_thread(saver.flush)
            start = time.perf_counter()
            app.autosave()  # the snapshot is taken on the UI thread; the write is not
            submits.append((time.perf_counter() - start) * 1000)
            stalls.append(await longest_gap(saver._idle.is_set))
            windows += time.perf_counter() - start
            await asyncio.sleep(0.05)
        # The same loop with no autosave, as long as all the autosaves took together:
        # the stalls this machine has anyway (other processes, the OS).
        end = time.perf_counter() + max(windows, 0.2)
        reference = await longest_gap(lambda: time.perf_counter() >= end)
    return reference, stalls, max(submits)
