"""Issue 26: combattimento-gdr's attacks valued by their blows. The look-ahead stopped
at another side's decision, and two of them sat inside an attack: the target's choice
of defence (a `reply`: read on with the defence worst for the attacker), and, in a
simultaneous group, the next member's action before the group's held hits land (CG-4:
valued as landed, `landed`). Either way an attack looked worth nothing, so the cautious
persona, with no value for acting, did nothing and let the enemy strike first: it lost
the most combatants of the three personas."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from skirmtui.engine.core import records
from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.lookahead import DEPTH
from skirmtui.engine.play.outlook import Outlook
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.policy import Decision, decide, prepare, think
from skirmtui.systems.combattimento_gdr.system import CombattimentoGdr
from skirmtui.systems.registry import get_system
from tests.systems.cg_helpers import CG, ch, duel, melee, play, setup, stat


def _chosen(decision: Decision | None) -> tuple[object, float]:
    assert decision is not None
    pick = next(c for c in decision.considered if c.chosen)
    assert pick.outlook is not None
    return pick.value, pick.outlook.dealt


def _today(red: list[dict[str, Any]], blue: list[dict[str, Any]]) -> Session:
    """red1 and blue1 in contact, today's questions (the light asked at the turn's
    first attack, a table fact the look-ahead takes every way), red the app's cautious."""
    made = setup(red, blue, contact=["red1 blue1"])
    s = Session(get_system(CG), attrs.evolve(made, options={"contact": ["red1 blue1"]}))
    let_app_play(s, {"red": "cautious"})
    return s


def _group() -> Session:
    """Aldo (red, the app's cautious) and Bruto in contact act as one simultaneous group
    (equal AGI and DES, CG-4); Aldo's turn comes first."""
    s = _today([ch("Aldo", agi="d8", des="d8")], [ch("Bruto", agi="d8", des="d8")])
    assert s.battle.pos.order == [["red1", "blue1"]]
    assert s.prompt is not None and s.prompt.key == "action.choose"
    assert s.prompt.actor == "red1"
    return s


def test_cg4_a_groups_held_hit_counts_as_landed_on_a_copy() -> None:
    s = duel(ch("Aldo", agi="d8", des="d8"), ch("Bruto", agi="d8", des="d8"))
    melee(s, (8, 3), (2,), damage=6)
    system = s.system
    assert stat(s, "blue1", "damage") == 0  # held (CG-4)
    landed = system.landed(s.battle)
    assert landed is not s.battle and landed.units["blue1"].num("damage") == 6
    assert stat(s, "blue1", "damage") == 0 and s.battle.pos.held  # the battle unchanged
    assert BaseSystem.landed(system, s.battle) is s.battle  # nothing held by default


def test_cg4_the_cautious_one_attacks_in_a_group_its_hit_valued_as_landed() -> None:
    value, dealt = _chosen(decide(_group()))
    assert value == "melee" and dealt > 0.0


def test_cg4_without_landed_the_attack_looked_worth_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The flaw, shown: Bruto's action comes before the hit lands; valued as it stood,
    the attack dealt nothing, and the cautious one (the shared weights it had then) did
    nothing."""
    monkeypatch.setattr(CombattimentoGdr, "landed", BaseSystem.landed)
    question = prepare(_group())
    assert question is not None
    shared = persona("wargaming-introduttivo", "cautious")  # no file of its own
    decision = think(records.evolve(question, persona=shared))
    value, dealt = _chosen(decision)
    assert value == "nothing" and dealt == 0.0
    assert decision.reason == "no loss expected; tie of 4: the one that does nothing taken"
    (melee,) = (c for c in decision.considered if c.value == "melee")
    assert melee.outlook is not None and melee.outlook.dealt == 0.0


def _shielded() -> Session:
    """Aldo (red, the app's cautious, AGI d10: he acts first) in contact with the Capo
    (a shield to parry with, a dodge: a choice of defences, blue's to make)."""
    capo = ch("Capo", skills="parare_scudo:d6 schivare:d10", shield="scudo", ready="spada shield")
    s = _today([ch("Aldo", agi="d10")], [capo])
    assert s.prompt is not None and s.prompt.key == "action.choose"
    assert s.prompt.actor == "red1" and s.battle.pos.order == [["red1"], ["blue1"]]
    return s


def _melee_outlook(s: Session) -> Outlook:
    decision = decide(s)
    assert decision is not None
    (melee,) = (c for c in decision.considered if c.value == "melee")
    assert melee.outlook is not None
    return melee.outlook


def test_an_attack_is_read_past_the_targets_choice_of_defence() -> None:
    outlook = _melee_outlook(_shielded())
    assert outlook.dealt > 0.0 and outlook.spread > 0.0 and outlook.seen


def test_without_replies_the_attack_stopped_at_the_defence_worth_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(CombattimentoGdr, "replies", frozenset())
    outlook = _melee_outlook(_shielded())
    assert outlook.dealt == 0.0 and outlook.spread == 0.0


def test_the_reply_taken_is_the_defence_worst_for_the_attacker() -> None:
    """After the light (each as likely), the Capo's choice of defence: the node's value
    is the lowest of its defences played out (the enemy's best), not their mean."""
    s = _shielded()
    question = prepare(s)
    assert question is not None and question.search is not None
    search = question.search
    play(s, ("action.choose", "melee"), ("turn.light", "bright"))
    assert s.prompt is not None and s.prompt.key == "defence.choose"
    defences = [o.value for o in s.prompt.enabled()]  # type: ignore[attr-defined]
    assert len(defences) == 2

    def score(*path: tuple[str, str]) -> float:
        search.budget, search.floor = 10_000, 0
        items = [Item(k, v) for k, v in (("action.choose", "melee"), *path)]
        return search._expect(items, DEPTH)[0][0]

    each = [score(("turn.light", "bright"), ("defence.choose", d)) for d in defences]
    assert min(each) < max(each)
    assert score(("turn.light", "bright")) == pytest.approx(min(each))
