"""regole-base in the TUI: one full round played with the keyboard (Pilot) — a move, an
assault with a parry and a flight, a shot with an armour save — and a snapshot of the
battle screen mid-assault."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Roll
from skirmtui.engine.core.session import Session
from skirmtui.tui.app import SkirmApp
from tests.systems.rb_helpers import model, session
from tests.tui.helpers import SIZE, pick_option, type_faces

WARBANDS = {
    "red": [
        model("Spadaccino", weapons="Spada da guerra"),
        model("Frombolière", t=5, weapons="Frombola"),
    ],
    "blue": [
        model("Brigante", m=2, weapons="Ascia"),
        model("Armigero", armour="mail", weapons="Mazza"),
    ],
}

#: One round, answer by answer: (prompt key, answer).
ROUND: list[tuple[str, Any]] = [
    ("initiative.roll", (6,)),
    ("initiative.roll", (1,)),
    # Movement: Spadaccino moves, the others pass.
    ("move.model", "red1"),
    ("move.mode", "simple"),
    ("move.within_1", False),
    ("move.model", "blue1"),
    ("move.mode", "pass"),
    ("move.mode", "pass"),  # red2, the last red model
    ("move.mode", "pass"),  # blue2
    # Assault: Spadaccino charges Brigante; the others pass.
    ("assault.model", "red1"),
    ("assault.action", "charge:blue1"),
    ("assault.reach", True),
    ("assault.model", "blue2"),
    ("assault.action", "pass"),
    ("assault.action", "pass"),  # red2
    ("assault.action", "pass"),  # blue1, locked: does not try to escape
]
MELEE: list[tuple[str, Any]] = [
    ("melee.hit", (3, 3)),  # Spadaccino (V 5, charging) hits: C 4 vs C 4, 7 or less
    ("wound.roll", (3, 3)),  # F 5 vs R 4: Brigante R 4 → 3
    ("melee.hit", (3, 3)),  # Brigante hits back
    ("melee.parry", "parry"),  # Spadaccino gives up its second attack to parry
    ("melee.parry_roll", (3, 3)),
    ("melee.hit", (6, 5)),  # Brigante's second attack misses
    ("morale.assault", (5,)),  # Brigante's side lost more: M 2, fails
    ("morale.pursue", "pursue"),
    ("morale.pursuit", (6,)),  # Spadaccino (V 4 + 1 charging) fails: a natural 6
    ("morale.flee_move", True),  # Brigante gets away, 1.5 × V 4 = 6"
    ("move.within_1", False),  # it passes near no other enemy
    ("assault.winners", True),
]
SHOT: list[tuple[str, Any]] = [
    ("shoot.weapon", "frombola"),
    ("shoot.target", "blue2"),
    ("shoot.range", "half"),
    ("shoot.hit", (3, 3)),  # T 5 vs V 4: 9 or less
    ("armour.save", (2,)),  # mail 2, penetration 0: saved
]


async def answer(pilot: Any, s: Session, key: str, value: Any) -> None:
    """Give one answer with the keys a GM would press."""
    prompt = s.prompt
    assert prompt is not None and prompt.key == key, (prompt, key)
    if isinstance(prompt, Choose):
        await pick_option(pilot, value)  # its number key, else the arrows
    elif isinstance(prompt, Ask):
        await pilot.press("y" if value else "n")
    elif isinstance(prompt, Roll):
        await type_faces(pilot, " ".join(map(str, value)))
        return
    elif isinstance(prompt, Confirm):
        await pilot.pause(0.3)  # a Button ignores a second press while it still flashes
        await pilot.press("enter")
    await pilot.pause()


def app_for(s: Session, path: Path | str) -> SkirmApp:
    return SkirmApp(session=s, path=path, created="2026-01-01T00:00:00Z", autosave=False)


async def test_one_full_round_with_the_keyboard(tmp_path: Path) -> None:
    s = session(WARBANDS)
    app = app_for(s, tmp_path / "rb.toml")
    async with app.run_test(size=SIZE) as pilot:
        for key, value in ROUND:
            await answer(pilot, s, key, value)
        assert s.battle.pos.contacts == [["blue1", "red1"]]
        for key, value in MELEE:
            await answer(pilot, s, key, value)
        assert s.battle.units["blue1"].stats["r"] == 3
        assert s.battle.units["red1"].stats["r"] == 4  # the parry cancelled the hit
        assert s.battle.pos.contacts == []  # the flight broke the melee
        log = [e.text for e in s.battle.log]
        assert "Spadaccino parries the blow" in log
        assert "Brigante flees the melee" in log
        for key, value in SHOT:
            await answer(pilot, s, key, value)
        assert s.battle.units["blue2"].stats["r"] == 4  # the armour absorbed it
        assert s.battle.phase == "initiative" and s.battle.round == 2
        assert len(s.items) == len(ROUND) + len(MELEE) + len(SHOT)


def mid_assault_app() -> SkirmApp:
    """The battle stopped at the parry question."""
    s = session(WARBANDS)
    for key, value in [*ROUND, *MELEE[:3]]:
        assert s.prompt is not None and s.prompt.key == key
        s.answer(value)
    return app_for(s, "saves/regole-base.toml")


def test_battle_screen_mid_assault(snap_compare: Any) -> None:
    assert snap_compare(mid_assault_app(), terminal_size=SIZE)
