"""Shared pieces of the TUI tests."""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp

WI = "wargaming-introduttivo"
SIZE = (120, 40)


def demo_session() -> Session:
    system = get_system(WI)
    return Session(system, system.demo_setup())


def demo_app(path: Path, autosave: bool = True) -> SkirmApp:
    return SkirmApp(
        session=demo_session(), path=path, created="2026-01-01T00:00:00Z", autosave=autosave
    )
