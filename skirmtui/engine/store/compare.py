"""`check`'s comparison: the derived parts of a save against what its answers replay to.

The stored log is text in the words of the skirmtui that wrote it (`log_wording`): a
save of older (or newer) words whose text differs from today's is not failed for it,
since its answers, which are the battle, still replay; the result is compared whatever
the words.
"""

from __future__ import annotations

import json
from typing import Any

from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.session import Session
from skirmtui.engine.store.format import (
    LOG_WORDING,
    MORE,
    OLDEST_WORDING,
    WORDING_KEY,
    rendered_log,
)


@frozen_record
class Comparison:
    """What `check` found: the differences that fail it, and `note`, one line saying the
    log's text is in other words than today's and was not held against the save."""

    differences: tuple[str, ...]
    note: str | None = None


def replay_differences(doc: dict[str, Any], session: Session) -> list[str]:
    """Where the derived parts of a save (its `[result]` and rendered `log`) differ from
    what replaying its answers gives: an edit to them would show a reader a battle that
    never happened. Empty when they match (or are absent: they are optional)."""
    return list(compare_with_replay(doc, session).differences)


def compare_with_replay(doc: dict[str, Any], session: Session) -> Comparison:
    """`replay_differences`, and a note instead of a log difference for a save whose
    log was written with other words (its `log_wording` is not `LOG_WORDING`)."""
    found: list[str] = []
    note = None
    wording = doc.get(WORDING_KEY, OLDEST_WORDING)
    today = wording == LOG_WORDING
    reworded = False  # words of an older (or newer) wording differ from today's
    if doc.get(MORE):  # answers appended since the log was written: it stops before them
        whole = len(doc.get("answers", []))
        session = Session(session.system, session.setup, session.items[:whole])
    result = session.battle.result
    stored = doc.get("result")
    if stored is not None or result is not None:
        replayed = (
            None
            if result is None
            else {"winner": result.winner or "", "reason": result.reason, "round": result.round}
        )
        if isinstance(stored, dict) and replayed is not None:
            for key in sorted(set(stored) | set(replayed)):
                if stored.get(key) == replayed.get(key):
                    continue
                if key == "reason" and not today and isinstance(stored.get(key), str):
                    reworded = True  # the reason is words too; winner and round are facts
                    continue
                found.append(
                    f"result {key}: the file says {_brief(stored.get(key))}, "
                    f"the replay {_brief(replayed.get(key))}"
                )
        elif stored != replayed:
            found.append(f"result: the file says {_brief(stored)}, the replay {_brief(replayed)}")
    log = doc.get("log")
    if log is not None:
        lines = rendered_log(session.battle.log)
        if not isinstance(log, str):
            found.append("log: not text")
        elif log != "\n".join(lines) + "\n":
            ours = "\n".join(lines).split("\n")
            theirs = log.removesuffix("\n").split("\n")
            at = next(
                (i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b),
                min(len(ours), len(theirs)),
            )
            mine = ours[at] if at < len(ours) else None
            stored_line = theirs[at] if at < len(theirs) else None
            column = 0
            if mine is not None and stored_line is not None:  # show where the lines part
                column = next(
                    (i for i, (a, b) in enumerate(zip(mine, stored_line, strict=False)) if a != b),
                    min(len(mine), len(stored_line)),
                )
                column = max(0, column - 20)
                mine, stored_line = mine[column:], stored_line[column:]
            column_text = f", column {column + 21}" if column else ""
            where = (
                f"log line {at + 1}{column_text}: the file says {_brief(stored_line)}, "
                f"the replay {_brief(mine)}"
            )
            if today:
                found.append(where)
            else:
                reworded = True
    if reworded:
        age = "an older" if wording < LOG_WORDING else "a newer"
        note = (
            f"the log's text was written in {age} wording "
            f"({WORDING_KEY} {wording}, today's {LOG_WORDING}) and was not compared"
        )
    return Comparison(tuple(found), note)


def _brief(value: Any) -> str:
    if value is None:
        return "nothing"
    if not isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 60 else text[:57] + "..."
    return repr(value if len(value) <= 60 else value[:57] + "...")
