"""Issue 14, item 8: every output path `export -o` and `sim --save-dir` cannot write to
ends with exit 1 and one line naming the path and the reason, never a traceback."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.test_cli import one_line_error, run

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "cape-et-epee.toml"
#: No chance to win: these tests are about where the report goes, not its play-outs.
QUICK = ("--playouts", "0")


@pytest.fixture
def places(tmp_path: Path) -> Path:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("x")
    return tmp_path


@pytest.mark.parametrize(
    ("out", "reason"),
    [
        ("missing/out.md", "no such folder"),
        ("folder", "is a folder"),
        ("file/out.md", "Not a directory"),
        ("/dev/full", "No space left on device"),
        ("/sys/kernel/skirmtui-out.md", ""),  # read-only, even for root
    ],
)
def test_export_to_a_place_it_cannot_write(
    places: Path, out: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    target = places / out
    code, _, err = run(capsys, "export", str(EXAMPLE), "--format", "md", *QUICK, "-o", str(target))
    assert code == 1
    line = one_line_error(err)
    assert str(target) in line and reason in line


def test_export_past_the_file_size_limit(tmp_path: Path) -> None:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    target = tmp_path / "big.md"
    command = [
        sys.executable,
        "-m",
        "skirmtui",
        "export",
        str(EXAMPLE),
        "--format",
        "md",
        "--full",
        *QUICK,
    ]
    done = subprocess.run(
        [*command, "-o", str(target)],
        capture_output=True,
        text=True,
        preexec_fn=limit,
        timeout=60,
    )
    assert done.returncode == 1
    assert "File too large" in one_line_error(done.stderr)
    assert not target.exists()  # no half report
    assert [p.name for p in tmp_path.iterdir()] == []  # nor a temp file


def test_export_into_a_regular_file_replaces_it_whole(
    places: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = places / "file"
    code, _, _ = run(capsys, "export", str(EXAMPLE), "--format", "md", *QUICK, "-o", str(target))
    assert code == 0
    assert target.read_text(encoding="utf-8").startswith("# ")


@pytest.mark.parametrize(
    ("folder", "reason"),
    [
        ("file", "is not a folder"),
        ("file/sub", "Not a directory"),
        ("/proc/sys", ""),
    ],
)
def test_sim_save_dir_it_cannot_write(
    places: Path, folder: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    target = places / folder
    code, _, err = run(
        capsys, "sim", "wargaming-introduttivo", "--battles", "1", "--save-dir", str(target)
    )
    assert code == 1
    line = one_line_error(err)
    assert str(target) in line and reason in line
