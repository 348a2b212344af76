"""Issue 27: the cause of a loss is recorded by the rule that made it, exactly, in the
fixed cases a guess from the log's words got wrong: a rout, a fall, a free attack, a
result held until a simultaneous group has acted."""

from __future__ import annotations

from skirmtui.engine.core.causes import ATTACK, FALL, FLED, ROUT, Cause
from skirmtui.engine.core.session import Session
from skirmtui.engine.report.report import losses
from tests.systems import cg_helpers as cg
from tests.systems import pg_helpers as pg
from tests.systems import rb_helpers as rb
from tests.systems.scripting import play


def cause_of(s: Session, unit: str) -> Cause:
    """The cause on `unit`'s removal, and the report's loss reads that same cause."""
    found = [
        e.cause
        for entry in s.battle.log
        for e in entry.effects
        if e.unit == unit and e.field == "removed" and e.after is True
    ]
    assert len(found) == 1 and found[0] is not None
    (loss,) = [loss for loss in losses(s.battle) if loss.unit == unit]
    assert loss.cause == found[0]
    return found[0]


def entry_of(s: Session, key: str, actor: str) -> int:
    return next(e.index for e in reversed(s.battle.log) if e.key == key and e.actor == actor)


def test_pg8_a_failed_rout_test_is_the_cause_no_enemy_destroyed_it() -> None:
    """Seed PG: "todas as suas unidades devem realizar um teste de moral … são removidas":
    the loss is the failed rout test's, not the last shooter's."""
    s = pg.session(
        {
            "red": [("Gun", 5, 2, "Guns 60cm A2")],
            "blue": [("Squad", 4, 4, pg.RIFLE, 30), ("Scout", 1, 5, pg.RIFLE, 15)],
            "green": [("G", 1, 4, pg.RIFLE)],
        }
    )
    pg.start(s, 6, 5, 4)
    pg.act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.models", 5), ("shoot.cover", False))
    play(s, ("shoot.hits", (2, 2, 2, 1, 1, 1, 1, 1, 1, 1)), ("defence.blocks", (1, 1, 1)))
    pg.cover_all(s)
    play(s, ("rout.test", (3,)), ("rout.test", (5,)))
    cause = cause_of(s, "blue1")
    assert cause.kind == ROUT and cause.unit is None
    assert cause.entry == entry_of(s, "rout.test", "blue1")
    assert next(x for x in losses(s.battle) if x.unit == "blue1").by is None


def test_pg7_a_fall_from_a_push_names_the_pusher() -> None:
    """Seed PG (Empurrando, Queda): pushed off an edge, the fall's wounds kill it; the
    pusher caused the fall (PG-7)."""
    s = pg.session(
        {
            "red": [("Gun", 1, 2, pg.RIFLE)],
            "blue": [("Lone", 1, 6, pg.RIFLE)],
            "green": [("G", 1, 4, pg.RIFLE)],
        }
    )
    pg.start(s, 6, 5, 4)
    pg.act(s, "red1", "hold")
    play(s, ("shoot.target", "blue1"), ("shoot.in_range", True), ("shoot.cover", False))
    play(s, ("shoot.hits", (2,)), ("defence.blocks", (1,)), ("wound.roll", (2,)))
    play(s, ("push.try", True), ("push.roll", (6,)), ("push.off_edge", True))
    play(s, ("fall.height", 5), ("fall.blocks", (1,)), ("wound.roll", (5,)))
    cause = cause_of(s, "blue1")
    assert cause.kind == FALL and cause.unit == "red1"
    assert s.battle.log[cause.entry].key == "fall.blocks"


def test_rb17_a_free_attack_that_kills_names_its_attacker_and_weapon() -> None:
    """Seed RB: "se in qualsiasi momento si trova entro 1'' da un'unità nemica, questa può
    effettuare un attacco di corpo a corpo gratuito": the model killed by it was destroyed
    by that enemy (it read "lost to its own roll" before)."""
    s = rb.session(
        {"red": [rb.model("A", r=1)], "blue": [rb.model("B", weapons="Ascia")]},
    )
    rb.initiative(s, 6, 1)
    play(s, ("move.mode", "simple"), ("move.within_1", True), ("melee.hit", (3, 3)))
    play(s, ("wound.roll", (3, 3)))
    assert s.battle.units["red1"].removed
    cause = cause_of(s, "red1")
    assert (cause.kind, cause.unit) == (ATTACK, "blue1")
    assert (cause.attack, cause.weapon) == ("free", "Ascia")
    assert cause.entry == entry_of(s, "wound.roll", "blue1")


def test_rb5_a_failed_jump_is_a_fall_not_an_enemy() -> None:
    """Seed RB: "in caso di fallimento … rischia di subire una ferita da una forza pari al
    dislivello": the fall's wound roll is the cause."""
    s = rb.session({"red": [rb.model("A", r=1)], "blue": [rb.model("B")]})
    rb.initiative(s, 6, 1)
    play(s, ("move.mode", "simple_up"), ("move.height", 3))
    play(s, ("move.height_roll", (5, 4)), ("fall.wound", (2, 3)))
    cause = cause_of(s, "red1")
    assert cause.kind == FALL and cause.unit is None
    assert cause.entry == entry_of(s, "fall.wound", "red1")


def test_cg4_a_held_result_keeps_the_attack_that_made_it() -> None:
    """Seed CG: results of a simultaneous group are "conteggiati dopo che ognuno di loro ha
    agito": applied later, each death still names the strike that made it."""
    frail = {"agi": "d8", "des": "d8", "weapons": "ascia", "boxes": "1 1 1 1 1"}
    s = cg.session([cg.ch("Aldo", **frail)], [cg.ch("Bruto", **frail)], contact=["red1 blue1"])
    cg.scene(s)
    melee = (("action.choose", "melee"), ("attack.roll", (8, 3)), ("defence.roll", (2,)))
    play(s, *melee, ("hit.damage", (9,)))
    aldo_hit = entry_of(s, "hit.damage", "red1")
    play(
        s,
        ("action.choose", "melee"),
        ("attack.roll", (8, 2)),
        ("defence.roll", (1,)),
        ("hit.damage", (5,)),
    )
    bruto_hit = entry_of(s, "hit.damage", "blue1")
    bruto, aldo = cause_of(s, "blue1"), cause_of(s, "red1")
    assert (bruto.kind, bruto.unit, bruto.entry) == (ATTACK, "red1", aldo_hit)
    assert (aldo.kind, aldo.unit, aldo.entry) == (ATTACK, "blue1", bruto_hit)
    assert bruto.weapon == aldo.weapon == "Ascia da battaglia"


def test_cg14_fleeing_is_its_own_choice_and_the_free_attack_kills_exactly() -> None:
    """Seed CG: "L'avversario guadagna un attacco alle spalle verso il fuggitivo": a
    fugitive that survives fled (its own choice); one the free attack kills was destroyed
    by that opponent."""
    s = cg.session(
        [cg.ch("Aldo", agi="d10")],
        [cg.ch("Bruto"), cg.ch("Carlo")],
        contact=["red1 blue1", "red1 blue2"],
    )
    cg.scene(s)
    play(s, ("action.choose", "flee"), ("attack.roll", (8, 2)), ("hit.damage", (3,)))
    play(s, ("attack.roll", (2,)))
    cause = cause_of(s, "red1")
    assert cause.kind == FLED and cause.unit == "red1"
    assert s.battle.log[cause.entry].key == "action.choose"
