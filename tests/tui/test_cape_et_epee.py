"""cape-et-epee on the battle screen: a turn with a reaction (Pilot), and a snapshot
taken mid-impulse.

Update the snapshot after an intended change with
`pytest tests/tui/test_cape_et_epee.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

from skirmtui.engine.core.session import Session
from skirmtui.tui.app import SkirmApp
from tests.systems.ce_helpers import ch, session
from tests.tui.helpers import SIZE, pick, press, running, type_faces


def duel() -> Session:
    """Athos (red) and Jussac (blue), protagonists with pistols."""
    return session(
        [ch("Athos", "protagonist", weapon="pistol"), ch("Planchet", ca=4)],
        [ch("Jussac", "protagonist", weapon="pistol"), ch("Bravo", ca=4)],
    )


async def test_a_turn_with_reactions(tmp_path: Path) -> None:
    app = SkirmApp(session=duel(), path=tmp_path / "ce.toml", created="2026-01-01T00:00:00Z")
    async with running(app) as (pilot, s):
        # CE-2: red rolls 3 and 5 (the 5 is discarded), blue 2 and 2: red has the initiative.
        await type_faces(pilot, "3 5")
        await type_faces(pilot, "2 2")
        assert s.battle.pos.initiative == "red"
        # CE-3: blue (no initiative) orders first: a 2 on Jussac, then stops; red: 3 on Athos.
        assert s.prompt is not None and s.prompt.side == "blue"
        await pick(pilot, "2|blue1", "done", "3|red1")
        # CE-5: Athos has the most AP and takes the first impulse: he shoots Jussac.
        assert s.battle.phase == "activated" and s.prompt.actor == "red1"
        await pick(pilot, "shoot", "blue1", "short")
        # CE-8: blue is asked whether Jussac reacts; he shoots back at the same time.
        assert s.prompt.key == "react.shot" and s.prompt.side == "blue"
        await pick(pilot, "back", "short")
        await pilot.press("n")  # Jussac is not in cover
        await pilot.pause()
        await pilot.press("n")  # neither is Athos
        await pilot.pause()
        await type_faces(pilot, "1")  # Athos hits (tiro 6)
        await type_faces(pilot, "9")  # Jussac misses
        await type_faces(pilot, "6")  # no wound (CA 5)
        # Seed §2.7: Jussac was hit in the open: a morale test (no enemy could charge: n).
        assert s.prompt.key == "morale.threat"
        await press(pilot, "n")
        await type_faces(pilot, "4")
        battle = s.battle
        assert battle.units["blue1"].stats["ap"] == 1  # the reaction cost 1 AP
        assert battle.units["red1"].stats["ap"] == 2
        assert battle.units["blue1"].stats["status"] == ""
        assert s.prompt.key == "impulse.action" and s.prompt.actor == "red1"
        # The impulse goes on: Athos ends it and rejoins the queue at 2 AP.
        await pick(pilot, "end")
        assert s.prompt.actor == "red1"  # still the most AP (2 v Jussac's 1)
        texts = [row.text for row in s.system.queue(battle)]
        assert texts[0].startswith("Red: firmness") and texts[1].startswith("Blue: firmness")
        # Athos charges Jussac, who countercharges with his last AP (CE-8): both roll 5,
        # a tie in a simultaneous fight hits both; neither is wounded (6 on CA 5).
        await pick(pilot, "charge", "blue1")
        assert s.prompt.key == "react.charge" and s.prompt.side == "blue"
        await pick(pilot, "counter")
        await type_faces(pilot, "5")
        await type_faces(pilot, "5")
        await type_faces(pilot, "6")
        await type_faces(pilot, "6")
        assert battle.units["blue1"].stats["ap"] == 0
        assert battle.units["red1"].stats["foe"] == "blue1"
        # CE-6: the non-activated characters, initiative player first, one action each.
        assert battle.phase == "nonactivated" and s.prompt.side == "red"
        await pick(pilot, "red2")
        await pick(pilot, "temporize")  # red's last: blue's turn
        assert s.prompt.side == "blue"
        await pick(pilot, "blue2")
        await pick(pilot, "temporize")  # blue's last character: the turn ends
        assert battle.round == 2 and s.prompt.key == "activation.roll"
        assert any("countercharges" in entry.text for entry in battle.log)


def mid_impulse() -> SkirmApp:
    s = duel()
    for value in [
        (3, 5),
        (2, 2),
        "2|blue1",
        "done",
        "3|red1",
        "shoot",
        "blue1",
        "short",
        "back",
        "short",
        False,
        False,
        (1,),
        (9,),
        (6,),
        False,
        (4,),
    ]:
        s.answer(value)
    return SkirmApp(session=s, path="saves/ce.toml", created="2026-01-01T00:00:00Z", autosave=False)


def test_battle_screen_mid_impulse(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(mid_impulse(), terminal_size=SIZE)


async def test_new_from_a_scenario_keeps_ranks_squads_and_stakes(tmp_path: Path) -> None:
    """`skirmtui new cape-et-epee --scenario locanda`: starting from the unedited form keeps
    the scenario's characters whole (ranks, squads, weapons: entries the typed columns do
    not show) and its stakes, markers and objective; an edited list is parsed as typed."""
    from textual.widgets import TextArea

    from skirmtui.engine.core.armies import setup_from_scenario
    from skirmtui.tui.screens.setup import SetupScreen

    preset = setup_from_scenario("cape-et-epee", "locanda")
    app = SkirmApp(system_id="cape-et-epee", path=tmp_path / "n.toml", preset=preset, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        setup = screen.build()
        area = screen.query_one("#units-1", TextArea)
        area.text = area.text + "\nSpadaccino 6 5 5 5 5"
        await pilot.pause()
        edited = screen.build()
    assert setup.options["stakes"] == "objective"
    assert setup.options["objective"] == preset.options["objective"]
    assert setup.options["markers"] == preset.options["markers"]
    assert [(u.id, u.name, u.profile) for u in setup.units] == [
        (u.id, u.name, u.profile) for u in preset.units
    ]
    blue = [u for u in edited.units if u.side == "blue"]
    assert blue[-1].profile == {"morale": 6, "tiro": 5, "mischia": 5, "ca": 5, "move": 5}
    assert "rank" not in blue[0].profile  # typed lines carry the typed columns only
