"""`skirmtui sim --players N`: any system, N within its player range, else exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.cli import main
from skirmtui.engine.core.armies import setup_for_players
from skirmtui.systems.registry import get_system


@pytest.mark.parametrize(
    ("system", "players"), [("pequenas-guerras", 4), ("wargaming-introduttivo", 3)]
)
def test_sim_with_players(system: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["sim", system, "--battles", "3", "--seed", "1", "--players", str(players)])
    out = capsys.readouterr().out
    assert code == 0 and "errors: 0" in out


def test_players_setup_keeps_the_demo_sides_then_adds_sample_armies() -> None:
    demo = get_system("pequenas-guerras").demo_setup()
    four = setup_for_players("pequenas-guerras", 4)
    assert [s.id for s in four.sides[:3]] == [s.id for s in demo.sides]
    assert four.sides[3].name == "Mercenários" and four.sides[3].id == "yellow"
    assert get_system("pequenas-guerras").check_setup(four) == []
    two = setup_for_players("pequenas-guerras", 2)
    assert [s.id for s in two.sides] == ["red", "blue"]


@pytest.mark.parametrize(
    ("system", "players"),
    [("pequenas-guerras", 5), ("pequenas-guerras", 1), ("wargaming-introduttivo", 9)],
)
def test_sim_with_a_bad_player_count_exits_2(
    system: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["sim", system, "--battles", "1", "--players", str(players)])
    assert code == 2
    assert f"--players {players}: {system} takes 2–4 players" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("system", "players", "title"),
    [
        (
            "pequenas-guerras",
            4,
            "Milícia vs Bandoleiros vs Guarda Real vs Mercenários (demo scenario)",
        ),
        ("pequenas-guerras", 2, "Milícia vs Bandoleiros (demo scenario)"),
        ("regole-base", 3, "Armigeri vs Briganti vs Balestrieri (demo scenario)"),
    ],
)
def test_players_setup_is_titled_after_its_sides(system: str, players: int, title: str) -> None:
    """Found playing: `sim pequenas-guerras --players 4 --only SEED --save-dir D` opened
    a battle of four bands titled "Demo: three bands at the crossroads" (and with two,
    the same); regole-base's three-army battle kept the two-army ambush's title. A
    player count the scenario does not field names its sides, as a matchup does."""
    assert setup_for_players(system, players).title == title


def test_players_setup_of_the_scenarios_own_count_keeps_its_title() -> None:
    demo = get_system("pequenas-guerras").demo_setup()
    assert setup_for_players("pequenas-guerras", 3).title == demo.title


def test_sim_only_with_players_saves_the_battle_titled_after_its_sides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from skirmtui.engine.store.saves import load_session
    from skirmtui.systems.registry import systems

    args = ["sim", "wargaming-introduttivo", "--players", "3", "--only", "7"]
    assert main([*args, "--save-dir", str(tmp_path)]) == 0
    (saved,) = tmp_path.glob("*.toml")
    session, _ = load_session(saved, systems())
    assert session.setup.title == "Legionari vs Barbari vs Arcieri del bosco (demo scenario)"
    assert len(session.battle.sides) == 3
