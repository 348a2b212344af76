"""Issue 26: what a move crosses is the table's to say (`move.terrain`: open ground,
difficult, dangerous, both, a jump down, a leap), and the app's look-ahead now weighs
each answer as likely, as it weighs any table fact of a few answers. It read every move
as open ground before (`likely_first`), so advancing to shoot was worth the same as
holding to shoot, and a rush the same as standing still: the seed broke the tie, and the
app's models fell in jumps and leaps (seed, Pulando Para Baixo / Saltando: X+1 dice,
every one 3+, else the model falls: X+1 hits, then stunned, PG-7) and were wounded on
dangerous ground (seed: d6, a 1 is a wound) for nothing they were moving to do."""

from __future__ import annotations

from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.policy import decide
from skirmtui.systems.registry import get_system
from tests.systems.pg_helpers import BLADE, PG, RIFLE, session, start
from tests.systems.scripting import play

GUNS = "Guns 60cm A2"


def test_pg4_what_a_move_crosses_is_a_table_fact_weighed_every_way() -> None:
    system = get_system(PG)
    assert "move.terrain" in system.table_facts
    assert "move.terrain" not in system.likely_first


def test_pg4_the_app_holds_to_shoot_rather_than_advance_to_shoot_through_a_possible_fall() -> None:
    """Gun (5 models, quality 2, two shots each) may hold and shoot or advance 15 cm and
    shoot: the same 10 dice. Advancing may also cross dangerous ground or a drop or gap
    the table names, so it risks models (and the unit's stun) that holding does not."""
    s = session(
        {"red": [("Gun", 5, 2, GUNS)], "blue": [("X", 3, 4, RIFLE), ("Y", 1, 4, BLADE)]},
        questions="today",
    )
    start(s, 1, 6)
    play(s, ("activate.action", "blue2|hold"))
    let_app_play(s, {"red": "balanced"})
    decision = decide(s, "balanced")
    assert decision is not None
    seen = {c.value: c for c in decision.considered}
    hold, advance, rush = (seen[f"red1|{a}"].outlook for a in ("hold", "advance", "rush"))
    assert hold is not None and advance is not None and rush is not None
    assert hold.dealt > 0 and advance.dealt > 0  # both shoot
    assert hold.taken == 0  # it stands where it is
    assert advance.taken > 0 and rush.taken > 0  # what the move may cross
    assert seen["red1|hold"].score > seen["red1|advance"].score
    assert seen["red1|cover"].score > seen["red1|rush"].score
    assert decision.value == "red1|hold"
    assert "deals " in decision.reason and "risks" not in decision.reason


def test_pg4_a_lone_model_that_rushes_may_lose_itself_to_a_fall_and_holds_instead() -> None:
    """A (one model, a blade) cannot hurt X from afar: holding and rushing do nothing to
    the enemy, but a rush's jump or leap may fail and its fall, or dangerous ground's
    wound, may take the last model off (PG-5: d6 + markers, 6+ dead)."""
    s = session({"red": [("A", 1, 4, BLADE)], "blue": [("X", 1, 2, GUNS)]}, questions="today")
    start(s, 6, 1)
    let_app_play(s, {"red": "balanced"})
    decision = decide(s, "balanced")
    assert decision is not None
    seen = {c.value.split("|")[1]: c for c in decision.considered}
    rush = seen["rush"].outlook
    assert rush is not None and rush.lose > 0 and rush.taken > 0 and rush.dealt == 0
    assert seen["hold"].score > seen["rush"].score
    assert seen["hold"].score > seen["advance"].score
    assert decision.value.split("|")[1] not in {"rush", "advance"}
