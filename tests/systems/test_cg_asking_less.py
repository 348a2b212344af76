"""combattimento-gdr asks less (issue 25): each question merged or skipped gives the same
outcome, with the same dice, as the questions asked before (saves of that time keep
them: `questions = "one at a time"`).

- a charge's turns to contact are numbered choices (one key), where a number was typed;
- a spell has no "OK" to press: the log says the GM resolves it;
- a waiting combatant the table plays is offered its actions themselves ("acts now:
  attack in melee", `delay.act`), where the offer and its action were two answers; an
  app side, or a combatant whose turn does not come to a choice, is offered as before.
"""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.prompts import Ask, Choose
from skirmtui.engine.core.session import Session
from tests.systems.cg_helpers import ch, key, options, play, scene, session, stat, texts

BEFORE = {"questions": "one at a time"}


def _units(s: Session) -> dict[str, Any]:
    """Every combatant's stats and whether it is on the table: the outcome so far."""
    return {u.id: ({**u.stats}, u.removed) for u in s.battle.units.values()}


def _aldo_and_bruto(**options: Any) -> Session:
    s = session([ch("Aldo", agi="d10")], [ch("Bruto", agi="d8")], **options)
    scene(s)
    return s


# -- a charge's turns ----------------------------------------------------------------------


def test_cg5_a_charges_turns_are_numbered_choices_with_the_same_outcome() -> None:
    """Seed: the GM "può stabilire … quanti turni occorrono per raggiungerlo": the turns
    typed (before) or picked by their number (now) give the same charge; 1 is contact
    now and its immediate attack, with the same dice the same wound."""
    before, now = _aldo_and_bruto(**BEFORE), _aldo_and_bruto()
    play(before, ("action.choose", "charge"))
    play(now, ("action.choose", "charge"))
    assert isinstance(before.prompt, Ask) and before.prompt.key == "charge.turns"
    prompt = now.prompt
    assert isinstance(prompt, Choose) and prompt.key == "charge.turns"
    assert [o.value for o in prompt.options] == ["1", "2", "3", "4", "5", "6"]
    assert prompt.options[0].label == "1: contact now"
    play(before, ("charge.turns", 1))
    play(now, ("charge.turns", "1"))
    for s in (before, now):
        assert stat(s, "red1", "contact") == ("blue1",) and key(s) == "attack.roll"
        play(s, ("attack.roll", (8, 7)), ("defence.roll", (1,)), ("hit.damage", (6,)))
    assert _units(before) == _units(now) and stat(now, "blue1", "damage") == 6


def test_cg5_a_longer_charge_picked_by_number_counts_down_as_a_typed_one() -> None:
    before, now = _aldo_and_bruto(**BEFORE), _aldo_and_bruto()
    play(before, ("action.choose", "charge"), ("charge.turns", 3))
    play(now, ("action.choose", "charge"), ("charge.turns", "3"))
    assert stat(now, "red1", "charging") == 2 and _units(before) == _units(now)


# -- a spell ---------------------------------------------------------------------------------


def test_cg5_a_spell_has_no_ok_to_press_and_the_same_turn_follows() -> None:
    """Seed: a spell uses "l'intero turno": the OK asked before changed nothing."""
    red = [ch("Dora", agi="d10", spells=True)]
    before = session(red, [ch("Bruto")], **BEFORE)
    now = session(red, [ch("Bruto")])
    for s in (before, now):
        scene(s)
        play(s, ("action.choose", "spell"))
    assert key(before) == "spell.cast"
    play(before, ("spell.cast", True))
    assert key(now) == key(before) == "action.choose"
    assert now.prompt is not None and now.prompt.actor == "blue1"
    assert "Dora casts a spell (the whole turn): the GM resolves it" in texts(now)
    assert _units(before) == _units(now) and len(now.items) == len(before.items) - 1


# -- a waiting combatant -------------------------------------------------------------------


def _waiting(**options: Any) -> Session:
    """Aldo (AGI d10) and Bruto (d8) in contact: Aldo waits, Bruto attacks and misses."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto", agi="d8")], contact=["red1 blue1"])
    if options:
        s = session(
            [ch("Aldo", agi="d10")], [ch("Bruto", agi="d8")], contact=["red1 blue1"], **options
        )
    scene(s)
    play(s, ("action.choose", "delay"))
    play(s, ("action.choose", "melee"), ("attack.roll", (1,)), ("defence.roll", (1,)))
    return s


def test_cg11_the_offer_to_act_now_and_the_action_are_one_answer_with_the_same_blow() -> None:
    """Seed: "Un personaggio … che decide di attendere può agire successivamente durante
    il turno, quando desidera": "Aldo acts now" then "attack in melee" (before) or
    "acts now: attack in melee" (now), the same dice: the same wound, the same log."""
    before, now = _waiting(**BEFORE), _waiting()
    assert key(before) == "delay.offer" and options(before) == ["red1", "nobody"]
    assert key(now) == "delay.act" and now.prompt is not None and now.prompt.side is None
    assert options(now) == ["melee", "ready", "flee", "nothing", "nobody"]
    labels = {o.value: o.label for o in now.prompt.options}  # type: ignore[attr-defined]
    assert labels["melee"] == "Aldo acts now: Attack in melee"
    play(before, ("delay.offer", "red1"), ("action.choose", "melee"))
    play(now, ("delay.act", "melee"))
    for s in (before, now):
        play(s, ("attack.roll", (8, 6)), ("defence.roll", (1,)), ("hit.damage", (5,)))
        assert key(s) == "turn.scene"
    assert _units(before) == _units(now) and stat(now, "blue1", "damage") == 5
    said = [[e.text for e in s.battle.log if e.kind == "info"] for s in (before, now)]
    assert said[0] == said[1] and "Aldo acts now" in said[1]
    assert len(now.items) == len(before.items) - 1


def test_cg11_not_yet_and_nobody_mean_what_they_meant() -> None:
    """CG-11: "not yet" goes on; at the turn's end "nobody" loses the waiting action."""
    before, now = _aldo_and_bruto(**BEFORE), _aldo_and_bruto()
    for s in (before, now):
        play(s, ("action.choose", "delay"), ("action.choose", "nothing"))
    play(before, ("delay.offer", "nobody"))
    play(now, ("delay.act", "nobody"))
    assert "Aldo never acted: its action is lost" in texts(now)
    assert key(now) == "turn.scene" and _units(before) == _units(now)


def test_cg11_an_app_side_waiting_is_offered_apart_and_chooses_its_own_action() -> None:
    """Saves of the first pass (up to the second, before issue 26): the offer was the
    table's, the action of a side the app plays its decision: for that side the offer
    stayed apart from the action (tests/systems/test_cg_waiting_side.py: today the
    side decides both)."""
    s = _aldo_and_bruto()
    s.gm("gm.ai", side="red", persona="balanced")
    play(s, ("action.choose", "delay"), ("action.choose", "nothing"))
    assert key(s) == "delay.offer" and options(s) == ["red1", "nobody"]
    play(s, ("delay.offer", "red1"))
    assert key(s) == "action.choose" and s.prompt is not None and s.prompt.actor == "red1"


def test_cg11_a_waiting_combatant_stunned_meanwhile_is_offered_apart_and_loses_the_action() -> None:
    """Seed (critical table, ours): a stunned combatant loses its next action: its turn
    comes to no choice, so the offer names no action (as before)."""
    s = _aldo_and_bruto()
    play(s, ("action.choose", "delay"))
    s.gm("gm.set", unit="red1", field="stunned", value=True)
    play(s, ("action.choose", "nothing"))
    assert key(s) == "delay.offer"
    play(s, ("delay.offer", "red1"))
    assert "Aldo loses this action (stunned)" in texts(s) and key(s) == "turn.scene"


# -- readying with one choice left ---------------------------------------------------------


def test_cg5_readying_with_one_thing_left_to_do_takes_it_unasked() -> None:
    """Seed "Preparare l'arma": draw or stow an object, or reload. Aldo holds only his
    sword and carries nothing else: stowing it is the one thing to ready — taken and
    logged (issue 25), where it was asked; the same sword stowed, the same turn after."""
    before, now = _aldo_and_bruto(**BEFORE), _aldo_and_bruto()
    for s in (before, now):
        play(s, ("action.choose", "ready"))
    assert key(before) == "ready.choose" and options(before) == ["stow:spada"]
    play(before, ("ready.choose", "stow:spada"))
    assert "Aldo readies… → Stow Spada (the only choice)" in texts(now)
    assert stat(now, "red1", "ready") == "" and _units(before) == _units(now)
    assert key(now) == key(before) == "action.choose"
    assert now.prompt is not None and now.prompt.actor == "blue1"


def test_cg5_the_story_tells_the_turns_picked_as_it_told_them_typed() -> None:
    """The turns are the GM's fact (`the GM` in the question's note), not the
    combatant's choice: the story read "Aldo chose 2 turns to contact" once they were a
    numbered choice; it tells them as it told a typed number (the charge's own line
    says them)."""
    from skirmtui.engine.report.narrative import Teller, tell

    stories = []
    for s in (_aldo_and_bruto(**BEFORE), _aldo_and_bruto()):
        play(
            s,
            ("action.choose", "charge"),
            ("charge.turns", 2 if s.setup.options == BEFORE else "2"),
        )
        stories.append(tell(Teller(s.battle, s.battle.labels), s.battle.log))
    assert not any("chose 2" in line for line in stories[1])
    assert [line for line in stories[1] if "turns" in line] == [
        line for line in stories[0] if "turns" in line
    ]
