"""combattimento-gdr on the battle screen: one turn with a simultaneous group and a
delay (Pilot), and a snapshot showing a body-point track on the unit sheet.

Update the snapshot after an intended change with
`pytest tests/tui/test_combattimento_gdr.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.session import Session
from skirmtui.tui.app import SkirmApp
from tests.systems.cg_helpers import ch, session
from tests.tui.helpers import SIZE, pick, running, type_faces


def fight() -> Session:
    """Carla (red, AGI d10) acts first; Aldo (red) and Bruto (blue), both AGI d8 and DES d8,
    are a simultaneous group, already in contact."""
    return session(
        [ch("Aldo", agi="d8", des="d8"), ch("Carla", agi="d10")],
        [ch("Bruto", agi="d8", des="d8", armour="elmo")],
        contact=["red1 blue1"],
    )


async def test_a_turn_with_a_simultaneous_group_and_a_delay(tmp_path: Path) -> None:
    app = SkirmApp(session=fight(), path=tmp_path / "cg.toml", created="2026-01-01T00:00:00Z")
    async with running(app) as (pilot, s):
        await pick(pilot, "dim")  # CG-4: the GM's scene
        assert s.battle.pos.order == [["red2"], ["red1", "blue1"]]
        await pick(pilot, "delay")  # Carla waits (CG-4)
        # The group: Aldo hits Bruto (8, re-rolled 3 = 11 against DP 8), on the torso.
        assert s.prompt is not None and s.prompt.actor == "red1"
        await pick(pilot, "melee")
        await type_faces(pilot, "8 3")
        await type_faces(pilot, "2")
        await type_faces(pilot, "50")
        await type_faces(pilot, "6")
        assert s.battle.units["blue1"].stats["damage"] == 0  # held (CG-11)
        # Bruto still strikes in the group, and misses.
        assert s.prompt.actor == "blue1"
        await pick(pilot, "melee")
        await type_faces(pilot, "2")
        await type_faces(pilot, "1")
        assert s.battle.units["blue1"].stats["damage"] == 6  # applied after the group
        # Now Carla, waiting, is offered her turn with her actions (issue 25: one
        # answer); she does nothing, and the turn ends.
        assert s.prompt.key == "delay.act"
        await pick(pilot, "nothing")
        assert s.battle.round == 2 and s.prompt.key == "turn.scene"
        kinds = [e.kind for e in s.battle.log]
        assert kinds.index("held") < kinds.index("damage")


def after_the_group() -> SkirmApp:
    s = fight()
    for value in ["bright", "nothing", "melee", (8, 3), (2,), (50,), (6,), "nothing"]:
        s.answer(value)
    return SkirmApp(session=s, path="saves/cg.toml", created="2026-01-01T00:00:00Z", autosave=False)


def test_battle_screen_with_a_body_point_track(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def select_bruto(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.screen.selected = "blue1"
        await pilot.pause()

    assert snap_compare(after_the_group(), terminal_size=SIZE, run_before=select_bruto)
