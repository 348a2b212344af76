"""Dice luck (engine/report/luck.py): expected and actual successes against the odds shown,
and a percentile from the exact distribution of those Bernoulli trials."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from skirmtui.engine.core.session import Session
from skirmtui.engine.report.luck import distribution, luck, luck_document, percentile
from skirmtui.engine.store.saves import load_session, save_session
from skirmtui.systems.registry import systems

WI = "wargaming-introduttivo"


def played() -> Session:
    """Legionari win the order; Centurione (ABI 4) types a 1 (success), Legionario
    (ABI 3) types a 6 (failure); the app rolls Capo tribù's (ABI 3) activation."""
    system = systems()[WI]
    session = Session(system, system.demo_setup())
    for value in [(6,), (2,), "red1", (1,), "red2", (6,), "blue1"]:
        session.answer(value)
    session.roll()  # the demo's seed gives a 2: success
    return session


def test_luck_per_side_and_unit_by_hand() -> None:
    found = luck(played().battle)
    red, blue = found.sides["red"], found.sides["blue"]
    # Red: 1d6 <= 4 (p = 4/6, succeeded) and 1d6 <= 3 (p = 3/6, failed).
    assert (red.rolls, red.trials, red.actual) == (2, 2, 1)
    assert red.expected == Fraction(4, 6) + Fraction(3, 6)
    # P(0) = 1/3·1/2 = 1/6, P(1) = 2/3·1/2 + 1/3·1/2 = 1/2: mid-rank 1/6 + 1/4 = 5/12.
    assert red.percentile == pytest.approx(100 * 5 / 12)
    assert dict(red.by) == {"table": 2}
    # Blue: one app-rolled 1d6 <= 3 that succeeded: P(0) = 1/2, so 1/2 + 1/4.
    assert (blue.rolls, blue.expected, blue.actual) == (1, Fraction(1, 2), 1)
    assert blue.percentile == pytest.approx(75.0)
    assert dict(blue.by) == {"app": 1}
    assert found.units["red2"].percentile == pytest.approx(25.0)
    assert set(found.units) == {"red1", "red2", "blue1"}  # the order roll-off has no odds


def test_luck_export_and_who_rolled_survive_save_and_load(tmp_path: Path) -> None:
    session = played()
    path = tmp_path / "b.toml"
    save_session(session, path, "2026-01-01T00:00:00Z")
    assert 'by = "app"' in path.read_text(encoding="utf-8")
    loaded, _ = load_session(path, systems())
    assert luck_document(loaded.battle) == luck_document(session.battle)
    assert luck_document(loaded.battle)["sides"]["blue"] == {
        "rolls": 1,
        "trials": 1,
        "expected": 0.5,
        "actual": 1,
        "percentile": 75.0,
        "by": {"app": 1, "table": 0, "unrecorded": 0},
    }


def test_a_pool_counts_each_die_as_a_trial() -> None:
    # Three dice at 1/2: P(3) = 1/8, P(<3) = 7/8; mid-rank 7/8 + 1/16.
    assert percentile([Fraction(1, 2)] * 3, 3) == pytest.approx(100 * 15 / 16)
    low, dist = distribution([Fraction(1, 2)] * 3)
    assert (low, dist) == (0, pytest.approx([1 / 8, 3 / 8, 3 / 8, 1 / 8]))


def test_mixed_chances_follow_the_poisson_binomial() -> None:
    # p = 1/6 and p = 1/2: P(0) = 5/12, P(1) = 1/12 + 5/12 = 1/2, P(2) = 1/12.
    low, dist = distribution([Fraction(1, 6), Fraction(1, 2)])
    assert (low, dist) == (0, pytest.approx([5 / 12, 1 / 2, 1 / 12]))


def test_thousands_of_trials_stay_centred() -> None:
    chances = [Fraction(1, 2)] * 3000 + [Fraction(1, 3)] * 3000
    assert percentile(chances, 2500) == pytest.approx(50.0, abs=1.0)
    assert percentile(chances, 2200) < 0.1
