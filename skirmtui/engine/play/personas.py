"""The app's players as data: `data/personas.toml`, and a system's own
`data/<system>/personas.toml` adding or changing some (a homebrew author writes one
without touching Python). Each weight is explained in the shared file."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from skirmtui.engine.core.data import data_root, system_dir
from skirmtui.engine.core.records import frozen_record

#: The persona a side gets when none is named.
DEFAULT = "balanced"
#: The weights a persona may set, each 0 when not given.
WEIGHTS = (
    "kill",
    "harm",
    "keep",
    "cohesion",
    "focus",
    "objective",
    "risk",
    "bold",
    "closing",
    "attack",
    "mend",
    "hold",
)


class PersonaError(ValueError):
    """A persona file or name the app refuses; the message says which and why."""


@frozen_record(kw_only=True)
class Persona:
    name: str
    about: str = ""
    kill: float = 0.0
    harm: float = 0.0
    keep: float = 0.0
    cohesion: float = 0.0
    focus: float = 0.0
    objective: float = 0.0
    risk: float = 0.0
    bold: float = 0.0
    closing: float = 0.0
    attack: float = 0.0
    mend: float = 0.0
    hold: float = 0.0
    #: Any legal answer at random (the weights are not read).
    random: bool = False


def _read(path: Any) -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as error:
        raise PersonaError(f"{path}: {error}") from None


def _values(name: str, table: object, where: Path) -> dict[str, Any]:
    """One file's table of a persona, checked: what it sets, by key."""
    if not name.strip():
        raise PersonaError(f'{where}: a persona needs a name (a [""] table)')
    if ":" in name:
        raise PersonaError(f"{where}: [{name}]: a persona's name cannot hold ':' (--ai SIDE:NAME)")
    if not isinstance(table, dict):
        raise PersonaError(f"{where}: [{name}] must be a table of weights")
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key in WEIGHTS:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise PersonaError(f"{where}: {name}.{key} must be a number")
            if not math.isfinite(value):  # nan or inf: no score could be compared
                raise PersonaError(f"{where}: {name}.{key} must be a finite number, not {value}")
            values[key] = float(value)
        elif key == "about":
            if not isinstance(value, str):
                raise PersonaError(f"{where}: {name}.about must be text")
            values[key] = value
        elif key == "random":
            if not isinstance(value, bool):
                raise PersonaError(f"{where}: {name}.random must be true or false")
            values[key] = value
        else:
            raise PersonaError(
                f"{where}: {name}.{key} is not a persona weight (weights: {', '.join(WEIGHTS)};"
                " and about, random)"
            )
    return values


@cache
def personas(system_id: str) -> dict[str, Persona]:
    """Every persona of a system: the shared ones, then the system's own over them (each
    file's tables checked where they are written, so an error names its file)."""
    found: dict[str, dict[str, Any]] = {}
    for path in (data_root() / "personas.toml", system_dir(system_id) / "personas.toml"):
        for name, table in _read(path).items():
            found[name] = {**found.get(name, {}), **_values(name, table, path)}
    return {name: Persona(name=name, **values) for name, values in found.items()}


def persona(system_id: str, name: str) -> Persona:
    """One persona by name (`PersonaError` naming the known ones)."""
    known = personas(system_id)
    if name not in known:
        raise PersonaError(f"no persona {name!r} (known: {', '.join(known)})")
    return known[name]


def parse_ai(text: str, sides: Sequence[str], system_id: str) -> tuple[str, str]:
    """`SIDE[:PERSONA]` (the CLI's --ai) as (side id, persona name), checked: one of
    `sides`, a persona of the system (`SIDE` alone: the default one; `SIDE:` with no
    name is refused, not read as the default: the name was meant and left out)."""
    side, colon, name = text.partition(":")
    if side not in sides:
        raise PersonaError(f"--ai {text}: no side {side!r} (sides: {', '.join(sides)})")
    if colon and not name:
        raise PersonaError(f"--ai {text}: no persona after ':' (write {side} alone for {DEFAULT})")
    name = name or DEFAULT
    try:
        persona(system_id, name)
    except PersonaError as error:
        raise PersonaError(f"--ai {text}: {error}") from None
    return side, name
