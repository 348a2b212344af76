"""Property tests of cape-et-epee: random legal battles of both scenarios keep the
system's invariants and end (replay, undo and save/load: test_every_system.py)."""

from __future__ import annotations

import random

import attrs
from hypothesis import given
from hypothesis import strategies as st

from skirmtui.engine.core.armies import scenario_names, setup_from_scenario
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup
from skirmtui.engine.play.limits import MAX_ANSWERS
from skirmtui.systems.cape_et_epee import (
    actions,
    firmness,
    impulses,
    morale,
    nonactivated,
    profile,
)
from skirmtui.systems.cape_et_epee.actions import CANCEL
from skirmtui.systems.cape_et_epee.sides import SideView, side_units, side_view, squads_on_table
from skirmtui.systems.registry import get_system
from tests.property.playing import examples

CE = "cape-et-epee"
SYSTEM = get_system(CE)
FAST = examples(12)


def make_setup(scenario: str, seed: int) -> Setup:
    return attrs.evolve(setup_from_scenario(CE, scenario), seed=seed)


#: Either scenario, with a seed of its own.
setups = st.builds(make_setup, st.sampled_from(scenario_names(CE)), st.integers(0, 10_000))


def check_invariants(session: Session) -> None:
    b = session.battle
    for unit in b.units.values():
        wounds, die, ap = unit.num("wounds"), unit.num("die"), unit.num("ap")
        assert 0 <= wounds <= profile.max_wounds(unit)
        if wounds == profile.max_wounds(unit):
            assert unit.removed
        assert 0 <= ap <= die <= profile.rules()["activation"]["valid_max"]
        if b.phase in ("nonactivated", "end", "activation"):
            assert ap == 0, f"{unit.name} keeps {ap} AP in {b.phase}"  # CE-5
        assert unit.num("firm_loss") >= 0
        if unit.removed or unit.flag("fled"):  # CE-10: counted (once per flight)
            assert unit.num("firm_loss") >= profile.value(unit)
    check_kept_views(b)
    prompt = session.prompt
    if prompt is None:
        return
    if prompt.actor is not None:
        assert b.alive(prompt.actor), f"removed unit asked to act: {prompt.key}"
    if prompt.key.startswith("react."):
        reactor = b.units[str(prompt.actor)]
        assert reactor.num("die") > 0 and b.phase == "activated"  # CE-8
    if prompt.key == "impulse.action":
        # CE-5: the acting character had the most AP when its impulse started.
        assert b.pos.impulse == prompt.actor
    if prompt.key == "orders.assign" and b.pos.dice[str(prompt.side)]:
        assert prompt.side == b.pos.assigning
    if prompt.key in ("impulse.action", "na.act", "na.act_with"):
        # Issue 25: a choice with one enabled option is taken, not asked (these steps
        # keep their count of enabled options with their menus: `only_or_ask` written out).
        assert sum(o.disabled is None for o in prompt.options) > 1
    if prompt.key in ("na.act", "na.act_with"):
        # CE-6: the characters offered (each option's group, `nonactivated._offer`'s own
        # loop) are the side's waiting ones (`na_candidates`, the queue pane's rows).
        offered = list(dict.fromkeys(o.group for o in prompt.options if o.group))
        waiting = nonactivated.na_candidates(b, str(prompt.side))
        assert offered == [u.id for u in waiting]


def check_kept_views(b: Battle) -> None:
    """Issue 28: what a side sees of the other and of its own squads on the table is
    kept between steps (`sides.side_view`, `squads_on_table`: recomputed only when a
    deployment, status, melee or removal changed) and the end check's finding likewise
    (`firmness.beaten`): each must be what a fresh pass over the units finds, and
    `morale.engaged` what its rule says (seed §2.5: its own opponent in play, or an
    enemy in play holding it); a squad's morale modifiers (`morale.squad_modifiers`,
    kept until a unit is taken out, put back or added) what they are found anew, and a
    shot's or charge's targets (`actions.target_options`, kept until a deployment or a
    removal) the enemies on the table."""
    for side in b.sides:
        enemies = [u for u in b.units.values() if not u.removed and u.side != side.id]
        on_table = [u for u in enemies if u.stats["deployed"]]
        assert side_view(b, side.id) == SideView(
            bool(on_table),
            any(u.stats["status"] for u in on_table),
            any(not u.stats["status"] for u in on_table),
            frozenset(str(u.stats["foe"]) for u in enemies if u.stats["foe"]),
        )
        # A shot's or charge's targets (kept until a deployment, removal or a unit added).
        targets = [u.id for u in on_table]
        assert [o.value for o in actions.target_options(b, side.id)] == [*targets, CANCEL]
        mine = [u for u in b.on_table(side.id) if u.stats["deployed"]]
        squads = [str(u.profile["squad"]) for u in mine if u.profile.get("squad")]
        assert squads_on_table(b, side.id) == {q: squads.count(q) for q in squads}
        assert side_units(b, side.id) == tuple(u for u in b.units.values() if u.side == side.id)
    for unit in b.on_table():
        foe = str(unit.stats["foe"])
        held = any(
            u.stats["foe"] == unit.id and u.side != unit.side and not u.removed
            for u in b.units.values()
        )
        assert morale.engaged(b, unit) == bool((foe and b.alive(foe)) or held)
    for unit in b.units.values():  # a squad's morale modifiers, kept between removals
        squad = str(unit.profile.get("squad", ""))
        if squad:
            fresh = morale._squad_modifiers(b, unit.side, squad)
            assert morale.squad_modifiers(b, unit) == fresh, f"stale modifiers of {squad}"
    starts = b.pos.firmness
    lost = {s: sum(u.num("firm_loss") for u in b.units.values() if u.side == s) for s in starts}
    assert firmness.beaten(b) == tuple(s for s in starts if starts[s] - lost[s] <= 0)
    if firmness.beaten(b) and not b.end_held:  # the end check keeps its own mark
        assert b.result is not None, "an army's firmness is gone but the battle goes on"


@FAST
@given(setups)
def test_random_ce_battles_end_and_keep_invariants(setup: Setup) -> None:
    session = Session(SYSTEM, setup)
    rng = random.Random(setup.seed)
    check_invariants(session)
    while session.prompt is not None:
        assert len(session.items) < MAX_ANSWERS, "a loop, not a long battle"
        prompt = session.prompt
        if prompt.key == "impulse.action" and session.battle.pos.impulse_actions == 0:
            # CE-5: the head of the queue starts the impulse (found without sorting it).
            head = impulses.queue(session.battle)[0]
            assert prompt.actor == head.id
        session.answer(prompt.random_answer(rng))
        check_invariants(session)
        assert len(session.items) < 20_000
    result = session.battle.result
    assert result is not None
    if "firmness fell" in result.reason:
        assert firmness.beaten(session.battle)
