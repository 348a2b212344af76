"""The sim's fast path plays the battles the validated path plays (issue 28).

`play_battle` answers on a bare runner through `sim.random_answers`, the runner's
`answer_random`, `_answer` and `_advance` written as one loop (no checkpoints, no second
validation of an answer the prompt made itself; a `Pick` through `answer_random`);
`play_random` answers through a session, each answer checked by the pending prompt. Same
seeds, every system: the same answers, the same log (texts, units, rolls, effects and
their causes, values), the same result, and every stored answer accepted by the prompt
that asked it.
"""

from __future__ import annotations

import random

import attrs
import pytest

from bench.sim_digest import battle_facts
from skirmtui.engine.core.asking import offering
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.items import BY_TABLE, Item
from skirmtui.engine.core.prompts import AnswerValue, Ask, Choose, LazyOptions, Option, Pick, Roll
from skirmtui.engine.core.runner import Runner
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Phase, Step
from skirmtui.engine.play import sim
from skirmtui.engine.play.sim import battle_seeds, made_units, play_battle, play_random
from skirmtui.systems.registry import get_system, systems
from tests.toy import ToySystem, toy_setup


@pytest.mark.parametrize("system_id", sorted(systems()))
def test_fast_path_plays_the_validated_battles(system_id: str) -> None:
    system = get_system(system_id)
    setup = system.demo_setup()
    for seed in battle_seeds(7, 3):
        one = attrs.evolve(setup, seed=seed)
        battle, items = play_battle(system, one, random.Random(seed))
        session = play_random(system, one, random.Random(seed))
        assert battle.result is not None
        assert battle_facts(battle, items) == battle_facts(session.battle, session.items)
        # Random play offers no default: last answers are kept only where one is read.
        assert not battle.answered and session.battle.answered
        # Units made once for the setup and copied (`sim`): the same battle.
        made = made_units(system, setup)
        copied = play_battle(system, one, random.Random(seed), made=made)
        assert made is not None and battle_facts(*copied) == battle_facts(battle, items)
        assert all(copied[0].units[uid] is not unit for uid, unit in made.items())
        # The log replays as a save would (each answer validated by its prompt).
        replayed = Session(system, one, items)
        assert battle_facts(replayed.battle, replayed.items) == battle_facts(battle, items)


def test_offering_is_evolve_with_a_default() -> None:
    """`asking.offering` copies a prompt with a default, as `attrs.evolve` would."""
    lazy = LazyOptions(lambda: [Option("a", "A")], lambda v: Option("a", "A") if v == "a" else None)
    prompts = [
        Choose(key="k", text="t", side="s", actor="u1", options=[Option("a", "A")]),
        Choose(key="k", text="t", options=lazy),
        Pick(key="p", text="t", options=[Option("a", "A"), Option("b", "B")], maximum=1),
        Ask(key="a", text="t", minimum=1, maximum=3),
        Roll(key="r", text="t", dice="2d6", compare=">=", threshold=7, modifiers=[("x", 1)]),
    ]
    defaults: list[AnswerValue] = ["a", "a", ("b",), 2, (3, 4)]
    for prompt, default in zip(prompts, defaults, strict=True):
        offered = offering(prompt, default)
        assert type(offered) is type(prompt)
        assert offered == attrs.evolve(prompt, default=default)
        assert offered.default == default and prompt.default is None
    lazy_choice = Choose(key="k", text="t", options=lazy)
    assert offering(lazy_choice, "a").options is lazy  # a lazy list is shared, not made


@pytest.mark.parametrize("system_id", sorted(systems()))
def test_a_choice_offers_each_value_once(system_id: str) -> None:
    """The sim logs the label of the option it drew (`Runner.answer_random`), a replay
    the label of the first option of that value (`Choose.describe`): the same only
    while no two options share a value, which every choice of random battles holds."""
    system = get_system(system_id)
    for seed in battle_seeds(11, 2):
        session = Session(system, attrs.evolve(system.demo_setup(), seed=seed))
        rng = random.Random(seed)
        while (prompt := session.prompt) is not None:
            if isinstance(prompt, Choose):
                values = [option.value for option in prompt.options]
                assert len(set(values)) == len(values), (prompt.key, values)
            session.answer(prompt.random_answer(rng))


@pytest.mark.parametrize("system_id", sorted(systems()))
def test_random_answers_are_the_runners_answers(
    system_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sim.random_answers` draws, logs and sends a choice's, a roll's, a yes/no's, a number's and
    a confirmation's answer in one loop (issue 28): the same log, items and battle as
    `Runner.answer_random` answer by answer. `Answers` counts without making an item, and
    makes each from its answer's entry (key, value, who gave it) when first read."""
    made: list[str] = []
    answer_item = sim.answer_item

    def counted(key: str, value: object, by: str | None) -> Item:
        made.append(key)
        return answer_item(key, value, by)

    monkeypatch.setattr(sim, "answer_item", counted)
    system = get_system(system_id)
    for seed in battle_seeds(13, 2):
        one = attrs.evolve(system.demo_setup(), seed=seed)
        battle, answers = play_battle(system, one, random.Random(seed))
        runner = Runner(system, system.new_battle(one))
        runner.battle.offers, runner.replaying = False, True
        rng = random.Random(seed)
        items = []
        while (prompt := runner.prompt) is not None:
            items.append(runner.answer_random(rng, BY_TABLE if isinstance(prompt, Roll) else None))
        made.clear()
        assert len(answers) == len(items) and not made  # counted, none made
        fields = [(type(i), i.key, i.value, i.by, i.persona, i.reason) for i in answers]
        assert fields == [(type(i), i.key, i.value, i.by, i.persona, i.reason) for i in items]
        assert made and answers == items and answers[-1] == items[-1]
        assert battle_facts(battle, answers) == battle_facts(runner.battle, items)


def _rout(battle: Battle) -> Step:
    """A round's step: Red's choice; at the second round's opening, before anything is
    asked, Blue routs (every Blue unit off the table)."""
    battle.round += 1
    if battle.round == 2:
        for unit in battle.on_table("blue"):
            battle.remove(unit, battle.cause("rout"))
    yield Choose(key="toy.go", text="Go on?", side="red", options=[Option("go", "Go on")])


class Rout(ToySystem):
    id = "rout"
    phases = (Phase("rout", "Rout", _rout),)
    unit_fields = ()

    def check_end(self, battle: Battle) -> None:
        if not battle.on_table("blue"):
            battle.end("red", "Blue routed")


def test_a_sim_checks_the_end_before_a_new_step_s_first_question() -> None:
    """`sim._next_question`, a sim's way from a step's end to the next question: the end
    check runs once the new step has run to its first question (what it did before it
    may end the battle: nothing is asked then), as `Runner._advance` runs it."""
    system = Rout()
    setup = toy_setup("rout")
    battle, answers = play_battle(system, setup, random.Random(1))
    assert [item.key for item in answers] == ["toy.go"]  # round 1's; round 2 asks nothing
    assert battle.result is not None and battle.result.reason == "Blue routed"
    assert battle.log[-1].kind == "result" and battle.round == 2
    session = play_random(system, setup, random.Random(1))
    assert battle_facts(battle, answers) == battle_facts(session.battle, session.items)
