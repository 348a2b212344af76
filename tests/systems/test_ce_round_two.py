"""cape-et-epee, rules fidelity round two (issue 24): a character the GM puts back is in
no melee on either side of the link (G-4), and a squad's steady model put back while its
squad was leaving the table tests when its officer leaves (seed §2.7). Fixed dice."""

from __future__ import annotations

from skirmtui.systems.cape_et_epee import morale
from tests.systems.ce_helpers import activate, ch, key, play, session, stat


def test_g4_a_character_put_back_during_a_melee_is_nobodys_foe() -> None:
    """G-4 (cape-et-epee page): a character put back comes back "in no melee" — the
    opponent that still held it as its `foe` let the melee come back one-sided."""
    s = session([ch("A", mischia=6)], [ch("X"), ch("Spare", "hero")])
    activate(s, (3,), (1,), (3, "red1"))
    play(s, ("impulse.action", "charge"), ("charge.target", "blue1"), ("charge.contact", True))
    play(s, ("melee.attack", (1,)), ("melee.defend", (5,)))  # nobody hit: still engaged
    assert stat(s, "red1", "foe") == "blue1"
    s.gm("gm.remove", unit="blue1")
    s.gm("gm.restore", unit="blue1")
    assert (stat(s, "red1", "foe"), stat(s, "blue1", "foe")) == ("", "")  # was: red1 kept it
    b = s.battle
    assert morale.opponents(b, b.units["red1"]) == [] == morale.opponents(b, b.units["blue1"])


def test_ce9_a_steady_model_put_back_tests_when_its_officer_leaves_the_table() -> None:
    """Seed §2.7: "Sono obbligati al test del morale: … personaggi di una squadra quando è
    messo fuori combattimento l'ufficiale/leader della squadra". E1 was put back steady
    (G-4) while its squad was leaving the table; its officer then leaves: E1 tests (it did
    not — a squad with a model leaving was never tested, and leaving the table was not
    counted as the officer being out)."""
    s = session(
        [ch("A")], [ch("O", squad="S", role="officer"), ch("E1", squad="S"), ch("H", "hero")]
    )
    for unit in ("blue1", "blue2"):
        s.gm("gm.set", unit=unit, field="status", value="leave table")
    s.gm("gm.remove", unit="blue2")
    s.gm("gm.restore", unit="blue2")
    assert stat(s, "blue2", "status") == ""
    activate(s, (1,), (1,), (1, "squad:S@blue"))
    play(s, ("impulse.action", "move"), ("morale.cover", False), ("morale.threat", True))
    play(s, ("morale.test", (1,)), ("move.done", True), ("move.off", True))
    assert s.battle.units["blue1"].removed
    assert key(s) == "morale.cover" and s.prompt is not None and s.prompt.actor == "blue2"
    play(s, ("morale.cover", False), ("morale.threat", True), ("morale.test", (10,)))
    assert stat(s, "blue2", "status") == "leave table"  # trigger 6's consequence


def test_ce9_a_squad_all_leaving_the_table_is_not_tested_again_when_a_model_leaves() -> None:
    """Ours (docs/rules/cape-et-epee.md): models already leaving the table are not tested
    again by triggers 4–6 — the officer leaving does not make the others test."""
    s = session(
        [ch("A")],
        [ch("O", squad="S", role="officer"), ch("E1", squad="S"), ch("H", "hero")],
    )
    for unit in ("blue1", "blue2"):
        s.gm("gm.set", unit=unit, field="status", value="leave table")
    activate(s, (1,), (1,), (1, "squad:S@blue"))
    play(s, ("impulse.action", "move"), ("morale.cover", False), ("morale.threat", True))
    play(s, ("morale.test", (1,)), ("move.done", True), ("move.off", True))
    assert s.prompt is None or s.prompt.key != "morale.cover"
