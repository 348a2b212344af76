"""The Movement phase (seed "Movimento"; RB-4, RB-5, RB-11, RB-17, RB-21): simple,
march, run or climb, heights, the free attacks and shots a move provokes, flight and
recovery of fleeing models, and reloading instead of moving."""

from __future__ import annotations

from functools import cache

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import FIRST_PASS, asks_as_of, offer_last
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about
from skirmtui.engine.core.prompts import Ask, Choose, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.regole_base import dice, turns
from skirmtui.systems.regole_base.arms import reload
from skirmtui.systems.regole_base.attacks import fall
from skirmtui.systems.regole_base.passing import provoked
from skirmtui.systems.regole_base.profile import (
    name,
    reloadable,
)
from skirmtui.systems.regole_base.state import Sub, engaged
from skirmtui.systems.regole_base.tables import rules, weapons

_MOVE = rules()["movement"]
_HEIGHT = int(rules()["profile"]["height_max"])
MODES = ("simple", "march", "run")
_MODE_WORDS = {"simple": "Simple move", "march": "March", "run": "Run"}
_HEIGHTS = {"": "", "up": " with a jump up", "down": " with a descent"}


def inches(v: int, factor: float) -> str:
    return f'{v * factor:g}"'


def can_move(b: Battle, unit: Unit) -> bool:
    """RB-3: models locked in melee skip Movement, except a fleeing one: it still takes
    its RB-11 recovery test there (ours: else it could never recover)."""
    return unit.flag("fleeing") or not engaged(b, unit)


def movement_step(b: Battle) -> Step:
    unit = yield from turns.alternate(b, can_move, "move.model", "moves")
    if unit is None:
        turns.start_phase(b, "assault")
        return
    if unit.flag("fleeing"):
        yield from _fleeing(b, unit)
    else:
        yield from move(b, unit)
    conditions.activation_ended(b, unit.id)


#: What a marching model gives up this round (RB-4), said with its march (issue 25).
_GIVE_UP = {"assault": "its assault", "shooting": "its shooting"}


@cache
def _mode_options(
    v: int, reload: tuple[tuple[str, str], ...], with_give_up: bool = False
) -> tuple[Option, ...]:
    """The plain moves first (keys 1–4), reload and pass, then the moves over a height.
    `with_give_up`: a march is two options, one for each action it may give up
    (`march/assault`), so the table says both in one answer."""
    plain: list[Option] = []
    heights: list[Option] = []
    for mode in MODES:
        for height, words in _HEIGHTS.items():
            label = f"{_MODE_WORDS[mode]}{words}: up to {inches(v, float(_MOVE[mode]))}"
            suffix = f"_{height}" if height else ""
            if mode == "march" and with_give_up:
                for gave, what in _GIVE_UP.items():
                    (heights if height else plain).append(
                        Option(f"march/{gave}{suffix}", f"{label}, gives up {what} this round")
                    )
                continue
            if mode == "march":
                label += ", then gives up assault or shooting"
            if mode == "run":
                label += ", no assault or shooting"
            (heights if height else plain).append(Option(f"{mode}{suffix}", label))
    plain.append(
        Option(
            "climb",
            f"Climb: up to {inches(v, float(_MOVE['climb']))}, half the height to beat "
            "(the whole move)",
        )
    )
    plain.extend(Option(f"reload:{i}", f"Reload {n} instead of moving") for i, n in reload)
    plain.append(Option("pass", "Pass (does not move)", passive=True))
    return (*plain, *heights)


def move(b: Battle, unit: Unit) -> Sub[None]:
    """RB-4: simple V", march 2V" (then it gives up assault or shooting), run 3V" (no
    assault, no shooting; "ran" for enemy shooting this round and the next)."""
    loads = tuple((w.id, w.name) for w in reloadable(unit))
    choice = str(
        (
            yield offer_last(
                b,
                about(
                    Choose,
                    unit,
                    key="move.mode",
                    text=f"{name(unit)} (V {unit.num('v')}): how does it move?",
                    options=_mode_options(unit.num("v"), loads, not asks_as_of(b, FIRST_PASS)),
                ),
            )
        )
    )
    if choice == "pass" or unit.removed:  # a GM may remove it at any prompt (G-4)
        return
    if choice.startswith("reload:"):
        weapon = weapons()[choice.removeprefix("reload:")]
        reload(b, unit, weapon, "its move")
        return
    b.set(unit, "moved", True)
    if choice == "climb":
        yield from _height(b, unit, "climb")
        yield from provoked(b, unit, run=False)
        return
    head, _, height = choice.partition("_")
    mode, _, gave = head.partition("/")  # issue 25: "march/assault" says what it gives up
    if mode == "march":
        b.set(unit, "marched", True)
        if not gave:  # asked on its own before issue 25's second pass (older saves)
            gave = yield about(
                Choose,
                unit,
                key="move.give_up",
                text=f"{name(unit)} marched: which action does it give up this round?",
                options=(Option("assault", "Its assault"), Option("shooting", "Its shooting")),
            )
        b.set(unit, "gave_up", str(gave))
        if unit.removed:
            return
    if mode == "run":
        b.set(unit, "ran", b.round)
    if height:
        yield from _height(b, unit, height)
        if unit.removed:
            return
    # RB-21: a failed jump or descent ends the move there, but the model ran to it: the
    # enemies it passed within 1" or within half range of (RB-4, RB-17) still had it.
    yield from provoked(b, unit, run=mode == "run")


def _height(b: Battle, unit: Unit, how: str) -> Sub[bool]:
    """RB-5: jump up = Confronto F vs height; climb = F vs half the height (round up);
    descend = Confronto V vs height. A failure risks a wound from a fall."""
    words = {"up": "jump up", "climb": "climb", "down": "descend"}[how]
    height = int(
        (
            yield about(
                Ask,
                unit,
                key="move.height",
                text=f"How many inches does {name(unit)} {words}?",
                minimum=1,
                maximum=_HEIGHT,
            )
        )
    )
    if unit.removed:
        return False
    own, what = (unit.num("v"), "V") if how == "down" else (unit.num("f"), "F")
    against = -(-height // 2) if how == "climb" else height
    halved = dice.mods(("half the height, rounded up", against - height))
    result = yield from dice.confront(
        b,
        unit,
        "move.height_roll",
        f'{name(unit)} tries to {words} {height}": {what} {own} vs {against}',
        dice.Operand(what, own),
        dice.Operand("height", against, halved),
    )
    if result.success:
        return True
    b.record("info", f"{name(unit)} fails to {words}: its move ends", actor=unit.id)
    if not unit.removed:
        yield from fall(b, unit, height)
    return False


def _fleeing(b: Battle, unit: Unit) -> Sub[None]:
    """RB-11: a failed shooting-morale test flees at the next Movement phase (runs away,
    no other action); at each later Movement phase it tests M to recover, and one that
    recovers does not move that phase."""
    locked = engaged(b, unit)
    if unit.flag("fled") or locked:
        result = yield dice.test(
            unit, "m", "morale.recover", f"{name(unit)} tries to recover: M {unit.num('m')}"
        )
        if result.success:
            b.set(unit, "fleeing", False)
            b.set(unit, "fled", False)
            b.record(
                "info",
                f"{name(unit)} recovers: it acts again from the Assault phase",
                actor=unit.id,
            )
            return
        if locked:
            b.set(unit, "fled", True)
            b.record("info", f"{name(unit)} is still fleeing, held in the melee", actor=unit.id)
            return
    if unit.removed:
        return
    b.set(unit, "fled", True)
    b.set(unit, "moved", True)
    b.set(unit, "ran", b.round)
    far = inches(unit.num("v"), float(_MOVE["run"]))
    how = f"{name(unit)} flees: run it up to {far} as far as possible from the enemy"
    yield from provoked(b, unit, run=True, moved=("move.flee", how))
