"""Issue 14, item 10: `check` replays the answers and compares the stored `[result]` and
rendered `log` with the replay, saying where they differ (a forged result or log line
used to pass)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.test_cli import one_line_error, run

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "wargaming-introduttivo.toml"


def forged(tmp_path: Path, old: str, new: str) -> Path:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "forged.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        (
            'winner = "red"',
            'winner = "blue"',
            "result winner: the file says 'blue', the replay 'red'",
        ),
        ("round = 14", "round = 3", "result round: the file says 3, the replay 14"),
        ("\n[result]\n", "\n[ignored]\n", "result: the file says nothing"),
        (
            "R0 setup: Play order: Barbari, Legionari",
            "R0 setup: Play order: Legionari first",
            "log line 4",
        ),
        ("'''\n\n", "R99 end: an extra line\n'''\n\n", "the replay nothing"),
    ],
)
def test_a_forged_result_or_log_fails_check_naming_where(
    tmp_path: Path, old: str, new: str, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = forged(tmp_path, old, new)
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    line = one_line_error(err)
    assert "does not match its replay" in line and where in line


def test_the_examples_match_their_replay(capsys: pytest.CaptureFixture[str]) -> None:
    for path in sorted(EXAMPLE.parent.glob("*.toml")):
        code, out, err = run(capsys, "check", str(path))
        assert code == 0, err
        assert out.startswith("ok: ")
