"""cape-et-epee through the command line: sim, check and export of its example."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skirmtui.cli import main
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`skirmtui ARGV` in-process: exit code, stdout, stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "cape-et-epee.toml"


def test_sim_plays_cape_et_epee_without_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys, "sim", "cape-et-epee", "--battles", "5", "--seed", "1", "--save-dir", str(tmp_path)
    )
    assert code == 0, err
    assert "errors: 0" in out
    for path in sorted(tmp_path.glob("*.toml")):
        session, _ = load_session(path, systems())
        assert session.battle.result is not None


def test_check_and_export_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(EXAMPLE))
    assert code == 0 and "finished" in out
    code, out, _ = run(capsys, "export", str(EXAMPLE), "--format", "json")
    doc = json.loads(out)
    assert doc["system"] == "cape-et-epee" and doc["result"]["winner"] in ("red", "blue")
    # Every removal in the log is an effect a reader can follow.
    removed = {
        e["unit"]
        for entry in doc["entries"]
        for e in entry["effects"]
        if e["field"] == "removed" and e["to"] is True
    }
    assert removed, "the example battle has casualties"
