"""Issue 23, point 10: hostile content. A profile value that is a list or a table is
refused with one line (it reached a cached constructor: `TypeError: unhashable`); an
echoed value is shortened; bidi marks are shown, not obeyed; a GM note of megabytes
opens at once (the log wrapped it once per drawn row, re-measuring the growing line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.engine.core.text import safe
from skirmtui.engine.store.saves import load_session, save_session
from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets import lines
from skirmtui.tui.widgets.combat_log import CombatLog
from tests.engine.test_cli import one_line_error, run
from tests.tui.helpers import SIZE, demo_session

CG = Path(__file__).resolve().parents[2] / "saves" / "examples" / "combattimento-gdr.toml"


@pytest.mark.parametrize("value", ['["spada", "pugnale"]', "{ a = 1 }"])
@pytest.mark.parametrize("command", ["check", "export", "review"])
def test_a_profile_value_that_is_a_list_or_table_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str, command: str
) -> None:
    path = tmp_path / "cg.toml"
    text = CG.read_text(encoding="utf-8")
    assert 'weapons = "spada pugnale"' in text
    path.write_text(text.replace('weapons = "spada pugnale"', f"weapons = {value}", 1))
    args = [command, str(path)] + (["--format", "json"] if command == "export" else [])
    code, _, err = run(capsys, *args)
    assert code == 1
    assert "profile value 'weapons' must be a number, yes/no or text" in one_line_error(err)


def test_a_gm_added_units_profile_is_checked_the_same(tmp_path: Path) -> None:
    from skirmtui.engine.store.saves import SaveError
    from skirmtui.engine.store.validate import items_from_document

    doc = {"answers": [{"key": "gm.add", "value": {"id": "x", "side": "a", "profile": {"w": [1]}}}]}
    with pytest.raises(SaveError, match="profile value 'w'"):
        items_from_document(doc, set())


def test_a_long_bad_value_is_not_echoed_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.toml"
    text = CG.read_text(encoding="utf-8")
    path.write_text(text.replace('side = "red"', f'side = "{"r" * 100_000}"', 1))
    code, _, err = run(capsys, "check", str(path))
    assert code == 1
    line = one_line_error(err)
    assert len(line) < 400, len(line)
    assert "(100,002 characters)" in line  # the value, its quotes, shortened


def test_bidi_marks_are_shown_not_obeyed() -> None:
    for mark in ("\u200e", "\u200f", "\u061c"):
        shown = safe(f"Aldo{mark}Bruno")
        assert mark not in shown
        assert f"\\u{ord(mark):04x}" in shown


def test_wrapping_measures_each_character_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The wrap was quadratic: at the log's measuring width (10,000) every word
    re-measured the whole line so far."""
    measured = 0
    real = lines.cell_len

    def counting(text: str) -> int:
        nonlocal measured
        measured += len(text)
        return real(text)

    monkeypatch.setattr(lines, "cell_len", counting)
    text = "é " * 20_000  # not ASCII: measured by Rich's cell_len
    wrapped = lines.wrap(text, 10_000, 4)
    assert "".join(wrapped).replace(" ", "") == text.replace(" ", "")
    assert measured <= 3 * len(text), measured


async def test_a_note_of_megabytes_opens_and_shows_its_start(tmp_path: Path) -> None:
    session = demo_session()
    session.gm("gm.note", text="word " * 200_000)  # 1 MB
    path = tmp_path / "note.toml"
    save_session(session, path, "2026-01-01T00:00:00Z")
    loaded = load_session(path, systems())[0]
    app = SkirmApp(session=loaded, path=path, created="x", autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.screen.query_one(CombatLog)
        rows = [text for i in range(len(log._entries)) for text, _ in log._wrap_entry(i, 60)]
        shown = " ".join(row.strip() for row in rows)
        assert "(980,001 more characters: the export has them)" in shown
        assert len(rows) < 2_000
