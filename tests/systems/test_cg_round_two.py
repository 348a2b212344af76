"""combattimento-gdr, rules fidelity round two (issue 24): what was decided silently is
logged (a flight's or a charge's attack with no melee weapon in hand), and a change that
opens a combatant's turn is listed on the entry that causes it. Fixed dice; each test
quotes seed 003 or the ruling."""

from __future__ import annotations

from skirmtui.engine.core.session import Session
from skirmtui.engine.report.export import entry_document
from tests.systems.cg_helpers import (
    ch,
    engaged_during_a_charge,
    engaged_during_another_action,
    key,
    play,
    scene,
    session,
    stat,
    texts,
)


def _effects_of(s: Session, text: str) -> list[tuple[str | None, str, object, object]]:
    entry = next(e for e in s.battle.log if e.text == text)
    return [(f.unit, f.field, f.before, f.after) for f in entry.effects]


def _skips(s: Session) -> list[dict[str, object]]:
    docs = [entry_document(e, s.battle) for e in s.battle.log]
    return [d for d in docs if "skipped" in d]


def test_cg14_a_flight_from_an_opponent_with_no_melee_weapon_in_hand_is_logged() -> None:
    """Seed: "L'avversario guadagna un attacco alle spalle verso il fuggitivo"; CG-14:
    "each opponent in contact gets one free attack". Ours: an attack in melee needs a
    melee weapon in hand — Carlo holds only a bow, so he makes none, and the log says so
    (it was skipped without a word)."""
    s = session(
        [ch("Aldo", agi="d10")],
        [ch("Bruto"), ch("Carlo", weapons="arco_corto")],
        contact=["red1 blue1", "red1 blue2"],
    )
    scene(s)
    play(s, ("action.choose", "flee"), ("attack.roll", (1,)))  # Bruto's attack misses
    skips = _skips(s)
    assert [(d["actor"], d["target"], d["key"]) for d in skips] == [
        ("blue2", "red1", "skip.attack")
    ]
    assert skips[0]["skipped"] == {"what": "attack", "rule": "ours"}
    assert "Carlo has no melee weapon readied: no free attack on the fleeing Aldo" in texts(s)
    assert stat(s, "red1", "fate") == "fled"


def test_cg5_a_charge_with_no_melee_weapon_in_hand_logs_its_attack_skipped() -> None:
    """Seed: "Un personaggio che con una manovra di avvicinamento entra a contatto con un
    avversario può immediatamente … eseguire un attacco in mischia"; ours: not without a
    melee weapon in hand, and the skipped attack is an entry naming both."""
    s = session([ch("Aldo", agi="d10", weapons="arco_corto")], [ch("Bruto")])
    scene(s)
    play(s, ("action.choose", "charge"), ("charge.turns", "1"))
    assert stat(s, "red1", "contact") == ("blue1",)
    skips = _skips(s)
    assert [(d["actor"], d["target"]) for d in skips] == [("red1", "blue1")]
    assert key(s) == "action.choose" and s.prompt is not None and s.prompt.actor == "blue1"


def test_cg11_an_action_stopped_by_contact_is_listed_on_the_entry_that_says_so() -> None:
    """CG-11: "another action" only when not in contact: the `busy → 0` that opens Aldo's
    turn belongs to "its action stops", not to the previous, unrelated entry."""
    s = engaged_during_another_action()
    assert ("red1", "busy", 4, 0) in _effects_of(s, "Aldo is engaged in melee: its action stops")


def test_cg11_a_charge_stopped_by_contact_is_listed_on_the_entry_that_says_so() -> None:
    """CG-14 / CG-11: a charge under way stops when its charger is engaged; its
    `charging → 0` is on that entry."""
    s = engaged_during_a_charge()
    effects = _effects_of(s, "Aldo is engaged in melee: its charge stops (leaving is a flight)")
    assert ("red1", "charging", 2, 0) in effects and ("red1", "charge_to", "blue2", "") in effects


def test_cg5_a_charge_that_arrives_ends_on_the_entry_of_its_contact() -> None:
    """Seed: the GM sets "quanti turni occorrono per raggiungerlo": the charge's last turn
    ends on "reaches …: in contact", the entry that makes the contact."""
    s = session([ch("Aldo", agi="d10")], [ch("Bruto")])
    scene(s)
    play(s, ("action.choose", "charge"), ("charge.turns", "2"), ("action.choose", "nothing"))
    scene(s)
    effects = _effects_of(s, "Aldo reaches Bruto: in contact")
    assert ("red1", "charging", 1, 0) in effects


def test_cg13_no_defence_asked_of_a_target_engaged_in_melee_is_a_logged_skip() -> None:
    """CG-13: "a target engaged in melee is unaware of ranged attacks": the defence
    question is not asked, and the entry saying so is a `skip.question` (CG-13)."""
    archer = {"agi": "d10", "weapons": "arco_corto", "ready": "arco_corto", "skills": ""}
    s = session([ch("Aldo", **archer), ch("Bea")], [ch("Bruto")], contact=["red2 blue1"])
    scene(s)
    play(s, ("action.choose", "ranged"))  # the only enemy: not asked whom
    play(s, ("ranged.range", "short"), ("ranged.cover", "none"))
    assert key(s) == "attack.roll"  # no defence.choose
    skips = [d for d in _skips(s) if d["key"] == "skip.question"]
    assert [(d["actor"], d["target"], d["skipped"]) for d in skips] == [
        ("blue1", "red1", {"what": "question", "rule": "CG-13"})
    ]
