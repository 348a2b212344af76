"""Saves: TOML written atomically (old or new file, never torn, `.bak` kept) and loaded
with full validation that names the problem and never touches the file (DESIGN.md)."""

from __future__ import annotations

import copy
import os
import random
import re
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import RuleSystem
from skirmtui.engine.play.sim import play_random
from skirmtui.engine.report.export import export_document
from skirmtui.engine.store import saves
from skirmtui.engine.store.saves import (
    SaveError,
    load_session,
    save_session,
    save_snapshot,
    snapshot,
    write_atomic,
)
from skirmtui.systems.registry import systems

CREATED = "2026-03-01T10:00:00Z"


def state(session: Session) -> dict[str, Any]:
    battle = session.battle
    return {
        "units": {u.id: (dict(u.stats), u.removed) for u in battle.units.values()},
        "round": battle.round,
        "phase": battle.phase,
        "pos": copy.deepcopy(battle.pos),
        "entries": export_document(session)["entries"],
        "prompt": session.prompt,
    }


def opened(demo: Session) -> Session:
    """The demo a few answers in, with every kind of GM entry."""
    for value in [(6,), (2,), "red1", (1,)]:
        demo.answer(value)
    demo.gm("gm.set", unit="blue2", field="damage", value=1)
    demo.gm("gm.add", id="blue9", side="blue", name="Rinforzo", profile={"cmb": 2, "abi": 2})
    demo.gm("gm.set", unit="blue9", field="damage", value=2)
    demo.gm("gm.remove", unit="blue3")
    demo.gm("gm.note", text='Quotes "inside", a backslash \\ and àccénts: fine.')
    demo.answer("red2")
    return demo


@pytest.fixture
def saved(demo: Session, tmp_path: Path) -> Path:
    path = tmp_path / "battle.toml"
    save_session(opened(demo), path, CREATED)
    return path


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- round trip -----------------------------------------------------------------------------


def test_save_then_load_gives_the_same_battle(demo: Session, tmp_path: Path) -> None:
    session = opened(demo)
    path = tmp_path / "b.toml"
    save_session(session, path, CREATED)
    loaded, created = load_session(path, systems())
    assert created == CREATED
    assert loaded.setup == session.setup
    assert loaded.items == session.items
    assert state(loaded) == state(session)
    assert loaded.battle.units["blue9"].stats["damage"] == 2  # the GM's unit came back too


def test_a_save_holds_setup_answers_and_the_rendered_log(saved: Path) -> None:
    doc = tomllib.loads(saved.read_text(encoding="utf-8"))
    assert doc["format"] == 1
    assert doc["system"] == "wargaming-introduttivo"
    assert doc["title"] == "Demo: Legionari vs Barbari at the ford"
    assert doc["created"] == CREATED
    assert doc["seed"] == 2026
    assert doc["options"] == {"budget": 120, "turn_limit": 8, "range_modifiers": False}
    assert doc["sides"] == [{"id": "red", "name": "Legionari"}, {"id": "blue", "name": "Barbari"}]
    assert doc["units"][0] == {
        "id": "red1",
        "side": "red",
        "name": "Centurione",
        "profile": {"cmb": 5, "abi": 4},
    }
    assert doc["answers"][:3] == [
        {"key": "order.roll", "value": [6], "by": "table"},
        {"key": "order.roll", "value": [2], "by": "table"},
        {"key": "activation.unit", "value": "red1"},
    ]
    assert {"key": "gm.remove", "value": {"unit": "blue3"}} in doc["answers"]
    assert "result" not in doc  # still in progress
    log = doc["log"]
    assert isinstance(log, str)
    assert "Play order: Legionari, Barbari" in log
    assert "GM removes Guerriero" in log
    assert 'Quotes "inside", a backslash \\ and àccénts: fine.' in log


def test_a_finished_battle_saves_its_result(wi: RuleSystem, tmp_path: Path) -> None:
    session = play_random(wi, attrs.evolve(wi.demo_setup(), seed=4), random.Random(4))
    path = tmp_path / "done.toml"
    save_session(session, path, CREATED)
    result = tomllib.loads(path.read_text(encoding="utf-8"))["result"]
    assert session.battle.result is not None
    assert result == {
        "winner": session.battle.result.winner or "",
        "reason": session.battle.result.reason,
        "round": session.battle.result.round,
    }
    loaded, _ = load_session(path, systems())
    assert loaded.battle.result == session.battle.result and loaded.prompt is None


def test_a_snapshot_saves_the_same_bytes_as_the_session(demo: Session, tmp_path: Path) -> None:
    session = opened(demo)
    save_session(session, tmp_path / "a.toml", CREATED)
    snap = snapshot(session, CREATED)
    session.answer((1,))  # the snapshot does not change with the session
    save_snapshot(snap, tmp_path / "b.toml")
    assert (tmp_path / "a.toml").read_bytes() == (tmp_path / "b.toml").read_bytes()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40).filter(
        lambda t: t.strip()
    ),
    name=st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=20),
)
def test_any_note_or_unit_name_survives_save_and_load(
    wi: RuleSystem, tmp_path: Path, text: str, name: str
) -> None:
    session = Session(wi, wi.demo_setup())
    session.gm("gm.note", text=text)
    session.gm("gm.add", id="x1", side="red", name=name, profile={"cmb": 3, "abi": 3})
    path = tmp_path / "n.toml"
    save_session(session, path, CREATED)
    loaded, _ = load_session(path, systems())
    assert loaded.items == session.items
    # The add counts from the step's start: the note is logged after it (architecture.md).
    assert [e.text for e in loaded.battle.log if e.kind == "note"] == [text.strip()]
    assert loaded.battle.units["x1"].name == name


# -- atomic writes --------------------------------------------------------------------------


def test_each_write_keeps_the_previous_file_as_bak(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    write_atomic(path, "n = 1\n")
    assert files(tmp_path) == ["a.toml"]  # nothing to keep yet
    write_atomic(path, "n = 2\n")
    write_atomic(path, "n = 3\n")
    assert path.read_text() == "n = 3\n"
    assert (tmp_path / "a.toml.bak").read_text() == "n = 2\n"
    assert files(tmp_path) == ["a.toml", "a.toml.bak"]  # no temp file left behind


def test_a_write_creates_the_folder_and_keeps_the_file_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "a.toml"
    write_atomic(path, "n = 1\n")
    assert path.read_text() == "n = 1\n"
    assert path.stat().st_mode & 0o777 == 0o644  # an ordinary document, not mkstemp's 0600
    path.chmod(0o600)
    write_atomic(path, "n = 2\n")
    assert path.stat().st_mode & 0o777 == 0o600


def _failing(
    real: Callable[..., Any], when: Callable[..., bool], error: BaseException
) -> Callable[..., Any]:
    def fake(*args: Any, **kwargs: Any) -> Any:
        if when(*args):
            raise error
        return real(*args, **kwargs)

    return fake


@pytest.mark.parametrize(
    ("fails", "error", "left"),
    [
        # the final rename: the previous good file stays as the backup
        ("a.toml", OSError(5, "I/O error"), ["a.toml", "a.toml.bak"]),
        # the backup's rename: no backup, and no temp file either
        ("a.toml.bak", OSError(28, "full"), ["a.toml"]),
    ],
)
def test_a_failed_rename_leaves_the_old_file_whole_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: str, error: OSError, left: list[str]
) -> None:
    path = tmp_path / "a.toml"
    write_atomic(path, "old = 1\n")
    before = path.read_bytes()
    monkeypatch.setattr(
        os, "replace", _failing(os.replace, lambda src, dst: Path(dst).name == fails, error)
    )
    with pytest.raises(OSError, match=error.strerror):
        write_atomic(path, "new = 2\n" * 10_000)
    assert path.read_bytes() == before
    assert files(tmp_path) == left  # the temp file was removed
    assert all((tmp_path / name).read_bytes() == before for name in left)


@pytest.mark.parametrize("error", [OSError(28, "No space left"), KeyboardInterrupt()])
def test_a_crash_in_the_middle_of_writing_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException
) -> None:
    """Half the new text is written, then the disk fills (or the user hits Ctrl-C)."""
    path = tmp_path / "a.toml"
    write_atomic(path, "old = 1\n")
    write_atomic(path, "old = 2\n")
    before, backup = path.read_bytes(), (tmp_path / "a.toml.bak").read_bytes()
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, handle: Any) -> None:
            self.handle = handle

        def __enter__(self) -> HalfWriter:
            return self

        def __exit__(self, *exc: object) -> None:
            self.handle.close()

        def write(self, text: str) -> int:
            self.handle.write(text[: len(text) // 2])
            self.handle.flush()
            raise error

    monkeypatch.setattr(os, "fdopen", lambda *a, **k: HalfWriter(real_fdopen(*a, **k)))
    with pytest.raises(type(error)):
        write_atomic(path, "new = 3\n" * 5000)
    assert path.read_bytes() == before
    assert (tmp_path / "a.toml.bak").read_bytes() == backup
    assert files(tmp_path) == ["a.toml", "a.toml.bak"]


def test_a_failed_fsync_does_not_replace_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.toml"
    write_atomic(path, "old = 1\n")
    monkeypatch.setattr(os, "fsync", _failing(os.fsync, lambda fd: True, OSError(5, "I/O")))
    with pytest.raises(OSError):
        write_atomic(path, "new = 2\n")
    assert path.read_text() == "old = 1\n"
    assert files(tmp_path) == ["a.toml"]


WRITER = """
import sys
from pathlib import Path
from skirmtui.engine.store.saves import write_atomic
path = Path(sys.argv[1])
i = 0
while True:
    i += 1
    write_atomic(path, f"n = {i}\\npad = '" + "x" * 300_000 + f"'\\nend = {i}\\n")
"""


def test_a_killed_writer_leaves_old_or_new_never_torn(tmp_path: Path) -> None:
    """SIGKILL a process that saves in a loop, several times at random moments: the save
    (and its .bak) always parse to one whole document."""
    path = tmp_path / "k.toml"
    rng = random.Random(7)
    last = 0
    for _ in range(4):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)])
        try:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                if path.exists() and tomllib.loads(path.read_text())["n"] > last:
                    break
                time.sleep(0.01)
            time.sleep(rng.uniform(0.0, 0.15))
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        for whole in (path, path.with_name("k.toml.bak")):
            if whole.exists():
                doc = tomllib.loads(whole.read_text())
                assert doc["n"] == doc["end"] >= 1 and len(doc["pad"]) == 300_000
        last = 0  # every run counts from 1 again
    # A later save works whatever a killed writer left behind.
    write_atomic(path, "n = 0\n")
    assert tomllib.loads(path.read_text()) == {"n": 0}


# -- load errors: named, one line, file untouched -------------------------------------------


def _rewrite(saved: Path, edit: Callable[[str], str], name: str = "bad.toml") -> Path:
    bad = saved.with_name(name)
    bad.write_text(edit(saved.read_text(encoding="utf-8")), encoding="utf-8")
    return bad


def _refused(path: Path, pattern: str) -> SaveError:
    before = path.read_bytes()
    folder = files(path.parent)
    with pytest.raises(SaveError, match=pattern) as info:
        load_session(path, systems())
    message = str(info.value)
    assert "\n" not in message
    assert path.read_bytes() == before  # a failed load never modifies the file
    assert files(path.parent) == folder  # … nor writes anything beside it
    return info.value


def test_not_toml_names_line_and_column(saved: Path) -> None:
    bad = _rewrite(saved, lambda t: t.replace('title = "Demo', "title = Demo", 1))
    _refused(bad, r"not valid TOML: .*\(at line 4, column 9\)")


def test_not_text_and_missing_file(tmp_path: Path) -> None:
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"format = 1\n\xff\xfe\x00")
    _refused(binary, "not a text file")
    with pytest.raises(SaveError, match="no such file"):
        load_session(tmp_path / "missing.toml", systems())
    assert not (tmp_path / "missing.toml").exists()


@pytest.mark.parametrize(
    ("edit", "pattern"),
    [
        (lambda t: t.replace("format = 1", "format = 2", 1), r"unknown save format 2 \("),
        (lambda t: t.replace("format = 1", 'format = "1"', 1), "unknown save format '1'"),
        (lambda t: t.replace("format = 1\n", "", 1), "not a skirmtui save"),
        (
            lambda t: t.replace('system = "wargaming-introduttivo"', 'system = "chess"', 1),
            r"unknown system 'chess' \(known: " + re.escape(", ".join(sorted(systems()))) + r"\)",
        ),
    ],
    ids=["format 2", "format text", "format missing", "system"],
)
def test_unknown_format_or_system(saved: Path, edit: Callable[[str], str], pattern: str) -> None:
    _refused(_rewrite(saved, edit), pattern)


def test_a_reference_to_a_unit_that_does_not_exist(saved: Path) -> None:
    bad = _rewrite(saved, lambda t: t.replace('{ unit = "blue3" }', '{ unit = "blue42" }'))
    _refused(bad, r"answer \d+ \(gm.remove\): unit 'blue42' does not exist")
    bad = _rewrite(saved, lambda t: t.replace('side = "blue", name = "Guerriero"', 'side = "x"', 1))
    _refused(bad, r"units\[7\] \(blue2\): side 'x' does not exist")
    bad = _rewrite(saved, lambda t: t.replace('id = "red2"', 'id = "red1"', 1))
    _refused(bad, r"units\[1\]: unit id 'red1' is used twice")


def test_a_unit_added_by_the_gm_may_be_referenced_later(saved: Path) -> None:
    loaded, _ = load_session(saved, systems())  # blue9 is set after gm.add made it
    assert loaded.battle.units["blue9"].stats["damage"] == 2


def test_an_answer_that_does_not_replay_is_named_by_its_index(saved: Path) -> None:
    bad = _rewrite(saved, lambda t: t.replace('value = "red2"', 'value = "blue1"'))
    error = _refused(bad, "answer 9: ")
    assert "'blue1' is not one of the options" in str(error)
    assert "(does not replay: activation.unit)" in str(error)
    bad = _rewrite(
        saved, lambda t: t.replace('key = "order.roll", value = [2]', 'key = "x", value = 1')
    )
    error = _refused(bad, "answer 1: answer for 'x' but the rules ask 'order.roll'")


@pytest.mark.parametrize(
    ("edit", "pattern"),
    [
        (lambda t: t.replace("seed = 2026", 'seed = "x"', 1), "seed must be a whole number"),
        (lambda t: t.replace("budget = 120", "budget = 20", 1), "setup refused: .*over the budget"),
        (
            lambda t: t.replace(
                '{ key = "order.roll", value = [6], by = "table" }', '{ key = "order.roll" }'
            ),
            "answer 0: needs a key and a value",
        ),
        (
            lambda t: t.replace('{ id = "red", name = "Legionari" }', '{ id = "red" }'),
            "missing name",
        ),
    ],
    ids=["seed", "budget", "answer without value", "side without name"],
)
def test_other_invalid_setups_are_named(
    saved: Path, edit: Callable[[str], str], pattern: str
) -> None:
    _refused(_rewrite(saved, edit), pattern)


def test_the_loaded_battle_can_go_on_and_save_again(saved: Path) -> None:
    loaded, created = load_session(saved, systems())
    assert loaded.prompt is not None
    loaded.answer((1,))
    save_session(loaded, saved, created)
    again, _ = load_session(saved, systems())
    assert again.items == loaded.items
    assert saved.with_name("battle.toml.bak").exists()


def test_dumps_writes_one_answer_per_line(saved: Path) -> None:
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert '  { key = "order.roll", value = [6], by = "table" },' in lines
    assert '  { key = "gm.remove", value = { unit = "blue3" } },' in lines
    assert saves.FORMAT == 1


def test_keys_that_are_not_bare_toml_keys_are_quoted(demo: Session, tmp_path: Path) -> None:
    """A GM's unit may carry profile notes under any name; the save must still load."""
    profile = {"cmb": 3, "abi": 3, "forzaè": 1, "a b": 2, "": 0}
    demo.gm("gm.add", id="x1", side="red", name="Strano", profile=profile)
    path = tmp_path / "k.toml"
    save_session(demo, path, CREATED)
    loaded, _ = load_session(path, systems())
    assert loaded.items == demo.items
