"""Issue 14, item 1 at the command line: `check` and `export --format md` never write a
raw control character from a save; JSON keeps the text exactly (it escapes it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.engine.test_cli import run
from tests.safety.hostile import EVIL, finished_hostile_save, hostile_save

RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def test_check_and_markdown_show_hostile_text_visibly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in (
        hostile_save(tmp_path / "ended.toml", finished=True),
        finished_hostile_save(tmp_path / "played.toml"),
    ):
        code, out, err = run(capsys, "check", str(path))
        assert code == 0, err
        assert not RAW.search(out + err)
        code, out, err = run(capsys, "export", str(path), "--format", "md")
        assert code == 0, err
        assert not RAW.search(out), repr(RAW.search(out))
        assert "␛]0;PWNED␇" in out
        code, out, _ = run(capsys, "export", str(path), "--format", "json")
        assert not RAW.search(out)  # JSON escapes them ...
        assert all(EVIL in s["name"] for s in json.loads(out)["sides"])  # ... and keeps them


def test_a_multi_line_note_stays_in_its_markdown_item(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_save(tmp_path / "n.toml")
    _, out, _ = run(capsys, "export", str(path), "--format", "md", "--full")  # the notes
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if "first line" in line)
    assert lines[first].startswith("- ")
    assert lines[first + 1].startswith("  second line [/]")


def test_check_error_naming_a_hostile_unit_is_one_visible_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_save(tmp_path / "bad.toml")
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        'id = "red1"\nside = "red"', 'id = "\\u001b]0;PWNED\\u0007"\nside = "no"', 1
    )
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    assert len(err.strip().splitlines()) == 1
    assert not RAW.search(err)
    assert "␛" in err
