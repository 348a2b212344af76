"""Measures that need fresh processes: start-up and memory, against a bare Textual app.

Both apps run under the same harness (`bench/child.py`): headless, at the same size,
exiting at their first interactive frame. Runs of the two apps alternate, so a noisy
neighbour slows both alike.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.battles import long_session
from bench.common import Row, Sizes, row
from skirmtui.engine.store.saves import save_session

ROOT = Path(__file__).resolve().parent.parent


def run_child(*args: str, cwd: Path) -> dict[str, Any]:
    """Start `python -m bench.child ARGS` and return its report, with `seconds` from
    process start to its first interactive frame."""
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-m", "bench.child", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env=child_env(),
    )
    lines = [line for line in done.stderr.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"bench child {args} failed: {done.stderr[-2000:]}")
    report: dict[str, Any] = json.loads(lines[-1])
    report["seconds"] = report["ready"] - start
    return report


def child_env() -> dict[str, str]:
    """A bench child's environment: this checkout first on the module path."""
    import os

    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def compile_bytecode() -> None:
    """Compile skirmtui's modules to bytecode (`__pycache__`, ignored by git) before
    timing, as installing the package does. Textual, in site-packages, has its bytecode
    from pip; an editable checkout run with PYTHONDONTWRITEBYTECODE has none and would
    compile every module of ours at every start (~70 ms here), which is not what a
    player's start-up costs."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "skirmtui")],
        check=True,
        capture_output=True,
    )


def bench_startup(sizes: Sizes) -> list[Row]:
    """`skirmtui demo` vs the bare app: median wall time to the first frame."""
    runs = max(1, sizes.runs)
    bare: list[float] = []
    demo: list[float] = []
    compile_bytecode()
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        run_child("bare", cwd=here)  # warm the OS file cache for both, untimed
        run_child("skirmtui", "demo", "-o", str(here / "demo.toml"), cwd=here)
        for _ in range(runs):
            bare.append(run_child("bare", cwd=here)["seconds"] * 1000)
            demo.append(
                run_child("skirmtui", "demo", "-o", str(here / "demo.toml"), cwd=here)["seconds"]
                * 1000
            )
    bare_ms, demo_ms = statistics.median(bare), statistics.median(demo)
    return [
        row(
            "startup",
            f"start-up: skirmtui demo / bare app (median of {runs} each)",
            demo_ms / bare_ms,
            "×",
            1.3,
            detail={"demo_ms": round(demo_ms, 1), "bare_ms": round(bare_ms, 1)},
        ),
        row("startup", "start-up: skirmtui demo, to the first frame", demo_ms, "ms"),
        row("startup", "start-up: bare Textual app, to the first frame", bare_ms, "ms"),
    ]


def bench_memory(sizes: Sizes) -> list[Row]:
    """Peak RSS of `skirmtui open` on the long battle vs the bare app."""
    runs = max(1, sizes.runs // 3)
    session = long_session(sizes.answers, sizes.units)
    bare: list[int] = []
    held: list[int] = []
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        path = here / "long.toml"
        save_session(session, path, "2026-01-01T00:00:00Z")
        for _ in range(runs):
            bare.append(run_child("bare", cwd=here)["maxrss_kb"])
            held.append(run_child("skirmtui", "open", str(path), cwd=here)["maxrss_kb"])
    bare_mb, held_mb = statistics.median(bare) / 1024, statistics.median(held) / 1024
    n = len(session.items)
    return [
        row(
            "memory",
            f"memory: peak RSS holding {n} answers / bare app",
            held_mb / bare_mb,
            "×",
            2,
            detail={"app_mb": round(held_mb, 1), "bare_mb": round(bare_mb, 1)},
        ),
        row("memory", f"memory: skirmtui open, {n} answers, peak RSS", held_mb, "MB"),
        row("memory", "memory: bare Textual app, peak RSS", bare_mb, "MB"),
    ]


def bench_icepool_at_start(sizes: Sizes) -> list[Row]:
    """Whether icepool was imported by the time `skirmtui demo` showed its first frame."""
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        report = run_child("skirmtui", "demo", "-o", str(here / "demo.toml"), cwd=here)
    imported = bool(report["icepool"])
    return [row("odds", "icepool imported at start-up (first frame)", float(imported), "bool", 0)]
