"""Fixed-dice helpers for wargaming-introduttivo tests: small armies, scripted answers."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.battle import Side
from skirmtui.engine.session import Session
from skirmtui.engine.system import Setup, UnitSpec
from skirmtui.systems.registry import get_system

WI = "wargaming-introduttivo"


def setup(units: dict[str, list[tuple[str, int, int]]], **options: Any) -> Setup:
    """`{"red": [("Archer", cmb, abi), …], "blue": […]}` → a Setup (ids red1, red2…)."""
    sides = [Side(side, side.capitalize()) for side in units]
    specs = [
        UnitSpec(f"{side}{n}", side, name, {"cmb": cmb, "abi": abi})
        for side, rows in units.items()
        for n, (name, cmb, abi) in enumerate(rows, start=1)
    ]
    return Setup(WI, "test", 1, sides, specs, options)


def session(units: dict[str, list[tuple[str, int, int]]], **options: Any) -> Session:
    return Session(get_system(WI), setup(units, **options))


def play(s: Session, *steps: tuple[str, Any]) -> None:
    """Answer prompts in order, checking each key is what the rules ask now."""
    for key, value in steps:
        assert s.prompt is not None, f"battle over, but the test answers {key}"
        assert s.prompt.key == key, f"rules ask {s.prompt.key!r}, test answers {key!r}"
        s.answer(value)


def order(s: Session, *faces: int) -> None:
    """The play-order roll-off, one face per side in side order."""
    play(s, *[("order.roll", (face,)) for face in faces])


def stat(s: Session, unit: str, field: str) -> Any:
    return s.battle.units[unit].stats[field]


def options(s: Session) -> list[str]:
    prompt = s.prompt
    assert prompt is not None
    return [o.value for o in prompt.options if o.disabled is None]  # type: ignore[attr-defined]


def two_a_side(**opts: Any) -> Session:
    """Red: Alpha 4/4, Bravo 3/3. Blue: Xray 4/4, Yankee 3/3. Red plays first."""
    s = session(
        {"red": [("Alpha", 4, 4), ("Bravo", 3, 3)], "blue": [("Xray", 4, 4), ("Yankee", 3, 3)]},
        **opts,
    )
    order(s, 6, 1)
    return s


def activate_all(s: Session) -> None:
    """Red activates both (faces 1), Blue activates both; reaches Recovery/Shooting."""
    play(
        s,
        ("activation.unit", "red1"),
        ("activation.roll", (1,)),
        ("activation.unit", "red2"),
        ("activation.roll", (1,)),
        ("activation.unit", "blue1"),
        ("activation.roll", (1,)),
        ("activation.unit", "blue2"),
        ("activation.roll", (1,)),
    )


def activate(s: Session, *tries: tuple[str, int]) -> None:
    """Activation tests: `("red1", 1)` picks red1 and rolls a 1 for it."""
    for unit, face in tries:
        play(s, ("activation.unit", unit), ("activation.roll", (face,)))


def shoot(s: Session, shooter: str, target: str, band: str, face: int) -> None:
    """A visible shot with no range option asked: pick, target, yes, band, the die."""
    play(
        s,
        ("shoot.unit", shooter),
        ("shoot.target", target),
        ("shoot.visible", True),
        ("shoot.band", band),
        ("shoot.to_hit", (face,)),
    )
