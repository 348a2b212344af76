"""The benchmark scripts run and report at a tiny size (their figures are not judged here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench import sim_bytecodes, sim_instructions
from bench.__main__ import MEASURES, format_table
from bench.common import percentile, row
from skirmtui.systems.registry import systems

ROOT = Path(__file__).resolve().parent.parent

TINY = ["--answers", "120", "--units", "10", "--log-lines", "150", "--presses", "9"]
TINY += ["--runs", "1", "--battles", "2"]


def test_every_measure_runs_and_reports(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = subprocess.run(
        [sys.executable, "-m", "bench", *TINY, "-o", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    header = result.stdout.splitlines()[0].split()
    assert header == ["measure", "figure", "target", "met"]
    report = json.loads(out.read_text())
    assert report["sizes"]["answers"] == 120
    rows = report["rows"]
    assert {r["measure"] for r in rows} == set(MEASURES)
    assert all(
        {"name", "figure", "unit", "target", "met"} <= r.keys() and r["figure"] == r["figure"]
        for r in rows
    )  # every figure is a number (not NaN)
    names = [r["name"] for r in rows]
    for system_id in systems():  # every registered system is simulated and its odds timed
        assert any(name == f"sim {system_id}" for name in names)
        assert any(name.startswith(f"odds {system_id},") for name in names)
    judged = [r for r in rows if r["target"] is not None]
    assert all(isinstance(r["met"], bool) for r in judged)
    # One row per judged measure at least: each is held against its target.
    assert {r["measure"] for r in judged} == set(MEASURES)


def test_the_load_measure_says_how_much_game_its_answers_hold() -> None:
    """The load figure is per answers; a second row divides it by the battle's turns
    (one answer told a unit's movement before issue 25, a whole side's after), so two
    runs whose battles differ in game per answer are compared by turn."""
    from bench.common import Sizes
    from bench.engine_measures import bench_load

    whole, per_turn = bench_load(Sizes(answers=120, units=10))
    turns = whole["detail"]["turns"]
    assert turns > 1 and whole["detail"]["log_entries"] > 120
    assert abs(per_turn["figure"] - whole["figure"] / turns) <= 0.001  # each rounded apart
    assert per_turn["name"] == f"  load, a turn of the {turns} that battle holds"


def test_only_runs_the_named_measures(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    result = subprocess.run(
        [sys.executable, "-m", "bench", "--only", "undo,sim", *TINY, "-o", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert {r["measure"] for r in json.loads(out.read_text())["rows"]} == {"undo", "sim"}
    bad = subprocess.run(
        [sys.executable, "-m", "bench", "--only", "nope"], cwd=ROOT, capture_output=True
    )
    assert bad.returncode == 2


def test_rows_judge_their_target() -> None:
    assert row("x", "fast", 3.0, "ms", 5)["met"] is True
    assert row("x", "slow", 6.0, "ms", 5)["met"] is False
    assert row("x", "rate", 90.0, "/s", 100, at_least=True)["met"] is False
    assert row("x", "info", 1.0, "ms")["met"] is None
    table = format_table([row("x", "fast", 3.0, "ms", 5), row("x", "info", 1.0, "ms")])
    assert "≤ 5 ms" in table and "met" in table


def test_percentile_is_a_value_that_occurred() -> None:
    values = [float(n) for n in range(1, 201)]
    assert percentile(values, 50) == 100.0
    assert percentile(values, 95) == 190.0
    assert percentile(values, 100) == 200.0
    assert percentile([7.0], 95) == 7.0


def test_the_instruction_count_script_says_what_it_needs() -> None:
    """`python -m bench.instructions` (valgrind, ~25 s) is run by hand; its help works."""
    shown = _help_of("bench.instructions")
    assert "valgrind" in shown and "instructions" in shown


def _help_of(module: str) -> str:
    """`python -m MODULE --help`'s text (it must exit 0)."""
    result = subprocess.run(
        [sys.executable, "-m", module, "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_keypress_call_count_counts_each_kind_of_press() -> None:
    """`python -m bench.keypress_calls` (~1 minute at its size) is run by hand; at a tiny
    size it counts calls for every kind of press the keypress measure makes."""
    from bench.keypress_calls import count_calls

    calls = count_calls(presses=6, log_lines=200, units=10)
    assert set(calls) == {"select unit or move through the log", "answer a prompt"}
    assert all(count > 0 for counts in calls.values() for count in counts)


def test_the_key_count_splits_a_round_s_keys_by_question() -> None:
    """`python -m bench.key_model SYSTEM` prints where a round's keys go: the split by
    question adds up to the keys and answers counted."""
    from bench.key_model import count_keys

    found = count_keys("combattimento-gdr", 2)
    split = found.split()
    assert split and found.rounds > 0
    assert abs(sum(keys for *_, keys, _ in split) - found.per_round()) < 1e-9
    assert {kind for kind, *_ in split} <= set(found.by_kind)
    assert [keys for *_, keys, _ in split] == sorted((keys for *_, keys, _ in split), reverse=True)
    shown = _help_of("bench.key_model")
    assert "--questions" in shown and "--battles" in shown


def test_the_sim_instruction_script_plays_the_battles_it_counts() -> None:
    """`python -m bench.sim_instructions` (valgrind, ~1 min a system) is run by hand;
    its help works, and its child plays the seeded battles and says how many answers
    they took (the count is divided by them)."""
    shown = _help_of("bench.sim_instructions")
    assert "valgrind" in shown and "instructions" in shown
    played = subprocess.run(
        [sys.executable, "-m", "bench.sim_instructions", "--play", "cape-et-epee"],
        cwd=ROOT,
        input="2",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert played.returncode == 0, played.stderr
    one = sim_instructions.play("cape-et-epee", 1)
    two = int(played.stdout.split()[-1])
    assert two > one > 0  # two battles, the first the same as one alone


def test_the_bytecode_profile_counts_every_answer_of_the_battles_it_plays() -> None:
    """`python -m bench.sim_bytecodes` (run by hand): the bytecodes it counts by function,
    by the system's function that asked for them and by key are the same total, and it
    counts the answers the battle took."""
    found = sim_bytecodes.profile("wargaming-introduttivo", 1)
    total = sum(found.own.values())
    assert total > 0 and sum(found.under.values()) == total == sum(found.keys.values())
    assert sum(found.answers.values()) == sim_instructions.play("wargaming-introduttivo", 2) - (
        sim_instructions.play("wargaming-introduttivo", 1)
    )
    assert "<engine>" in found.under and any("wargaming" in n for n in found.under)


def test_the_ai_bench_margin_is_wilson_s_even_at_a_clean_sweep() -> None:
    """40 wins of 40 printed `100% ± 0`: the normal approximation's margin vanishes at
    0 and 1. Wilson's lower end of 40/40 is 91.2%; a draw counts half a win."""
    from bench.ai_tally import Tally

    assert round(Tally(battles=40, score=40.0).margin(), 3) == 0.088
    assert round(Tally(battles=200, score=137.5).margin(), 3) == 0.067


def test_a_tally_s_seat_scores_are_each_over_its_own_battles() -> None:
    """Six battles, four on the first side scoring 3.5, two on the second scoring 0.5:
    87.5% and 25%, not shares of the six; a seat not played yet is 0, not a crash."""
    from bench.ai_tally import Tally

    assert Tally(battles=6, score=4.0, first=3.5, first_battles=4).seat_scores() == (0.875, 0.25)
    assert Tally(battles=2, score=1.5, first=1.5, first_battles=2).seat_scores() == (0.75, 0.0)
    assert Tally().seat_scores() == (0.0, 0.0)


def test_sim_cpu_pairs_another_tree_imported_apart() -> None:
    """`bench.sim_cpu --against TREE` plays both trees in one process, each its own
    modules: here the same tree twice, each system's ratio printed."""
    tiny = ["--battles", "1", "--rounds", "1", "--only", "wargaming-introduttivo"]
    result = subprocess.run(
        [sys.executable, "-m", "bench.sim_cpu", "--against", str(ROOT), *tiny],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    line = result.stdout.splitlines()[-1].split()
    assert line[0] == "wargaming-introduttivo" and float(line[1]) > 0


def test_a_bench_script_whose_reader_stops_ends_quietly(tmp_path: Path) -> None:
    """`python -m bench.ai_cells … | head`: the reader gone before the script prints.
    Before `bench.script.run_main`, a BrokenPipeError traceback (exit 1 by accident);
    now nothing on stderr and exit 1, as `skirmtui … | head`."""
    script = [sys.executable, "-m", "bench.ai_cells", "combattimento-gdr", "random:random"]
    proc = subprocess.Popen(
        [*script, str(tmp_path), "--tally"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    code = proc.wait(timeout=120)
    assert (code, proc.stderr.read().decode()) == (1, "")


def test_every_bench_script_ends_through_run_main() -> None:
    """A script run by hand ends through `run_main` (quietly on a closed pipe); the
    children the bench starts itself (`child`, `watch_child`) are not run by hand."""
    children = {"child.py", "watch_child.py"}
    for path in sorted((ROOT / "bench").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name in children or 'if __name__ == "__main__":' not in text:
            continue
        assert text.rstrip().endswith("run_main(main)"), path.name
