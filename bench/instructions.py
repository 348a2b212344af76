"""Instructions to the first frame: `python -m bench.instructions` (needs valgrind).

Start-up's wall time moves by ±0.05× between runs of the same code on a shared VM;
the number of instructions the interpreter executes does not (fixed hash seed: it
repeats to ±0.1 %). This runs the start-up harness (`bench/child.py`: the bare app,
then `skirmtui demo`) once each under valgrind's callgrind and prints both counts and
their ratio, to tell whether a change to start-up did less work before timing it. It
is a guide, not the target: the target is wall time (`python -m bench --only startup`),
and time spent waiting (Textual's frame timer after the first frame) is no instruction.
About 12 s a run.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.__main__ import format_table
from bench.common import Row, row
from bench.process_measures import child_env, compile_bytecode
from bench.script import run_main


def instructions(*args: str, cwd: Path) -> int:
    """Instructions executed by `python -m bench.child ARGS` (callgrind's `Collected`)."""
    env = child_env()
    env["PYTHONHASHSEED"] = "0"  # the same dict and set orders: the same instructions
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-m",
            "bench.child",
            *args,
        ],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind run {args} failed: {done.stderr[-2000:]}")
    return int(found.group(1))


def measure() -> list[Row]:
    compile_bytecode()
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        bare = instructions("bare", cwd=here)
        demo = instructions("skirmtui", "demo", "-o", str(here / "demo.toml"), cwd=here)
    millions = {"demo_M": round(demo / 1e6, 1), "bare_M": round(bare / 1e6, 1)}
    return [
        row(
            "instructions",
            "start-up instructions: skirmtui demo / bare app",
            demo / bare,
            "×",
            detail=millions,
        ),
        row("instructions", "start-up instructions: skirmtui demo", demo / 1e6, "M"),
        row("instructions", "start-up instructions: bare Textual app", bare / 1e6, "M"),
    ]


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(
        prog="python -m bench.instructions", description=(__doc__ or "").split("\n\n")[1]
    ).parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 1
    print(format_table(measure()))
    return 0


if __name__ == "__main__":
    run_main(main)
