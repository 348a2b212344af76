"""Export format 1, additive keys of issue 24 (docs/export.md): the exact chance, the
options offered, each roll's parts, attacks, combattimento-gdr groups, skipped entries.
Fixed answers; each test names the promise it checks."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from skirmtui.engine.core.prompts import Option, Pick
from skirmtui.engine.core.runner import offered
from skirmtui.engine.core.session import Session
from skirmtui.engine.report.export import export_document
from skirmtui.systems.registry import get_system
from tests.engine.test_pick import _played
from tests.systems import cg_helpers as cg
from tests.systems import rb_helpers as rb
from tests.systems.scripting import play
from tests.systems.wi_helpers import WI, make_setup


def test_g2_roll_chance_is_the_full_double_not_rounded() -> None:
    """G-2: "the exact chance of success"; docs/export.md: `roll.chance` is the full
    double — an ABI 4 test on 1d6 is 2/3 = 0.6666666666666666 (it was 0.666667)."""
    s = Session(get_system(WI), make_setup({"red": [("A", 3, 4)], "blue": [("B", 3, 4)]}))
    play(s, ("order.roll", (6,)), ("order.roll", (1,)), ("activation.unit", "red1"))
    play(s, ("activation.roll", (2,)))
    entries = export_document(s)["entries"]
    roll = next(e["roll"] for e in reversed(entries) if e["key"] == "activation.roll")
    assert roll["chance"] == float(Fraction(2, 3)) == 0.6666666666666666


def _doc_entries(s: Session) -> list[dict[str, Any]]:
    return export_document(s)["entries"]  # type: ignore[no-any-return]


def test_choose_entries_list_the_options_offered() -> None:
    """Issue 24 / docs/export.md `options`: each choice lists what it offered (value,
    label, disabled) and its value is one of the enabled ones."""
    s = rb.session({"red": [rb.model("A"), rb.model("B")], "blue": [rb.model("X")]})
    rb.initiative(s, 6, 1)
    play(s, ("move.model", "red1"), ("move.mode", "pass"))
    moved = next(e for e in _doc_entries(s) if e["key"] == "move.model")
    assert [(o["value"], o["label"], o["disabled"]) for o in moved["options"]] == [
        ("red1", "A", False),
        ("red2", "B", False),
    ]
    assert moved["value"] == "red1"
    mode = next(e for e in _doc_entries(s) if e["key"] == "move.mode")
    assert "pass" in [o["value"] for o in mode["options"]] and mode["value"] == "pass"


def test_a_disabled_option_carries_its_reason() -> None:
    """RB-4 / RB-14 in the export: a charge offered to a model locked in melee is
    disabled with the reason the app showed."""
    s = rb.session({"red": [rb.model("A")], "blue": [rb.model("X"), rb.model("Y")]})
    rb.initiative(s, 5, 2)
    rb.pass_movement(s)
    rb.charge(s, "red1", "blue1")
    play(s, ("assault.model", "blue1"), ("assault.action", "pass"))
    entry = [e for e in _doc_entries(s) if e["key"] == "assault.action"][-1]
    offered = {o["value"]: o for o in entry["options"]}
    assert offered["charge:red1"] == {
        "value": "charge:red1",
        "label": "Charge A (Red)",
        "disabled": True,
        "reason": "locked in melee",
    }
    assert offered["pass"]["disabled"] is False and "reason" not in offered["pass"]


def test_offered_covers_a_multi_select() -> None:
    """The multi-select (`Pick`) offers its options the same way (docs/export.md)."""
    prompt = Pick(
        key="k",
        text="which moved?",
        options=(Option("a", "A"), Option("b", "B", "prone")),
    )
    assert offered(prompt) == [
        {"value": "a", "label": "A", "disabled": False},
        {"value": "b", "label": "B", "disabled": True, "reason": "prone"},
    ]


def test_a_pick_entry_in_a_battle_lists_the_options_it_offered() -> None:
    """docs/export.md `options` on a multi-select entry: each option offered, and every
    value picked is an enabled one (the toy battle of tests/engine/test_pick.py)."""
    doc = export_document(_played())
    pick = next(e for e in doc["entries"] if e["kind"] == "pick")
    assert [(o["value"], o["disabled"]) for o in pick["options"]] == [
        ("r1", False),
        ("r2", False),
        ("b1", False),
    ]
    assert pick["value"] == ["r2", "b1"]


def test_rb1_a_confronto_names_its_operands_what_moved_them_and_the_cell() -> None:
    """RB-1: target = the cell of (own value, opposed value); RB-10: beyond half range T
    is 1 lower, the target's V +1 if it ran — the parts say so, not only the text."""
    s = rb.session({"red": [rb.model("A")], "blue": [rb.model("B", weapons="Balestra")]})
    rb.initiative(s, 6, 1)
    play(s, ("move.mode", "run"), ("move.within_1", False), ("move.half_range", True))
    play(s, ("shoot.hit", (6, 5)))
    entry = next(e for e in _doc_entries(s) if e["key"] == "shoot.hit")
    own, against = entry["roll"]["parts"]
    assert own == {"role": "own", "label": "T", "value": 4, "base": 4, "mods": []}
    assert against == {
        "role": "against",
        "label": "V",
        "value": 5,
        "base": 4,
        "mods": [{"label": "ran", "value": 1}],
    }
    assert entry["roll"]["cell"] == "6" and entry["roll"]["target"] == 6
    assert entry["attack"] == {
        "weapon": "Balestra",
        "kind": "free shot",
        "armour": 0,
        "penetration": 2,
    }


def test_cg2_a_check_names_each_die_with_its_faces_and_the_difficultys_parts() -> None:
    """CG-2: characteristic die + skill die, each exploding; CG-10/CG-16: the shared
    difficulty is the DP plus range, cover, size and light — each a part."""
    s = cg.session([cg.ch("Aldo", agi="d10", skills="spade:d6")], [cg.ch("Bruto")])
    cg.scene(s, "dim")
    play(s, ("action.choose", "charge"), ("charge.turns", "1"))
    play(s, ("attack.roll", (8, 3, 6, 2)))  # POT d8 explodes: 8 then 3; the d6: 6 then 2
    entry = next(e for e in _doc_entries(s) if e["key"] == "attack.roll")
    dice = [p for p in entry["roll"]["parts"] if p["role"] == "die"]
    assert dice == [
        {"role": "die", "label": "POT", "die": "d8", "faces": [8, 3]},
        {"role": "die", "label": "spade", "die": "d6", "faces": [6, 2]},
    ]
    shared = [(p["label"], p["value"]) for p in entry["roll"]["parts"] if p["role"] == "difficulty"]
    assert shared[0] == ("DP", 8) and sum(v for _, v in shared) == entry["roll"]["target"]
    assert entry["attack"] == {"weapon": "Spada", "kind": "melee"}
