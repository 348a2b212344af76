"""Fixed-dice helpers for cape-et-epee tests: small armies, scripted answers."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup, UnitSpec
from skirmtui.systems.registry import get_system
from tests.systems.scripting import key as key
from tests.systems.scripting import play as play
from tests.systems.scripting import stat as stat

CE = "cape-et-epee"


def ch(name: str, rank: str = "extra", **profile: Any) -> dict[str, Any]:
    """A character: morale 6, tiro 6, mischia 4, CA 5, move 5 unless given."""
    base: dict[str, Any] = {"morale": 6, "tiro": 6, "mischia": 4, "ca": 5, "move": 5}
    return {"name": name, "rank": rank, **base, **profile}


ONE_AT_A_TIME = {"questions": "one at a time"}


def setup(red: list[dict[str, Any]], blue: list[dict[str, Any]], **options: Any) -> Setup:
    """Ids red1, red2… and blue1, blue2… in the order given."""
    specs = [
        UnitSpec(f"{side}{n}", side, raw["name"], {k: v for k, v in raw.items() if k != "name"})
        for side, rows in (("red", red), ("blue", blue))
        for n, raw in enumerate(rows, start=1)
    ]
    # The rule tests script every question one at a time, as asked before issue 25 (each
    # morale fact, "done" after a move, an only option): the rules are the same either
    # way; tests/systems/test_ce_asking.py shows each change gives the same outcome.
    opts = {"stakes": "last_blood", "markers": ["Gate", "Well"], **ONE_AT_A_TIME, **options}
    return Setup(CE, "test", 1, [Side("red", "Red"), Side("blue", "Blue")], specs, opts)


def session(red: list[dict[str, Any]], blue: list[dict[str, Any]], **options: Any) -> Session:
    return Session(get_system(CE), setup(red, blue, **options))


def options(s: Session) -> list[str]:
    """The enabled options of the pending Choose."""
    prompt = s.prompt
    assert prompt is not None
    return [o.value for o in prompt.options if o.disabled is None]  # type: ignore[attr-defined]


def disabled(s: Session) -> dict[str, str]:
    prompt = s.prompt
    assert prompt is not None
    return {o.value: o.disabled for o in prompt.options if o.disabled}  # type: ignore[attr-defined]


def roll(s: Session, red: tuple[int, ...], blue: tuple[int, ...]) -> None:
    """Activation dice: the faces given, padded with discarded 6s to the count the rules
    ask; a first-turn tie is rolled off with red winning (6 against 1)."""
    prompt = s.prompt
    if prompt is not None and prompt.key == "activation.rolls":  # both in one (4th pass)
        counts = dict(prompt.shares)  # type: ignore[attr-defined]
        padded = {
            side: tuple(f) + (6,) * (counts.get(side, 0) - len(f))
            for side, f in (("red", red), ("blue", blue))
        }
        s.answer(tuple(face for side, _ in prompt.shares for face in padded[side]))  # type: ignore[attr-defined]
    for faces in (red, blue):
        prompt = s.prompt
        if prompt is None or prompt.key != "activation.roll":
            continue  # a side with no dice is not asked
        count = int(prompt.dice.split("d")[0])  # type: ignore[attr-defined]
        s.answer(tuple(faces) + (6,) * (count - len(faces)))
    while s.prompt is not None and s.prompt.key == "activation.rolloff":
        s.answer((6,) if s.prompt.side == "red" else (1,))
    if s.prompt is not None and s.prompt.key == "activation.rolloffs":  # both in one
        s.answer((6, 1))  # red, then blue (the sides' order)


def skip_turn(s: Session) -> None:
    """Nobody does anything until the next turn's activation roll."""
    answers = {
        "orders.assign": "done",
        "orders.face": (),
        "orders.one": "unused",
        "deploy.who": "done",
        "deploy.at": "done",
        "deploy.at_clear": "done",
        "na.unit": "done",
        "na.act": "done",
        "na.act_with": "done",
        "impulse.action": "temporize",
        "turn.objective": "no",
    }
    while s.prompt is not None and s.prompt.key not in ("activation.roll", "activation.rolls"):
        s.answer(answers[s.prompt.key])


def activate(
    s: Session, red: tuple[int, ...], blue: tuple[int, ...], *orders: tuple[int, str]
) -> None:
    """Roll the activation dice, give the orders (face, target) in the order the rules ask
    for each side, and leave the other dice unused; stop at the first impulse."""
    roll(s, red, blue)
    pending = list(orders)
    while s.prompt is not None and s.prompt.key in ("orders.assign", "orders.face", "orders.one"):
        side = s.prompt.side
        mine = [o for o in pending if o[1].startswith(str(side)) or o[1].endswith(f"@{side}")]
        if s.prompt.key in ("orders.face", "orders.one"):  # one answer a face (2nd pass)
            face = s.battle.pos.dice[str(side)][0]
            given = [o for o in mine if o[0] == face]
            for order in given:
                pending.remove(order)
            targets = [target.removesuffix(f"@{side}") for _, target in given]
            if s.prompt.key == "orders.one":  # a face of one die: one choice (4th pass)
                s.answer(targets[0] if targets else "unused")
            else:
                s.answer(targets)
        elif mine:
            face, target = mine[0]
            pending.remove(mine[0])
            s.answer(f"{face}|{target.removesuffix(f'@{side}')}")
        else:
            s.answer("done")
    assert not pending, f"orders not given: {pending}"


def act(s: Session, action: str) -> None:
    play(s, ("impulse.action", action))
