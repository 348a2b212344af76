"""A save to share (issue 27): the same battle without the GM's private notes.

A private note is a `gm.note` answer marked `private`; it changes nothing on the table,
so the battle without it replays to the same state, result and log (less those notes):
`skirmtui export SAVE --format toml --public -o COPY.toml` writes it, and `skirmtui
check COPY.toml` accepts it.
"""

from __future__ import annotations

from collections.abc import Iterable

from skirmtui.engine.core.items import GM_NOTE, Item
from skirmtui.engine.core.session import Session
from skirmtui.engine.store.format import dumps, session_document


def is_private(item: Item) -> bool:
    """A GM note marked private (the player view and the reports leave it out)."""
    return (
        item.key == GM_NOTE and isinstance(item.value, dict) and item.value.get("private") is True
    )


def public_items(items: Iterable[Item]) -> list[Item]:
    return [item for item in items if not is_private(item)]


def public_session(session: Session) -> Session:
    """The session replayed without its private notes."""
    return Session(session.system, session.setup, public_items(session.items))


def save_text(session: Session, created: str) -> str:
    """The TOML text of a save of `session` (what `save_session` writes)."""
    return dumps(session_document(session, created))
