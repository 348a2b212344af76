"""Issue 23, point 8: the lock is atomic under every race, keyed on the save's real
file, and anything odd at its place is one line (no traceback, no hang, no pid of our
own named as the owner, nothing left behind)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from skirmtui.engine.store.lock import LockHeld, SaveLock, lock_path
from tests.safety.hostile import hostile_save


def _cli(*args: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    """`skirmtui ARGS` with no terminal (stdin closed): `open` of a held save runs the
    review app, so only commands that end by themselves are run here."""
    return subprocess.run(
        [sys.executable, "-m", "skirmtui", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def _acquire_within(save: Path, seconds: float) -> BaseException | None:
    """What `SaveLock(save).acquire()` raised, failing if it is still waiting."""
    found: list[BaseException | None] = []

    def take() -> None:
        try:
            SaveLock(save).acquire().release()
            found.append(None)
        except BaseException as error:
            found.append(error)

    thread = threading.Thread(target=take, daemon=True)
    thread.start()
    thread.join(seconds)
    assert found, f"the lock is still being taken after {seconds} s (it hangs)"
    return found[0]


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_a_huge_pid_in_the_lock_is_taken_over_not_a_traceback(tmp_path: Path) -> None:
    save = hostile_save(tmp_path / "b.toml")
    lock_path(save).write_text('{"pid": 4294967296, "host": "x", "started": "then"}\n')
    lock = SaveLock(save).acquire()  # before: OverflowError from os.kill
    assert lock.took_over is not None and lock.took_over.pid == 2**32
    lock.release()


@pytest.mark.parametrize("kind", ["fifo", "folder", "dangling-symlink"])
def test_an_odd_lock_file_is_one_line(tmp_path: Path, kind: str) -> None:
    save = hostile_save(tmp_path / "b.toml")
    where = lock_path(save)
    if kind == "fifo":
        os.mkfifo(where)
    elif kind == "folder":
        where.mkdir()
    else:
        where.symlink_to(tmp_path / "nowhere")
    error = _acquire_within(save, 10)  # before: a FIFO hung here
    assert isinstance(error, LockHeld) and error.odd
    assert f"pid {os.getpid()}" not in str(error)  # before: "our own pid"
    assert "move it away" in str(error)
    done = _cli("demo", "wargaming-introduttivo", "-o", str(save))
    assert done.returncode == 1
    line = _one_line(done.stderr)
    assert "lock file b.toml.lock is a" in line and "pid 0" not in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.toml", "b.toml.lock"]  # no .stale


def test_simultaneous_takeovers_of_a_stale_lock_give_one_holder(tmp_path: Path) -> None:
    """Four takers at once, again and again: exactly one holds the lock each time."""
    save = hostile_save(tmp_path / "b.toml")
    for trial in range(150):
        lock_path(save).write_text('{"pid": 999999999, "host": "gone", "started": "then"}\n')
        barrier = threading.Barrier(4)
        held: list[SaveLock] = []

        def take(barrier: threading.Barrier = barrier, held: list[SaveLock] = held) -> None:
            lock = SaveLock(save)
            barrier.wait()
            with contextlib.suppress(LockHeld):
                held.append(lock.acquire())

        threads = [threading.Thread(target=take) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(held) == 1, f"trial {trial}: {len(held)} holders"
        held[0].release()


def test_a_save_through_a_symlink_shares_its_targets_lock(tmp_path: Path) -> None:
    save = hostile_save(tmp_path / "real.toml")
    (tmp_path / "other").mkdir()
    link = tmp_path / "other" / "link.toml"
    link.symlink_to(save)
    lock = SaveLock(save).acquire()
    try:
        with pytest.raises(LockHeld):
            SaveLock(link).acquire()  # before: a second lock, link.toml.lock
    finally:
        lock.release()
    assert lock_path(link) == lock_path(save)


def test_a_hard_link_to_a_played_save_is_held_too(tmp_path: Path) -> None:
    save = hostile_save(tmp_path / "real.toml")
    twin = tmp_path / "twin.toml"
    os.link(save, twin)
    lock = SaveLock(save).acquire()
    try:
        with pytest.raises(LockHeld) as held:
            SaveLock(twin).acquire()
        assert "under another name" in str(held.value)
    finally:
        lock.release()
    SaveLock(twin).acquire().release()  # free again once the first lets go
