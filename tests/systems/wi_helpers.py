"""Setups for wargaming-introduttivo tests: small armies typed as (name, CMB, ABI), and
`Table`, a battle answered question by question (first-pass questions unless told)."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.battle import Battle, Side, Unit
from skirmtui.engine.core.prompts import Choose, Pick, Prompt
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup, UnitSpec
from skirmtui.systems.registry import get_system

WI = "wargaming-introduttivo"
SYSTEM = get_system(WI)

Army = list[tuple[str, int, int]]

#: Two small armies used by most tests: red wins the play order unless a test says not.
RED: Army = [("Alpha", 4, 4), ("Bravo", 3, 3)]
BLUE: Army = [("Xray", 4, 4), ("Yankee", 3, 3)]


def make_setup(armies: dict[str, Army], **options: Any) -> Setup:
    """`{"red": [(name, cmb, abi), …]}` → a setup whose units are red1, red2, … blue1, …"""
    sides = [Side(side, side.capitalize()) for side in armies]
    units = [
        UnitSpec(f"{side}{n}", side, name, {"cmb": cmb, "abi": abi})
        for side, army in armies.items()
        for n, (name, cmb, abi) in enumerate(army, start=1)
    ]
    return Setup(WI, "rule test", 1, sides, units, options)


class Table:
    """A battle at the table: every answer names the prompt it answers."""

    def __init__(self, armies: dict[str, Army] | None = None, **options: Any) -> None:
        options.setdefault("questions", "first pass")
        self.session = Session(SYSTEM, make_setup(armies or {"red": RED, "blue": BLUE}, **options))
        #: A battle asked with issue 25's first-pass questions (`shoot.unit`, the ground).
        self.first = options["questions"] in ("one at a time", "first pass")

    def __call__(self, key: str, value: Any) -> Table:
        prompt = self.session.prompt
        assert prompt is not None, f"the battle is over, but the test answers {key}"
        assert prompt.key == key, f"the rules ask {prompt.key!r}, the test answers {key!r}"
        self.session.answer(value)
        return self

    @property
    def battle(self) -> Battle:
        return self.session.battle

    @property
    def asks(self) -> Prompt:
        prompt = self.session.prompt
        assert prompt is not None, "the battle is over"
        return prompt

    def offered(self) -> list[str]:
        """The enabled options of the pending Choose or Pick."""
        prompt = self.asks
        assert isinstance(prompt, Choose | Pick), prompt
        return [o.value for o in prompt.enabled()]

    def unit(self, unit_id: str) -> Unit:
        return self.battle.units[unit_id]

    def stat(self, unit_id: str, field: str) -> Any:
        return self.unit(unit_id).stats[field]

    # the usual sequences ------------------------------------------------------------------

    def order(self, *faces: int) -> Table:
        """The play-order roll-off, one d6 per player still rolling."""
        for face in faces:
            self("order.roll", (face,))
        return self

    def activate(self, unit_id: str, face: int) -> Table:
        return self("activation.unit", unit_id)("activation.roll", (face,))

    def shoot(
        self, shooter: str, target: str, band: str, face: int, fog: bool | None = None
    ) -> Table:
        """A shot at a target seen at least 50%: unit (first pass) or the units before it
        in the roster holding, target, sight and band (issue 25: one answer), (fog), the
        d6."""
        if self.first:
            self("shoot.unit", shooter)
        else:
            while self.asks.actor != shooter:
                self("shoot.target", "hold")
        self("shoot.target", target)("shoot.sight", band)
        if fog is not None:
            self("shoot.fog", fog)
        return self("shoot.to_hit", (face,))

    def melee(self, attacker: str, target: str, face: int) -> Table:
        """A melee attack on a target within 10 cm: unit, target, yes, the d6."""
        self("melee.unit", attacker)("melee.target", target)("melee.reach", True)
        return self("melee.to_hit", (face,))

    def all_active(self) -> Table:
        """Red 6, Blue 1 for play order; every unit then activates on a 1."""
        self.order(6, 1)
        for unit_id in [u for u in self.battle.units if u.startswith("red")]:
            self.activate(unit_id, 1)
        for unit_id in [u for u in self.battle.units if u.startswith("blue")]:
            self.activate(unit_id, 1)
        return self

    def no_moves(self) -> Table:
        """Every player still asked says none of its units moved: nobody moves."""
        while self.session.prompt is not None and self.asks.key == "move.units":
            self("move.units", [])
        return self

    def move(self, unit_id: str, terrain: str) -> Table:
        """A player says this unit moved over this ground, and no other (WI-7)."""
        return self.moves((unit_id, terrain))

    def moves(self, *moved: tuple[str, str]) -> Table:
        """A player says, in one answer, which units moved over what ground (WI-7; open
        and rough ground are one answer since the first pass)."""
        return self("move.units", [f"{unit_id}|{self.ground(t)}" for unit_id, t in moved])

    def ground(self, terrain: str) -> str:
        return "moves" if terrain in ("open", "rough") and not self.first else terrain

    def no_shots(self) -> Table:
        """The player in turn shoots with none of its units."""
        if self.first:
            return self("shoot.unit", "done")
        return self("shoot.target", "done" if "done" in self.offered() else "hold")

    def to_melee(self) -> Table:
        """From Shooting with nobody shooting, through a Movement where nobody moves."""
        while self.session.prompt is not None and self.battle.phase == "shooting":
            self.no_shots()
        return self.no_moves()


def labels(prompt: Prompt) -> dict[str, Any]:
    assert isinstance(prompt, Choose | Pick)
    return {o.value: o for o in prompt.options}
