"""`python -m bench.ai_cells`: a cell played into a journal is `bench.ai`'s cell, battle
for battle; it resumes where it stopped, shares its battles between parts and refuses a
journal of another cell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.ai import run_pair
from bench.ai_cells import main, read_journal, tally
from bench.ai_tally import Tally

CG = "combattimento-gdr"


def _lines(folder: Path) -> list[int]:
    return sorted(n for n in read_journal(folder))


def test_a_cell_is_bench_ai_s_pair_battle_for_battle(tmp_path: Path) -> None:
    assert main([CG, "balanced:random", str(tmp_path), "--battles", "4"]) == 0
    ta, tb, known = tally(read_journal(tmp_path), None, 100)
    want_a, want_b = run_pair(CG, "balanced", "random", 4, 26, [])
    assert (ta, tb, known) == (want_a, want_b, False)
    assert ta.battles == 4 and isinstance(ta, Tally)


def test_it_resumes_and_shares_its_battles_between_parts(tmp_path: Path) -> None:
    assert main([CG, "random:random", str(tmp_path), "--battles", "4", "--part", "1/2"]) == 0
    assert _lines(tmp_path) == [1, 3]  # only its own part
    assert main([CG, "random:random", str(tmp_path), "--battles", "4"]) == 0
    assert _lines(tmp_path) == [0, 1, 2, 3]  # the rest, none played twice
    before = (tmp_path / "battles.jsonl").read_text(encoding="utf-8")
    assert main([CG, "random:random", str(tmp_path), "--battles", "4"]) == 0
    assert (tmp_path / "battles.jsonl").read_text(encoding="utf-8") == before


def test_it_stops_once_known(tmp_path: Path) -> None:
    # 2 battles at least, then known within 100 points: the first two played only.
    assert (
        main(
            [
                CG,
                "random:random",
                str(tmp_path),
                "--battles",
                "6",
                "--precision",
                "100",
                "--least",
                "2",
            ]
        )
        == 0
    )
    assert _lines(tmp_path) == [0, 1]


def test_a_journal_of_another_cell_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "cell.json").write_text(
        json.dumps({"system": CG, "a": "cautious", "b": "random", "seed": 26}), encoding="utf-8"
    )
    assert main([CG, "balanced:random", str(tmp_path), "--tally"]) == 2
    assert "holds another cell" in capsys.readouterr().err
    assert _lines(tmp_path) == []


def test_bad_arguments_are_usage_errors(tmp_path: Path) -> None:
    for argv in (
        ["nope", "balanced:random"],
        [CG, "balanced"],
        [CG, "a:b", "--part", "2/2"],
        [CG, "brave:random"],
    ):
        with pytest.raises(SystemExit) as stop:
            main([*argv[:2], str(tmp_path), *argv[2:]])
        assert stop.value.code == 2


def test_a_line_cut_short_by_a_kill_is_played_again(tmp_path: Path) -> None:
    assert main([CG, "random:random", str(tmp_path), "--battles", "2"]) == 0
    journal = tmp_path / "battles.jsonl"
    whole = journal.read_text(encoding="utf-8").splitlines()
    journal.write_text(whole[0] + "\n" + whole[1][:20], encoding="utf-8")
    assert _lines(tmp_path) == [0]
    assert main([CG, "random:random", str(tmp_path), "--battles", "2"]) == 0
    assert _lines(tmp_path) == [0, 1]
    assert journal.read_text(encoding="utf-8").splitlines()[-1] == whole[1]


def test_a_part_being_played_is_refused_to_a_second_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import fcntl

    assert main([CG, "random:random", str(tmp_path), "--tally"]) == 0  # the cell named
    with (tmp_path / "part-1-of-2.jsonl").open("a") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # as a running process holds it
        assert main([CG, "random:random", str(tmp_path), "--battles", "2", "--part", "1/2"]) == 2
        assert "another process plays part 1/2" in capsys.readouterr().err
    assert _lines(tmp_path) == []
