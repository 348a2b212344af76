"""Issue 14, items 3 and 7: one writer per save. A second open of a save being played
opens read-only instead of silently replacing the first one's answers; a lock left by
a killed process is taken over; temp files a killed writer left are cleaned on open."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skirmtui import cli
from skirmtui.cli import common as cli_common
from skirmtui.engine.store.lock import LockHeld, SaveLock, lock_path
from tests.safety.hostile import hostile_save

HOLD = """
import sys, time
from pathlib import Path
from skirmtui.engine.store.lock import SaveLock
SaveLock(Path(sys.argv[1])).acquire()
print("held", flush=True)
time.sleep(60)
"""


@pytest.fixture
def holder(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Another process holding the lock of `tmp_path/battle.toml`."""
    save = hostile_save(tmp_path / "battle.toml")
    child = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(save)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    yield save, child
    child.kill()
    child.wait()


def test_a_live_owner_keeps_the_save(holder) -> None:  # type: ignore[no-untyped-def]
    save, child = holder
    with pytest.raises(LockHeld) as held:
        SaveLock(save).acquire()
    assert held.value.owner.pid == child.pid
    assert f"pid {child.pid}" in str(held.value)


def test_a_second_open_is_read_only(holder, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    save, child = holder
    apps = []
    monkeypatch.setattr(cli_common, "run_app", lambda app: apps.append(app) or 0)
    assert cli.main(["open", str(save)]) == 0
    (app,) = apps
    assert app.review_only and app.lock is None
    assert app.notice is not None and "read-only" in app.notice and str(child.pid) in app.notice
    assert cli.main(["demo", "-o", str(save)]) == 1  # nor started afresh over it


def test_a_killed_owners_lock_is_taken_over(holder) -> None:  # type: ignore[no-untyped-def]
    save, child = holder
    child.kill()
    child.wait()
    lock = SaveLock(save).acquire()
    assert lock.took_over is not None and lock.took_over.pid == child.pid
    assert json.loads(lock_path(save).read_text())["pid"] == os.getpid()
    lock.release()
    assert not lock_path(save).exists()


def test_the_open_app_holds_the_lock_and_cleans_stale_temp_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = hostile_save(tmp_path / "battle.toml")
    stale = [tmp_path / f".battle.toml.{n}abc.tmp" for n in range(3)]
    for path in stale:
        path.write_text("half a save")
    other = tmp_path / ".other.toml.x.tmp"
    other.write_text("someone else's")
    seen = []

    def run(app):  # type: ignore[no-untyped-def]
        seen.append((app.lock is not None and app.lock.held, lock_path(save).exists()))
        return 0

    monkeypatch.setattr(cli_common, "run_app", run)
    assert cli.main(["open", str(save)]) == 0
    assert seen == [(True, True)]
    assert not any(p.exists() for p in stale)
    assert other.exists()


def test_a_lock_file_nobody_holds_is_taken_at_once(tmp_path: Path) -> None:
    """The kernel's advisory lock says whether an owner lives: an empty or torn lock
    file nobody holds is free now (no grace period, no pid trusted)."""
    save = tmp_path / "b.toml"
    lock_path(save).write_text("")
    lock = SaveLock(save).acquire()
    assert lock.took_over is None
    assert json.loads(lock_path(save).read_text())["pid"] == os.getpid()
    lock.release()
