"""Issue 26 as a solo player meets it: when the table is asked a fact about one of the
app's units (which of them moved, where; did its charge reach), the question says what
the app wants done with its miniature (`sides.table_cue`, from the system's `wants`).

Found in tmux at 80x24: wargaming-introduttivo's "Barbari: which units moved, over what
ground?", pequenas-guerras' "Cangaceiros 2 moves: what does it cross?" after the app's
Rush, cape-et-epee's "Bravo moves up to 5 um" after the app's Move gave no cue of where
the app meant its miniature to go; only regole-base said it ("toward the nearest
enemy"). The battles below are played at random (the table answers the app's side too,
as a GM may): the cue is words over the question, whoever answers it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.prompts import Prompt
from skirmtui.engine.core.records import replace
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.sides import table_cue
from skirmtui.systems.registry import get_system
from skirmtui.systems.regole_base.passing import APP_MOVED


def _played_until(
    system_id: str,
    found: Callable[[Battle, Prompt], bool],
    seeds: int = 6,
    named: str | None = None,
) -> Session:
    """A demo battle, its second side the app's, answered at random until `found`
    (`named`: the app's units all named so in the save)."""
    system = get_system(system_id)
    setup = system.demo_setup()
    if named is not None:
        blue = setup.sides[1].id
        units = [replace(u, name=named) if u.side == blue else u for u in setup.units]
        setup = replace(setup, units=tuple(units))
    for seed in range(seeds):
        session = Session(system, setup)
        second = session.setup.sides[1].id
        let_app_play(session, {second: "balanced"})
        rng = random.Random(seed)
        for _ in range(3000):
            prompt = session.prompt
            if prompt is None:
                break
            if found(session.battle, prompt):
                return session
            session.answer(prompt.random_answer(rng))
    raise AssertionError(f"{system_id}: no such question in {seeds} battles")


def _apps(key: str) -> Callable[[Battle, Prompt], bool]:
    def found(battle: Battle, prompt: Prompt) -> bool:
        unit = battle.units.get(prompt.actor or "")
        side = prompt.side or (unit.side if unit is not None else None)
        return prompt.key == key and side in battle.ai

    return found


def test_wi_movement_names_the_units_that_may_still_fight_after_moving() -> None:
    """WI-4: a move is an action; WI-8: melee is for active units that have not made
    their combat action, within 10 cm: those the app brings within reach, the others
    stay. A unit that has fought (or shot) is named no more."""
    session = _played_until(
        "wargaming-introduttivo",
        lambda b, p: (
            _apps("move.units")(b, p)
            and any(u.flag("active") and not u.flag("combat") for u in b.on_table(p.side))
        ),
    )
    battle, prompt = session.battle, session.prompt
    assert prompt is not None and prompt.side == "blue"
    cue = table_cue(session.system, battle, prompt)
    fighter = next(
        u
        for u in battle.on_table("blue")
        if u.flag("active") and not u.flag("combat") and u.num("actions") == 0
    )
    assert cue.startswith("Barbari (app, balanced): bring "), cue
    assert fighter.label in cue and "within 10 cm of the nearest enemy" in cue, cue
    idle = [u for u in battle.on_table("blue") if not u.flag("active")]
    assert idle and all(f"{u.label}," not in cue and f"{u.label} " not in cue for u in idle)
    battle.set(fighter, "combat", True)  # it shot: no melee after a move (WI-4)
    assert fighter.label not in table_cue(session.system, battle, prompt)


def test_wi_movement_with_nobody_to_fight_says_the_units_stay() -> None:
    session = _played_until("wargaming-introduttivo", _apps("move.units"))
    battle, prompt = session.battle, session.prompt
    assert prompt is not None and prompt.side is not None
    for unit in battle.on_table(prompt.side):
        battle.set(unit, "active", False)
    cue = table_cue(session.system, battle, prompt)
    assert cue == (
        "Barbari (app, balanced): its units stay where they are "
        "(none could fight in melee after a move, WI-8)"
    )


def test_pg_a_move_goes_for_the_objectives_a_charge_for_its_target() -> None:
    """PG-8: the markers win the battle, a unit within 7.5 cm takes one."""
    session = _played_until(
        "pequenas-guerras",
        lambda b, p: _apps("move.terrain")(b, p) and "(charging" not in p.text,
    )
    prompt = session.prompt
    assert prompt is not None
    unit = session.battle.units[str(prompt.actor)]
    side = session.battle.side_name(unit.side)
    cue = table_cue(session.system, session.battle, prompt)
    assert cue == (
        f"{side} (app, balanced): move it toward the nearest objective marker not theirs, "
        "within 7.5 cm to take it (PG-8)"
    )
    assert unit.label in prompt.text  # "Cangaceiros 2 moves: what does it cross?"
    holders = session.battle.pos.objectives  # type: ignore[attr-defined]
    holders[:] = [unit.side] * len(holders)  # every marker its own: the enemy
    cue = table_cue(session.system, session.battle, prompt)
    assert cue == f"{side} (app, balanced): move it toward the nearest enemy"
    session = _played_until("pequenas-guerras", _apps("charge.path"))
    prompt = session.prompt
    assert prompt is not None
    battle = session.battle
    unit, target = battle.units[str(prompt.actor)], battle.units[str(prompt.target)]
    assert table_cue(session.system, battle, prompt).endswith(
        f": {unit.label} charges {target.label}: move it the shortest way into contact"
    )


def test_pg_a_melees_survivor_says_its_way_in_the_log() -> None:
    """Seed: the survivor of a melee may move up to 7.5 cm; since issue 25 the log says
    it and asks nothing: for the app's unit it says which way (PG-8: the markers)."""
    session = _played_until(
        "pequenas-guerras",
        lambda b, p: any(
            "may move up to" in e.text and b.units[str(e.actor)].side in b.ai for e in b.log[-6:]
        ),
        seeds=12,
    )
    battle = session.battle
    for entry in battle.log:
        if " may move up to " in entry.text:
            mine = battle.units[str(entry.actor)].side in battle.ai
            words = "(the app's: toward the nearest objective marker not theirs, within 7.5 cm"
            assert (words in entry.text) == mine, entry.text


def test_ce_a_charge_says_its_target_and_a_move_its_way_in_the_log() -> None:
    session = _played_until("cape-et-epee", _apps("charge.contact"))
    prompt = session.prompt
    assert prompt is not None
    battle = session.battle
    unit, target = battle.units[str(prompt.actor)], battle.units[str(prompt.target)]
    cue = table_cue(session.system, battle, prompt)
    assert cue == (
        f"Guardie (app, balanced): {unit.label} charges {target.label}: "
        "move it the shortest way into contact"
    )
    # Today's move asks nothing (issue 25): the log line says where the table moves it.
    moves = [e.text for e in battle.log if " moves up to " in e.text]
    apps = [t for t in moves if "(the app's move: toward the nearest enemy)" in t]
    assert apps, moves
    for text in moves:
        name = text.split(" moves up to ")[0]
        mine = any(u.label == name and u.side in battle.ai for u in battle.units.values())
        assert ("the app's move" in text) == mine, text


def test_no_cue_for_the_tables_own_side_nor_for_the_apps_decisions() -> None:
    session = _played_until(
        "pequenas-guerras",
        lambda b, p: p.key == "move.terrain" and b.units[str(p.actor)].side not in b.ai,
    )
    assert table_cue(session.system, session.battle, session.prompt) == ""
    session = _played_until("pequenas-guerras", _apps("action.choose"))
    assert table_cue(session.system, session.battle, session.prompt) == ""


def test_rb_winners_of_a_melee_move_toward_the_enemy() -> None:
    session = _played_until("regole-base", _apps("assault.winners"), seeds=12)
    cue = table_cue(session.system, session.battle, session.prompt)
    assert cue.endswith(
        ': move them toward the nearest enemy model, stopping more than 1" from it '
        "(a charge next round)"
    ), cue


def test_rb_only_a_move_the_app_chose_goes_toward_the_enemy() -> None:
    """RB-13: an escaping model moves away (the question says how far); RB-11: a fleeing
    one runs as far as possible from the enemy. Both are asked what they passed within
    1" (`move.passed`) as a chosen move is: only the chosen move is told to go toward the
    nearest enemy model (found in regole-base's demo: "(Capobanda escapes: move it up
    to 5" away)" under "move it toward the nearest enemy model")."""
    chosen = _played_until(
        "regole-base", lambda b, p: _apps("move.passed")(b, p) and b.phase == "movement"
    )
    cue = table_cue(chosen.system, chosen.battle, chosen.prompt)
    assert cue == f"Briganti (app, balanced): {APP_MOVED}", cue
    escape = _played_until(
        "regole-base", lambda b, p: _apps("move.passed")(b, p) and b.phase == "assault"
    )
    assert escape.prompt is not None and " away)" in escape.prompt.text
    assert table_cue(escape.system, escape.battle, escape.prompt) == ""
    flight = _played_until(
        "regole-base",
        lambda b, p: _apps("move.passed")(b, p) and b.units[str(p.actor)].flag("fleeing"),
    )
    assert flight.prompt is not None and " flees: run it " in flight.prompt.text
    assert table_cue(flight.system, flight.battle, flight.prompt) == ""


def test_pg_a_charges_move_is_told_by_its_target_not_by_the_units_name() -> None:
    """A move's cue is for a move the app chose (PG-8's markers), not a charge's (its
    question names the target): read from the question's target, never from its words,
    which hold the units' names from the save ("Lancers (charging horse)")."""
    session = _played_until(
        "pequenas-guerras",
        lambda b, p: _apps("move.terrain")(b, p) and p.text.endswith("cross?"),
        named="Lancers (charging horse)",
    )
    prompt = session.prompt
    assert prompt is not None and "(charging horse)" in prompt.text
    cue = table_cue(session.system, session.battle, prompt)
    assert cue.startswith("Bandoleiros (app, balanced): move it toward the nearest "), cue
    session = _played_until(
        "pequenas-guerras",
        lambda b, p: _apps("move.terrain")(b, p) and p.text.endswith(")"),
    )
    battle, prompt = session.battle, session.prompt
    assert prompt is not None and prompt.target is not None
    assert prompt.text.endswith(f"(charging {battle.units[prompt.target].label})")
    assert table_cue(session.system, battle, prompt) == ""
