"""The entries of a battle's answer log: answers to prompts and GM entries."""

from __future__ import annotations

from typing import Any

import attrs

#: Keys of GM entries (overrides and notes); every other key answers a prompt.
GM_SET = "gm.set"
GM_REMOVE = "gm.remove"
GM_RESTORE = "gm.restore"
GM_ADD = "gm.add"
GM_NOTE = "gm.note"
GM_END = "gm.end"
GM_KEYS = frozenset({GM_SET, GM_REMOVE, GM_RESTORE, GM_ADD, GM_NOTE, GM_END})


@attrs.frozen
class Item:
    """One entry of the answer log: `(key, value)`.

    For an answer, `value` is the answer (faces as a tuple of ints); for a GM entry
    it is a dict of plain values (`{"unit": "u3", "field": "damage", "value": 2}`).
    """

    key: str
    value: Any

    @property
    def is_gm(self) -> bool:
        return self.key in GM_KEYS
