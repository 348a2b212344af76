"""regole-base, rules fidelity round two (issue 24): the free shot after a failed jump or
descent (RB-4, RB-21) and a model that escaped a melee and is charged again in the same
Assault phase (RB-13). Fixed dice; each test quotes the seed or the ruling."""

from __future__ import annotations

from skirmtui.engine.core.session import Session
from skirmtui.engine.report.export import entry_document
from tests.systems.rb_helpers import charge, initiative, key, model, pass_movement, session
from tests.systems.scripting import play


def test_rb4_rb21_a_run_that_ends_at_a_failed_jump_still_asks_within_half_range() -> None:
    """Seed: "se il modello in corsa passa entro la metà della gittata … di qualsiasi arma
    da tiro utilizzata da un nemico, questi può effettuare un attacco di tiro gratuito";
    RB-21: a failed jump ends the move, and the model ran up to it."""
    s = session({"red": [model("A")], "blue": [model("B", weapons="Balestra")]})
    initiative(s, 6, 1)
    play(s, ("move.mode", "run_up"), ("move.height", 5))
    play(s, ("move.height_roll", (6, 5)), ("fall.wound", (6, 5)))  # fails; no wound
    play(s, ("move.within_1", False))
    assert key(s) == "move.half_range"  # was: B's turn to move, the question never asked
    play(s, ("move.half_range", True))
    assert key(s) == "shoot.hit" and s.prompt is not None and s.prompt.actor == "blue1"
    assert "(ran)" in s.prompt.text  # the run still counts as "ran" (RB-4)


def test_rb4_rb21_a_run_that_ends_at_a_failed_descent_still_asks_within_half_range() -> None:
    """Seed: "in caso di fallimento, il modello si sposta della distanza verticale
    desiderata, ma non di quella orizzontale"; the run up to the drop still passed the
    enemy's weapon (RB-4)."""
    s = session({"red": [model("A")], "blue": [model("B", weapons="Frombola")]})
    initiative(s, 6, 1)
    play(s, ("move.mode", "run_down"), ("move.height", 6))
    play(s, ("move.height_roll", (6, 6)), ("fall.wound", (6, 6)))
    play(s, ("move.within_1", False))
    assert key(s) == "move.half_range"


def _escaped_and_charged_again(**b: object) -> Session:
    """A (red1) charges B (blue1); B escapes; C (red2) charges B again."""
    s = session(
        {
            "red": [model("A"), model("C", c=4)],
            "blue": [model("B", c=6, **b)],  # type: ignore[arg-type]
        }
    )
    initiative(s, 5, 2)
    pass_movement(s)
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "escape"), ("assault.escape", (3, 3)))
    play(s, ("assault.escape_move", True), ("move.within_1", False))  # C passed? no
    charge(s, "red2", "blue1")
    return s


def test_rb13_an_escaped_model_charged_again_makes_no_attacks_but_may_parry() -> None:
    """RB-13: "An escaped model makes no attacks for the rest of that Assault phase, even
    if an enemy charges it again (it still defends and may parry)"."""
    s = _escaped_and_charged_again(weapons="Spada da guerra")
    assert any(e.key == "skip.attack" and e.actor == "blue1" for e in s.battle.log)
    # C (V 5, charging) attacks; B (C 6, three attacks) would answer with its own.
    play(s, ("melee.hit", (2, 3)))
    assert key(s) == "melee.parry"  # it defends: a parry gives up one of its attacks
    play(s, ("melee.parry", "parry"), ("melee.parry_roll", (3, 3)))
    seen = []
    while s.prompt is not None and s.battle.phase == "assault":
        seen.append((s.prompt.key, s.prompt.actor))
        if key(s) == "melee.hit":
            s.answer((5, 5))  # C misses
        else:
            break
    assert ("melee.hit", "blue1") not in seen  # was: B attacked C three times
    assert ("melee.hit", "red2") in seen


def test_rb13_an_escaped_model_makes_no_extra_attack_on_a_fumble() -> None:
    """RB-13: no attacks for the rest of that Assault phase — the extra attack a
    charger's critical failure gives (seed: "un fallimento critico gli concede un attacco
    extra estemporaneo") included; the skipped attack is logged."""
    s = _escaped_and_charged_again()
    play(s, ("melee.hit", (6, 6)))
    # was: B's extra attack (melee.hit by blue1); now C goes on with its second attack
    assert key(s) == "melee.hit" and s.prompt is not None and s.prompt.actor == "red2"
    last = [e for e in s.battle.log if e.key == "skip.attack"][-1]
    assert (last.actor, last.target) == ("blue1", "red2") and "RB-13" in last.text
    doc = entry_document(last, s.battle)  # the export names what was skipped and why
    assert doc["kind"] == "info" and doc["skipped"] == {"what": "attack", "rule": "RB-13"}


def test_rb13_an_escaped_model_whose_side_is_left_takes_the_winners_move() -> None:
    """Seed: "Se alla fine di un corpo a corpo non sono più presenti modelli di una delle
    due fazioni, i loro avversari possono muoversi … di V / 2''"; RB-13: "if its side is
    the only one left in that melee, it takes the winners' move like the others"."""
    s = session(
        {
            "red": [model("A"), model("C", r=1, c=2)],
            "blue": [model("B", c=6), model("D", c=6, f=6)],
        }
    )
    initiative(s, 5, 2)
    pass_movement(s)
    charge(s, "red1", "blue1")
    play(s, ("assault.model", "blue1"), ("assault.action", "escape"))
    play(s, ("assault.escape", (3, 3)), ("assault.escape_move", True), ("move.within_1", False))
    charge(s, "red2", "blue1")
    play(s, ("assault.action", "charge:red2"), ("assault.reach", True))  # D charges C
    play(s, ("assault.target", "blue2"), ("melee.hit", (6, 5)))  # C misses D
    play(s, ("melee.hit", (2, 3)), ("wound.roll", (2, 3)))  # D kills C
    assert s.battle.units["red2"].removed
    assert key(s) == "assault.winners" and s.prompt is not None
    assert 'B up to 2"' in s.prompt.text and 'D up to 2"' in s.prompt.text  # was: D only


def test_rb17_a_question_not_asked_because_every_enemy_is_engaged_is_logged() -> None:
    """RB-17: "engaged or fleeing enemies make none" (free attacks): when every enemy is
    engaged, "did it pass within 1"?" is not asked — and the log says so, keyed
    `skip.question`, exported with `skipped` (it was skipped without a word)."""
    s = session({"red": [model("A", c=2), model("B")], "blue": [model("X", c=2)]})
    initiative(s, 6, 1)
    pass_movement(s)
    charge(s, "red1", "blue1")
    play(s, ("assault.action", "pass"), ("assault.action", "pass"))
    play(s, ("melee.hit", (6, 5)), ("melee.hit", (6, 5)))  # both miss: still engaged
    initiative(s, 6, 1)
    play(s, ("move.mode", "simple"))  # B moves; X is locked in melee with A
    assert key(s) != "move.within_1"
    last = [e for e in s.battle.log if e.key == "skip.question"][-1]
    assert last.actor == "red2"
    doc = entry_document(last, s.battle)
    assert doc["skipped"] == {"what": "question", "rule": "RB-17"}
