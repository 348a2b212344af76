"""Saves: the one module the app, the CLI and the tools import persistence from.

The work is done in modules by role: `format` (what a save holds, the text `dumps`
writes), `files` (bounded reads, atomic writes), `journal` (the writers used while a
battle is played), `validate` (a parsed document to a setup and answers), `reader`
(parse, validate, replay) and `compare` (`check`'s comparison with the replay).
"""

from __future__ import annotations

from skirmtui.engine.core.collector import gc_paused
from skirmtui.engine.store.compare import replay_differences
from skirmtui.engine.store.files import MAX_SAVE_BYTES, Signature, read_bytes, write_atomic
from skirmtui.engine.store.format import (
    FORMAT,
    MORE,
    SaveError,
    SaveSnapshot,
    dumps,
    rendered_log,
    session_document,
    snapshot,
    snapshot_document,
)
from skirmtui.engine.store.journal import (
    JournalWriter,
    OutsideChange,
    SaveWriter,
    save_session,
    save_snapshot,
)
from skirmtui.engine.store.reader import (
    load_for_play,
    load_session,
    load_with_document,
    loads,
    read_document,
)
from skirmtui.engine.store.stamp import now_stamp
from skirmtui.engine.store.validate import (
    MAX_SAVE_ANSWERS,
    items_from_document,
    setup_from_document,
)

__all__ = [
    "FORMAT",
    "MAX_SAVE_ANSWERS",
    "MAX_SAVE_BYTES",
    "MORE",
    "JournalWriter",
    "OutsideChange",
    "SaveError",
    "SaveSnapshot",
    "SaveWriter",
    "Signature",
    "dumps",
    "gc_paused",
    "items_from_document",
    "load_for_play",
    "load_session",
    "load_with_document",
    "loads",
    "now_stamp",
    "read_bytes",
    "read_document",
    "rendered_log",
    "replay_differences",
    "save_session",
    "save_snapshot",
    "session_document",
    "setup_from_document",
    "snapshot",
    "snapshot_document",
    "write_atomic",
]
