"""Sample armies and demo setups shipped under `data/<system>/` (shared by systems)."""

from __future__ import annotations

import tomllib
from typing import Any

from skirmtui.engine.battle import Side
from skirmtui.engine.data import load_toml, system_dir
from skirmtui.engine.system import Setup, UnitSpec


def army_names(system_id: str) -> list[str]:
    folder = system_dir(system_id) / "armies"
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def load_army(system_id: str, name: str) -> dict[str, Any]:
    path = system_dir(system_id) / "armies" / f"{name}.toml"
    with open(path, "rb") as handle:
        return tomllib.load(handle)


def army_units(army: dict[str, Any], side: str, first: int = 1) -> list[UnitSpec]:
    """The units of a sample army as specs, numbered `{side}{first}`, `{side}{first+1}`…"""
    specs = []
    for offset, raw in enumerate(army.get("units", [])):
        profile = {k: v for k, v in raw.items() if k != "name"}
        specs.append(UnitSpec(f"{side}{first + offset}", side, str(raw["name"]), profile))
    return specs


def setup_from_scenario(system_id: str, name: str = "demo") -> Setup:
    """A setup from `data/<system>/scenarios/<name>.toml`: title, seed, options, sides."""
    doc = load_toml(system_id, f"scenarios/{name}")
    sides = []
    units: list[UnitSpec] = []
    for raw in doc["sides"]:
        sides.append(Side(raw["id"], raw["name"]))
        army = load_army(system_id, raw["army"])
        units += army_units(army, raw["id"])
    return Setup(system_id, doc["title"], int(doc["seed"]), sides, units, dict(doc["options"]))


def scenario_names(system_id: str) -> list[str]:
    folder = system_dir(system_id) / "scenarios"
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []
