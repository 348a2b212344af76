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


def test_a_waiting_combatant_acting_now_is_the_one_acting_in_the_queue() -> None:
    """CG-11: Aldo (AGI d10, a bow) waits; after Bruto's action he acts now and shoots.
    While he acts, the queue shows him acting (he had left it: no longer waiting, his
    entry long past), not the next entry (Carla, AGI d4) as the current one (the
    player view showed nobody acting)."""
    archer = {"weapons": "arco_corto pugnale", "ready": "arco_corto"}
    s = session([ch("Aldo", agi="d10", **archer), ch("Carla", agi="d4")], [ch("Bruto", agi="d8")])
    scene(s)
    play(s, ("action.choose", "delay"))
    assert _rows(s) == ["Bruto (acting)", "waiting: Aldo", "Carla"]
    play(s, ("action.choose", "nothing"))
    assert s.prompt is not None and s.prompt.key == "delay.act"
    assert _rows(s) == ["waiting: Aldo", "Carla"]  # Aldo is offered his turn: nobody acts
    assert not any(row.current for row in queue(s.battle))
    play(s, ("delay.act", "ranged"))  # Aldo acts now: shoots (the table says the range)
    assert s.prompt is not None and s.prompt.key.startswith("ranged.")
    rows = queue(s.battle)
    assert [r.text for r in rows] == ["Aldo (acting, waited)", "Carla"]
    assert [r.current for r in rows] == [True, False]
