"""`python -m bench.ai` runs and reports at a tiny size (its figures are not judged here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.ai import main


def test_bench_ai_reports_scores_styles_and_decision_times(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ai.json"
    argv = ["--battles", "2", "--systems", "combattimento-gdr", "--pairs", "balanced:random"]
    assert main([*argv, "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "balanced vs random" in printed and "decisions/s" in printed
    report = json.loads(out.read_text())
    (row,) = report["rows"]
    assert row["battles"] == 2 and 0.0 <= row["score"] <= 1.0
    # Each seat apart (A on the demo's first side in battle 0, on the second in 1): the
    # two seats' scores average to the whole.
    seats = row["score_by_seat"]
    assert list(seats) == ["La Compagnia", "I Briganti"]
    assert sum(seats.values()) / 2 == pytest.approx(row["score"])
    assert "balanced as La Compagnia: " in printed
    assert "balanced: attacks " in printed and "random: attacks " in printed  # per pair
    assert {s["persona"] for s in report["styles"]} == {"balanced", "random"}
