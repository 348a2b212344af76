"""Issue 23, point 11: export's output edges. Standard output closed, a link to a
closed standard output, a FIFO with no reader: one line and exit 1, never a
traceback, a hang or a link replaced; `-o` onto a symlink writes its target."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from tests.engine.test_cli import one_line_error

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "wargaming-introduttivo.toml"
EXPORT = [sys.executable, "-m", "skirmtui", "export", str(EXAMPLE), "--format", "json"]


def _shell(command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["sh", "-c", command], capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL
    )


def test_export_with_standard_output_closed_is_one_line() -> None:
    done = _shell(f"{shlex.join(EXPORT)} >&-")  # before: AttributeError
    assert done.returncode == 1
    assert one_line_error(done.stderr).endswith("standard output: closed: give a file with -o FILE")


def test_a_link_to_a_closed_standard_output_is_not_replaced(tmp_path: Path) -> None:
    """`-o /dev/stdout` with fd 1 closed replaced the link with a file (as root): the
    same with a link of our own to /proc/self/fd/1."""
    link = tmp_path / "stdout"
    link.symlink_to("/proc/self/fd/1")
    done = _shell(f"{shlex.join([*EXPORT, '-o', str(link)])} >&-")
    assert done.returncode == 1
    assert "leads nowhere (is standard output closed?)" in one_line_error(done.stderr)
    assert link.is_symlink() and os.readlink(link) == "/proc/self/fd/1"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stdout"]


def test_a_fifo_with_no_reader_is_one_line_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    done = subprocess.run(
        [*EXPORT, "-o", str(fifo)], capture_output=True, text=True, timeout=30
    )  # before: waited forever (the timeout fails the test)
    assert done.returncode == 1
    assert "a FIFO with no reader" in one_line_error(done.stderr)


def test_export_onto_a_symlink_writes_its_target(tmp_path: Path) -> None:
    target = tmp_path / "real" / "out.json"
    target.parent.mkdir()
    link = tmp_path / "out.json"
    link.symlink_to(target)
    done = subprocess.run([*EXPORT, "-o", str(link)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and target.read_text(encoding="utf-8").startswith("{")
