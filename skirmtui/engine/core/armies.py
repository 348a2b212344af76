"""Sample armies and demo setups shipped under `data/<system>/` (shared by systems)."""

from __future__ import annotations

import tomllib
from typing import Any

from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.data import load_toml, system_dir
from skirmtui.engine.core.system import Setup, UnitSpec


def army_names(system_id: str) -> list[str]:
    folder = system_dir(system_id) / "armies"
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def load_army(system_id: str, name: str) -> dict[str, Any]:
    path = system_dir(system_id) / "armies" / f"{name}.toml"
    with open(path, "rb") as handle:
        return tomllib.load(handle)


def army_title(system_id: str, name: str) -> str:
    """A sample army's own name (its file's `name`, else the file name): the balance
    report's name for it, whatever seat it takes."""
    return _title(load_army(system_id, name), name)


def _title(army: dict[str, Any], name: str) -> str:
    """The own name of `army`, loaded from the file `name` (`army_title`)."""
    return str(army.get("name", name))


def army_units(army: dict[str, Any], side: str, first: int = 1) -> list[UnitSpec]:
    """The units of a sample army as specs, numbered `{side}{first}`, `{side}{first+1}`…"""
    specs = []
    for offset, raw in enumerate(army.get("units", [])):
        profile = {k: v for k, v in raw.items() if k != "name"}
        specs.append(UnitSpec(f"{side}{first + offset}", side, str(raw["name"]), profile))
    return specs


def setup_from_scenario(system_id: str, name: str = "demo", players: int | None = None) -> Setup:
    """A setup from `data/<system>/scenarios/<name>.toml`: title, seed, options, sides.

    With `players`, the scenario's first sides, then the sample armies it does not use
    yet (in file-name order) for the players it lacks (`sim --players`); a count the
    scenario does not field is titled after its sides, as a matchup is (the scenario's
    title names its own: "three bands" over four)."""
    doc = load_toml(system_id, f"scenarios/{name}")
    chosen = [(raw["id"], raw["name"], raw["army"]) for raw in doc["sides"]]
    if players is not None:
        chosen = chosen[:players]
        unused = [a for a in army_names(system_id) if a not in {c[2] for c in chosen}]
        free_ids = [i for i in SIDE_IDS if i not in {c[0] for c in chosen}]
        while len(chosen) < players:
            if not unused or not free_ids:
                raise ValueError(f"{system_id} has not enough sample armies for {players} players")
            chosen.append((free_ids.pop(0), "", unused.pop(0)))
    sides = []
    units: list[UnitSpec] = []
    for side_id, side_name, army_name in chosen:
        army = load_army(system_id, army_name)
        sides.append(Side(side_id, side_name or _title(army, army_name)))
        units += army_units(army, side_id)
    title = str(doc["title"])
    if len(sides) != len(doc["sides"]):
        title = f"{' vs '.join(s.name for s in sides)} ({name} scenario)"
    return Setup(system_id, title, int(doc["seed"]), sides, units, dict(doc["options"]))


#: Side ids in the order new sides take them (setup screen, `sim --players`).
SIDE_IDS = ("red", "blue", "green", "yellow", "white", "black")


def setup_for_players(system_id: str, players: int, name: str = "demo") -> Setup:
    """The scenario `name` played by `players` sides (see `setup_from_scenario`)."""
    return setup_from_scenario(system_id, name, players)


def scenario_names(system_id: str) -> list[str]:
    folder = system_dir(system_id) / "scenarios"
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def scenario_armies(system_id: str, name: str = "demo") -> list[str]:
    """The sample armies (file names) a scenario's sides field, in seat order."""
    return [str(raw["army"]) for raw in load_toml(system_id, f"scenarios/{name}")["sides"]]


def matchup_setup(system_id: str, armies: tuple[str, ...], scenario: str = "demo") -> Setup:
    """The scenario (options, side ids) with its seats taken by `armies`, in that
    order, each side named after its army (`skirmtui balance`: every pair of sample
    armies, and each pair with its seats swapped); titled after the armies (the
    scenario's title names its own: a `sim --only` battle's report was headed so). The
    sides of a mirror match are numbered by seat ("Armigeri 1", "Armigeri 2"): one name
    for both made "Armigeri wins: Armigeri has no models left"."""
    doc = load_toml(system_id, f"scenarios/{scenario}")
    ids = [str(raw["id"]) for raw in doc["sides"]] + [
        i for i in SIDE_IDS if i not in {raw["id"] for raw in doc["sides"]}
    ]
    sides, units = [], []
    loaded = [load_army(system_id, a) for a in armies]  # each file read once
    names = [_title(army, a) for army, a in zip(loaded, armies, strict=True)]
    for seat, (side_id, army) in enumerate(zip(ids, loaded, strict=False)):
        name = names[seat]
        if names.count(name) > 1:  # a mirror: "Armigeri 1", "Armigeri 2" (by seat)
            name = f"{name} {names[: seat + 1].count(name)}"
        sides.append(Side(side_id, name))
        units += army_units(army, side_id)
    title = f"{' vs '.join(s.name for s in sides)} ({scenario} scenario)"
    return Setup(system_id, title, int(doc["seed"]), sides, units, dict(doc["options"]))
