"""Kill a battle being autosaved, again and again, and look at what the save kept.

Each round forks a child that opens the save as `skirmtui open` does (lock, stale temp
files cleaned, the battle loaded and its autosaver adopting the file), then answers in
bursts — a few to thirty answers a few milliseconds apart, then a pause — submitting a
snapshot after each answer as the app does, and telling the parent over a pipe when
each answer was given. The parent kills it (SIGKILL) at a random moment, then loads the
save: it must be valid, and the answers it lacks are the loss, in answers and in
milliseconds (from the first answer not on disk to the kill).

`python -m bench --only crash` runs `KILLS` rounds; tests/safety/test_crash.py runs 50.
"""

from __future__ import annotations

import os
import random
import signal
import statistics
import struct
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from bench.battles import long_session
from bench.common import Row, Sizes, percentile, row
from skirmtui.engine.core.session import Session
from skirmtui.engine.store.lock import SaveLock, clean_stale_temps
from skirmtui.engine.store.saves import (
    SaveSnapshot,
    SaveWriter,
    load_session,
    save_session,
    snapshot,
)
from skirmtui.systems.registry import get_system, systems

KILLS = 1_000
_RECORD = struct.Struct("<Id")  # answers in the battle, monotonic time it was given


@attrs.frozen
class Kill:
    given: int  # answers the child had given when killed
    on_disk: int  # answers the save holds
    lost_ms: float  # from the first answer not on disk to the kill (0: none lost)
    orphans: int  # temp files next to the save after the kill


class WholeFileSaver:
    """The autosave before issue 14, for reference: the newest snapshot rewritten whole
    (atomically) by a thread, older pending ones skipped."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._writer = SaveWriter()
        self._pending: SaveSnapshot | None = None
        self._lock = threading.Lock()
        self._wake = threading.Event()
        threading.Thread(target=self._run, daemon=True).start()

    def submit(self, snap: SaveSnapshot) -> None:
        with self._lock:
            self._pending = snap
        self._wake.set()

    def flush(self, timeout: float) -> bool:
        return True

    def _run(self) -> None:
        while True:
            self._wake.wait()
            with self._lock:
                snap, self._pending = self._pending, None
                self._wake.clear()
            if snap is not None:
                self._writer.write(snap, self.path)


def _child(path: Path, seed: int, out: int, whole: bool, back_to_back: bool = False) -> None:
    """Runs in the forked child: open, answer in bursts until killed (`back_to_back`:
    one answer after another with no pause at all, faster than any key repeats)."""
    from skirmtui.tui.autosave import Autosaver

    sys.setswitchinterval(0.001)  # as the app does
    rng = random.Random(seed)
    SaveLock(path).acquire()
    clean_stale_temps(path)
    session, created = load_session(path, systems())
    saver: Autosaver | WholeFileSaver = (
        WholeFileSaver(path)
        if whole
        else Autosaver(path, lambda error: None, snapshot(session, created))
    )
    while session.prompt is not None:
        for _ in range(rng.randint(1, 30)):
            prompt = session.prompt
            if prompt is None:
                break
            session.answer(prompt.random_answer(rng))
            saver.submit(snapshot(session, created))
            os.write(out, _RECORD.pack(len(session.items), time.monotonic()))
            if not back_to_back:
                time.sleep(rng.uniform(0.001, 0.004))
        if not back_to_back:
            time.sleep(rng.uniform(0.0, 0.08))
    saver.flush(10)


def _fresh(path: Path, seed: int, answers: int) -> None:
    """A new battle: the demo, or a 100-unit battle already `answers` long."""
    if answers:
        session = long_session(answers, seed=seed)
    else:
        system = get_system("wargaming-introduttivo")
        session = Session(system, attrs.evolve(system.demo_setup(), seed=seed))
    save_session(session, path, "2026-01-01T00:00:00Z")


def run_kills(
    folder: Path,
    kills: int,
    seed: int = 1,
    *,
    answers: int = 0,
    window: tuple[float, float] = (0.05, 0.5),
    whole: bool = False,
    back_to_back: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[Kill]:
    """`kills` rounds of open, answer, kill, check on one save in `folder`, starting
    from a battle `answers` long; each child is killed `window` seconds after it
    starts. `whole`: autosave as before issue 14 (the reference)."""
    rng = random.Random(seed)
    path = folder / "crash.toml"
    _fresh(path, seed, answers)
    results: list[Kill] = []
    while len(results) < kills:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns into the caller's code
            os.close(read)
            code = 0
            try:
                _child(path, rng.randrange(1 << 30), write, whole, back_to_back)
            except BaseException:
                code = 1
            os._exit(code)
        os.close(write)
        time.sleep(rng.uniform(*window))
        os.kill(pid, signal.SIGKILL)
        killed_at = time.monotonic()
        _, status = os.waitpid(pid, 0)
        records = _read_all(read)
        if not os.WIFSIGNALED(status):  # the battle ended before the kill: start again
            _fresh(path, rng.randrange(1 << 30), answers)
            continue
        orphans = sum(1 for n in os.listdir(folder) if n.endswith(".tmp"))
        session, _ = load_session(path, systems())  # raises if the kill broke the save
        on_disk = len(session.items)
        given = records[-1][0] if records else on_disk
        first_lost = next((t for n, t in records if n > on_disk), None)
        lost_ms = (killed_at - first_lost) * 1000 if first_lost is not None else 0.0
        results.append(Kill(given, on_disk, lost_ms, orphans))
        if progress is not None:
            progress(len(results))
    return results


def _read_all(fd: int) -> list[tuple[int, float]]:
    data = b""
    while chunk := os.read(fd, 65536):
        data += chunk
    os.close(fd)
    whole = len(data) - len(data) % _RECORD.size
    return [_RECORD.unpack_from(data, i) for i in range(0, whole, _RECORD.size)]


def bench_crash(sizes: Sizes) -> list[Row]:
    """`KILLS` kills of a battle of `sizes.answers // 5` answers being answered in
    bursts; the pre-issue-14 whole-file autosave as the reference (a fifth as many)."""
    kills = max(5, sizes.battles * 10)
    start = sizes.answers // 5
    window = (0.05, 0.5) if kills >= 100 else (0.01, 0.1)  # a smoke run: quick kills
    with tempfile.TemporaryDirectory() as folder:
        now = run_kills(Path(folder), kills, seed=1, answers=start, window=window)
    with tempfile.TemporaryDirectory() as folder:
        before = run_kills(
            Path(folder), max(5, kills // 5), seed=1, answers=start, window=window, whole=True
        )
    with tempfile.TemporaryDirectory() as folder:
        pressed = run_kills(
            Path(folder),
            max(5, kills // 5),
            seed=2,
            answers=start,
            window=window,
            back_to_back=True,
        )
    rows = []
    for label, found, target in (
        ("", now, 100.0),
        (" — reference: whole-file autosave", before, None),
        (" — back to back (no pause between answers)", pressed, None),
    ):
        lost = [k.given - k.on_disk for k in found]
        ms = [k.lost_ms for k in found]
        name = f"crash: {len(found)} kills in bursts, {start}-answer battle{label}"
        rows += [
            row("crash", f"{name}: valid saves", len(found), "kills"),
            row("crash", f"{name}: answers lost, max", max(lost), "answers"),
            row("crash", f"{name}: answers lost, mean", statistics.mean(lost), "answers"),
            row(
                "crash",
                f"{name}: time lost, max (first answer not on disk → kill)",
                max(ms),
                "ms",
                target,
                detail={
                    "p99_ms": round(percentile(ms, 99), 2),
                    "kills_with_loss": sum(1 for x in lost if x),
                },
            ),
        ]
    return rows
