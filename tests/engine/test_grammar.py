"""The narrative's English verbs (engine/report/grammar.py, narrative.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.engine.report.grammar import past_of_base, past_tense
from skirmtui.engine.report.narrative import Teller, tell
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems


@pytest.mark.parametrize(
    ("present", "past"),
    [
        ("strikes", "struck"),
        ("drops", "dropped"),
        ("casts", "cast"),
        ("charges", "charged"),
        ("tries", "tried"),
        ("blocks", "blocked"),
    ],
)
def test_past_tense(present: str, past: str) -> None:
    """pequenas-guerras' melee log "Blades strikes Guards: …" was told "Blades striked
    Guards" in the --full report, "Caçador drops 2 cm" "Caçador droped 2 cm"."""
    assert past_tense(present) == past


def test_the_past_of_a_base_form_follows_the_irregular_verbs() -> None:
    assert past_of_base("strike") == "struck"


def test_a_yes_to_has_x_left_tells_the_participle_once() -> None:
    """cape-et-epee's example: "Has Guardia 1 left the table? → yes" was told "Guardia 1
    lefted the table" (the participle put in the past again)."""
    save = Path(__file__).parents[2] / "saves" / "examples" / "cape-et-epee.toml"
    session, _ = load_session(save, systems())
    battle = session.battle
    told = tell(Teller(battle, battle.labels), battle.log)
    assert "Guardia 1 left the table." in told
    assert not [t for t in told if "lefted" in t]
