"""Where bundled data lives: `skirmtui/_data` in a wheel, `data/` in a source checkout."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parents[2]


@cache
def data_root() -> Path:
    for candidate in (_PACKAGE / "_data", _PACKAGE.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("skirmtui's data folder is missing (reinstall skirmtui)")


def system_dir(system_id: str) -> Path:
    return data_root() / system_id


@cache
def load_toml(system_id: str, name: str) -> dict[str, Any]:
    """A system's data file, e.g. `load_toml("wargaming-introduttivo", "rules")`."""
    with open(system_dir(system_id) / f"{name}.toml", "rb") as handle:
        return tomllib.load(handle)


def data_file(system_id: str, name: str) -> Callable[[], dict[str, Any]]:
    """A system's data file as its rules read it, a function of no arguments (read at
    the first call, then kept): `rules = data_file(SYSTEM_ID, "rules")`."""

    @cache
    def read() -> dict[str, Any]:
        return load_toml(system_id, name)

    return read


def player_range(rules: dict[str, Any]) -> tuple[int, int]:
    """The fewest and the most players a system's rules data allows (its `[players]`
    table's `min` and `max`): `min_players, max_players = player_range(rules())`."""
    players = rules["players"]
    return int(players["min"]), int(players["max"])
