"""`skirmtui sim --players N`: any system, N within its player range, else exit 2."""

from __future__ import annotations

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
