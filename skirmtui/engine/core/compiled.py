"""Whether the engine runs compiled, and the one mypyc marker the code uses (issue 28).

An opt-in build (docs/performance.md, "The compiled build") compiles the engine's hot
modules and the rule systems with mypyc; the plain install runs them as Python. This
module stays Python in both: `engine_build()` says which the running code is (`sim`
and `balance` print it: a figure is only comparable with its build), and
`mypyc_attr` is mypy_extensions's marker for mypy and mypyc, a no-op at run time, so
the app does not need mypy_extensions installed.
"""

from __future__ import annotations

from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*_names: str, **_attrs: Any) -> Any:
        """mypy_extensions's `mypyc_attr`: read by mypyc when it compiles, nothing at
        run time."""
        return lambda cls: cls


#: Modules whose build says the whole engine's: the runner and the prompts every answer
#: goes through (the build compiles all of them or none).
_PROBES = ("skirmtui.engine.core.runner", "skirmtui.engine.core.prompts")


def is_compiled(module: str) -> bool:
    """Whether `module` was loaded from a compiled extension (imported by name: the
    runner imports this module for its marker)."""
    path = getattr(import_module(module), "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def engine_build() -> str:
    """`"compiled"` when the engine runs as mypyc extensions, else `"pure"` (Python)."""
    return "compiled" if all(is_compiled(m) for m in _PROBES) else "pure"
