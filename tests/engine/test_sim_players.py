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


def test_a_mirror_matchup_tells_its_two_sides_apart() -> None:
    """Found replaying a balance report's longest battle (`sim regole-base --armies
    armigeri,armigeri --only 421165996`): "Winner: Armigeri — Armigeri has no models
    left". Both sides were named after their army; a name two sides share is numbered
    by seat, so the result, the log and the labels say which one."""
    import random

    from skirmtui.engine.core.armies import matchup_setup
    from skirmtui.engine.play.sim import play_battle

    setup = matchup_setup("regole-base", ("armigeri", "armigeri"))
    assert [s.name for s in setup.sides] == ["Armigeri 1", "Armigeri 2"]
    assert setup.title == "Armigeri 1 vs Armigeri 2 (demo scenario)"
    other = matchup_setup("regole-base", ("armigeri", "briganti"))
    assert [s.name for s in other.sides] == ["Armigeri", "Briganti"]  # as before
    system = get_system("regole-base")
    battle, _ = play_battle(system, setup, random.Random(421165996))
    assert battle.result is not None and battle.result.winner is not None
    loser = next(s.name for s in battle.sides if s.id != battle.result.winner)
    assert loser in battle.result.reason and battle.side_name(battle.result.winner) != loser


def test_a_balance_report_names_each_army_by_its_own_name_even_in_a_mirror() -> None:
    """The report's matchups and armies name the armies ("Armigeri vs Armigeri
    (mirror)"), not a mirror's numbered sides ("Armigeri 1" stood for the army)."""
    from skirmtui.engine.play.plan import balance_plan
    from skirmtui.engine.play.tally import play_chunk
    from skirmtui.engine.report.balance_doc import balance_document

    plan, _ = balance_plan(
        get_system("regole-base"), seed=1, armies=["armigeri", "briganti"], battles=6
    )
    assert sorted(m.names for m in plan.matchups) == [
        ("Armigeri", "Armigeri"),
        ("Armigeri", "Briganti"),
        ("Briganti", "Briganti"),
    ]
    doc = balance_document(plan, play_chunk(plan, get_system, 0, 6), "", "demo")
    assert sorted(a["name"] for a in doc["armies"]) == ["Armigeri", "Briganti"]
