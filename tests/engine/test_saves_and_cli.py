"""Saves (atomic, validated) and the command-line contract (exit codes 0/1/2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skirmtui.cli import main
from skirmtui.engine.saves import load_session, save_session, write_atomic
from skirmtui.systems.registry import get_system, systems
from tests.tui.helpers import demo_session

WI = "wargaming-introduttivo"


@pytest.fixture
def save(tmp_path: Path) -> Path:
    session = demo_session()
    for value in [(6,), (2,), "red1", (1,), "done"]:
        session.answer(value)
    path = tmp_path / "battle.toml"
    save_session(session, path, "2026-01-01T00:00:00Z")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- atomic writes ---------------------------------------------------------------------


def test_atomic_write_keeps_a_backup_and_leaves_no_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    write_atomic(path, "one = 1\n")
    write_atomic(path, "two = 2\n")
    assert path.read_text() == "two = 2\n"
    assert (tmp_path / "a.toml.bak").read_text() == "one = 1\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.toml", "a.toml.bak"]


def test_a_crash_before_the_rename_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.toml"
    write_atomic(path, "old = 1\n")

    def crash(*args: object) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_atomic(path, "new = 2\n" * 1000)
    assert path.read_text() == "old = 1\n"
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]


def test_a_killed_writer_leaves_old_or_new_never_torn(tmp_path: Path) -> None:
    """Kill a process that saves in a loop; the file always parses to a whole document."""
    path = tmp_path / "k.toml"
    code = (
        "import sys; from skirmtui.engine.saves import write_atomic\n"
        "i = 0\n"
        "while True:\n"
        "    i += 1\n"
        f"    write_atomic(__import__('pathlib').Path({str(path)!r}), "
        "f'n = {i}\\n' + 'pad = \"' + 'x' * 200000 + '\"\\n')\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code])
    try:
        import time

        deadline = time.monotonic() + 10
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.3)
    finally:
        proc.kill()
        proc.wait()
    import tomllib

    doc = tomllib.loads(path.read_text())
    assert doc["n"] >= 1 and len(doc["pad"]) == 200000


# -- loading errors: one line, exit 1, file untouched ------------------------------------


BAD_FILES = {
    "not TOML": ('format = 1\nsystem = "x\n', "not valid TOML: .*line 2, column"),
    "format": ('format = 9\nsystem = "wargaming-introduttivo"\n', "unknown save format 9"),
    "system": ('format = 1\nsystem = "chess"\n', "unknown system 'chess'"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_check_names_the_problem_and_leaves_the_file_alone(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, pattern = BAD_FILES[name]
    path = tmp_path / "bad.toml"
    path.write_text(text)
    before = path.read_bytes()
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    import re

    assert re.search(pattern, err), err
    assert path.read_bytes() == before


def test_unknown_unit_reference_and_answer_that_does_not_replay(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = save.read_text()
    bad_unit = save.with_name("unit.toml")
    bad_unit.write_text(
        text.replace('value = "red1"', 'value = { unit = "ghost", text = "x" }').replace(
            'key = "activation.unit"', 'key = "gm.note"', 1
        )
    )
    code, _, err = run(capsys, "check", str(bad_unit))
    assert code == 1 and "unit 'ghost' does not exist" in err
    bad_answer = save.with_name("answer.toml")
    bad_answer.write_text(text.replace('value = "red1"', 'value = "blue9"'))
    before = bad_answer.read_bytes()
    code, _, err = run(capsys, "check", str(bad_answer))
    assert code == 1 and "answer 2:" in err and "not one of the options" in err
    code, _, err = run(capsys, "open", str(bad_answer))
    assert code == 1 and "answer 2:" in err
    assert bad_answer.read_bytes() == before


def test_check_accepts_a_good_save(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(save))
    assert code == 0 and out.startswith("ok: ") and "5 answers" in out


# -- the other commands ---------------------------------------------------------------------


def test_systems_lists_id_title_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "systems")
    assert code == 0
    assert f"{WI}\tWargaming introduttivo: rapido e semplice\tItalian" in out.splitlines()


def test_export_json_is_format_1(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "export", str(save), "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert {
        "format",
        "system",
        "title",
        "seed",
        "options",
        "sides",
        "units",
        "entries",
        "result",
    } <= doc.keys()
    assert doc["format"] == 1 and doc["system"] == WI and doc["result"] is None
    assert doc["units"][0]["profile"] == {"cmb": 5, "abi": 4, "cost": 9}
    rolls = [e for e in doc["entries"] if e["kind"] == "roll"]
    activation = next(e for e in rolls if e["key"] == "activation.roll")
    assert activation["roll"] == {
        "dice": "1d6",
        "faces": [1],
        "modifiers": [],
        "total": 1,
        "target": 4,
        "compare": "<=",
        "success": True,
        "critical": None,
    }
    assert {"unit": "red1", "field": "active", "from": False, "to": True} in (activation["effects"])
    assert all(
        {
            "index",
            "answer",
            "round",
            "phase",
            "kind",
            "key",
            "actor",
            "target",
            "text",
            "roll",
            "effects",
        }
        <= e.keys()
        for e in doc["entries"]
    )


def test_export_md_and_output_file(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_path = tmp_path / "r.md"
    code, _, _ = run(capsys, "export", str(save), "--format", "md", "-o", str(out_path))
    report = out_path.read_text()
    assert code == 0 and report.startswith("# Demo") and "## Round 1" in report


def test_sim_plays_saves_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "sim", WI, "--battles", "4", "--seed", "2", "--save-dir", str(tmp_path)
    )
    assert code == 0
    lines = dict(line.split(": ", 1) for line in out.strip().splitlines())
    assert lines["battles"] == "4" and lines["errors"] == "0"
    assert {"mean turns", "wins", "battles per second"} <= lines.keys()
    saves = sorted(tmp_path.glob("*.toml"))
    assert len(saves) == 4
    for path in saves:
        session, _ = load_session(path, systems())
        assert session.battle.result is not None


def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["export", "x.toml"])  # --format is required
    assert exit_info.value.code == 2
    code, _, err = run(capsys, "sim", "chess", "--battles", "1")
    assert code == 2 and "unknown system 'chess'" in err
    code, _, err = run(capsys, "sim", WI, "--battles", "0")
    assert code == 2


@pytest.mark.parametrize(
    "command", ["systems", "new", "open", "review", "demo", "check", "export", "sim"]
)
def test_every_command_has_help(command: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "skirmtui", command, "--help"], capture_output=True, text=True
    )
    assert result.returncode == 0 and "usage: skirmtui" in result.stdout


def test_demo_setup_is_valid() -> None:
    system = get_system(WI)
    assert system.check_setup(system.demo_setup()) == []


def test_a_crashing_rule_step_loses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in a rule step is reported; the battle stays as it was before the answer."""
    from skirmtui.engine.session import RulesFailed

    session = demo_session()
    session.answer((6,))
    before = (len(session.items), session.prompt, len(session.battle.log))
    system = type(session.system)

    def broken(self: object, b: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(system, "_activation", broken)
    with pytest.raises(RulesFailed, match="RuntimeError: boom"):
        session.answer((2,))
    assert (len(session.items), session.prompt, len(session.battle.log)) == before
    monkeypatch.undo()
    session.answer((2,))
    assert session.prompt is not None and session.prompt.key == "activation.unit"
