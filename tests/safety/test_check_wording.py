"""`check` across changes of the log's words: a save says which words its stored log was
written in (`log_wording`); the text is held against the replay only for today's words,
so an older save still passes after an upgrade while its answers, the battle, are
replayed and its result compared as before (docs/reliability.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.engine.store.format import LOG_WORDING, WORDING_KEY, rendered_log
from skirmtui.engine.store.saves import load_session, read_document, save_session
from skirmtui.systems.registry import systems
from tests.engine.test_cli import one_line_error, run

SAVES = Path(__file__).resolve().parents[1] / "systems" / "saves"
KEPT = sorted(SAVES.rglob("*.toml"))
TODAY_DIR = SAVES / f"wording-{LOG_WORDING}"
TODAY = sorted(TODAY_DIR.glob("*.toml"))
OLD_RB = SAVES / "before-issue-25" / "regole-base.toml"
NOT_COMPARED = (
    f"written in an older wording (log_wording 0, today's {LOG_WORDING}) and was not compared"
)
#: The stamp of a save of today's words, as `dumps` writes it.
STAMP = f"{WORDING_KEY} = {LOG_WORDING}\n"
FORGED = "R1 forged: the blue side surrenders"


@pytest.mark.parametrize("path", KEPT, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_kept_save_passes_check(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", str(path))
    assert code == 0, err
    assert len(out.splitlines()) == 1 and out.startswith(f"ok: {path}: ")


def test_today_s_words_are_kept_in_a_save_of_each_system() -> None:
    assert {read_document(p)["system"] for p in TODAY} == set(systems()), (
        f"keep a save of each system in today's words under {TODAY_DIR}: "
        "`skirmtui sim SYSTEM --battles 1 --seed 1 --save-dir DIR`, renamed SYSTEM.toml"
    )


@pytest.mark.parametrize("path", TODAY, ids=lambda p: p.stem)
def test_a_save_of_today_s_words_has_its_text_compared(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "check", str(path))
    assert code == 0 and "not compared" not in out, (
        f"{err.strip()}\nThe log's words changed: raise LOG_WORDING in "
        "skirmtui/engine/store/format.py and keep the saves of tests/systems/saves/wording-N/ "
        "as they are (add a wording-N+1 folder of today's words)"
    )


def test_an_older_wording_passes_with_one_line_saying_the_text_was_not_compared(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The save written before issue 25 says `takes 1 wound(s)` where the log said
    `takes 1 wound` when `log_wording` came: its answers replay, its result is the
    replay's, it has no `log_wording` (the oldest words)."""
    text = OLD_RB.read_text(encoding="utf-8")
    assert "takes 1 wound(s)" in text and WORDING_KEY not in text
    session, _ = load_session(OLD_RB, systems())
    assert "wound(s)" not in "\n".join(rendered_log(session.battle.log))
    code, out, err = run(capsys, "check", str(OLD_RB))
    assert (code, err) == (0, "")
    (line,) = out.splitlines()
    assert line.startswith(f"ok: {OLD_RB}: regole-base, 124 answers, finished: ")
    assert line.endswith(NOT_COMPARED)


def _copy(tmp_path: Path, source: Path, edit: tuple[str, str]) -> Path:
    text = source.read_text(encoding="utf-8")
    assert edit[0] in text
    path = tmp_path / source.name
    path.write_text(text.replace(*edit, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (('winner = "red"', 'winner = "blue"'), "result winner: the file says 'blue'"),
        (("\nround = 2\n", "\nround = 5\n"), "result round: the file says 5"),
    ],
)
def test_an_older_wording_still_fails_a_forged_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: tuple[str, str], where: str
) -> None:
    code, out, err = run(capsys, "check", str(_copy(tmp_path, OLD_RB, edit)))
    assert (code, out) == (1, "")
    assert where in one_line_error(err)


def test_an_older_wording_still_fails_answers_that_do_not_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit = ('{ key = "move.model", value = "blue1" }', '{ key = "move.model", value = "nobody" }')
    code, out, err = run(capsys, "check", str(_copy(tmp_path, OLD_RB, edit)))
    assert (code, out) == (1, "")
    assert "does not replay" in one_line_error(err)


def _forged(tmp_path: Path) -> Path:
    """A save of today's words whose second log line is forged."""
    source = SAVES / f"wording-{LOG_WORDING}" / "regole-base.toml"
    text = source.read_text(encoding="utf-8")
    start = text.index("log = '''\n") + len("log = '''\n")
    second = text.index("\n", start) + 1
    path = tmp_path / source.name
    path.write_text(text[:second] + FORGED + text[text.index("\n", second) :], encoding="utf-8")
    return path


def test_today_s_wording_fails_a_forged_log_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "check", str(_forged(tmp_path)))
    assert (code, out) == (1, "")
    assert f"log line 2: the file says {FORGED!r}" in one_line_error(err)


def test_the_same_forged_line_stamped_with_other_words_is_not_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _forged(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert STAMP in text
    path.write_text(text.replace(STAMP, "", 1), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0 and out.rstrip().endswith(NOT_COMPARED)
    newer = LOG_WORDING + 6
    path.write_text(text.replace(STAMP, f"{WORDING_KEY} = {newer}\n", 1), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0 and f"a newer wording (log_wording {newer}, today's {LOG_WORDING})" in out


@pytest.mark.parametrize("bad", ["-1", "1.0", "true", '"1"'])
def test_a_bad_wording_stamp_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    edit = (STAMP, f"{WORDING_KEY} = {bad}\n")
    path = _copy(tmp_path, SAVES / f"wording-{LOG_WORDING}" / "combattimento-gdr.toml", edit)
    code, out, err = run(capsys, "check", str(path))
    assert (code, out) == (1, "")
    assert "log_wording must be a whole number" in one_line_error(err)


def test_an_older_save_saved_again_is_stamped_with_today_s_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session, created = load_session(OLD_RB, systems())
    path = tmp_path / "again.toml"
    save_session(session, path, created)
    assert read_document(path)[WORDING_KEY] == LOG_WORDING
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0 and "not compared" not in out


def test_check_takes_several_saves_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = sorted((SAVES / "before-issue-25").glob("*.toml"))
    code, out, err = run(capsys, "check", *map(str, good))
    assert (code, err) == (0, "")
    assert [line.split(": ")[1] for line in out.splitlines()] == list(map(str, good))
    broken = tmp_path / "broken.toml"
    broken.write_text("format = 1\n", encoding="utf-8")
    code, out, err = run(capsys, "check", str(good[0]), str(broken), str(good[1]))
    assert code == 1
    assert len(out.splitlines()) == 2 and str(broken) in one_line_error(err)
