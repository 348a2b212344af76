"""Shared fixtures: the wargaming-introduttivo system and its demo battle; persona files
a test writes (a homebrew author's, mistyped or not)."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from skirmtui.engine.core.data import data_root
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import RuleSystem
from skirmtui.engine.play import personas as personas_module
from skirmtui.engine.play.personas import personas
from skirmtui.systems.registry import get_system

WI = "wargaming-introduttivo"


@pytest.fixture
def wi() -> RuleSystem:
    """The wargaming-introduttivo rule system (seed 002)."""
    return get_system(WI)


@pytest.fixture
def demo(wi: RuleSystem) -> Session:
    """A fresh session of the bundled demo battle (nothing answered yet)."""
    return Session(wi, wi.demo_setup())


#: Appends TOML to a persona file: "shared" or a system id's own (`persona_files`).
Write = Callable[[str, str], Path]


@pytest.fixture
def persona_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Write]:
    """The persona files read from `tmp_path` (the shared one copied); the returned
    function appends TOML to the shared file ("shared") or the system's (a system id)."""
    shutil.copy(data_root() / "personas.toml", tmp_path / "personas.toml")
    monkeypatch.setattr(personas_module, "data_root", lambda: tmp_path)
    monkeypatch.setattr(personas_module, "system_dir", lambda system_id: tmp_path / system_id)
    personas.cache_clear()

    def write(where: str, toml: str) -> Path:
        path = (
            tmp_path / "personas.toml" if where == "shared" else tmp_path / where / "personas.toml"
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as handle:
            handle.write("\n" + toml + "\n")
        return path

    yield write
    personas.cache_clear()
