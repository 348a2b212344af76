"""The opt-in compiled build: a hatchling build hook that compiles the hot modules with
mypyc (issue 28; docs/performance.md, "The compiled build").

Off unless `HATCH_BUILD_HOOK_ENABLE_CUSTOM=true` (`enable-by-default = false` in
pyproject.toml): the README's install stays pure Python and needs no C compiler. When
enabled, building a wheel copies the package's Python files to a temporary folder,
compiles there the modules `tools/mypyc_modules.py` lists (setuptools' `build_ext`,
mypyc's own driver) and puts the extensions into the wheel beside the `.py` files
(an extension is imported before a `.py` of the same name). Nothing is written into the
source tree: a stale extension there would shadow an edited `.py` without a word. An
editable install is refused: it would import the tree's Python anyway.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The mypy whose mypyc the build was checked with (a newer one may compile differently).
MYPY = "mypy==2.4.1"

_SETUP = """\
from pathlib import Path

from mypyc.build import mypycify
from setuptools import setup

files = Path("modules.txt").read_text().split()
setup(
    name="skirmtui-compiled",
    ext_modules=mypycify(["--config-file", "mypy-config.toml", *files], opt_level="3",
                         debug_level="0", multi_file=True),
)
"""


def _modules_tool(root: Path) -> Any:
    spec = importlib.util.spec_from_file_location(
        "skirmtui_mypyc_modules", root / "tools" / "mypyc_modules.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class MypycHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        # mypy reads the compiled modules' imports: the app's own dependencies too.
        return [MYPY, "setuptools>=65", *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if version == "editable":
            raise RuntimeError(
                "the compiled build makes a wheel (pip install . or pip wheel .), "
                "not an editable install: see docs/performance.md"
            )
        root = Path(self.root)
        files = _modules_tool(root).compiled_files(root)
        work = Path(tempfile.mkdtemp(prefix="skirmtui-mypyc-"))
        self._work = work
        shutil.copytree(
            root / "skirmtui",
            work / "skirmtui",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd"),
        )
        # mypy's settings, under another name (setuptools must not read the project),
        # with the plugin that types a record field's `field(...)` as what it is.
        plugin = work / "mypyc_plugin.py"
        shutil.copy2(root / "tools" / "mypyc_plugin.py", plugin)
        config = (root / "pyproject.toml").read_text(encoding="utf-8")
        config = config.replace("[tool.mypy]\n", f'[tool.mypy]\nplugins = ["{plugin}"]\n', 1)
        (work / "mypy-config.toml").write_text(config, encoding="utf-8")
        (work / "modules.txt").write_text("\n".join(files) + "\n")
        (work / "setup_mypyc.py").write_text(_SETUP)
        jobs = os.environ.get("SKIRMTUI_MYPYC_JOBS", str(os.cpu_count() or 1))
        self.app.display_info(f"mypyc: compiling {len(files)} modules ({jobs} jobs)")
        try:
            subprocess.run(
                [sys.executable, "setup_mypyc.py", "build_ext", "--inplace", "-j", jobs],
                cwd=work,
                check=True,
            )
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
        made = [p for p in work.rglob("*") if p.name.endswith(tuple(EXTENSION_SUFFIXES))]
        for path in made:
            build_data["force_include"][str(path)] = path.relative_to(work).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
