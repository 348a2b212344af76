"""The compiled build against the pure one: `python -m bench.compiled [--venv DIR]`.

Builds the opt-in compiled wheel (docs/performance.md, "The compiled build") from this
tree into its own venv (`--venv`, default /tmp/skirm-compiled: never into the tree,
where a stale extension would shadow an edited `.py`), then plays `skirmtui sim
SYSTEM --battles N --seed 1` with the venv's interpreter twice per round, once on this
tree's Python (`PYTHONPATH`) and once on the compiled install, the order swapped each
round, and prints both figures against the 250 battles/s target. `--no-build` reuses
the venv as it is; `--rounds`, `--battles`, `--systems` as named.

The build needs a C compiler and Python's headers; it prints how long it took.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from bench.script import run_main

ROOT = Path(__file__).resolve().parent.parent
TARGET = 250.0
SYSTEMS = (
    "wargaming-introduttivo",
    "pequenas-guerras",
    "cape-et-epee",
    "combattimento-gdr",
    "regole-base",
)
#: The build tools the hook needs when pip does not isolate the build.
BUILD_TOOLS = ("hatchling>=1.24", "mypy==2.4.1", "setuptools>=65")


def build(venv: Path) -> float:
    """Make `venv`, build the compiled wheel of this tree and install it: seconds taken
    by the wheel's build alone."""
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    with (ROOT / "pyproject.toml").open("rb") as file:
        dependencies = tomllib.load(file)["project"]["dependencies"]
    pip = [str(python), "-m", "pip", "install", "-q"]
    subprocess.run([*pip, *BUILD_TOOLS, *dependencies], check=True)
    env = {**os.environ, "HATCH_BUILD_HOOK_ENABLE_CUSTOM": "true"}
    with tempfile.TemporaryDirectory(prefix="skirm-wheel-") as wheels:
        # The wheel is built from a copy: a commit or merge in the tree during the
        # minutes of the compile cannot mix two versions into one wheel.
        source = Path(wheels) / "source"
        skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so")
        for name in ("skirmtui", "tools", "data"):
            shutil.copytree(ROOT / name, source / name, ignore=skip)
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, source / name)
        start = time.perf_counter()
        subprocess.run(
            [
                str(python),
                "-m",
                "pip",
                "wheel",
                "-q",
                "--no-build-isolation",
                "--no-deps",
                "-w",
                wheels,
                str(source),
            ],
            check=True,
            env=env,
        )
        seconds = time.perf_counter() - start
        wheel = next(Path(wheels).glob("skirmtui-*.whl"))
        subprocess.run([*pip, "--no-deps", "--force-reinstall", str(wheel)], check=True)
    return seconds


def sim_figure(python: Path, system: str, battles: int, pure: bool) -> tuple[float, str]:
    """The battles/s `skirmtui sim` prints, and the build it says it ran."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pure:
        env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [str(python), "-m", "skirmtui", "sim", system, "--battles", str(battles), "--seed", "1"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),  # not the tree: `-m` would import it first
    )
    out = done.stdout
    if done.returncode != 0:
        build = "pure" if pure else "compiled"
        raise SystemExit(f"{system} ({build}): sim failed\n{out}{done.stderr[-2000:]}")
    speed = re.search(r"^battles per second: ([\d.]+)$", out, re.M)
    engine = re.search(r"^engine: (\w+)$", out, re.M)
    assert speed is not None and engine is not None, out
    return float(speed.group(1)), engine.group(1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--venv", type=Path, default=Path("/tmp/skirm-compiled"))
    parser.add_argument("--no-build", action="store_true", help="use the venv as it is")
    parser.add_argument("--battles", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=2, help="0: build only")
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    args = parser.parse_args(argv)
    if not args.no_build:
        seconds = build(args.venv)
        print(f"compiled wheel built in {seconds:.0f} s into {args.venv}")
    python = args.venv / "bin" / "python"
    if args.rounds < 1:
        return 0
    print(f"sim SYSTEM --battles {args.battles} --seed 1, battles/s; target >= {TARGET:.0f}")
    print("| system | pure | compiled | compiled / pure | >= 250 compiled |")
    print("|---|---|---|---|---|")
    for system in args.systems.split(","):
        runs: dict[bool, list[float]] = {True: [], False: []}
        for round_ in range(args.rounds):
            for pure in (True, False) if round_ % 2 == 0 else (False, True):
                figure, engine = sim_figure(python, system, args.battles, pure)
                if engine != ("pure" if pure else "compiled"):
                    print(
                        f"{system}: expected the {'pure' if pure else 'compiled'} engine, "
                        f"sim says {engine}",
                        file=sys.stderr,
                    )
                    return 1
                runs[pure].append(figure)
        pure_s, compiled_s = runs[True], runs[False]
        ratio = statistics.median(compiled_s) / statistics.median(pure_s)
        met = "yes" if min(compiled_s) >= TARGET else "no"
        print(
            f"| {system} | {', '.join(f'{f:.1f}' for f in pure_s)} | "
            f"{', '.join(f'{f:.1f}' for f in compiled_s)} | {ratio:.2f} | {met} |"
        )
    return 0


if __name__ == "__main__":
    run_main(main)
