"""For the app's players (engine/play/): what a side stands to lose to its enemies'
reply, one ply past their choice, by the exact odds of PG-5 and PG-6.

The look-ahead stops where an enemy has a choice to make; without this, taking cover,
stunning a unit before it acts or keeping a wounded model out of reach would look worth
nothing. Each enemy unit able to act before the side's units act again is taken to make
its best attack (a shot with its best ranged weapon or a charge, whichever is expected
to take off more worth) at the side's unit it hurts most. Who is in range, in sight and
reached is the table's to say: here every model reaches and sees (the table facts'
likely answers, as the look-ahead reads them); cover is what the unit took (Take Cover).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.systems.pequenas_guerras import combat
from skirmtui.systems.pequenas_guerras.profile import parse_weapons, rules

_RULES = rules()
LAST_ROUND = int(_RULES["rounds"]["last"])
#: An enemy unit that has activated this round acts again next round, maybe after the
#: side's units: its reply counts this much.
NEXT_ROUND = 0.5


def exposure(b: Battle, side: str) -> tuple[float, float]:
    """(worth in points, units) `side` is expected to lose to the enemy's reply: each
    enemy unit's best attack, in full if it has still to act this round, `NEXT_ROUND` if
    it acts next round; a stunned one spends its next activation recovering (PG-7).
    Nothing after the battle's end or the last round's activations."""
    if b.result is not None:
        return (0.0, 0.0)
    mine = b.on_table(side)
    if not mine:
        return (0.0, 0.0)
    last = b.round >= LAST_ROUND
    targets = [defender(u) for u in mine]
    worth = units = 0.0
    for enemy in b.units.values():
        if enemy.removed or enemy.side == side:
            continue
        stats = enemy.stats
        if stats["activated"] or stats["stunned"]:
            if last or (stats["activated"] and stats["stunned"]):
                continue  # no activation left, or the next one spent recovering
            weight = NEXT_ROUND
        else:
            weight = 1.0
        fresh = weight < 1.0 or not stats["meleed"]  # natural 6s only after a melee (PG-6)
        shots, blows = attack_dice(enemy)
        face = combat.needed(enemy.num("quality"))
        best = (0.0, 0.0)
        for target in targets:
            got = best_attack(shots, blows, face, fresh, *target)
            if got > best:
                best = got
        worth += weight * best[0]
        units += weight * best[1]
    return (worth, units)


def attack_dice(unit: Unit) -> tuple[int, int]:
    """Dice the unit rolls shooting its best ranged weapon (0: none) and charging."""
    models = unit.num("models")
    ranged, melee = _per_model(str(unit.profile.get("weapons", "")))
    return models * ranged, models * melee


@lru_cache(maxsize=256)
def _per_model(weapons: str) -> tuple[int, int]:
    """A model's dice with its best ranged weapon and in melee (`profile`'s reading),
    read once a profile: the look-ahead asks at every outcome it values."""
    armed = parse_weapons(weapons)
    ranged = max((w.attacks for w in armed if not w.melee), default=0)
    melee = max((w.attacks for w in armed if w.melee), default=0)
    return ranged, melee or int(_RULES["melee"]["unarmed_attacks"])


def defender(unit: Unit) -> tuple[int, int, int, bool, bool, float]:
    """What a target's losses depend on: models, quality, wound markers, stunned, in
    cover, and the worth of one of its models."""
    stats = unit.stats
    per_model = float(unit.profile["points"]) / max(int(unit.profile["models"]), 1)
    return (
        unit.num("models"),
        unit.num("quality"),
        unit.num("markers"),
        bool(stats["stunned"]),
        bool(stats["cover"]),
        per_model,
    )


@lru_cache(maxsize=4096)
def best_attack(
    shots: int,
    blows: int,
    face: int,
    fresh: bool,
    models: int,
    quality: int,
    markers: int,
    stunned: bool,
    cover: bool,
    per_model: float,
) -> tuple[float, float]:
    """The better of a shot and a charge at one target: (worth, units) it takes off."""
    best = (0.0, 0.0)
    if shots:
        block = combat.needed(quality, combat.COVER_BONUS if cover else 0)
        best = _expected(shots, face, block, models, markers, stunned, per_model, ranged=True)
    if blows:
        hit = face if fresh else combat.NATURAL
        block = combat.needed(quality)
        got = _expected(blows, hit, block, models, markers, stunned, per_model, ranged=False)
        best = max(best, got)
    return best


def _expected(
    dice: int,
    hit: int,
    block: int,
    models: int,
    markers: int,
    stunned: bool,
    per_model: float,
    *,
    ranged: bool,
) -> tuple[float, float]:
    """(worth, units) an attack of `dice` quality tests takes off (PG-5): hits less
    blocks are wounds; a model lost a wound until one is left, whose markers and a d6
    make 6+ dead, else stunned. A stunned target dies when charged or hit at all."""
    p_hit = (7 - hit) / 6
    whole = models * per_model
    if stunned:
        dies = 1.0 if not ranged else 1.0 - (1.0 - p_hit) ** dice
        return (dies * whole, dies)
    p = p_hit * (block - 1) / 6  # a hit the defender fails to block
    worth = units = 0.0
    for wounds in range(1, dice + 1):
        chance = comb(dice, wounds) * p**wounds * (1.0 - p) ** (dice - wounds)
        lost = min(wounds, models - 1)
        dead = 0.0
        if wounds > lost:  # the last model's markers: d6 + markers >= 6 dead (PG-5)
            dead = min(1.0, max(0.0, (7 - combat.DEAD_AT + markers + wounds - lost) / 6))
        worth += chance * (lost + dead) * per_model
        units += chance * dead
    return (worth, units)
