"""Issue 14, item 10: `check` replays the answers and compares the stored `[result]` and
rendered `log` with the replay, saying where they differ (a forged result or log line
used to pass)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.engine.test_cli import one_line_error, run


@pytest.fixture(scope="module")
def honest(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A finished battle as skirmtui writes it."""
    from skirmtui.cli import main

    folder = tmp_path_factory.mktemp("honest")
    assert main(["sim", "wargaming-introduttivo", "--battles", "1", "--seed", "3",
                 "--save-dir", str(folder)]) == 0  # fmt: skip
    (path,) = folder.glob("*.toml")
    return path.read_text(encoding="utf-8")


def forge(text: str, how: str) -> str:
    if how == "winner":
        return text.replace('\n[result]\nwinner = "', '\n[result]\nwinner = "x', 1)
    if how == "round":
        return re.sub(r"^round = (\d+)$", lambda m: f"round = {int(m[1]) + 1}", text, flags=re.M)
    if how == "no result":
        return text.replace("\n[result]\n", "\n[forged]\n", 1)
    if how == "log line":
        start = text.index("log = '''\n") + len("log = '''\n")
        second = text.index("\n", start) + 1
        return (
            text[:second] + "R1 forged: the blue side surrenders" + text[text.index("\n", second) :]
        )
    assert how == "extra line"
    end = text.index("'''\n", text.index("log = '''\n") + 10)
    return text[:end] + "R99 end: an extra line\n" + text[end:]


@pytest.mark.parametrize(
    ("how", "where"),
    [
        ("winner", "result winner: the file says 'x"),
        ("round", "result round: the file says"),
        ("no result", "result: the file says nothing"),
        ("log line", "log line 2: the file says 'R1 forged: the blue side surrenders'"),
        ("extra line", "the replay nothing"),
    ],
)
def test_a_forged_result_or_log_fails_check_naming_where(
    honest: str, tmp_path: Path, how: str, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "forged.toml"
    path.write_text(forge(honest, how), encoding="utf-8")
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    line = one_line_error(err)
    assert "does not match its replay" in line and where in line, line


def test_an_honest_save_passes(
    honest: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "honest.toml"
    path.write_text(honest, encoding="utf-8")
    code, out, err = run(capsys, "check", str(path))
    assert code == 0, err
    assert out.startswith("ok: ")


EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "saves" / "examples").glob("*.toml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_shipped_example_passes_check(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", str(path))
    assert code == 0, (
        f"{err.strip()}\nIf only the log's wording changed: "
        f".venv/bin/python tools/make_examples.py --resave SYSTEM"
    )
