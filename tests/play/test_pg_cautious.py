"""Issue 26, point 7: pequenas-guerras' cautious persona holds its ground. Its `hold`
(data/pequenas-guerras/personas.toml) values an action that moves its unit 0 cm (Hold,
Take Cover, Overwatch: the system's `stays`) over one that moves it (Advance, Rush,
Charge): where they are worth about the same it stays, where balanced, at random among
answers worth the same, charges or rushes into the open."""

from __future__ import annotations

import tomllib

import attrs
import pytest

from skirmtui.engine.core.data import data_root
from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.play import policy
from skirmtui.engine.play.outlook import Outlook
from skirmtui.engine.play.personas import Persona, persona
from skirmtui.engine.play.reasons import reason_words
from skirmtui.engine.play.why import option_words
from skirmtui.systems.registry import get_system
from tests.play.test_persona_choices import choices, chosen, position

PG = "pequenas-guerras"


def test_only_pequenas_guerras_cautious_one_values_holding_its_ground() -> None:
    assert persona(PG, "cautious").hold == 0.3
    assert persona(PG, "balanced").hold == 0.0 == persona(PG, "aggressive").hold
    # The shared cautious has none: another system's is its own file's (regole-base's).
    with open(data_root() / "personas.toml", "rb") as handle:
        assert "hold" not in tomllib.load(handle)["cautious"]
    assert persona("wargaming-introduttivo", "cautious").hold == 0.0


@pytest.mark.parametrize("key", ["activate.action", "action.choose"])
def test_an_action_that_moves_nothing_stays(key: str) -> None:
    system = get_system(PG)
    prompt = Choose(key=key, text="which action?", options=())
    unit = "red1|" if key == "activate.action" else ""
    stays = {a: system.stays(prompt, unit + a) for a in ("hold", "cover", "overwatch")}
    moves = {a: system.stays(prompt, unit + a) for a in ("advance", "rush", "charge")}
    assert all(stays.values()) and not any(moves.values())
    # A stunned unit's recovery is no action chosen; another question's answers never stay.
    assert not system.stays(prompt, unit + "recover")
    assert not system.stays(Choose(key="shoot.target", text="at?", options=()), "none")


def test_the_cautious_one_holds_its_ground_where_balanced_charges(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 3, red's Caçador chooses its action: the look-ahead sees nothing any of the
    six brings (the charge's blows past what it sees), so balanced takes one at random
    and charges; the cautious one stays (overwatch, a tie of the three that stay) and
    says so. With its shared weights (no `hold`) it charged too: the weight moves it."""
    made = choices(position(PG, 6, 184, "action.choose"))
    assert made["balanced"].value == "charge"
    assert made["balanced"].reason == (
        "all 6 answers worth the same (no loss expected): picked by the battle's seed"
    )
    assert made["cautious"].value == "overwatch"
    assert made["cautious"].reason == (
        "no loss expected, holds its ground; tie of 3: picked by the battle's seed"
    )
    assert "holds its ground" not in made["balanced"].reason + made["aggressive"].reason
    scores = {c.value: c.score for c in made["cautious"].considered}
    for stays in ("hold", "cover", "overwatch"):
        for moves in ("advance", "rush", "charge"):
            assert scores[stays] - scores[moves] == pytest.approx(0.3, abs=1e-6)
    assert chosen(made["cautious"]).taken == 0.0
    # The Why? screen names the weight on each answer it was added to, and only there.
    words = {c.value: option_words(c) for c in made["cautious"].considered}
    for action, said in words.items():
        assert ("holds its ground +0.30" in said) == (action in ("hold", "cover", "overwatch"))
    assert not any("holds its ground" in option_words(c) for c in made["balanced"].considered)

    def shared(system_id: str, name: str) -> Persona:
        found = persona(system_id, name)
        return attrs.evolve(found, hold=0.0) if name == "cautious" else found

    monkeypatch.setattr(policy, "persona", shared)
    again = choices(position(PG, 6, 184, "action.choose"))
    assert again["cautious"].value == "charge"
    assert again["cautious"].reason == made["balanced"].reason


def test_the_reason_says_it_holds_its_ground() -> None:
    quiet = Outlook(0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    assert reason_words(quiet, holds=True) == "no loss expected, holds its ground"
    dealt = attrs.evolve(quiet, dealt=0.25)
    assert reason_words(dealt, holds=True) == "deals 0.25, holds its ground"
    assert reason_words(dealt) == "deals 0.25"
