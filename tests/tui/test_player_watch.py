"""The player view (`skirmtui watch`): follows the GM's autosaved file, forward and back
through an undo, hides private notes, and never writes the save."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from skirmtui.engine.core.session import Session
from skirmtui.engine.store.follow import SaveFollower
from skirmtui.engine.store.saves import SaveWriter, snapshot
from skirmtui.systems.registry import systems
from skirmtui.tui.screens.player import PlayerScreen, question_words
from skirmtui.tui.watch import WatchApp
from skirmtui.tui.widgets.player_log import PlayerLog
from tests.tui.helpers import demo_session

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "wargaming-introduttivo.toml"


class Gm:
    """The GM's side: a session autosaved the way the app does it (SaveWriter)."""

    def __init__(self, path: Path) -> None:
        self.session = demo_session()
        self.path = path
        self.writer = SaveWriter()
        self.save()

    def save(self) -> None:
        self.writer.write(snapshot(self.session, "2026-01-01T00:00:00Z"), self.path)
        # Two writes within the file system's time resolution must still look changed.
        stat = os.stat(self.path)
        os.utime(self.path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))

    def answer(self, value: object) -> None:
        self.session.answer(value)
        self.save()


def test_the_follower_keeps_up_with_answers_and_undo(tmp_path: Path) -> None:
    gm = Gm(tmp_path / "b.toml")
    follower = SaveFollower(gm.path, systems())
    assert not follower.poll()  # nothing changed
    for value in [(6,), (2,), "red1"]:
        gm.answer(value)
    assert follower.poll()
    assert follower.session.items == gm.session.items
    gm.session.undo()
    gm.save()
    assert follower.poll()
    assert follower.session.items == gm.session.items
    assert follower.session.prompt == gm.session.prompt


async def test_a_watcher_shows_the_gms_answers_and_undo(tmp_path: Path) -> None:
    gm = Gm(tmp_path / "b.toml")
    app = WatchApp(SaveFollower(gm.path, systems()), poll=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        log = screen.query_one(PlayerLog)
        gm.answer((6,))
        gm.answer((2,))
        await pilot.pause(0.3)
        assert any(line.startswith("  Play order: Legionari, Barbari") for line in log.lines()[:3])
        assert "Legionari: which unit tries to activate?" in str(
            question_words(app.follower.session)
        )
        gm.answer("red1")
        await pilot.pause(0.3)
        assert "Centurione activates?" in str(question_words(app.follower.session))
        assert any("Centurione (ABI 4)" in line for line in log.lines()[:2])
        gm.session.undo()
        gm.save()
        await pilot.pause(0.3)
        assert not any("Centurione (ABI 4)" in line for line in log.lines())
        assert "which unit tries to activate?" in str(question_words(app.follower.session))


async def test_private_notes_stay_with_the_gm_and_the_save_is_never_written(
    tmp_path: Path,
) -> None:
    gm = Gm(tmp_path / "b.toml")
    gm.session.gm("gm.note", text="the ambush waits at the ford", private=True)
    gm.session.gm("gm.note", text="Welcome, players")
    gm.save()
    before = (gm.path.read_bytes(), os.stat(gm.path).st_mtime_ns)
    app = WatchApp(SaveFollower(gm.path, systems()), poll=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.3)
        lines = app.screen.query_one(PlayerLog).lines()
        assert lines[0] == "✎ Welcome, players"
        assert not any("ambush" in line for line in lines)
    assert (gm.path.read_bytes(), os.stat(gm.path).st_mtime_ns) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.toml", "b.toml.bak"]


async def _until(pilot: Any, seen: Callable[[], bool], seconds: float = 10.0) -> None:
    """Pause until the watcher shows `seen` (it polls the file in a thread: on a loaded
    machine a fixed pause of 0.3 s was once too short), `seconds` at most."""
    for _ in range(int(seconds / 0.05)):
        if seen():
            return
        await pilot.pause(0.05)


async def test_an_unreadable_save_keeps_the_last_view_and_says_why(tmp_path: Path) -> None:
    gm = Gm(tmp_path / "b.toml")
    gm.answer((6,))
    app = WatchApp(SaveFollower(gm.path, systems()), poll=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        gm.path.write_text("not = [toml", encoding="utf-8")
        await _until(pilot, lambda: bool(app.follower.problem))
        assert app.follower.problem.startswith("cannot read the save: not valid TOML")
        assert len(app.follower.session.items) == 1


def test_watch_snapshot_80x24(snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "battle.toml"
    path.write_bytes(EXAMPLE.read_bytes())
    app = WatchApp(SaveFollower(path, systems()))
    assert snap_compare(app, terminal_size=(80, 24))


@pytest.mark.parametrize("args", [["watch", "missing.toml"], ["serve", "missing.toml"]])
def test_watch_and_serve_refuse_a_missing_save(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from skirmtui.cli import main

    code = main([args[0], str(tmp_path / args[1])])
    assert code == 1
    assert "no such file" in capsys.readouterr().err


def test_session_follow_is_replay(tmp_path: Path) -> None:
    """Following a longer log gives the battle a fresh replay of it gives."""
    gm = Gm(tmp_path / "b.toml")
    for value in [(6,), (2,), "red1", (1,)]:
        gm.session.answer(value)
    other = demo_session()
    other.follow(gm.session.items)
    fresh = Session(gm.session.system, gm.session.setup, gm.session.items)
    assert [e.text for e in other.battle.log] == [e.text for e in fresh.battle.log]


def test_the_follower_reads_only_changed_answer_lines_and_stays_exact(tmp_path: Path) -> None:
    """After the first change (read whole), appended and undone answers are parsed line
    by line; the session always equals a fresh load of the file."""
    from skirmtui.engine.store.saves import load_session

    gm = Gm(tmp_path / "b.toml")
    follower = SaveFollower(gm.path, systems())
    steps: list[object] = [
        (6,),
        (2,),
        "red1",
        "undo",
        "red1",
        (1,),
        "gm",
        "undo",
        "undo",
        "undo",
        "red1",
    ]
    for step in steps:
        if step == "undo":
            gm.session.undo()
        elif step == "gm":
            gm.session.gm(
                "gm.add", id="red9", side="red", name="Rinforzo", profile={"cmb": 3, "abi": 3}
            )
        else:
            gm.session.answer(step)
        gm.save()
        assert follower.poll()
        fresh, _ = load_session(gm.path, systems())
        assert follower.session.items == fresh.items
        assert [e.text for e in follower.session.battle.log] == [e.text for e in fresh.battle.log]
        assert follower._parts is not None  # the next change can be read line by line


def test_a_different_battle_saved_there_is_read_whole(tmp_path: Path) -> None:
    gm = Gm(tmp_path / "b.toml")
    follower = SaveFollower(gm.path, systems())
    gm.answer((6,))
    assert follower.poll()
    gm.path.write_bytes(EXAMPLE.read_bytes())
    assert follower.poll()
    assert follower.session.setup.seed != gm.session.setup.seed
    assert follower.session.battle.result is not None


async def test_the_player_log_wraps_long_lines_on_a_narrow_screen(tmp_path: Path) -> None:
    """On a phone-sized terminal a long log line wraps under itself (the outcome at
    its end is on screen), newest entry first, each entry's rows in order."""
    gm = Gm(tmp_path / "b.toml")
    long = "The ford is held " + "by a stubborn rearguard " * 4 + "until the end: VICTORY"
    gm.session.gm("gm.note", text=long)
    gm.session.gm("gm.note", text="Newest")
    gm.save()
    app = WatchApp(SaveFollower(gm.path, systems()), poll=0.05)
    async with app.run_test(size=(40, 30)) as pilot:
        await pilot.pause(0.3)
        log = app.screen.query_one(PlayerLog)
        width = log.scrollable_content_region.width
        rows = log.rows()
        assert rows[0] == "✎ Newest"
        assert all(len(row) <= width for row in rows)
        note = rows[1 : 1 + len(rows)]
        joined = " ".join(
            row.strip()
            for row in note[: next(i for i, row in enumerate(note) if "VICTORY" in row) + 1]
        )
        assert joined == f"✎ {long}"
        drawn = ["".join(s.text for s in log.render_line(y)).rstrip() for y in range(len(rows))]
        assert drawn[: len(rows)] == rows[: len(drawn)]
