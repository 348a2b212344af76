"""Shared fixtures: the wargaming-introduttivo system and its demo battle."""

from __future__ import annotations

import pytest

from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import RuleSystem
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
