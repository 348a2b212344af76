"""Layers (DESIGN.md): engine/ and systems/ never import Textual; odds import icepool lazily.

Each check runs in a fresh interpreter, so nothing this test process imported counts.
"""

from __future__ import annotations

import json
import subprocess
import sys

WALK = """
import importlib, json, pkgutil, sys
import skirmtui.engine, skirmtui.systems
names = []
for package in (skirmtui.engine, skirmtui.systems):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
        names.append(info.name)
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import systems
for system in systems().values():
    Session(system, system.demo_setup())
print(json.dumps({
    "modules": names,
    "textual": sorted(m for m in sys.modules if m == "textual" or m.startswith("textual.")),
    "icepool": sorted(m for m in sys.modules if m == "icepool" or m.startswith("icepool.")),
}))
"""

LAZY_ODDS = """
import json, sys
import skirmtui.cli
from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import systems
loaded = []
for system in systems().values():
    session = Session(system, system.demo_setup())
    while session.prompt is not None and not isinstance(session.prompt, Roll):
        session.answer(session.prompt.random_answer(__import__("random").Random(1)))
    session.roll()
    loaded.append("icepool" in sys.modules)
from skirmtui.engine.core.odds import success_chance
roll = Roll(key="k", text="t", dice="1d6", compare="<=", threshold=4)
chance = str(success_chance(roll))
print(json.dumps({"before": loaded, "chance": chance, "after": "icepool" in sys.modules,
                  "textual": "textual" in sys.modules}))
"""


def _run(code: str) -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    found: dict[str, object] = json.loads(result.stdout)
    return found


def test_no_module_of_engine_or_systems_imports_textual_or_icepool() -> None:
    """Importing every module (odds included) and starting each system's demo loads
    neither Textual nor icepool: icepool waits until odds are asked."""
    found = _run(WALK)
    modules = found["modules"]
    assert isinstance(modules, list)
    # the walk really reached every layer, down to the systems' own packages
    for name in (
        "skirmtui.engine.core.session",
        "skirmtui.engine.store.saves",
        "skirmtui.engine.core.odds",
        "skirmtui.systems.registry",
        "skirmtui.systems.wargaming_introduttivo.system",
    ):
        assert name in modules
    assert found["textual"] == []
    assert found["icepool"] == []


def test_the_cli_and_a_session_do_not_import_icepool_until_odds_are_asked() -> None:
    found = _run(LAZY_ODDS)
    before = found["before"]
    assert isinstance(before, list) and before  # one entry per registered system
    assert not any(before), "icepool was imported before any odds were asked"
    assert found["chance"] == "2/3"
    assert found["after"] is True  # lazy, not missing: asking for odds loads it
    assert found["textual"] is False
