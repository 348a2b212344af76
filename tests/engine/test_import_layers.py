"""engine/ and systems/ never import Textual; icepool is imported only when odds are asked."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import importlib, pkgutil, sys
import skirmtui.engine, skirmtui.systems
for package in (skirmtui.engine, skirmtui.systems):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
from skirmtui.systems.registry import systems
from skirmtui.engine.session import Session
for system in systems().values():
    Session(system, system.demo_setup())
print(sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "icepool")))
"""


def test_engine_and_systems_import_neither_textual_nor_icepool() -> None:
    result = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_cli_module_does_not_import_textual() -> None:
    code = "import sys, skirmtui.cli; print('textual' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr
