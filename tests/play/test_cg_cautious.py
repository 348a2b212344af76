"""Issue 26: combattimento-gdr's cautious persona (data/combattimento-gdr/personas.toml).
Every combatant strikes each turn it can: holding back does not keep one out of the
fight. With the shared cautious weights (no value for acting) the app's combatant did
nothing beside a foe and lost more of its own than balanced; its own weights let it
wait for its moment (act later in the turn) where a blow is a gamble, while balanced
and aggressive strike now."""

from __future__ import annotations

import attrs

from skirmtui.engine.core import records
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.answers import passive
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.policy import decide, prepare, think
from skirmtui.systems.registry import get_system
from tests.systems.cg_helpers import CG, ch, setup


def _beside_a_frail_foe() -> Session:
    """Aldo (red, the app's, an axe, AGI d10: he acts first) in contact with Bruto (five
    body points, a dodge and a parry); today's questions (the light asked at the first
    attack, each way as likely)."""
    bruto = ch("Bruto", agi="d6", boxes="1 1 1 1 1", skills="schivare:d6 parare_arma:d6")
    made = setup([ch("Aldo", agi="d10", weapons="ascia")], [bruto])
    s = Session(get_system(CG), attrs.evolve(made, options={"contact": ["red1 blue1"]}))
    let_app_play(s, {"red": "cautious"})
    assert s.prompt is not None and s.prompt.key == "action.choose"
    assert s.prompt.actor == "red1"
    return s


def test_the_cautious_one_waits_for_its_moment_where_the_others_strike() -> None:
    s = _beside_a_frail_foe()
    prompt = s.prompt
    assert prompt is not None
    cautious = decide(s, "cautious")
    assert cautious is not None
    # It acts (a little `bold`), but not the blow: a 4% chance to take Bruto off is a
    # gamble its `risk` avoids. Waiting and readying are worth the same to it.
    assert cautious.value == "delay" and not passive(prompt, cautious.value)
    assert cautious.reason == "no loss expected; tie of 2: picked by the battle's seed"
    for name in ("balanced", "aggressive"):
        bold = decide(s, name)
        assert bold is not None
        assert bold.value == "melee" and bold.reason.startswith("4% to take a unit off, deals 0.04")
    # The aggressive one values the attack itself (`attack`) and says so.
    said = "4% to take a unit off, deals 0.04, 1.10 attack rolls at the enemy"
    assert aggressive_reason(s) == said


def test_with_the_shared_cautious_weights_it_did_nothing() -> None:
    """The same position decided with the shared weights (what combattimento-gdr's
    cautious was): everything but the blow is worth 0, so the tie went to doing nothing."""
    s = _beside_a_frail_foe()
    question = prepare(s, "cautious")
    assert question is not None
    shared = persona("wargaming-introduttivo", "cautious")  # no file of its own
    decision = think(records.evolve(question, persona=shared))
    assert (
        decision.value == "nothing"
        and decision.reason == "no loss expected; tie of 3: the one that does nothing taken"
    )


def test_combattimento_gdrs_cautious_weighs_foes_taken_off_as_the_aggressive_one() -> None:
    own, aggressive = persona(CG, "cautious"), persona(CG, "aggressive")
    shared = persona("wargaming-introduttivo", "cautious")
    assert (own.kill, own.harm, own.focus) == (aggressive.kill, aggressive.harm, 1.0)
    assert (own.keep, own.cohesion, own.risk) == (shared.keep, shared.cohesion, shared.risk)
    assert own.bold == 0.05 and shared.bold == 0.0
    assert own.keep > aggressive.keep and own.risk < aggressive.risk


def aggressive_reason(s: Session) -> str:
    decision = decide(s, "aggressive")
    assert decision is not None
    return decision.reason
