"""The opt-in compiled build (issue 28): what it compiles is what docs/performance.md
says, it is off unless asked for, and the app says which build runs. Nothing is
compiled here (`python -m bench.compiled` builds and measures)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

from skirmtui.engine.core import compiled

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "mypyc_modules", ROOT / "tools" / "mypyc_modules.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("### The compiled build")
    end = text.index("\n#", start + 1)
    return text[start:end]


def _listed(label: str) -> list[str]:
    """The backticked paths of the docs' paragraph that starts with `label`."""
    section = _section()
    start = section.index(label)
    end = section.find("\n\n", start)
    return re.findall(r"`(skirmtui/[^`]+)`", section[start:end])


def test_the_docs_list_what_the_build_compiles_and_what_it_keeps_python() -> None:
    config = _tool().hook_config(ROOT)
    assert _listed("Compiled (") == config["compile"]
    assert _listed("Kept Python (") == config["keep-python"]
    count = re.search(r"(\d+) modules compiled", _section())
    assert count is not None
    assert int(count.group(1)) == len(_tool().compiled_files(ROOT))


def test_every_pattern_names_a_module_and_the_hot_path_is_compiled() -> None:
    tool = _tool()
    config = tool.hook_config(ROOT)
    for pattern in [*config["compile"], *config["keep-python"]]:
        assert list(ROOT.glob(pattern)), f"{pattern} matches no file"
    modules = {tool.module_name(f) for f in tool.compiled_files(ROOT)}
    # engine_build() reads these: they must be in the build, or it would say "pure".
    assert set(compiled._PROBES) <= modules
    assert {"skirmtui.engine.play.sim", "skirmtui.engine.core.battle"} <= modules
    # Never the app's screens, the command line or the reports.
    assert not {m for m in modules if m.startswith(("skirmtui.tui", "skirmtui.cli"))}
    assert not {m for m in modules if m.startswith("skirmtui.engine.report")}
    assert "skirmtui.engine.core.compiled" not in modules  # it must stay Python


def test_the_build_is_off_unless_asked_for() -> None:
    config = _tool().hook_config(ROOT)
    assert config["enable-by-default"] is False
    assert config["path"] == "tools/mypyc_hook.py"


def test_this_tree_runs_pure_and_says_so() -> None:
    assert compiled.engine_build() == "pure"
    assert not compiled.is_compiled("skirmtui.engine.core.runner")
    # mypyc's marker is a no-op here: the class comes back as it was.
    marked = compiled.mypyc_attr(native_class=False)(ValueError)
    assert marked is ValueError
