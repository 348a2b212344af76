"""Which modules the opt-in compiled build compiles with mypyc (issue 28).

Read from `pyproject.toml`'s `[tool.hatch.build.targets.wheel.hooks.custom]`: `compile`
(globs of the hot modules: the engine's core, random play, the rule systems) less
`keep-python` (modules mypyc cannot compile as they are, each with why in
docs/performance.md). The build hook (`tools/mypyc_hook.py`) compiles this list and
tests/test_compiled_build.py holds the docs to it, without compiling anything.

`python tools/mypyc_modules.py` prints the list.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def hook_config(root: Path = ROOT) -> dict[str, object]:
    """The build hook's table of `pyproject.toml`."""
    with (root / "pyproject.toml").open("rb") as file:
        project = tomllib.load(file)
    hooks = project["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]
    config: dict[str, object] = hooks["custom"]
    return config


def _globs(config: dict[str, object], key: str) -> list[str]:
    value = config.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"hooks.custom.{key} must be a list of globs")
    return value


def compiled_files(root: Path = ROOT) -> list[str]:
    """The files (relative, `/`-separated, sorted) the compiled build compiles: those
    `compile` matches, but `__init__.py` files and those `keep-python` matches."""
    config = hook_config(root)
    kept = {p for pattern in _globs(config, "keep-python") for p in root.glob(pattern)}
    found = {
        path
        for pattern in _globs(config, "compile")
        for path in root.glob(pattern)
        if path.name != "__init__.py" and path not in kept
    }
    return sorted(path.relative_to(root).as_posix() for path in found)


def module_name(file: str) -> str:
    """`skirmtui/engine/core/runner.py` -> `skirmtui.engine.core.runner`."""
    return file.removesuffix(".py").replace("/", ".")


def main() -> int:
    files = compiled_files()
    for file in files:
        print(module_name(file))
    print(f"{len(files)} modules", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
