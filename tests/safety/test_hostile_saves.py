"""Issue 14, item 9: a hostile save exits 1 with one line, never a traceback, a hang or
a memory blow-up: not a regular file, too large (refused before parsing), nested too
deeply, values of the wrong type."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from skirmtui.engine.store.saves import MAX_SAVE_BYTES
from tests.engine.test_cli import one_line_error, run

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "wargaming-introduttivo.toml"


def edited(tmp_path: Path, edit: str, replace: str | None = None) -> Path:
    """The example with its first answer replaced by `edit` (or `replace` → `edit`)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    if replace is None:
        text = re.sub(r"answers = \[\n  [^\n]*\n", f"answers = [\n  {edit}\n", text, count=1)
    else:
        assert replace in text
        text = text.replace(replace, edit, 1)
    path = tmp_path / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("edit", "replace", "reason"),
    [
        (
            '{ key = "gm.set", value = { unit = ["red1"], field = "damage", value = 1 } },',
            None,
            "unit must be text",
        ),
        ('{ key = "gm.remove", value = { unit = { a = 1 } } },', None, "unit must be text"),
        ('{ key = "gm.end", value = [1, 2] },', None, "must be a table"),
        ('{ key = "gm.end", value = { winner = 7 } },', None, "winner must be text"),
        ('{ key = "gm.note", value = "hello" },', None, "must be a table"),
        ('{ key = "gm.condition", value = 3 },', None, "must be a table"),
        ('{ key = "order.roll", value = { unit = [1] } },', None, "unit must be text"),
        ("format = 1.0", "format = 1", "unknown save format"),
        ("format = true", "format = 1", "unknown save format"),
        ("title = 5", 'title = "Example', "title must be text"),
    ],
)
def test_values_of_the_wrong_type_are_named(
    tmp_path: Path,
    edit: str,
    replace: str | None,
    reason: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    if replace == 'title = "Example':
        text = EXAMPLE.read_text(encoding="utf-8")
        text = re.sub(r'^title = "[^"]*"$', edit, text, count=1, flags=re.M)
        path = tmp_path / "hostile.toml"
        path.write_text(text, encoding="utf-8")
    else:
        path = edited(tmp_path, edit, replace)
    before = path.read_bytes()
    for command in ("check", "export"):
        argv = [command, str(path)] + (["--format", "json"] if command == "export" else [])
        code, _, err = run(capsys, *argv)
        assert code == 1
        assert reason in one_line_error(err)
    assert path.read_bytes() == before


def test_nesting_a_thousand_deep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = edited(tmp_path, '{ key = "gm.note", value = ' + "[" * 1000 + "]" * 1000 + " },")
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    assert "nested too deeply" in one_line_error(err)
    path = edited(tmp_path, '{ key = "gm.note", value = { text = "x", a = [[[[["deep"]]]]] } },')
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    assert "nested too deeply" in one_line_error(err)


def test_a_file_over_the_limit_is_refused_before_parsing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)  # sparse: nothing to parse would end well
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    assert "too large" in one_line_error(err)


def test_too_many_answers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from skirmtui.engine.store import validate

    path = edited(tmp_path, '{ key = "order.roll", value = [2] },')
    saves_limit = validate.MAX_SAVE_ANSWERS
    validate.MAX_SAVE_ANSWERS = 10
    try:
        code, _, err = run(capsys, "check", str(path))
    finally:
        validate.MAX_SAVE_ANSWERS = saves_limit
    assert code == 1
    assert "a save may hold 10" in one_line_error(err)


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_what_is_not_a_regular_file(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        path = tmp_path / "pipe.toml"
        os.mkfifo(path)
    elif kind == "folder":
        path = tmp_path
    else:
        path = Path("/dev/zero")
    for command in (["check"], ["export", "--format", "md"], ["open"], ["review"]):
        done = subprocess.run(
            [sys.executable, "-m", "skirmtui", command[0], str(path), *command[1:]],
            capture_output=True,
            text=True,
            timeout=30,  # it used to block forever (FIFO) or eat all memory (/dev/zero)
        )
        assert done.returncode == 1
        line = one_line_error(done.stderr)
        assert "not a regular file" in line or "is a folder" in line
