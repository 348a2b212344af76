"""pequenas-guerras, rules fidelity round two (issue 24): a unit destroyed in a melee and
put back by the GM the same round still fights on natural 6s only (seed, PG-6; ours with
G-4). Fixed dice."""

from __future__ import annotations

from tests.systems.pg_helpers import BLADE, act, session, start, stat
from tests.systems.scripting import play
from tests.systems.test_pg_rules import charge


def test_pg6_g4_a_defender_killed_in_a_melee_and_put_back_still_hits_only_on_sixes() -> None:
    """Seed: "depois de atacar no corpo-a-corpo pela primeira vez, ambas as unidades
    acertam apenas se rolarem um 6 natural em combates subsequentes, até o final da
    rodada" — the rule lasts to the end of the round; a GM putting the unit back (G-4)
    does not make it fresh. (It came back fighting at normal odds.)"""
    s = session(
        {
            "red": [("Blades", 3, 2, BLADE), ("Spare", 1, 4, BLADE)],
            "blue": [("Lone", 1, 4, BLADE), ("Other", 1, 4, BLADE)],
        }
    )
    start(s, 6, 1)
    charge(s, "red1", "blue1")
    play(s, ("melee.hits", (2, 2, 1, 1, 1, 1)), ("defence.blocks", (1, 1)))
    play(s, ("wound.roll", (5,)))  # 5 + 2 markers: dead
    assert s.battle.units["blue1"].removed and stat(s, "blue1", "meleed") is True
    play(s, ("melee.follow_up", True))
    act(s, "blue2", "hold")
    s.gm("gm.restore", unit="blue1")
    assert stat(s, "blue1", "activated") is False  # free to activate this round (G-4)
    act(s, "red2", "hold")
    charge(s, "blue1", "red1")
    assert s.prompt is not None and s.prompt.key == "melee.hits"
    assert "natural 6s only" in s.prompt.text
    play(s, ("melee.hits", (5, 5)))  # quality 4: two hits at normal odds, none on 6s only
    assert s.prompt is not None and s.prompt.key != "defence.blocks"


def test_pg6_the_mark_of_a_destroyed_unit_ends_with_the_round() -> None:
    """Seed: "até o final da rodada": a unit put back in a later round is fresh."""
    s = session(
        {
            "red": [("Blades", 3, 2, BLADE)],
            "blue": [("Lone", 1, 6, BLADE), ("Other", 1, 4, BLADE)],
        }
    )
    start(s, 6, 1)
    charge(s, "red1", "blue1")
    play(s, ("melee.hits", (2, 2, 1, 1, 1, 1)), ("defence.blocks", (1, 1)))
    play(s, ("wound.roll", (5,)))
    play(s, ("melee.follow_up", True))
    while s.battle.round == 1 and s.prompt is not None:
        if s.prompt.key == "activate.unit":
            act(s, s.prompt.options[0].value, "hold")  # type: ignore[attr-defined]
        else:
            s.answer(s.prompt.random_answer(__import__("random").Random(0)))
    assert s.battle.round == 2 and stat(s, "blue1", "meleed") is False
