"""The narrative's English verbs (engine/report/grammar.py)."""

from __future__ import annotations

import pytest

from skirmtui.engine.report.grammar import past_of_base, past_tense


@pytest.mark.parametrize(
    ("present", "past"),
    [("strikes", "struck"), ("charges", "charged"), ("tries", "tried"), ("blocks", "blocked")],
)
def test_past_tense(present: str, past: str) -> None:
    """pequenas-guerras' melee log "Blades strikes Guards: …" was told "Blades striked
    Guards" in the --full report."""
    assert past_tense(present) == past


def test_the_past_of_a_base_form_follows_the_irregular_verbs() -> None:
    assert past_of_base("strike") == "struck"
