"""Scripted play for fixed-dice rule tests of any system."""

from __future__ import annotations

from typing import Any

import pytest

from skirmtui.engine.core.prompts import AnswerError
from skirmtui.engine.core.session import Session


def play(s: Session, *steps: tuple[str, Any]) -> None:
    """Answer prompts in order, checking each key is what the rules ask now."""
    for key, value in steps:
        assert s.prompt is not None, f"battle over, but the test answers {key}"
        assert s.prompt.key == key, f"rules ask {s.prompt.key!r}, test answers {key!r}"
        s.answer(value)


def key(s: Session) -> str:
    """The key of the question the rules ask now."""
    assert s.prompt is not None, "the battle is over"
    return s.prompt.key


def stat(s: Session, unit: str, field: str) -> Any:
    return s.battle.units[unit].stats[field]


def refused(s: Session, value: object, match: str) -> None:
    """The answer is refused with a reason and nothing is stored."""
    before = len(s.items)
    with pytest.raises(AnswerError, match=match):
        s.answer(value)
    assert len(s.items) == before
