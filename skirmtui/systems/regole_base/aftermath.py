"""The end of an Assault phase (seed "Assalto"; RB-9, RB-13, RB-20): the side that lost
more R tests morale, flees and is pursued; the winners of a melee whose enemies are
gone may move; Assault-phase reloads count; melees still engaged go on next round."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.kit import about
from skirmtui.engine.core.prompts import Choose, Confirm, Option
from skirmtui.systems.regole_base import dice, maths, turns
from skirmtui.systems.regole_base.arms import reload
from skirmtui.systems.regole_base.attacks import melee_attack
from skirmtui.systems.regole_base.passing import provoked
from skirmtui.systems.regole_base.position import pos
from skirmtui.systems.regole_base.profile import name
from skirmtui.systems.regole_base.state import (
    Sub,
    engaged,
    foes_in_contact,
    part,
    v_inches,
    v_now,
)
from skirmtui.systems.regole_base.tables import rules, weapons

_MORALE = rules()["morale"]


# -- (3) assault morale, flight and pursuit (RB-9) ---------------------------------------------


def start_morale(b: Battle) -> None:
    """RB-9: in each melee the side that lost more R tests M with each of its models
    still in contact."""
    lost = pos(b).lost
    testers: list[str] = []
    for group in pos(b).melees:
        per_side = {b.units[u].side: 0 for u in group}
        for u in group:
            per_side[b.units[u].side] += lost.get(u, 0)
        loser = maths.losing_side(per_side)
        if loser is not None:
            testers += [u for u in group if b.units[u].side == loser]
    pos(b).testers = testers
    pos(b).stage = "morale"


def morale(b: Battle) -> Sub[None]:
    testers = pos(b).testers
    while testers:
        unit = b.units[testers.pop(0)]
        if not unit.removed and engaged(b, unit):
            break
    else:
        pos(b).stage = "winners"
        pos(b).melee = 0
        return
    removed = pos(b).removed.get(unit.side, 0)
    mods = []
    if removed:
        mods.append(dice.Mod(f"{removed} removed", -removed * int(_MORALE["removed"])))
    if unit.num("r") == 1:
        mods.append(dice.Mod("at R 1", -int(_MORALE["last_wound"])))
    result = yield dice.test(
        unit, "m", "morale.assault", f"{name(unit)}'s side lost more: M test", modifiers=tuple(mods)
    )
    if not result.success and not unit.removed:
        yield from _flee(b, unit)


def _flee(b: Battle, unit: Unit) -> Sub[None]:
    """RB-9: it flees V" away; each enemy in contact tests V: a pass catches it and makes
    a free attack (a natural 1 hits automatically); a pursuer's natural 6 lets it move
    1.5V". Ours: every enemy in contact pursues (it costs nothing)."""
    b.record("info", f"{name(unit)} flees the melee", actor=unit.id)
    caught: list[tuple[Unit, bool]] = []
    far = "flight"
    for enemy in foes_in_contact(b, unit):
        if enemy.flag("fleeing") or enemy.removed or unit.removed:
            continue
        chase = yield about(
            Choose,
            enemy,
            target=unit,
            key="morale.pursue",
            text=f"Does {name(enemy)} pursue {name(unit)}? (V test: a pass catches it for a "
            "free attack; a natural 6 lets it flee 1.5 times as far)",
            options=(Option("pursue", "Pursue"), Option("stay", "Let it go", passive=True)),
        )
        if chase != "pursue" or enemy.removed or unit.removed:
            continue
        bonus = v_now(enemy) - enemy.num("v")
        result = yield dice.test(
            enemy,
            "v",
            "morale.pursuit",
            f"{name(enemy)} pursues {name(unit)}: V {enemy.num('v')}",
            modifiers=(dice.Mod("charged", bonus),) if bonus else (),
            target=unit,
        )
        if result.natural == 6:
            far = "critical_flight"
        if result.success:
            caught.append((enemy, result.natural == 1))
    if unit.removed:
        return
    if caught:
        b.record("info", f"{name(unit)} is caught", target=unit.id)
        for enemy, automatic in caught:
            yield from melee_attack(
                b,
                enemy,
                unit,
                parry=False,
                auto_hit=automatic,
                why="makes a free attack on",
                kind="pursuit",
            )
        return
    yield from get_away(
        b,
        unit,
        foes_in_contact(b, unit),
        pos(b).left,
        "morale.flee_move",
        f"{name(unit)} gets away: move it up to {v_inches(unit, far)} from the enemy",
    )


def get_away(
    b: Battle, unit: Unit, foes: list[Unit], moved: list[str], key: str, text: str
) -> Sub[None]:
    """A model leaving its melee (fleeing, RB-9; escaping, RB-13): out of the fight,
    listed in `moved`, moved by the table (`text`, "done?" under `key`, or told in the
    question of what it passed when one follows, issue 25), then the enemies it passes
    may strike (`provoked`), but not the `foes` it leaves."""
    skip = frozenset(e.id for e in foes)
    part(b, unit)
    moved.append(unit.id)
    yield from provoked(b, unit, run=False, skip=skip, moved=(key, text))


# -- (4) winners' moves, then reloads and on to Shooting ---------------------------------------


def winners(b: Battle) -> Sub[None]:
    """Seed: "Se alla fine di un corpo a corpo non sono più presenti modelli di una delle
    due fazioni, i loro avversari possono muoversi in qualunque direzione di V / 2''";
    RB-13: a model that escaped earlier and was charged again moves with its side."""
    at = pos(b)
    groups = at.melees
    left = set(at.left)
    while at.melee < len(groups):
        group = groups[at.melee]
        at.melee += 1
        sides = {b.units[u].side for u in group}
        standing = [
            b.units[u] for u in group if b.alive(u) and u not in left and not engaged(b, b.units[u])
        ]
        still = {b.units[u].side for u in group if b.alive(u) and u not in left}
        if len(sides) > 1 and len(still) == 1 and standing:
            yield Confirm(
                key="assault.winners",
                text="The melee is won: "
                + ", ".join(f"{name(u)} up to {v_inches(u, 'winners')}" for u in standing)
                + " may move in any direction — done?",
                side=standing[0].side,
                actor=standing[0].id,
            )
            return
    _finish(b)


def _finish(b: Battle) -> None:
    """RB-20: an Assault-phase reload counts only if the model did not fight and is not
    engaged; melees still engaged go on next round (seed: "bloccate in mischia")."""
    at = pos(b)
    reloads, at.reloads = at.reloads, []
    for unit_id, weapon_id in reloads:
        unit = b.units[unit_id]
        if unit.removed:
            continue
        weapon = weapons()[weapon_id]
        if engaged(b, unit) or unit.flag("fought"):
            b.record("info", f"{name(unit)} fought: its reload does not count", actor=unit.id)
            continue
        reload(b, unit, weapon, "its assault")
    at.melees, at.melee, at.fight_order, at.fight_next = [], 0, [], 0
    at.testers, at.left, at.escaped = [], [], []
    turns.start_phase(b, "shooting")
