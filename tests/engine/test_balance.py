"""`skirmtui balance` (issue 28): the interval function against published values, the
same report whatever the number of workers, sweeps on the same seeds, the precision
stop, a partial report on Ctrl+C, `sim --only SEED` replaying a battle it names."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from skirmtui.cli import main
from skirmtui.engine.core.compiled import engine_build
from skirmtui.engine.play.balance import Plan, battle_seed, play_one
from skirmtui.engine.play.plan import balance_plan, parse_sweep
from skirmtui.engine.play.stats import battles_for, paired_difference, wilson
from skirmtui.engine.play.workers import INTERRUPTED, PRECISION, run_plan
from skirmtui.engine.report.balance_doc import balance_document
from skirmtui.systems.registry import get_system

RB = "regole-base"  # the quickest battles
ARMIES = ["balestrieri", "cavaliere"]


def plan(**kwargs: Any) -> Plan:
    made, _ = balance_plan(get_system(RB), seed=kwargs.pop("seed", 3), armies=ARMIES, **kwargs)
    return made


def document(p: Plan, workers: int = 1, cluster: str | None = None) -> dict[str, Any]:
    outcome = run_plan(p, get_system, workers, cluster)
    return balance_document(p, outcome.tally, outcome.stopped, "demo")


# -- statistics ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Wilson score intervals at 95% as published (Newcombe 1998, table I; the
        # 81/263 example of the "Binomial proportion confidence interval" literature).
        (81, 263, 0.2553, 0.3662),
        (0, 10, 0.0, 0.2775),
        (1, 29, 0.0061, 0.1718),
        (15, 148, 0.0624, 0.1605),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_interval_matches_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    interval = wilson(successes, trials)
    assert interval.estimate == pytest.approx(successes / trials)
    assert interval.low == pytest.approx(low, abs=6e-5)
    assert interval.high == pytest.approx(high, abs=6e-5)


def test_wilson_with_no_trials_knows_nothing_and_refuses_impossible_counts() -> None:
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(5, 4)


def test_battles_for_a_half_width_is_the_worst_case_sample_size() -> None:
    # n = z² · ¼ / h²: ±3 points → 1,068 battles; ±1 point → 9,604 (the textbook 9,604)
    assert battles_for(0.03) == 1068
    assert battles_for(0.01) == 9604


def test_paired_difference_of_identical_and_of_mixed_changes() -> None:
    same = paired_difference(total=10, squares=10, pairs=10)  # every battle gained a win
    assert (same.estimate, same.low, same.high) == (1.0, 1.0, 1.0)
    # d = +1 in 30, −1 in 10, 0 in 60: mean 0.2, s² = (40 − 100·0.04)/99, z·s/√n
    mixed = paired_difference(total=20, squares=40, pairs=100)
    half = 1.959963984540054 * ((40 - 4) / 99 / 100) ** 0.5
    assert mixed.estimate == pytest.approx(0.2)
    assert mixed.high - mixed.estimate == pytest.approx(half)


# -- the plan ---------------------------------------------------------------------------


def test_a_battle_is_fixed_by_the_run_seed_and_its_index_alone() -> None:
    p = plan(battles=8)
    assert [p.battle(i) for i in range(4)] == [p.battle(i) for i in range(4)]
    assert battle_seed(3, 5) == battle_seed(3, 5) != battle_seed(3, 6)
    assert battle_seed(3, 5) != battle_seed(4, 5)
    # three matchups (two armies and both mirrors), seats swapped every other round
    assert [p.battle(i)[:2] for i in range(6)] == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]


def test_the_default_is_enough_battles_for_three_points_in_every_matchup() -> None:
    assert plan().battles == 1068 * 3


def test_the_same_report_with_one_two_and_four_workers() -> None:
    p = attrs.evolve(plan(battles=60), chunk_size=12)
    assert p.chunk == 12  # five chunks: the workers share them
    one = document(p, 1)
    assert one["battles"] == 60 and one["errors"] == 0
    assert document(p, 2) == one
    assert document(p, 4) == one


def test_a_sweep_replays_the_same_seeds() -> None:
    """At the unit's own value, the swept battle is the baseline battle itself."""
    sweep = parse_sweep("Cavaliere.f=4..6")
    p = plan(battles=12, sweep=sweep)
    (profile_value,) = {
        u.profile["f"] for u in p.matchups[1].seatings[0].units if u.name == "Cavaliere"
    }
    at = sweep.values.index(int(profile_value))  # type: ignore[arg-type]
    swept_battles = 0
    for index in range(12):
        summary = play_one(p, get_system, index)
        matchup = p.matchups[summary.matchup]
        if matchup.swept is None:
            assert summary.sweep == ()
            continue
        swept_battles += 1
        assert summary.sweep[at] == (summary.winner == matchup.swept)
    assert swept_battles == 4  # only balestrieri vs cavaliere fields the Cavaliere alone


def test_early_stop_honours_the_precision() -> None:
    # A precision the first chunk does not reach, whatever battles the rules play now.
    first = run_plan(plan(battles=plan().chunk), get_system, 2)
    points = round(first.tally.widest(plan()) * 100 - 0.5, 2)
    p = plan(precision=points, battles=100_000)
    outcome = run_plan(p, get_system, 2)
    assert outcome.stopped == PRECISION
    assert outcome.tally.widest(p) <= points / 100
    assert outcome.tally.battles % p.chunk == 0  # checked at chunk boundaries only
    assert outcome.tally.battles > p.chunk
    # one chunk earlier, some interval was still wider
    earlier = run_plan(plan(battles=outcome.tally.battles - p.chunk), get_system, 2)
    assert earlier.tally.widest(p) > points / 100


def test_ctrl_c_returns_the_partial_report() -> None:
    p = plan(battles=p_chunks(3))
    calls = []

    def interrupt(done: int, planned: int, seconds: float) -> None:
        calls.append(done)
        raise KeyboardInterrupt

    outcome = run_plan(p, get_system, 1, on_progress=interrupt)
    assert outcome.stopped == INTERRUPTED
    assert outcome.tally.battles == calls[0] == p.chunk


def p_chunks(n: int) -> int:
    return plan(battles=1).chunk * n


# -- the command line -----------------------------------------------------------------


def test_balance_writes_a_json_report_and_sim_replays_the_battles_it_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rb.json"
    argv = ["balance", RB, "--armies", ",".join(ARMIES), "--battles", "24", "--workers", "1"]
    assert main([*argv, "--format", "json", "-o", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["battles"] == 24 and doc["stopped"] == "battles"
    assert {m["mirror"] for m in doc["matchups"]} == {True, False}
    assert doc["first_player"]["battles"] == 24
    longest = doc["notable"]["longest"]
    folder = tmp_path / "one"
    capsys.readouterr()
    replay = ["sim", RB, "--armies", ",".join(longest["armies"]), "--only"]
    code = main([*replay, str(longest["seed"]), "--save-dir", str(folder)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "battles: 1" in printed
    (saved,) = folder.glob("*.toml")
    assert saved.name == f"{RB}-seed-{longest['seed']}.toml"
    assert main(["check", str(saved)]) == 0
    from skirmtui.engine.store.saves import load_session
    from skirmtui.systems.registry import systems

    session, _ = load_session(saved, systems())
    assert len(session.items) == longest["answers"]


@pytest.mark.parametrize(
    "extra",
    [
        ["--sweep", "Cavaliere=2..4"],
        ["--sweep", "Nobody.f=2..4"],
        ["--sweep", "Cavaliere.nothing=2..4"],
        ["--armies", "balestrieri,dragons"],
        ["--scenario", "nowhere"],
        ["--precision", "0"],
        ["--workers", "0"],
    ],
)
def test_bad_balance_arguments_exit_2(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", RB, "--battles", "2", "--workers", "1", *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("skirmtui balance: ") and "\n" not in err


def test_ai_personas_play_each_army_and_skill_against_luck_is_reported() -> None:
    from skirmtui.engine.play.balance import _armies_by_side, _play

    p, _ = balance_plan(
        get_system("wargaming-introduttivo"),
        seed=1,
        armies=["barbari"],
        battles=2,
        ai=("balanced", "random"),
    )
    assert [m.mirror for m in p.matchups] == [True]
    _, seating, seed = p.battle(1)  # the seats swapped: the first army sits second
    setup = p.matchups[0].seatings[seating]
    battle, _ = _play(p, get_system(p.system), setup, _armies_by_side(setup, seating), seed)
    assert battle.ai == {setup.sides[0].id: "random", setup.sides[1].id: "balanced"}
    doc = document(p)
    assert doc["errors"] == 0
    assert doc["skill"]["personas"] == ["balanced", "random"]
    assert doc["skill"]["battles"] == 2


def test_an_unknown_persona_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", RB, "--battles", "2", "--ai", "genius"]) == 2
    assert "genius" in capsys.readouterr().err


def test_names_from_data_are_shown_never_obeyed_in_every_format() -> None:
    from skirmtui.engine.report.balance_report import as_html, as_markdown, as_text

    doc = document(plan(battles=6))
    hostile = "<b>Evil</b>\x1b[31m|"
    doc["matchups"][0]["names"][0] = hostile
    doc["armies"][0]["name"] = hostile
    html_text, md_text, text = as_html(doc), as_markdown(doc), as_text(doc)
    assert "&lt;b&gt;Evil&lt;/b&gt;" in html_text and "<b>Evil" not in html_text
    assert all("\x1b" not in t for t in (html_text, md_text, text))
    assert "Evil</b>␛[31m\\|" in md_text  # the pipe cannot break the table
    assert "␛[31m" in text


def test_the_speed_line_counts_its_workers_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seen by a rule author: "(33.2 battles/s, 1 workers)"."""
    out = str(tmp_path / "b.json")
    for workers, words in (("1", ", 1 worker)"), ("2", ", 2 workers)")):
        argv = ["balance", RB, "--battles", "2", "--workers", workers, "--format", "json"]
        assert main([*argv, "-o", out]) == 0
        err = capsys.readouterr().err
        assert words in err
        assert f"{words}, engine {engine_build()}" in err  # the build that runs (pure, CI)


def test_a_named_battle_written_by_sim_only_is_titled_after_its_armies(tmp_path: Path) -> None:
    """Seen by a rule author: `sim cape-et-epee --armies briganti,guardie --only SEED`
    wrote a battle titled "Demo: Moschettieri vs Guardie del Cardinale at the
    Carmes-Deschaux" (the scenario's own title), which its report then headed."""
    from skirmtui.engine.store.reader import load_session
    from skirmtui.systems.registry import systems

    folder = tmp_path / "one"
    argv = ["sim", "cape-et-epee", "--armies", "briganti,guardie", "--only", "7"]
    assert main([*argv, "--save-dir", str(folder)]) == 0
    (path,) = folder.glob("*.toml")
    session, _ = load_session(path, systems())
    title = session.setup.title
    assert "Moschettieri" not in title, title
    names = [s.name for s in session.setup.sides]
    assert title.startswith(f"{names[0]} vs {names[1]}"), title


def test_a_notable_battle_of_personas_is_replayed_by_its_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seen by a rule author: `balance … --ai balanced:random` named its longest battle
    as `sim … --armies arcieri,arcieri --only SEED`, which played random answers on both
    sides: another battle (278 answers, not the report's 261). The command now names
    who played each seat (`--ai red:balanced --ai blue:random`)."""
    import shlex

    out = tmp_path / "b.json"
    argv = ["balance", "wargaming-introduttivo", "--armies", "barbari,legionari"]
    argv += ["--battles", "2", "--workers", "1", "--ai", "balanced:random"]
    assert main([*argv, "--format", "json", "-o", str(out)]) == 0
    doc = json.loads(out.read_text())
    battle = doc["notable"]["longest"]
    from skirmtui.engine.report.balance_report import replay

    command = replay(doc, battle)
    assert "--ai " in command, command
    folder = tmp_path / "one"
    words = shlex.split(command.replace("DIR", str(folder)))
    assert words[0] == "skirmtui"
    capsys.readouterr()
    assert main(words[1:]) == 0
    (path,) = folder.glob("*.toml")
    from skirmtui.engine.store.reader import load_session
    from skirmtui.systems.registry import systems

    session, _ = load_session(path, systems())
    assert len(session.items) == battle["answers"]  # the report's battle, not another
