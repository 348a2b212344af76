"""`skirmtui review SAVE`: the palette exports the log as the battle screen's does.

Found in tmux: a reviewer of a saved battle found no export in the review's palette
(the battle screen's has "Export the log"); only the command line had it.
"""

from __future__ import annotations

import json
from pathlib import Path

from skirmtui.engine.store.reader import load_session
from skirmtui.systems.registry import systems
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.screens.review import ReviewScreen
from tests.tui.test_review_fit import EXAMPLE


async def test_the_review_palette_exports_the_log(tmp_path: Path) -> None:
    save = tmp_path / "battle.toml"
    save.write_bytes(EXAMPLE.read_bytes())
    session, created = load_session(save, systems())
    app = SkirmApp(session=session, path=save, created=created, review=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert "Export the log" in commands
        commands["Export the log"].callback()
        await pilot.pause()
    document = json.loads(save.with_suffix(".json").read_text("utf-8"))
    assert document["format"] == 1 and document["system"] == session.system.id
    assert save.read_bytes() == EXAMPLE.read_bytes()  # the save itself untouched
