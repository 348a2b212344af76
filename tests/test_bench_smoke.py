"""The benchmark scripts run and report at a tiny size (their figures are not judged here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_runs_and_reports(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = subprocess.run(
        [sys.executable, "-m", "bench", "--answers", "150", "-o", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "measure" in result.stdout.splitlines()[0]
    rows = json.loads(out.read_text())["rows"]
    measures = {row["measure"] for row in rows}
    assert any(m.startswith("sim ") for m in measures)
    assert any(m.startswith("undo at ") for m in measures)
    assert any(m.startswith("load ") for m in measures)
    assert "icepool imported at start-up" in measures
    assert all({"figure", "unit", "target", "met"} <= row.keys() for row in rows)
