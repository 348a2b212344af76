"""`python -m bench.pg_ends`: how pequenas-guerras' battles end with the app against
random, and the "markers averaged" score (issue 26, the eighth pass's measure)."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from bench.ai import one_battle
from bench.pg_ends import (
    averaged,
    battle_seeds,
    main,
    marker_odds,
    more_or_level,
    paired,
    play,
)


def test_pg8_a_marker_after_four_controls_with_both_present() -> None:
    """Each control (PG-8 as the bench's table answers it): nobody near (it stays), the
    app alone, the enemy alone, two or more (neutral), each a quarter. From neutral:
    the app's after k controls is 1/4 + 1/4 of the k-1th's: 85/256 after four; neutral
    1/4 + 1/4 of its last, from 1: 86/256."""
    assert marker_odds(4) == pytest.approx((85 / 256, 85 / 256, 86 / 256))
    assert marker_odds(1) == pytest.approx((0.25, 0.25, 0.5))


@pytest.mark.parametrize("markers", [3, 4, 5])
def test_more_or_level_counts_every_way_the_markers_end(markers: int) -> None:
    mine, theirs, neutral = marker_odds()
    more = level = 0.0
    for ends in itertools.product((1, -1, 0), repeat=markers):
        p = 1.0
        for e in ends:
            p *= mine if e == 1 else theirs if e == -1 else neutral
        more += p if sum(ends) > 0 else 0.0
        level += p if sum(ends) == 0 else 0.0
    assert more_or_level(markers) == pytest.approx((more, level))


def _record(n: int, score: float, **kw: int) -> dict[str, object]:
    base = {"app_left": 2, "foe_left": 1, "markers": 4, "app_pts": 0, "foe_pts": 0}
    return {"n": n, "score": score, "app_lost": 0, "foe_lost": 0, **base, **kw}


def test_markers_averaged_takes_the_coin_flips_out_where_both_keep_a_unit() -> None:
    more, level = more_or_level(4)
    # Both keep a unit: the exact expectation, the tie-break as it stood at the end.
    assert averaged(_record(0, 0.0, app_pts=50, foe_pts=20)) == pytest.approx(more + level)
    assert averaged(_record(0, 1.0, app_pts=20, foe_pts=50)) == pytest.approx(more)
    assert averaged(_record(0, 1.0)) == pytest.approx(more + level / 2)
    # A side wiped out: as played.
    assert averaged(_record(0, 1.0, foe_left=0)) == 1.0
    assert averaged(_record(0, 0.0, app_left=0)) == 0.0


def test_paired_differences_of_the_same_battles() -> None:
    before = [_record(0, 0.0, foe_left=0), _record(1, 1.0, foe_left=0), _record(2, 0.5)]
    after = [_record(0, 1.0, foe_left=0), _record(1, 1.0, foe_left=0), _record(3, 0.0)]
    got = paired(before, after)
    assert got["battles"] == 2 and got["changed"] == 1  # battle 3 was not played before
    mean, margin = got["score"]
    assert mean == pytest.approx(0.5) and margin > 0


def test_the_battles_are_bench_ai_s() -> None:
    """The same seeds as `bench.ai.run_pair` draws: the n-th of `random.Random(seed)`."""
    rng = random.Random(26)
    assert battle_seeds(26, 3) == [rng.randrange(1 << 30) for _ in range(3)]


def test_a_battle_s_flights_are_the_log_s_failed_rout_tests() -> None:
    """Battle 6 of seed 26 (the app's Milícia against random, an army below half): what
    fled is what the log removed for a failed rout test (`causes.ROUT`, seed: "Todas as
    unidades que falharem no teste imediatamente recuam"), counted by side."""
    seed = battle_seeds(26, 7)[6]
    got = play(6, seed, "balanced")
    session, _ = one_battle("pequenas-guerras", seed, {"red": "balanced", "blue": "random"}, [])
    b = session.battle
    said = {"red": 0, "blue": 0}
    for entry in b.log:
        if "fails its rout test and flees" in entry.text:
            unit = next(u for u in b.units.values() if entry.text.startswith(u.label))
            said[unit.side] += 1
    assert got["app"] == "red" and got["seat"] == "Milícia"
    assert sum(said.values()) > 0  # the position this test is about
    assert (got["app_fled"], got["foe_fled"]) == (said["red"], said["blue"])


def test_bench_pg_ends_runs_and_pairs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.jsonl"
    assert main(["--battles", "2", "--out", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["n"] for r in records] == [0, 1]
    assert [r["seat"] for r in records] == ["Milícia", "Bandoleiros"]
    assert main(["--start", "1", "--battles", "1", "--against", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "markers averaged" in printed
    assert "paired over 1 (0 changed): score +0.0" in printed  # the same battle again
