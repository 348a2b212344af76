"""The Movement phase (seed "Movimento"; RB-4, RB-5, RB-11, RB-17, RB-21): simple,
march, run or climb, heights, the free attacks and shots a move provokes, flight and
recovery of fleeing models, and reloading instead of moving."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from skirmtui.engine.core import conditions
from skirmtui.engine.core.asking import (
    FIRST_PASS,
    SECOND_PASS,
    THIRD_PASS,
    asks_as_of,
    offer_last,
)
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about, annotate
from skirmtui.engine.core.options import Group, LazyOptions, group_of, grouped
from skirmtui.engine.core.prompts import Ask, Choose, Option
from skirmtui.engine.core.system import Step
from skirmtui.systems.regole_base import dice, turns
from skirmtui.systems.regole_base.arms import reload
from skirmtui.systems.regole_base.attacks import fall
from skirmtui.systems.regole_base.passing import provoked, provokes
from skirmtui.systems.regole_base.profile import name, reload_choices
from skirmtui.systems.regole_base.state import Sub, engaged, engaged_ids
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


def ready_to_move(b: Battle, units: Sequence[Unit]) -> list[Unit]:
    """`can_move` of each of `units` waiting to act (not removed, not acted this phase),
    in one call and one pass (`turns.next_mover`): every one waiting while no model is
    in base contact."""
    if not b.pos.contacts:
        return [u for u in units if not u.removed and not u.stats["acted"]]
    locked = engaged_ids(b)
    return [
        u
        for u in units
        if not u.removed and not u.stats["acted"] and (u.stats["fleeing"] or u.id not in locked)
    ]


def movement_step(b: Battle) -> Step:
    picked = yield from turns.next_model(b, ready_to_move, "move.model", "moves", _which_and_how)
    if picked is None:
        turns.start_phase(b, "assault")
        return
    unit, given = picked
    if unit.flag("fleeing"):
        yield from _fleeing(b, unit)
    else:
        yield from move(b, unit, given)
    conditions.activation_ended(b, unit.id)


def _which_and_how(b: Battle, side: str, ready: list[Unit]) -> tuple[str, str, LazyOptions]:
    """Issue 25: the question of which model moves and how, in one answer (the rules let
    the player choose both at once, RB-3; `turns.next_model` asks it), grouped by
    model: a model's number opens its moves (two keys, one answer). A side the table
    plays says what the move provoked with it (`move.made`'s options: a table fact,
    `move.which_made`); a side the app plays decides the model and its move
    (`move.which`), and the table then says the rest. The options are made only when
    read (`grouped`: a sim draws one without them)."""
    kind, told = "", False
    groups: list[Group] = []
    enabled = active = 0
    for unit in ready:
        label = unit.label or unit.name  # (`name`, at every move for every model ready)
        if unit.stats["fleeing"]:  # RB-11: no choice of move, its recovery or its flight
            fleeing = _fleeing_group(unit.id, label)
            groups.append(fleeing)
            enabled += len(fleeing[1])
            active += len(fleeing[2])
            continue
        if not kind:  # the same for every model of the side (`_kind` reads the side)
            kind, told = _kind(b, unit)
        group = _grouped(unit.id, label, kind, unit.stats["v"], reload_choices(unit))
        groups.append(group)
        enabled += len(group[1])
        active += len(group[2])
    key = "move.which_made" if told else "move.which"
    text = f"{b.side_name(side)}: which model moves? (and how)"
    return key, text, grouped(groups, enabled, active)


@lru_cache(maxsize=512)  # (as `_grouped`'s)
def _fleeing_group(uid: str, label: str) -> Group:
    """A fleeing model's one option in the one-answer list (RB-11)."""
    words = f"{label}: fleeing (a recovery test, or it runs away)"
    return group_of((Option(uid + turns.SEP + "flee", words, group=uid),))


@lru_cache(maxsize=512)  # (bounded: a balance run meets many armies)
def _grouped(uid: str, label: str, kind: str, v: int, loads: tuple[tuple[str, str], ...]) -> Group:
    """A model's moves in the one-answer list, grouped under it (made once a model and
    menu: asked for every model ready at every move; kept by what makes the menu, not
    by the menu, whose options cost more to hash than the list to find)."""
    menu = _MENUS[kind](v, loads)
    return group_of(
        tuple(Option(uid + turns.SEP + o.value, f"{label} — {o.label}", group=uid) for o in menu)
    )


#: What a marching model gives up this round (RB-4), said with its march (issue 25).
_GIVE_UP = {"assault": "its assault", "shooting": "its shooting"}
#: The option of today's move menu that leads to the moves over a height.
HEIGHT = "height"
_OVER = Option(HEIGHT, "Jump up or descend on the way (then: simple move, march or run)")


def _label(v: int, mode: str, words: str = "", gave: str = "") -> str:
    label = f"{_MODE_WORDS[mode]}{words}: up to {inches(v, float(_MOVE[mode]))}"
    if gave:
        return f"{label}, gives up {_GIVE_UP[gave]} this round"
    if mode == "march":
        return f"{label}, then gives up assault or shooting"
    return f"{label}, no assault or shooting" if mode == "run" else label


def _modes(v: int, height: str) -> list[Option]:
    """Simple move, the two marches (one for each action given up) and run, over
    `height` ("", "up", "down")."""
    suffix, words = (f"_{height}" if height else ""), _HEIGHTS[height]
    return [
        Option(f"simple{suffix}", _label(v, "simple", words)),
        *(Option(f"march/{g}{suffix}", _label(v, "march", words, g)) for g in _GIVE_UP),
        Option(f"run{suffix}", _label(v, "run", words)),
    ]


def _rest(v: int, reload: tuple[tuple[str, str], ...]) -> list[Option]:
    climb = inches(v, float(_MOVE["climb"]))
    return [
        Option("climb", f"Climb: up to {climb}, half the height to beat (the whole move)"),
        *(Option(f"reload:{i}", f"Reload {n} instead of moving") for i, n in reload),
        Option("pass", "Pass (does not move)", passive=True),
    ]


@cache
def _mode_options(v: int, reload: tuple[tuple[str, str], ...]) -> tuple[Option, ...]:
    """Issue 25: the moves a table makes most, each with a number key (1–9): simple,
    march giving up its assault or its shooting (RB-4: said at once), run, climb, the
    moves over a height (a second question, `_height_options`), reload and pass."""
    rest = _rest(v, reload)
    return (*_modes(v, ""), rest[0], _OVER, *rest[1:])


#: The answer of a side the table plays for a plain move that provoked nothing
#: (`clear:simple`; issue 25): no question of what it passed follows.
CLEAR = "clear:"
_NOTHING = 'passing no enemy within 1"'
_SOME = 'passing enemies within 1" (which: next)'
_RUN_NOTHING = "passing no enemy within 1\" nor within half a weapon's range"
_RUN_SOME = "passing enemies within 1\" or half a weapon's range (which: next)"


@cache
def _told_options(v: int, reload: tuple[tuple[str, str], ...]) -> tuple[Option, ...]:
    """Issue 25, a side the table plays when an enemy could make a free attack: the
    table moved the model, so it says the move and whether it provoked anything in one
    answer (RB-4, RB-17): each plain move twice, "passing no enemy" (nothing more is
    asked) and "passing enemies" (which, next). The moves made most first, on the
    number keys."""
    plain = _modes(v, "")  # simple, march (assault), march (shooting), run
    rest = _rest(v, reload)  # climb, reloads, pass

    def said(option: Option, clear: bool) -> Option:
        run = option.value == "run"
        words = (_RUN_NOTHING if run else _NOTHING) if clear else (_RUN_SOME if run else _SOME)
        return Option((CLEAR if clear else "") + option.value, f"{option.label}; {words}")

    passing = [said(o, False) for o in (plain[0], plain[3], plain[1], plain[2])]
    return (*(said(o, True) for o in plain), rest[0], _OVER, rest[-1], *passing, *rest[1:-1])


#: The option of today's told menu that leads to the moves that passed enemies.
PASSING = "passing"
_PASSING = Option(PASSING, "Passing enemies within 1\" or half a weapon's range (the move: next)")


@cache
def _told_menu(v: int, reload: tuple[tuple[str, str], ...]) -> tuple[Option, ...]:
    """Issue 25's fourth pass, a side the table plays when an enemy could make a free
    attack: the four plain moves "passing no enemy" (nothing more is asked), the moves
    that passed enemies (a second menu, then which), climb, the moves over a height,
    pass and reload: nine at most, so a model's group fits the number keys."""
    told = _told_options(v, reload)
    rest = _rest(v, reload)
    return (*told[:4], _PASSING, rest[0], _OVER, rest[-1], *rest[1:-1])


@cache
def _passing_options(v: int) -> tuple[Option, ...]:
    """The plain moves that passed enemies (which: next)."""
    return _told_options(v, ())[7:11]


@cache
def _height_options(v: int) -> tuple[Option, ...]:
    """The moves over a height: each of simple, march (two) and run, jumping up or
    descending (RB-5)."""
    return (*_modes(v, "up"), *_modes(v, "down"))


@cache
def _first_pass_options(v: int, reload: tuple[tuple[str, str], ...]) -> tuple[Option, ...]:
    """Before issue 25's second pass (its saves): the plain moves first, reload and pass,
    then the moves over a height; a march then asks what it gives up."""
    plain: list[Option] = []
    heights: list[Option] = []
    for mode in MODES:
        for height, words in _HEIGHTS.items():
            option = Option(f"{mode}{'_' + height if height else ''}", _label(v, mode, words))
            (heights if height else plain).append(option)
    return (*plain, *_rest(v, reload), *heights)


def _told(b: Battle, unit: Unit) -> bool:
    """Whether the table says with `unit`'s move what it provoked (`_menu`). A side the
    app plays decides its move; the table then says what it passed (a fact the app
    never answers): the two stay apart for it (issue 26)."""
    if asks_as_of(b, SECOND_PASS) or unit.side in b.ai:
        return False
    return provokes(b, unit)


def _kind(b: Battle, unit: Unit) -> tuple[str, bool]:
    """Which move menu `unit` gets (`_MENUS`), and whether the table says with the move
    what it provoked (`told`): before issue 25's second pass the plain list; a side the
    table plays, when an enemy could make a free attack, the told list (the third
    pass's or today's); else the moves alone."""
    if asks_as_of(b, FIRST_PASS):
        return "first", False
    if not _told(b, unit):
        return "mode", False
    return ("made3" if asks_as_of(b, THIRD_PASS) else "made"), True


def _menu(b: Battle, unit: Unit) -> tuple[str, tuple[Option, ...], bool]:
    """The key and options of `unit`'s move question, and whether the table says with
    the move what it provoked (`told`)."""
    kind, told = _kind(b, unit)
    menu = _MENUS[kind](unit.num("v"), reload_choices(unit))
    return ("move.made" if told else "move.mode"), menu, told


#: A move menu by its kind (`_kind`), from the model's V and reloads.
_MENUS: dict[str, Callable[[int, tuple[tuple[str, str], ...]], tuple[Option, ...]]] = {
    "first": _first_pass_options,
    "made3": _told_options,
    "made": _told_menu,
    "mode": _mode_options,
}


def move(b: Battle, unit: Unit, given: str | None = None) -> Sub[None]:
    """RB-4: simple V", march 2V" (then it gives up assault or shooting), run 3V" (no
    assault, no shooting; "ran" for enemy shooting this round and the next). `given`:
    the move, said with the model (`_which_and_how`)."""
    v = unit.num("v")
    if given is None:
        key, options, told = _menu(b, unit)
        text = f"{name(unit)} (V {v}): how does it move?"
        asked = about(Choose, unit, key=key, text=text, options=options)
        given = str((yield offer_last(b, asked)))
    else:  # said with the model (`_which_and_how`): its menu is not made again
        told = not asks_as_of(b, FIRST_PASS) and _told(b, unit)
    choice = given
    if choice == PASSING and not unit.removed:
        text = f"{name(unit)} (V {v}): which move passed enemies?"
        passing = about(Choose, unit, key="move.passing", text=text, options=_passing_options(v))
        choice = str((yield offer_last(b, passing)))
    clear = choice.startswith(CLEAR)
    choice = choice.removeprefix(CLEAR)
    if choice == HEIGHT and not unit.removed:
        text = f"{name(unit)} (V {v}): how does it move over the height?"
        over = about(Choose, unit, key="move.over", text=text, options=_height_options(v))
        choice = str((yield offer_last(b, over)))
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
    said = None if not told or height else not clear  # "passing enemies": at least one
    yield from provoked(b, unit, run=mode == "run", some=said)


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
    mine, theirs = dice.Operand(what, own), dice.Operand("height", against, halved)
    text = f'{name(unit)} tries to {words} {height}": {what} {own} vs {against}'
    result = yield dice.confront(unit, "move.height_roll", text, mine, theirs)
    annotate(b, roll=dice.parts(mine, theirs))
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
