"""Following a save another process writes: the player view's only source.

The GM's app autosaves atomically (`os.replace`), so a reader sees the old file or the
new one, never half of one. `SaveFollower.poll()` looks at the file's identity (inode,
size, modification time) and, when it changed, reads it and brings its session to the
new answer log: the leading answers both share stay, an undo takes back the tail, new
answers are applied (`Session.follow`) instead of replaying the battle from the start.
It only ever reads the file.
"""

from __future__ import annotations

import os
from pathlib import Path

from skirmtui.engine.prompts import AnswerError
from skirmtui.engine.saves import (
    SaveError,
    items_from_document,
    load_session,
    read_document,
    setup_from_document,
)
from skirmtui.engine.session import Session
from skirmtui.engine.system import RuleSystem


class SaveFollower:
    """One save file and the session it holds now."""

    def __init__(self, path: Path, systems: dict[str, RuleSystem]) -> None:
        self.path = Path(path)
        self.systems = systems
        self._stamp = self._identity()
        self.session, _ = load_session(self.path, systems)  # SaveError if unreadable
        #: Why the last change could not be followed (the view keeps the last good one).
        self.problem = ""

    def _identity(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def poll(self) -> bool:
        """Catch up with the file if it changed; True when the session changed."""
        stamp = self._identity()
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        if stamp is None:
            self.problem = "the save is gone (moved or deleted)"
            return False
        try:
            doc = read_document(self.path)
            setup = setup_from_document(doc, self.systems)
            items = items_from_document(doc, {u.id for u in setup.units})
        except SaveError as error:
            self.problem = f"cannot read the save: {error}"
            return False
        self.problem = ""
        try:
            if setup != self.session.setup:
                self.session = Session(self.systems[setup.system], setup, items)
            else:
                self.session.follow(items)
        except (AnswerError, ValueError) as error:
            self.problem = f"the save does not replay: {error}"
            return False
        return True
