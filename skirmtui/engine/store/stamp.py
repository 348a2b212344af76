"""The `created` stamp of a save, apart from `saves` so that starting a battle need not
import the save writer (TOML, tomli-w) before the first frame."""

from __future__ import annotations

from datetime import UTC, datetime


def now_stamp() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
