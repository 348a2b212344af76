"""Issue 26, point 7: pequenas-guerras' personas play to their names. Its standing
(markers, routs, a side wiped out) is every persona's and outweighs most of what the
shared weights add; `data/pequenas-guerras/personas.toml` gives the aggressive one an
`attack` weight that shows through it."""

from __future__ import annotations

import tomllib

import attrs
import pytest

from skirmtui.engine.core.data import data_root
from skirmtui.engine.play import policy
from skirmtui.engine.play.personas import Persona, persona
from tests.play.test_persona_choices import choices, chosen, position

PG = "pequenas-guerras"


def _shared_attack() -> float:
    """The shared file's `attack` for the aggressive one (data/personas.toml)."""
    with open(data_root() / "personas.toml", "rb") as handle:
        return float(tomllib.load(handle)["aggressive"]["attack"])


def test_the_aggressive_one_values_each_attack_roll_more_than_the_shared_weight() -> None:
    assert persona(PG, "aggressive").attack == 1.5
    assert _shared_attack() == 0.3
    assert persona(PG, "balanced").attack == 0.0 == persona(PG, "cautious").attack


def test_the_aggressive_one_fires_on_overwatch_where_the_others_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 2: red's overwatching unit may fire at an enemy moving in sight (the target
    counts as in cover). Holding the fire keeps the overwatch and weighs the enemy's reply
    less; the aggressive one fires for the attack rolls it makes (1 expected)."""
    made = choices(position(PG, 2, 191, "overwatch.fire"))
    assert made["aggressive"].value is True
    assert made["aggressive"].reason.endswith(" attack rolls at the enemy")
    for name in ("balanced", "cautious"):
        assert made[name].value is False, name
        assert "attack rolls" not in made[name].reason, name
    assert chosen(made["aggressive"]).attacks > chosen(made["balanced"]).attacks == 0.0
    # With the shared weight (0.3) it held its fire as the others do: the weight moves it.
    shared = _shared_attack()

    def weights(system_id: str, name: str) -> Persona:
        found = persona(system_id, name)
        return attrs.evolve(found, attack=shared) if name == "aggressive" else found

    monkeypatch.setattr(policy, "persona", weights)
    again = choices(position(PG, 2, 191, "overwatch.fire"))
    assert again["aggressive"].value is False
