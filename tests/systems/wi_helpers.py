"""Setups for wargaming-introduttivo tests: small armies typed as (name, CMB, ABI)."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.system import Setup, UnitSpec

WI = "wargaming-introduttivo"

Army = list[tuple[str, int, int]]


def make_setup(armies: dict[str, Army], **options: Any) -> Setup:
    """`{"red": [(name, cmb, abi), …]}` → a setup whose units are red1, red2, … blue1, …"""
    sides = [Side(side, side.capitalize()) for side in armies]
    units = [
        UnitSpec(f"{side}{n}", side, name, {"cmb": cmb, "abi": abi})
        for side, army in armies.items()
        for n, (name, cmb, abi) in enumerate(army, start=1)
    ]
    return Setup(WI, "rule test", 1, sides, units, options)
