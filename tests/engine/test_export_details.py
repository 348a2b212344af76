"""Export format 1, additive keys of issue 24 (docs/export.md): the exact chance, the
options offered, each roll's parts, attacks, combattimento-gdr groups, skipped entries.
Fixed answers; each test names the promise it checks."""

from __future__ import annotations

from fractions import Fraction

from skirmtui.engine.core.session import Session
from skirmtui.engine.report.export import export_document
from skirmtui.systems.registry import get_system
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
