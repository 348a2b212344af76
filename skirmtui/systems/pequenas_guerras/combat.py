"""Shooting, melee, wounds, stun, push and falls (seed 001; PG-5, PG-6, PG-7).

Every attack is a batch of quality tests: one die per attack, each die at or over the
quality is a hit; the defender rolls one die per hit, each at or over its quality
(+1 in cover against shooting) is a block; hits − blocks are wounds.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from functools import cache
from typing import Any, TypeVar

from skirmtui.engine.core.asking import FIRST_PASS, SECOND_PASS, THIRD_PASS, asks_as_of
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import ATTACK, FALL, Cause
from skirmtui.engine.core.kit import about, choose_one
from skirmtui.engine.core.labels import with_side
from skirmtui.engine.core.prompts import Ask, Choose, Confirm, Option, Prompt, Roll
from skirmtui.engine.core.text import plural
from skirmtui.systems.pequenas_guerras import sight
from skirmtui.systems.pequenas_guerras.position import app_move
from skirmtui.systems.pequenas_guerras.profile import (
    melee_attacks,
    ranged_weapons,
    rules,
)

T = TypeVar("T")
Sub = Generator[Prompt, Any, T]

_RULES = rules()
_SPECIAL: dict[str, Any] = _RULES["special"]
_MELEE: dict[str, Any] = _RULES["melee"]
COVER_BONUS = int(_RULES["shooting"]["cover_bonus"])
DEAD_AT = int(_RULES["wounds"]["dead_at"])
NATURAL = int(_MELEE["later_hits_on"])


def needed(quality: int, bonus: int = 0) -> int:
    """The face a quality test needs (seed: "rolar o valor de qualidade ou mais")."""
    return min(6, max(1, quality - bonus))


def tests(
    unit: Unit,
    key: str,
    text: str,
    count: int,
    face: int,
    *,
    target: Unit | None = None,
    need: int | None = None,
) -> Roll:
    """A batch of `count` quality tests of `unit`: a pool where each die at or over
    `face` succeeds; the result's total is the number of successes (`need` of them, if
    given, make the batch a success)."""
    return about(
        Roll,
        unit,
        target=target,
        key=key,
        text=f"{text}: {plural(count, 'die')}, each {face}+ succeeds",
        dice=f"{count}d6",
        compare=">=",
        threshold=face,
        per_die=True,
        need=need,
    )


# -- wounds (PG-5, PG-7) -------------------------------------------------------------------


def kill(b: Battle, unit: Unit, why: str, cause: Cause) -> None:
    """Remove a unit, for `cause`; its points count for whoever wounded it last (PG-8)."""
    b.record("info", f"{with_side(unit.label, b.side_name(unit.side))} {why}", target=unit.id)
    b.set(unit, "destroyed_by", str(unit.stats["last_hit_by"]))
    b.set(unit, "stunned", False)
    b.set(unit, "overwatch", False)
    b.remove(unit, cause)


def stun(b: Battle, unit: Unit) -> None:
    """PG-7: stunned until the end of its next activation; it cannot keep overwatch."""
    b.set(unit, "stunned", True)
    b.set(unit, "overwatch", False)


def wound(
    b: Battle, unit: Unit, wounds: int, by: Unit | None, cause: Cause, *, push: bool = True
) -> Sub[None]:
    """Seed: each wound kills a model until one is left; the last model takes markers
    and rolls d6 + markers once per batch (PG-5): 2–5 stunned, 6+ dead (since the second
    pass not rolled when the markers alone make 6 with the die's lowest face). `cause`:
    what made the wounds (the attack, the fall)."""
    if wounds <= 0 or unit.removed:
        return
    if by is not None:
        b.set(unit, "last_hit_by", by.side)
    models = unit.num("models")
    lost = min(wounds, models - 1)
    if lost:
        b.set(unit, "models", models - lost, cause)
        b.record(
            "info",
            f"{unit.label} loses {plural(lost, 'model')}, {models - lost} left",
            target=unit.id,
        )
    markers = wounds - lost
    if not markers:
        return
    b.set(unit, "markers", unit.num("markers") + markers, cause)
    if unit.num("markers") + 1 >= DEAD_AT and not asks_as_of(b, SECOND_PASS):
        # Issue 25: d6 + markers is 6 or more whatever the die: no roll asked.
        b.record(
            "info",
            f"{unit.label} has {plural(unit.num('markers'), 'wound marker')}: d6 + "
            f"{unit.num('markers')} is {DEAD_AT}+ whatever the die",
            target=unit.id,
        )
        kill(b, unit, "is dead", cause)
        return
    result = yield about(
        Roll,
        unit,
        key="wound.roll",
        text=f"Does {unit.label} die of its wounds? (d6 + {plural(unit.num('markers'), 'marker')}: "
        f"{DEAD_AT}+ dead, else stunned)",
        dice="1d6",
        compare=">=",
        threshold=DEAD_AT,
        modifiers=(("wound markers", unit.num("markers")),),
    )
    if result.success:
        kill(b, unit, "is dead", cause)
        return
    stun(b, unit)
    b.record("info", f"{unit.label} is stunned", target=unit.id)
    if push and by is not None and not by.removed:
        yield from try_push(b, unit, by)


def try_push(b: Battle, unit: Unit, by: Unit) -> Sub[None]:
    """Seed (Empurrando): on a stun the attacker may push, d6 4+: up to 5 cm."""
    push_on, cm = int(_SPECIAL["push_on"]), _SPECIAL["push_cm"]
    wants = yield about(
        Ask,
        by,
        target=unit,
        key="push.try",
        text=f"Does {by.label} try to push the stunned {unit.label}? (d6 {push_on}+: "
        f"move it up to {cm} cm)",
    )
    if not wants:
        return
    result = yield about(
        Roll,
        by,
        target=unit,
        key="push.roll",
        text=f"{by.label} pushes {unit.label}",
        dice="1d6",
        compare=">=",
        threshold=push_on,
    )
    if not result.success:
        return
    low = int(_SPECIAL["fall_min_cm"])
    off = yield about(
        Ask,
        by,
        target=unit,
        key="push.off_edge",
        text=f"Move {unit.label} up to {cm} cm. Is it pushed off an elevation at least "
        f"{low} cm high?",
    )
    if off:
        yield from fall(b, unit, low, by)  # the fall's cause names the pusher


def fall(b: Battle, unit: Unit, low: int, by: Unit | None) -> Sub[None]:
    """A fall of at least `low` cm (a push: 5; a failed leap: 0), how far asked of the
    pusher's side (`by`) or else of the faller's: since issue 25's fourth cut as one of
    the spans that set its hits (`fall.span`, one key; a fall past them typed), where
    older saves typed the centimetres (`fall.height`)."""
    side = by.side if by is not None else unit.side
    actor, target = (None, unit.id) if by is not None else (unit.id, None)
    text = f"How far does {unit.label} fall"
    top = int(_SPECIAL["fall_max_cm"])
    if not asks_as_of(b, THIRD_PASS):
        options = fall_spans(low)
        answer = yield Choose(
            key="fall.span",
            text=f"{text}? (up to {top} cm)",
            options=options,
            side=side,
            actor=actor,
            target=target,
        )
        if answer != FARTHER:
            said = next(o for o in options if o.value == answer).label.split(":")[0]
            yield from fall_steps(b, unit, int(str(answer)), said, by)
            return
        low = math.ceil(_SPANS * float(_SPECIAL["fall_step_cm"]))
        text += f" (cm, {low} to {top})?"
    else:
        text += " (cm)?"
    height = yield Ask(
        key="fall.height",
        text=text,
        minimum=low,
        maximum=top,
        side=side,
        actor=actor,
        target=target,
    )
    steps = int(height // _SPECIAL["fall_step_cm"])
    yield from fall_steps(b, unit, steps, f"{height} cm", by)


#: The spans of a fall `fall.span` lists (one number key each; the ninth: farther).
_SPANS = 8
#: `fall.span`'s last answer: a fall past the spans the number keys hold, typed.
FARTHER = "farther"


def _cm(value: float) -> str:
    return f"{value:g}"


@cache
def fall_spans(low: int) -> tuple[Option, ...]:
    """A fall of at least `low` cm, by the spans that set its hits (seed, Queda: X+1
    hits, X one per full 7.5 cm): one key each up to the eighth span; a longer fall is
    the ninth answer, its centimetres typed next."""
    step = float(_SPECIAL["fall_step_cm"])
    options = []
    for x in range(_SPANS):
        start, end = max(x * step, float(low)), (x + 1) * step
        size = (
            f"{_cm(start)} cm to less than {_cm(end)} cm" if start else f"less than {_cm(end)} cm"
        )
        options.append(Option(str(x), f"{size}: {x + 1} {'hit' if x == 0 else 'hits'}"))
    farther = f"{_cm(_SPANS * step)} cm or more (type how far): {_SPANS + 1} hits or more"
    return (*options, Option(FARTHER, farther))


def fall_steps(b: Battle, unit: Unit, steps: int, said: str, by: Unit | None) -> Sub[None]:
    """Seed (Queda): X+1 hits, X one per full 7.5 cm (`steps`, the height `said` in
    words); PG-7: blocked normally, no cover; then the model is placed stunned 5 cm from
    the base of the elevation."""
    hits = steps + 1
    b.record("info", f"{unit.label} falls {said}: {plural(hits, 'hit')}", target=unit.id)
    face = needed(unit.num("quality"))
    result = yield tests(unit, "fall.blocks", f"{unit.label} blocks the fall", hits, face)
    blocks = result.total
    cause = b.cause(FALL, by)  # the blocks roll; `by` pushed it off, if anyone did
    said = f"{plural(blocks, 'block')}: {plural(hits - blocks, 'wound')}"
    b.record("info", said, target=unit.id)
    yield from wound(b, unit, hits - blocks, by, cause, push=False)
    if not unit.removed:
        stun(b, unit)
        b.record(
            "info",
            f"{unit.label} is placed stunned {_SPECIAL['land_cm']} cm from the base",
            target=unit.id,
        )


# -- shooting (PG-5) ------------------------------------------------------------------------


def shoot(
    b: Battle, shooter: Unit, target: Unit, *, reaction: bool = False, firing: int | None = None
) -> Sub[bool]:
    """One unit shoots another; returns whether it fired. Overwatch (`reaction`) gives
    the target cover (seed: "o alvo recebe o benefício de cobertura"). `firing`: the
    models in range and sight, when the table said it already (`overwatch.shot`)."""
    weapons = ranged_weapons(shooter)
    if not weapons:
        return False
    picked = yield from choose_one(
        shooter,
        "shoot.weapon",
        f"{shooter.label}: which weapon?",
        [Option(str(i), w.describe()) for i, w in enumerate(weapons)],
        target=target,
    )
    weapon = weapons[int(picked)]
    in_cover = reaction or target.flag("cover")
    if firing is not None:
        pass  # said with the decision to shoot
    elif asks_as_of(b, FIRST_PASS) or (in_cover and asks_as_of(b, SECOND_PASS)):
        firing = yield from sight.models_in_range(shooter, target, weapon)
    elif in_cover:  # since the second pass: the models that see it, one key
        firing = yield from sight.sight_in_cover(shooter, target, weapon, reaction)
    else:  # issue 25: sight and cover, two facts of the table, in one answer
        firing, in_cover = yield from sight.sight_and_cover(shooter, target, weapon)
    if not firing:
        b.record("info", f"{shooter.label} cannot shoot {target.label}: out of range or sight")
        return False
    if not in_cover and asks_as_of(b, FIRST_PASS):
        in_cover = yield about(
            Ask,
            shooter,
            target=target,
            key="shoot.cover",
            text=f"Are most of {target.label}'s models in or behind cover?",
        )
    attacks = firing * weapon.attacks
    face = needed(shooter.num("quality"))
    result = yield tests(
        shooter,
        "shoot.hits",
        f"{shooter.label} shoots {target.label} with {weapon.name}",
        attacks,
        face,
        target=target,
    )
    hits = result.total
    cause = b.cause(ATTACK, shooter, weapon=weapon.name, attack="overwatch" if reaction else "shot")
    yield from resolve_hits(b, shooter, target, hits, cause, cover=bool(in_cover), ranged=True)
    return True


def resolve_hits(
    b: Battle, attacker: Unit, target: Unit, hits: int, cause: Cause, *, cover: bool, ranged: bool
) -> Sub[None]:
    """Hits → the defender's blocks → wounds. A stunned model hit by shooting dies.
    `cause`: the attack (its hits roll), named by every wound and loss it makes."""
    b.record(
        "info", f"{plural(hits, 'hit')} on {target.label}", actor=attacker.id, target=target.id
    )
    if hits <= 0:
        return
    if ranged and target.flag("stunned"):
        b.set(target, "last_hit_by", attacker.side)
        kill(b, target, "is hit while stunned and dies (PG-5)", cause)
        return
    bonus = COVER_BONUS if cover and ranged else 0
    face = needed(target.num("quality"), bonus)
    text = f"{target.label} blocks"
    if bonus:
        text += f" (+{bonus} in cover)"
    result = yield tests(target, "defence.blocks", text, hits, face, target=attacker)
    blocks = result.total
    wounds = hits - blocks
    said = f"{plural(blocks, 'block')}: {plural(wounds, 'wound')}"
    b.record("info", said, actor=attacker.id, target=target.id)
    yield from wound(b, target, wounds, attacker, cause)


# -- melee (PG-6) ---------------------------------------------------------------------------


def strike(b: Battle, attacker: Unit, defender: Unit) -> Sub[None]:
    """Melee works like shooting, no cover; a unit that already fought a melee this
    round hits only on a natural 6 (seed; PG-6)."""
    attacks = attacker.num("models") * melee_attacks(attacker)
    later = attacker.flag("meleed")
    face = NATURAL if later else needed(attacker.num("quality"))
    text = f"{attacker.label} strikes {defender.label}"
    if later:
        text += " (later melee this round: natural 6s only)"
    result = yield tests(attacker, "melee.hits", text, attacks, face, target=defender)
    cause = b.cause(ATTACK, attacker, attack="melee")
    yield from resolve_hits(b, attacker, defender, result.total, cause, cover=False, ranged=False)


def melee(b: Battle, charger: Unit, target: Unit, charge: int) -> Sub[None]:
    """Seed: the charger strikes; the defender moves up to 7.5 cm to strike back (asked);
    then the survivor may move 7.5 cm, else the attacker falls back 2.5 cm."""
    if target.flag("stunned"):
        b.set(target, "last_hit_by", charger.side)
        cause = b.cause(ATTACK, charger, attack="charge", entry=charge)  # "X charges Y"
        kill(b, target, "is charged while stunned and dies (PG-5)", cause)
    else:
        alone = target.num("models") == 1  # its one model is the one the charge reached
        yield from strike(b, charger, target)
        if _can_fight(target) and not charger.removed:
            reaches = yield from _counter_reaches(b, charger, target, alone)
            if reaches:
                yield from strike(b, target, charger)
        for unit in (charger, target):
            # Seed: natural 6s only "até o final da rodada" — a fact of the round, kept
            # by a unit destroyed in this melee too (a GM may put it back, G-4).
            b.set(unit, "meleed", True)
    survivor = charger if target.removed else target if charger.removed else None
    if survivor is not None:
        said = f"{survivor.label} may move up to {_MELEE['follow_up_cm']} cm"
        if survivor.side in b.ai and not asks_as_of(b, SECOND_PASS):  # issue 26: which way
            said += f" (the app's: {app_move(b, survivor.side).removeprefix('move it ')})"
        yield from table_does(b, survivor, "melee.follow_up", said)
    elif not charger.removed and not target.removed:
        yield from table_does(
            b, charger, "melee.fall_back", f"{charger.label} falls back {_MELEE['fall_back_cm']} cm"
        )


def _counter_reaches(b: Battle, charger: Unit, target: Unit, alone: bool) -> Sub[bool]:
    """PG-6: whether the defender's move of up to 7.5 cm reaches the charger, so it
    strikes back (asked: the table's fact). A defender of one model when charged is
    not asked since issue 25's fourth cut: the charge put a model of the charger in
    base contact with it (seed: "devem entrar em contato base a base com o alvo"), so
    it reaches without moving; the log says so."""
    if alone and not asks_as_of(b, THIRD_PASS):
        b.record(
            "info",
            f"{target.label} is in base contact with {charger.label} (the charge reached its "
            "one model): it strikes back",
            actor=target.id,
            target=charger.id,
        )
        return True
    reach = _MELEE["counter_move_cm"]
    reaches = yield about(
        Ask,
        target,
        target=charger,
        key="melee.counter_reach",
        text=f"Can {target.label} move up to {reach} cm towards {charger.label} and "
        "reach it to strike back?",
    )
    return bool(reaches)


def table_does(b: Battle, unit: Unit, key: str, text: str) -> Sub[None]:
    """What the table does with its models, nothing the app keeps: logged for the table
    since the second pass (issue 25: a "done?" with one answer changes no outcome);
    older saves were asked to confirm it (`key`, "— done?")."""
    if asks_as_of(b, SECOND_PASS):
        yield about(Confirm, unit, key=key, text=f"{text} — done?")
        return
    b.record("info", text, actor=unit.id)


def _can_fight(unit: Unit) -> bool:
    return not unit.removed and not unit.flag("stunned")
