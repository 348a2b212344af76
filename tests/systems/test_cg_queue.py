"""combattimento-gdr's queue pane: who acts now and who has acted (CG-11's order)."""

from __future__ import annotations

from skirmtui.systems.combattimento_gdr.views import queue
from tests.systems.cg_helpers import ch, play, scene, session


def _rows(s):  # type: ignore[no-untyped-def]
    return [row.text for row in queue(s.battle)]


def test_the_combatant_asked_its_action_is_acting_not_acted() -> None:
    """Carlo (AGI d10) acts alone first; Aldo and Bruto (AGI d6) then act simultaneously,
    in listed order (CG-11). The one asked "which action?" is acting; a group member who
    has chosen has acted (the queue said "acted" of the one being asked)."""
    s = session([ch("Aldo"), ch("Carlo", agi="d10")], [ch("Bruto")])
    scene(s)
    assert s.prompt is not None and s.prompt.text == "Carlo acts: which action?"
    assert _rows(s) == ["Carlo (acting)", "= Aldo", "= Bruto"]
    play(s, ("action.choose", "nothing"))
    assert _rows(s) == ["= Aldo (acting)", "= Bruto"]
    play(s, ("action.choose", "nothing"))
    assert s.prompt is not None and s.prompt.text == "Bruto acts: which action?"
    assert _rows(s) == ["= Aldo (acted)", "= Bruto (acting)"]
