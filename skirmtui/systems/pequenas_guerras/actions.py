"""One unit's activation: its action, movement, terrain, overwatch and special
movement (seed 001; PG-4, PG-7)."""

from __future__ import annotations

from functools import cache
from typing import Any

from skirmtui.engine.core.asking import FIRST_PASS, SECOND_PASS, asks_as_of, offer_last
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import FALL
from skirmtui.engine.core.kit import about, pick_enemy
from skirmtui.engine.core.prompts import Ask, Choose, Option, Roll
from skirmtui.systems.pequenas_guerras import combat
from skirmtui.systems.pequenas_guerras.combat import Sub
from skirmtui.systems.pequenas_guerras.profile import ranged_weapons, rules

_RULES = rules()
ACTIONS: dict[str, dict[str, Any]] = {a["id"]: a for a in _RULES["actions"]}
_MOVE: dict[str, Any] = _RULES["movement"]
_SPECIAL: dict[str, Any] = _RULES["special"]
NO_TARGET = "none"
#: A stunned unit's activation (PG-7): it recovers, no action.
RECOVER = "recover"
#: Between a unit and its action in an answer to `activate.action` ("red1|advance").
SEP = "|"
#: The question asking a unit's action alone: after the unit (`activate.unit`, asked
#: one at a time and in saves of before issue 25), or again after a charge called off.
ACTION_CHOOSE = "action.choose"
#: The questions whose answer names a unit's action: issue 25's one answer (the unit
#: and its action, `activate.action`) and the action asked alone.
ACTION_KEYS = frozenset({"activate.action", ACTION_CHOOSE})
#: The questions that begin an activation: the unit and its action in one answer, or
#: the unit alone (`ACTION_CHOOSE` then asks its action, unless it is stunned).
ACTIVATES = frozenset({"activate.action", "activate.unit"})


def moves_unit(answer: object) -> bool | None:
    """Whether the action an answer names moves its unit (an answer to `ACTION_KEYS`:
    `red1|hold` or `hold`): True for Advance, Rush and Charge (a move of more than
    0 cm, PG-4), False for Hold, Take Cover and Overwatch; None for an answer naming no
    action (a unit alone, a stunned unit's recovery, PG-7). The one place the app's
    players (`system.stays`) and bench/ai_style.py's moves made and held read it."""
    action = ACTIONS.get(str(answer).rpartition(SEP)[2])
    return None if action is None else bool(action["move"])


#: Move-menu choices that end the move; "jump" and "leap" return to the menu.
_TERRAIN = ("open", "difficult", "dangerous", "both")


def _cm(value: float) -> str:
    return f"{value:g}"


#: Seed (Movimento, Grupos e Movimento): what the table keeps to while moving.
_MOVE_HELP = (
    f"Only a charging unit may come within {_cm(float(_MOVE['enemy_gap_cm']))} cm of enemies. "
    f"Each model stays within {_cm(float(_MOVE['group_near_cm']))} cm of another member "
    f"and {_cm(float(_MOVE['group_far_cm']))} cm of all the others."
)


def action_options(b: Battle, unit: Unit) -> tuple[Option, ...]:
    """The six actions (seed); those the unit cannot take are shown disabled."""
    return _action_options(bool(ranged_weapons(unit)), bool(b.enemies(unit.side)))


@cache
def _action_options(shooter: bool, enemies: bool) -> tuple[Option, ...]:
    """Cached: replay asks this for every activation."""
    options = []
    for action in ACTIONS.values():
        label = f"{action['label']}: "
        label += f"move {_cm(action['move'])} cm" if action["move"] else "move 0 cm"
        label += {
            "yes": ", may shoot",
            "no": ", no shooting",
            "after": ", may shoot after moving",
            "reaction": ", may shoot in reaction to an enemy's move",
        }[action["shoot"]]
        if action["cover"]:
            label += ", counts as in cover"
        if action["id"] == "charge":
            label += " into melee"
        disabled = None
        if action["shoot"] == "reaction" and not shooter:
            disabled = "no ranged weapon"
        if action["id"] == "charge" and not enemies:
            disabled = "no enemy on the table"
        options.append(Option(action["id"], label, disabled=disabled))
    return tuple(options)


def activate(b: Battle, unit: Unit, chosen: str | None = None) -> Sub[None]:
    """Seed: the player picks a unit and it takes one action (`chosen` with the unit,
    else asked). A stunned unit spends its activation recovering (PG-7); cover and
    overwatch last until this activation."""
    b.set(unit, "activated", True)
    b.set(unit, "cover", False)
    b.set(unit, "overwatch", False)
    if unit.flag("stunned"):
        b.set(unit, "stunned", False)
        b.record("info", f"{unit.label} spends its activation recovering from stun", actor=unit.id)
        return
    while True:
        choice = chosen
        if choice is None:  # asked apart, or again after a charge that was not made
            choice = yield offer_last(
                b,
                about(
                    Choose,
                    unit,
                    key=ACTION_CHOOSE,
                    text=f"{unit.label}: which action?",
                    options=action_options(b, unit),
                ),
            )
        chosen = None
        action = ACTIONS[str(choice)]
        if action["id"] != "charge":
            break
        target, path = yield from _charge_target(b, unit)
        if target is not None:
            yield from _charge(b, unit, target, path)
            return
    if action["cover"]:
        b.set(unit, "cover", True)
    if action["shoot"] == "reaction":
        b.set(unit, "overwatch", True)
    if action["move"]:
        yield from move(b, unit, float(action["move"]))
    if action["shoot"] in ("yes", "after") and _can_act(unit):
        yield from shoot_step(b, unit)


def _can_act(unit: Unit) -> bool:
    return not unit.removed and not unit.flag("stunned")


def shoot_step(b: Battle, unit: Unit) -> Sub[None]:
    """Hold or Advance: the unit may shoot one enemy unit, or not at all."""
    if not ranged_weapons(unit) or not b.enemies(unit.side):
        return
    target = yield from pick_enemy(
        b,
        unit,
        "shoot.target",
        text=f"{unit.label}: shoot at which enemy unit?",
        cancel="Does not shoot",
        cancel_value=NO_TARGET,
    )
    if target is not None:
        yield from combat.shoot(b, unit, target)


def _charge_target(b: Battle, unit: Unit) -> Sub[tuple[Unit | None, str | None]]:
    """Seed: a charge must reach base contact (G-1: the table says). A charge that
    cannot reach is refused with the reason, and the unit chooses again. The target,
    and what the charge crosses when the table said it with the reach (issue 25)."""
    target = yield from pick_enemy(
        b,
        unit,
        "charge.target",
        text=f"{unit.label} charges which enemy unit?",
        cancel="Choose another action",
        cancel_value=NO_TARGET,
    )
    if target is None:
        return None, None
    reach = _cm(float(ACTIONS["charge"]["move"]))
    path: str | None = None
    if asks_as_of(b, FIRST_PASS):
        reaches = yield about(
            Ask,
            unit,
            target=target,
            key="charge.reach",
            text=f"Can at least one model of {unit.label} reach base contact with "
            f"{target.label} moving up to {reach} cm (halved through difficult terrain)?",
        )
    else:  # issue 25: the reach and what the move crosses, two facts in one answer
        path = yield about(
            Choose,
            unit,
            target=target,
            key="charge.path",
            text=f"Can at least one model of {unit.label} reach base contact with "
            f"{target.label}, moving up to {reach} cm? Through what?",
            options=_charge_paths(float(ACTIONS["charge"]["move"])),
            help=_MOVE_HELP,
        )
        reaches = path != NO_TARGET
    if not reaches:
        b.record(
            "info",
            f"{unit.label} cannot charge {target.label}: it cannot reach (choose again)",
            actor=unit.id,
            target=target.id,
        )
        return None, None
    return target, path


@cache
def _charge_paths(distance: float) -> tuple[Option, ...]:
    """`charge.path`: it reaches crossing what the move asks, or it cannot reach (the
    likely answer first: the app's look-ahead reads on with it, engine/play/)."""
    paths = [Option(o.value, f"it reaches: {o.label}") for o in _move_options(distance, True)]
    return (*paths, Option(NO_TARGET, "it cannot reach"))


def _charge(b: Battle, unit: Unit, target: Unit, path: str | None) -> Sub[None]:
    said = b.record("info", f"{unit.label} charges {target.label}", actor=unit.id, target=target.id)
    yield from move(b, unit, float(ACTIONS["charge"]["move"]), charging=target, path=path)
    if _can_act(unit) and not target.removed:
        yield from combat.melee(b, unit, target, said.index)


# -- movement -------------------------------------------------------------------------------


@cache
def _move_options(distance: float, jump_ok: bool) -> tuple[Option, ...]:
    half = distance * float(_MOVE["difficult_factor"])
    top = _cm(float(_SPECIAL["jump_max_cm"]))
    return (
        Option("open", f"moves up to {_cm(distance)} cm, no difficult or dangerous terrain"),
        Option("difficult", f"through difficult terrain: up to {_cm(half)} cm"),
        Option("dangerous", f"through dangerous terrain: up to {_cm(distance)} cm, d6"),
        Option("both", f"through difficult and dangerous terrain: up to {_cm(half)} cm, d6"),
        Option(
            "jump",
            f"jumps down from a height of up to {top} cm",
            disabled=None if jump_ok else "only once per move",
        ),
        Option(
            "leap",
            f"leaps a gap of up to {top} cm",
            disabled=None if jump_ok else "only once per move",
        ),
    )


def move(
    b: Battle,
    unit: Unit,
    distance: float,
    charging: Unit | None = None,
    path: str | None = None,
) -> Sub[None]:
    """The table moves the unit; the app asks what it crosses (PG-4; `path`: the table
    said it already) and whether an overwatching enemy stops it to shoot (seed: Ações
    de Vigia)."""
    yield from overwatch(b, unit)
    special_done = False
    while _can_act(unit):
        terrain = path
        path = None
        if terrain is None:
            terrain = yield offer_last(
                b,
                about(
                    Choose,
                    unit,
                    target=charging,  # a charge's move: its target (the app's cue reads it)
                    key="move.terrain",
                    text=f"{unit.label} moves: what does it cross?"
                    + (f" (charging {charging.label})" if charging else ""),
                    options=_move_options(distance, not special_done),
                    help=_MOVE_HELP,
                ),
            )
        if terrain in _TERRAIN:
            if terrain in ("dangerous", "both"):
                yield from dangerous(b, unit)
            return
        special_done = True
        if terrain == "jump":
            yield from jump_down(b, unit)
        else:
            yield from leap(b, unit)


def overwatch(b: Battle, mover: Unit) -> Sub[None]:
    """Seed: a unit on overwatch may stop an enemy at any point of its move and shoot;
    the target counts as in cover. Each overwatching unit reacts once (ours)."""
    for watcher in list(b.enemies(mover.side)):
        if not _can_act(mover):
            return
        if not watcher.flag("overwatch") or not _can_act(watcher):
            continue
        if asks_as_of(b, FIRST_PASS) or watcher.side in b.ai or len(ranged_weapons(watcher)) != 1:
            fires = yield about(
                Ask,
                watcher,
                target=mover,
                key="overwatch.fire",
                text=f"{watcher.label} is on overwatch: does it stop {mover.label}'s move "
                "to shoot at it now? (it must see it; the target counts as in cover)",
            )
            if fires:
                b.set(watcher, "overwatch", False)
                yield from combat.shoot(b, watcher, mover, reaction=True)
            continue
        seen = yield from _overwatch_shot(watcher, mover)
        if seen is not None:
            b.set(watcher, "overwatch", False)
            yield from combat.shoot(b, watcher, mover, reaction=True, firing=seen)


def _overwatch_shot(watcher: Unit, mover: Unit) -> Sub[int | None]:
    """Issue 25: whether the watcher stops the move to shoot (its player's decision) and
    how many of its models have the mover in range and sight (the table's fact), in one
    answer, for a side the table plays: None, it does not; else the models that shoot
    (0: it stopped the move but sees nothing, its overwatch spent, as when asked apart).
    A side the app plays is asked the decision alone (it never answers a fact)."""
    models = watcher.num("models")
    weapon = ranged_weapons(watcher)[0]
    options = [Option(NO_TARGET, "not to stop the move")]
    for n in range(models, 0, -1):
        seen = "it is" if models == 1 else f"{n} of {models} models have it"
        options.append(Option(str(n), f"to stop the move and shoot: {seen} in range and sight"))
    spent = "to stop the move, but nothing has it in range and sight: overwatch spent, no shot"
    options.append(Option("0", spent, passive=True))
    answer = yield about(
        Choose,
        watcher,
        target=mover,
        key="overwatch.shot",
        text=f"{watcher.label} is on overwatch: does it stop {mover.label}'s move to shoot "
        f"at it now (within {weapon.range_cm} cm and in sight; the target counts as in "
        "cover)?",
        options=options,
    )
    return None if answer == NO_TARGET else int(answer)


def dangerous(b: Battle, unit: Unit) -> Sub[None]:
    """Seed: d6 per unit crossing dangerous terrain, a 1 is a wound."""
    wound_on = int(_MOVE["dangerous_wound_on"])
    result = yield about(
        Roll,
        unit,
        key="move.dangerous",
        text=f"{unit.label} crosses dangerous terrain (a {wound_on} is a wound)",
        dice="1d6",
        compare=">",
        threshold=wound_on,
    )
    if not result.success:
        yield from combat.wound(b, unit, 1, None, b.cause(FALL))  # the terrain


def _special_dice(b: Battle, unit: Unit, key: str, what: str, steps: int) -> Sub[bool]:
    """Seed: X+1 dice, X one per full 7.5 cm (`steps`); every die 3+ succeeds."""
    count = steps + 1
    face = int(_SPECIAL["jump_success"])
    result = yield combat.tests(unit, key, f"{unit.label} {what}", count, face, need=count)
    ok = bool(result.success)
    b.record("info", f"{unit.label} {'succeeds' if ok else 'fails'}", actor=unit.id)
    return ok


@cache
def _steps(low_cm: float) -> tuple[Option, ...]:
    """What a drop or a gap of up to 15 cm changes: X, one per full 7.5 cm (X+1 dice)."""
    step, top = float(_SPECIAL["fall_step_cm"]), float(_SPECIAL["jump_max_cm"])
    options = []
    for x in range(int(top // step) + 1):
        low, high = x * step, (x + 1) * step
        if x == 0:
            size = f"more than {_cm(low_cm)} cm, " if low_cm else ""
            size += f"less than {_cm(high)} cm"
        elif high > top:
            size = f"{_cm(low)} cm"
        else:
            size = f"{_cm(low)} cm to less than {_cm(high)} cm"
        options.append(Option(str(x), f"{size}: {x + 1} {'die' if x == 0 else 'dice'}"))
    return tuple(options)


def _how_far(b: Battle, unit: Unit, key: str, text: str, low: int) -> Sub[tuple[int, str]]:
    """How far a unit drops or leaps: the full 7.5 cm it spans (`jump.drop`,
    `leap.span`, the one thing the dice and a fall read), in words for the log; older
    saves typed the centimetres (`jump.height`, `leap.gap`)."""
    top = int(_SPECIAL["jump_max_cm"])
    if asks_as_of(b, SECOND_PASS):
        old, rest = ("jump.height", f"up to {top}") if low == 1 else ("leap.gap", f"{low}–{top}")
        cm = yield about(Ask, unit, key=old, text=f"{text} (cm, {rest})?", minimum=low, maximum=top)
        return int(cm // _SPECIAL["fall_step_cm"]), f"{cm} cm"
    options = _steps(float(_SPECIAL["gap_free_cm"]) if key == "leap.span" else 0.0)
    answer = yield about(Choose, unit, key=key, text=f"{text}? (up to {top} cm)", options=options)
    option = next(o for o in options if o.value == answer)
    return int(answer), option.label.split(":")[0]


def jump_down(b: Battle, unit: Unit) -> Sub[None]:
    """Seed (Pulando Para Baixo): a drop of up to 15 cm; all dice 3+ lands 5 cm from
    the base and moves on, else the unit falls."""
    text = f"How far does {unit.label} drop"
    steps, said = yield from _how_far(b, unit, "jump.drop", text, 1)
    if (yield from _special_dice(b, unit, "jump.roll", f"jumps down {said}", steps)):
        yield from combat.table_does(
            b,
            unit,
            "jump.land",
            f"Place {unit.label} {_cm(float(_SPECIAL['land_cm']))} cm from the base of the "
            "elevation; it moves on without counting the drop",
        )
        return
    yield from combat.fall_steps(b, unit, steps, said, None)


def leap(b: Battle, unit: Unit) -> Sub[None]:
    """Seed (Saltando): gaps up to 2.5 cm are solid ground; a leap over a larger gap
    (up to 15 cm) rolls X+1 dice, all 3+ or the model falls."""
    low = int(float(_SPECIAL["gap_free_cm"])) + 1
    text = f"How wide is the gap {unit.label} leaps"
    steps, said = yield from _how_far(b, unit, "leap.span", text, low)
    if (yield from _special_dice(b, unit, "leap.roll", f"leaps {said}", steps)):
        return
    yield from combat.fall(b, unit, 0, None)
