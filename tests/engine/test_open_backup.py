"""Issue 13, item 9: `open` of a file that is not a save says so; a save that does not
load names the previous good save beside it (and, on a terminal, offers to open it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skirmtui.engine.core.session import Session
from skirmtui.engine.store.saves import save_session
from tests.engine.test_cli import run


def test_open_of_a_file_that_is_not_a_save_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "x"\n', "utf-8")
    code, _, err = run(capsys, "open", str(other))
    assert code == 1
    assert "not a skirmtui save" in err and "None" not in err


def test_a_save_that_does_not_load_names_its_backup(
    demo: Session, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "battle.toml"
    save_session(demo, path, "2026-01-01T00:00:00Z")
    shutil.copy(path, tmp_path / "battle.toml.bak")
    path.write_text(path.read_text("utf-8").replace("format = 1", "format = 9", 1), "utf-8")
    code, _, err = run(capsys, "open", str(path))  # not a terminal: named, not offered
    assert code == 1
    assert "battle.toml.bak" in err and "skirmtui open" in err
