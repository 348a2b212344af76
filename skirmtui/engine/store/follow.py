"""Following a save another process writes: the player view's only source.

The GM's app autosaves atomically (`os.replace`), so a reader sees the old file or the
new one, never half of one. `SaveFollower.poll()` looks at the file's identity (inode,
size, modification time) and, when it changed, reads it and brings its session to the
new answer log: the leading answers both share stay, an undo takes back the tail, new
answers are applied (`Session.follow`) instead of replaying the battle from the start.
When only answers were added or taken back (the setup text before and after the
answers is unchanged), only the answer lines that differ are parsed: a 10,000-answer
save is 1.4 MB, and parsing it whole costs ~250 ms of CPU per autosave, taken from the
machine the GM plays on. It only ever reads the file.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from skirmtui.engine.core import records
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.prompts import AnswerError
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import RuleSystem
from skirmtui.engine.store.files import read_bytes
from skirmtui.engine.store.format import SaveError
from skirmtui.engine.store.reader import load_session, loads
from skirmtui.engine.store.validate import items_from_document, setup_from_document


class SaveFollower:
    """One save file and the session it holds now."""

    def __init__(self, path: Path, systems: dict[str, RuleSystem]) -> None:
        self.path = Path(path)
        self.systems = systems
        self._stamp = self._identity()
        self.session, _ = load_session(self.path, systems)  # SaveError if unreadable
        #: The layout of the save the session was last brought to (None: unknown, so
        #: the next change is read whole).
        self._parts: tuple[str, list[str], str] | None = None
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
        return self.apply(self.fetch())

    def fetch(self) -> Fetched | None:
        """Read what changed, without touching the session (safe off the UI thread,
        one fetch at a time): None when the file is unchanged. The same limits as
        `open`: a regular file (a FIFO is not waited for), at most `MAX_SAVE_BYTES`,
        nesting bounded."""
        stamp = self._identity()
        if stamp == self._stamp:
            return None
        self._stamp = stamp
        if stamp is None:
            return Fetched(problem="the save is gone (moved or deleted)")
        try:
            text = read_bytes(self.path).decode("utf-8")
        except SaveError as error:
            return Fetched(problem=f"cannot read the save: {error}")
        except UnicodeError:
            return Fetched(problem="cannot read the save: not a text file (not UTF-8)")
        try:
            appended = self._appended(text)
            if appended is not None:
                return Fetched(items=appended[0], shared=appended[1])
            return self._reread(text)
        except SaveError as error:
            self._parts = None
            return Fetched(problem=f"cannot read the save: {error}")
        except RecursionError:
            self._parts = None
            return Fetched(problem="cannot read the save: nested too deeply")
        except (AnswerError, ValueError) as error:
            self._parts = None
            return Fetched(problem=f"the save does not replay: {error}")

    def apply(self, fetched: Fetched | None) -> bool:
        """Bring the session to what `fetch` read (on the thread that owns it); True
        when the session changed. A problem keeps the last good view and says why."""
        if fetched is None:
            return False
        if fetched.problem:
            self.problem = fetched.problem
            return False
        try:
            if fetched.session is not None:
                self.session = fetched.session
            else:
                self.session.follow(fetched.items, fetched.shared)
        except (AnswerError, ValueError) as error:
            self._parts = None
            self.problem = f"the save does not replay: {error}"
            return False
        self.problem = ""
        return True

    def _appended(self, text: str) -> tuple[list[Item], int] | None:
        """The answer log read from only the answer lines that changed, when the save's
        setup (the text before and after the answers and the log) is the same as last
        time, with how many leading answers are unchanged; None when the whole file must
        be read."""
        parts = split_save(text)
        previous, self._parts = self._parts, parts
        if parts is None or previous is None or parts[0] != previous[0] or parts[2] != previous[2]:
            return None
        lines, before = parts[1], previous[1]
        shared = 0
        for mine, theirs in zip(before, lines, strict=False):
            if mine != theirs:
                break
            shared += 1
        shared = min(shared, len(self.session.items))
        fresh = []
        for line in lines[shared:]:
            try:
                fresh.append(tomllib.loads("a = " + line.strip().removesuffix(","))["a"])
            except tomllib.TOMLDecodeError as error:
                raise SaveError(f"an answer line is not valid TOML: {error}") from None
        known = set(self.session.battle.units)
        return self.session.items[:shared] + items_from_document({"answers": fresh}, known), shared

    def _reread(self, text: str) -> Fetched:
        """Parse and check the whole save (its setup may have changed): a different
        battle is replayed here (a new session, not yet shown)."""
        try:
            doc = loads(text)  # each distinct answer line parsed once, as `open` does
        except tomllib.TOMLDecodeError as error:
            raise SaveError(f"not valid TOML: {error}") from None
        setup = setup_from_document(doc, self.systems)
        items = items_from_document(doc, {u.id for u in setup.units})
        if setup != self.session.setup:
            return Fetched(session=Session(self.systems[setup.system], setup, items))
        return Fetched(items=items)


@frozen_record
class Fetched:
    """What `SaveFollower.fetch` read: a problem, a new battle, or the answer log (with
    how many leading answers are unchanged, when only answer lines were read)."""

    problem: str = ""
    session: Session | None = None
    items: list[Item] = records.field(factory=list)
    shared: int = 0


#: Where the answers start in a save `format.dumps` wrote (one answer per line).
_ANSWERS = "\nanswers = [\n"


def split_save(text: str) -> tuple[str, list[str], str] | None:
    """A save's text as (what precedes the answers, the answer lines, what follows the
    log), or None when it is not laid out as `format.dumps` writes it (a literal log)."""
    start = text.find(_ANSWERS)
    if start < 0:
        return None
    body = start + len(_ANSWERS)
    close = text.find("\n]\n", body - 1)
    if close < 0:
        return None
    lines = text[body:close].split("\n") if close >= body else []
    rest = close + len("\n]\n")
    if not text.startswith("log = '''\n", rest):
        return None
    end = text.find("\n'''", rest)
    if end < 0:
        return None
    return text[:start], lines, text[end:]
