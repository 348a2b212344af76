"""Issue 26: the aggressive persona seeks the fight (`attack`, data/personas.toml): each
attack roll its units make at an enemy in the decision's own step is worth something of
itself. Where the one-step look-ahead sees no loss either way (a shot it cannot see
through, a move, a charge the table decides), balanced breaks the tie by the seed; the
aggressive one attacks, and its reason says so."""

from __future__ import annotations

import attrs

from skirmtui.engine.core import records
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.policy import decide, prepare, think
from tests.play.test_persona_choices import position


def test_cape_et_epee_the_aggressive_one_shoots_where_balanced_moves() -> None:
    s = position("cape-et-epee", 1, 190, "impulse.action")
    balanced = decide(s, "balanced")
    aggressive = decide(s, "aggressive")
    assert balanced is not None and aggressive is not None
    assert balanced.value == "move"
    assert balanced.reason == "no loss expected; tie of 4: picked by the battle's seed"
    assert aggressive.value == "shoot"
    assert aggressive.reason == "0.33 attack rolls at the enemy"
    # The weight is what makes it shoot: without it, the same tie as balanced's.
    question = prepare(s, "aggressive")
    assert question is not None and question.search is not None
    without = attrs.evolve(persona("cape-et-epee", "aggressive"), attack=0.0)
    question.search.persona = without  # the look-ahead's valuation, a private copy
    old = think(records.evolve(question, persona=without))
    assert old.reason == "no loss expected; tie of 4: picked by the battle's seed"


def test_only_the_aggressive_persona_values_an_attack_as_such() -> None:
    for system_id in ("wargaming-introduttivo", "cape-et-epee", "regole-base"):
        assert persona(system_id, "aggressive").attack > 0
        assert persona(system_id, "balanced").attack == 0 == persona(system_id, "cautious").attack


def test_combattimento_gdr_the_aggressive_one_shoots_where_balanced_waits() -> None:
    s = position("combattimento-gdr", 1, 0, "action.choose")
    balanced = decide(s, "balanced")
    aggressive = decide(s, "aggressive")
    assert balanced is not None and aggressive is not None
    assert balanced.value == "delay"
    assert balanced.reason == "no loss expected; tie of 4: picked by the battle's seed"
    assert aggressive.value == "ranged"
    assert aggressive.reason == "0.33 attack rolls at the enemy"
