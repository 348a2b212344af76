"""Issue 26: wargaming-introduttivo's personas play to their names. Its look-ahead ends
with the activation phase (the enemy's activation is a decision it does not read), and
what an activation is for comes two phases later: the damaged unit made active may
recover (WI-5), the active unit makes its one attack of the turn (WI-4). Unseen, every
activation looked alike and each persona picked the same units: aggressive attacked no
more than balanced (12.8 and 12.8 attack rolls a battle against random), cautious lost
as many units (0.37 and 0.39 a battle). The system now says what is to come
(`attacks_to_come`, `mending`) and each persona weighs it by its own weights (`attack`,
`mend`, data/personas.toml; the aggressive one's `risk` is 0 here,
data/wargaming-introduttivo/personas.toml)."""

from __future__ import annotations

import attrs

from skirmtui.engine.core import records
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.policy import decide, prepare, think
from skirmtui.systems.registry import get_system
from tests.play.test_persona_choices import position

WI = "wargaming-introduttivo"


def _without(session, name: str, **weights: float):  # type: ignore[no-untyped-def]
    """The persona's decision with some weights changed (its look-ahead's own copy)."""
    question = prepare(session, name)
    assert question is not None and question.search is not None
    changed = attrs.evolve(persona(WI, name), **weights)
    question.search.persona = changed
    if "attack" in weights:
        question.search.to_come = None
    if "mend" in weights:
        question.search.mended = 0.0
    return think(records.evolve(question, persona=changed))


def test_the_aggressive_one_activates_its_likeliest_unit_first() -> None:
    """Veles 2 (ABI 4, 67%) or a Legionario (ABI 3, 50%): the player's first failure ends
    its activation (WI-3), so the likeliest first makes more units active, each an
    attack of the turn to come; its reason counts them."""
    s = position(WI, 4, 10, "activation.unit")
    units = s.battle.units
    aggressive = decide(s, "aggressive")
    assert aggressive is not None
    assert aggressive.value == "red6" and units["red6"].num("abi") == 4
    assert aggressive.reason == (
        "67% to succeed, 1.00 attack rolls at the enemy, ahead of 2 worth the same but for"
        " their lower chance to succeed"
    )
    chosen = next(c for c in aggressive.considered if c.chosen)
    assert chosen.outlook is not None and chosen.outlook.attacks == 1.0
    # Seeking the swing of the dice (the shared `risk` 0.3), it tried a 50% unit first.
    gambler = _without(s, "aggressive", risk=0.3)
    assert units[str(gambler.value)].num("abi") == 3
    assert gambler.reason.startswith("50% to succeed")


def test_the_cautious_one_activates_its_damaged_unit_first_to_recover() -> None:
    """Legionario 3 is prone (damage 1): made active, it may recover in the Recovery
    phase (WI-5: one damaged active unit a player, ABI 3: 50%); the cautious one tries it
    first, balanced and aggressive their likeliest unit (ABI 4)."""
    s = position(WI, 5, 20, "activation.unit")
    units = s.battle.units
    assert units["red4"].num("damage") == 1 and units["red4"].num("abi") == 3
    cautious = decide(s, "cautious")
    balanced = decide(s, "balanced")
    assert cautious is not None and balanced is not None
    assert cautious.value == "red4"
    assert cautious.reason == "50% to succeed, recovery to come +0.08"
    assert units[str(balanced.value)].num("abi") == 4
    assert "recovery to come" not in balanced.reason
    # The weight is what makes it: without `mend`, the cautious one picks as balanced.
    unmended = _without(s, "cautious", mend=0.0)
    assert units[str(unmended.value)].num("abi") == 4


def test_what_is_to_come_as_the_system_reads_it() -> None:
    """Mid-activation: each active unit that has not attacked is an attack to come
    (WI-4), the prone active unit's recovery is half a damage level's third (ABI 3)."""
    s = position(WI, 5, 20, "activation.unit")
    system, battle = get_system(WI), s.battle
    assert system.attacks_to_come(battle, "red") == 0.0  # nobody active yet
    assert system.mending(battle, "red") == 0.0  # the prone unit is not active
    battle.units["red4"].stats["active"] = True
    battle.units["red5"].stats["active"] = True
    assert system.attacks_to_come(battle, "red") == 2.0
    assert abs(system.mending(battle, "red") - 0.5 / 3) < 1e-9
