"""The command line is a contract (DESIGN.md): exit 0 done, 1 a bad file or failed check,
2 bad usage; `--help` on every command; export format 1; sim reports and saves."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from skirmtui.cli import COMMANDS as CLI_COMMANDS
from skirmtui.cli import build_parser, main
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import RuleSystem, UnitSpec
from skirmtui.engine.store.saves import save_session

WI = "wargaming-introduttivo"
COMMANDS = ["systems", "new", "open", "review", "demo", "check", "export", "sim", "balance"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`skirmtui ARGV` in-process: exit code, stdout, stderr."""
    try:
        code: Any = main(list(argv))
    except SystemExit as stop:  # argparse: usage errors and --help
        code = stop.code
    out, err = capsys.readouterr()
    return int(code or 0), out, err


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture
def finished_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A finished battle saved by `skirmtui sim`."""
    folder = tmp_path / "sims"
    code, _, _ = run(capsys, "sim", WI, "--battles", "1", "--seed", "9", "--save-dir", str(folder))
    assert code == 0
    (path,) = folder.glob("*.toml")
    return path


@pytest.fixture
def open_save(demo: Session, tmp_path: Path) -> Path:
    """A battle in progress: play order rolled, one unit activated and hit."""
    for value in [(6,), (2,), "red1", (1,)]:
        demo.answer(value)
    demo.gm("gm.set", unit="blue2", field="damage", value=1)
    path = tmp_path / "open.toml"
    save_session(demo, path, "2026-01-01T00:00:00Z")
    return path


# -- systems, help, usage -------------------------------------------------------------------


def test_systems_lists_id_title_and_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "systems")
    assert code == 0
    rows = [line.split("\t") for line in out.strip().splitlines()]
    assert [WI, "Wargaming introduttivo: rapido e semplice", "Italian"] in rows
    assert all(len(row) == 3 for row in rows)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert out.startswith(f"usage: skirmtui {command}")


def test_every_option_says_what_it_does() -> None:
    """Found reading `skirmtui sim --help` as a rule author: "--battles N" and "--seed S"
    said nothing (how many? what does the seed decide?), nor export's "--format"."""
    parser = build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    silent = [
        f"{name} {'/'.join(action.option_strings)}"
        for name, sub in commands.choices.items()
        for action in sub._actions
        if action.option_strings and not action.help
    ]
    assert silent == []


def test_help_and_version_from_the_real_entry_point() -> None:
    for argv, expected in ((["--help"], "usage: skirmtui"), (["--version"], "skirmtui ")):
        result = subprocess.run(
            [sys.executable, "-m", "skirmtui", *argv], capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith(expected)
    assert re.fullmatch(r"skirmtui \d+\.\d+\.\d+\S*\n", result.stdout)  # the version


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["fly"],
        ["check"],
        ["export", "x.toml"],
        ["export", "x.toml", "--format", "xml"],
        ["sim"],
        ["sim", WI, "--battles", "many"],
        ["sim", WI, "--battles", "0"],
        ["sim", "chess", "--battles", "1"],
        ["new", "chess"],
        ["new", WI, "--scenario", "no-such-scenario"],
        ["new", WI, "--seed", "x"],
        ["demo", "chess"],
        ["systems", "--fast"],
    ],
    ids=lambda argv: " ".join(argv) or "nothing",
)
def test_bad_usage_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.strip() and "Traceback" not in err


def test_unknown_system_names_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "sim", "chess")
    assert code == 2
    assert "unknown system 'chess'" in one_line_error(err) and WI in err


# -- check ----------------------------------------------------------------------------------


def test_check_accepts_a_good_save(open_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", str(open_save))
    assert (code, err) == (0, "")
    line = out.strip()
    assert "\n" not in line
    assert line.startswith("ok: ") and str(open_save) in line
    assert "5 answers" in line and "in progress at turn 1, Activation" in line


def test_check_a_finished_battle(finished_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(finished_save))
    assert code == 0 and out.startswith("ok: ") and "finished" in out


BAD = {
    "not toml": (
        'format = 1\ntitle = "a"\nseed = = 3\n',
        r"not valid TOML: .*\(at line 3, column 8\)",
    ),
    "format": ('format = 7\nsystem = "wargaming-introduttivo"\n', "unknown save format 7"),
    "system": ('format = 1\nsystem = "chess"\n', "unknown system 'chess'"),
    "missing": (None, "no such file"),
}


@pytest.mark.parametrize("case", list(BAD))
@pytest.mark.parametrize("command", ["check", "export", "open", "review"])
def test_a_bad_file_exits_1_with_one_line_and_no_traceback(
    case: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, pattern = BAD[case]
    path = tmp_path / "bad.toml"
    if text is not None:
        path.write_text(text)
    before = path.read_bytes() if text is not None else None
    argv = [command, str(path)] + (["--format", "json"] if command == "export" else [])
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    line = one_line_error(err)
    assert str(path) in line
    assert re.search(pattern, line), line
    if before is not None:
        assert path.read_bytes() == before
    else:
        assert not path.exists()
    assert [p.name for p in tmp_path.iterdir()] == ([] if text is None else ["bad.toml"])


@pytest.mark.parametrize("command", ["check", "open"])
def test_an_answer_that_does_not_replay_fails_naming_it(
    command: str, open_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = open_save.read_text(encoding="utf-8")
    open_save.write_text(text.replace('value = "red1"', 'value = "red99"'), encoding="utf-8")
    before = open_save.read_bytes()
    code, out, err = run(capsys, command, str(open_save))
    assert code == 1 and out == ""
    assert "answer 2: 'red99' is not one of the options" in one_line_error(err)
    assert open_save.read_bytes() == before


def test_an_answer_naming_a_unit_that_does_not_exist_fails_check(
    open_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Any answer's `unit` is checked against the battle's units, not only a GM override's."""
    text = open_save.read_text(encoding="utf-8")
    ghost = text.replace(
        '{ key = "activation.unit", value = "red1" }',
        '{ key = "gm.note", value = { unit = "ghost", text = "x" } }',
    )
    assert ghost != text
    open_save.write_text(ghost, encoding="utf-8")
    code, out, err = run(capsys, "check", str(open_save))
    assert code == 1 and out == ""
    assert "unit 'ghost' does not exist" in one_line_error(err)


def test_the_real_entry_point_reports_a_bad_file_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("format = = 1\n")
    result = subprocess.run(
        [sys.executable, "-m", "skirmtui", "check", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "not valid TOML" in one_line_error(result.stderr)
    assert result.stdout == ""


# -- export ---------------------------------------------------------------------------------

TOP = {
    "format",
    "system",
    "title",
    "seed",
    "options",
    "sides",
    "units",
    "entries",
    "result",
    "luck",
}
ENTRY = {"index", "answer", "round", "phase", "kind", "key", "actor", "target", "text", "roll"}
ROLL = {"dice", "faces", "modifiers", "total", "target", "compare", "success", "critical"}


def _export(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    code, out, err = run(capsys, "export", str(path), "--format", "json")
    assert (code, err) == (0, "")
    doc: dict[str, Any] = json.loads(out)
    return doc


def test_export_json_follows_format_1(open_save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _export(capsys, open_save)
    assert set(doc) >= TOP  # format 1 gains keys only (docs/export.md)
    assert (doc["format"], doc["system"], doc["seed"]) == (1, WI, 2026)
    assert doc["title"] == "Demo: Legionari vs Barbari at the ford"
    assert doc["options"]["turn_limit"] == 8
    assert doc["sides"] == [{"id": "red", "name": "Legionari"}, {"id": "blue", "name": "Barbari"}]
    first = doc["units"][0]
    assert {k: v for k, v in first.items() if k != "start"} == {
        "id": "red1",
        "side": "red",
        "name": "Centurione",
        "label": "Centurione",
        "profile": {"cmb": 5, "abi": 4, "cost": 9},
    }
    assert first["start"]["cmb"] == 5 and first["start"]["damage"] == 0
    assert doc["result"] is None
    for entry in doc["entries"]:
        assert ENTRY | {"effects"} <= set(entry)
        for effect in entry["effects"]:
            assert set(effect) == {"unit", "field", "from", "to"}
        if entry["roll"] is not None:
            assert ROLL <= set(entry["roll"]) <= ROLL | {"by", "chance", "mods"}
    assert [e["index"] for e in doc["entries"]] == list(range(len(doc["entries"])))
    activation = next(e for e in doc["entries"] if e["key"] == "activation.roll")
    assert activation["answer"] == 3 and activation["kind"] == "roll"
    assert activation["actor"] == "red1" and activation["phase"] == "activation"
    assert activation["actor_label"] == "Centurione" and activation["value"] == [1]
    assert {k: activation["roll"][k] for k in ROLL | {"by"}} == {
        "dice": "1d6",
        "faces": [1],
        "modifiers": [],
        "total": 1,
        "target": 4,
        "compare": "<=",
        "success": True,
        "critical": None,
        "by": "table",
    }
    assert {"unit": "red1", "field": "active", "from": False, "to": True} in activation["effects"]
    override = next(e for e in doc["entries"] if e["key"] == "gm.set")
    assert override["kind"] == "override" and override["answer"] == 4
    assert override["effects"] == [{"unit": "blue2", "field": "damage", "from": 0, "to": 1}]


def test_export_effects_recompute_the_battle(
    wi: RuleSystem, finished_save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DESIGN.md: any reader can recompute the battle from the log alone."""
    from skirmtui.engine.store.saves import load_session
    from skirmtui.systems.registry import systems

    doc = _export(capsys, finished_save)
    assert set(doc["result"]) == {"winner", "reason", "round"}
    values: dict[tuple[str, str], Any] = {}
    for unit in doc["units"]:
        start = wi.make_unit(UnitSpec(unit["id"], unit["side"], unit["name"], unit["profile"]))
        values.update({(unit["id"], f): v for f, v in start.stats.items()})
        values[(unit["id"], "removed")] = False
    for entry in doc["entries"]:
        for effect in entry["effects"]:
            where = (effect["unit"], effect["field"])
            assert values[where] == effect["from"], (entry["index"], effect)
            values[where] = effect["to"]
    session, _ = load_session(finished_save, systems())
    for unit in session.battle.units.values():
        assert values[(unit.id, "removed")] == unit.removed
        for field, value in unit.stats.items():
            assert values[(unit.id, field)] == value


def test_export_md_is_a_readable_report(
    finished_save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_path = tmp_path / "report.md"
    code, out, err = run(
        capsys, "export", str(finished_save), "--format", "md", "-o", str(out_path)
    )
    assert (code, out, err) == (0, "", "")
    report = out_path.read_text(encoding="utf-8")
    assert report.startswith("# Demo: Legionari vs Barbari at the ford\n")
    for section in ("Result", "Sides", "Who destroyed whom", "Turning points", "Dice luck"):
        assert f"\n## {section}\n" in report
    assert "\n## Turn by turn\n" in report and "**Turn 1.**" in report  # the seed's word
    assert "## Final roster" not in report  # a page or two (issue 27)
    code, out, _ = run(capsys, "export", str(finished_save), "--format", "md")
    # To a file, the charts are written beside it and linked (issue 27); the rest is the same.
    assert code == 0 and out == report.split("\n\n## Charts\n")[0] + "\n"
    code, full, _ = run(
        capsys, "export", str(finished_save), "--format", "md", "--full", "--playouts", "0"
    )
    assert code == 0 and "## Final roster" in full and "## The whole battle" in full
    assert "### Before the battle" in full and "### Turn 1" in full


def test_export_json_to_a_file(
    open_save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_path = tmp_path / "log.json"
    code, out, _ = run(capsys, "export", str(open_save), "--format", "json", "-o", str(out_path))
    assert code == 0 and out == ""
    assert json.loads(out_path.read_text(encoding="utf-8"))["format"] == 1


# -- sim ------------------------------------------------------------------------------------


def test_sim_reports_and_writes_saves_that_check_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "out"
    code, out, err = run(
        capsys, "sim", WI, "--battles", "4", "--seed", "3", "--save-dir", str(folder)
    )
    assert (code, err) == (0, "")
    report = dict(line.split(": ", 1) for line in out.strip().splitlines())
    assert report["battles"] == "4"
    assert report["errors"] == "0"
    assert 1 <= float(report["mean turns"]) <= 8  # the demo's turn limit
    wins = dict(part.rsplit(" ", 1) for part in report["wins"].split(", "))
    assert sum(int(n) for n in wins.values()) == 4
    assert set(wins) <= {"Legionari", "Barbari", "draw"}
    assert float(report["battles per second"]) > 0
    saves = sorted(folder.glob("*.toml"))
    assert len(saves) == 4
    for path in saves:
        code, out, _ = run(capsys, "check", str(path))
        assert code == 0 and out.startswith("ok: ") and "finished" in out


def test_sim_is_reproducible_from_its_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = []
    for name in ("a", "b"):
        code, out, _ = run(
            capsys, "sim", WI, "--battles", "2", "--seed", "5", "--save-dir", str(tmp_path / name)
        )
        assert code == 0
        report = dict(line.split(": ", 1) for line in out.strip().splitlines())
        runs.append((report["mean turns"], report["wins"]))
    assert runs[0] == runs[1]
    for first, second in zip(
        sorted((tmp_path / "a").glob("*.toml")),
        sorted((tmp_path / "b").glob("*.toml")),
        strict=True,
    ):
        answers = [p.read_text().split("log = ")[0].split("answers = ")[1] for p in (first, second)]
        assert answers[0] == answers[1]


def _help(
    parser: argparse.ArgumentParser, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> str:
    with pytest.raises(SystemExit):
        parser.parse_args(argv)
    return capsys.readouterr().out


def test_a_command_line_parses_as_with_every_command_built(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`main` builds only the subparser of the command it is given (start-up): that
    subparser is the full parser's, help, usage and parsing alike."""
    full = build_parser()
    listed = _help(full, ["--help"], capsys)
    assert all(f"    {name} " in listed for name in CLI_COMMANDS)
    for name in CLI_COMMANDS:
        alone = _help(build_parser(only=name), [name, "--help"], capsys)
        assert alone == _help(full, [name, "--help"], capsys) != ""
    argv = ["demo", "pequenas-guerras", "-o", "x.toml"]
    assert vars(build_parser("demo").parse_args(argv)) == vars(full.parse_args(argv))


def test_a_wrong_option_of_a_command_says_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "demo", "--nope")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["demo", "--nope"])
    assert code == 2 and err == capsys.readouterr().err != ""


def test_a_reader_that_stops_reading_gets_no_traceback() -> None:
    """`skirmtui sim … | head -3` printed a BrokenPipeError traceback (the review): the
    command stops quietly, exit 1 (its output was not all written)."""
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader gone before the first line
    try:
        result = subprocess.run(
            [sys.executable, "-m", "skirmtui", "systems"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr, result.stderr
    assert result.returncode == 1
