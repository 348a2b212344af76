"""Activation dice, initiative, orders and deployment (seed §2.1–2.3, CE-2..CE-4)."""

from __future__ import annotations

from collections.abc import Generator
from functools import lru_cache
from typing import Any

from skirmtui.engine.core import app_rolls
from skirmtui.engine.core.asking import FIRST_PASS, QUESTIONS, THIRD_PASS, asks_as_of
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.prompts import Ask, Choose, Option, Pick, Prompt, Roll
from skirmtui.engine.core.rolloff import RollOff
from skirmtui.engine.core.shared_roll import SharedRoll
from skirmtui.engine.core.system import Step
from skirmtui.engine.core.text import plural
from skirmtui.systems.cape_et_epee import profile
from skirmtui.systems.cape_et_epee.position import pos
from skirmtui.systems.cape_et_epee.sides import side_units

DONE = "done"
SQUAD = "squad:"


def dice_count(b: Battle, side: str) -> int:
    """CE-2: autonomous characters not out + squads not shaken + officers not out."""
    count = 0
    shaken: dict[str, bool] = {}  # squads with a model in play: any of them shaken?
    for unit in side_units(b, side):
        if unit.removed:
            continue
        squad = str(unit.profile.get("squad", ""))  # `profile.squad_of`, inline
        if not squad:
            count += 1
            continue
        shaken[squad] = shaken.get(squad, False) or bool(unit.stats["status"])
        if unit.profile.get("role") == "officer":
            count += 1
    return count + sum(1 for s in shaken.values() if not s)


def other(b: Battle, side: str) -> str:
    return next(s.id for s in b.sides if s.id != side)


def roll_step(b: Battle) -> Step:
    """Each player rolls its activation dice; faces over 3 are discarded (seed §2.1)."""
    p = pos(b)
    if p.init_rolloff is not None:
        # Issue 25, fourth pass: both players' dice in one answer (when one party rolls
        # both: else apart, as a third-pass save asked them).
        together = None if asks_as_of(b, THIRD_PASS) else "activation.rolloffs"
        yield from p.init_rolloff.step(b, "activation.rolloff", "the initiative", together=together)
        if p.init_rolloff.done:
            winner = p.init_rolloff.order[0]
            p.init_rolloff = None
            start_orders(b, winner, "wins the roll-off")
        return
    act = profile.rules()["activation"]
    if p.rolled is None:
        p.rolled = {}
    rolled = p.rolled
    if not asks_as_of(b, THIRD_PASS):
        yield from _roll_together(b, rolled)
    for side in (s.id for s in b.sides):
        if side in rolled:
            continue
        count = dice_count(b, side)
        if count == 0:
            rolled[side] = []
            b.record("info", f"{b.side_name(side)} has no activation dice")
            continue
        result = yield Roll(
            key="activation.roll",
            side=side,
            text=f"{b.side_name(side)} rolls {plural(count, 'activation die')} "
            f"(1–{act['valid_max']} valid)",
            dice=f"{count}d{act['die']}",
            # A pool, so the prompt shows the chance of each die being valid (G-2).
            compare="<=",
            threshold=act["valid_max"],
            per_die=True,
        )
        rolled[side] = list(result.faces)
    valid = {
        s: sorted((f for f in faces if f <= act["valid_max"]), reverse=True)
        for s, faces in rolled.items()
    }
    p.dice = valid
    threes = {s: faces.count(act["initiative_face"]) for s, faces in valid.items()}
    best = max(threes.values())
    leaders = [s for s, n in threes.items() if n == best]
    if len(leaders) == 1:
        start_orders(b, leaders[0], f"has the most {act['initiative_face']}s")
    elif p.initiative:
        start_orders(b, p.initiative, "keeps it on a tie")
    else:  # turn 1, a tie: decide at random (seed), a d6 roll-off (ours)
        p.init_rolloff = RollOff.among(leaders)
        b.record("info", "Tie for the initiative in the first turn: roll off")


def _roll_together(b: Battle, rolled: dict[str, list[int]]) -> Generator[Prompt, Any, None]:
    """Issue 25, fourth pass: the players roll their activation dice at the same moment
    (seed §2.1), neither's number of dice hanging on the other's faces, so the table
    types them in one answer (`activation.rolls`, red's faces then blue's) where it
    typed one `activation.roll` a player. Each die is still its player's (the luck
    tally, the log). Asked so when one party rolls all of them (`app_rolls.one_party`)
    and two players or more have dice; else one roll a player, as before."""
    act = profile.rules()["activation"]
    counts = {s.id: dice_count(b, s.id) for s in b.sides if s.id not in rolled}
    shares = tuple((side, n) for side, n in counts.items() if n)
    if len(shares) < 2 or not app_rolls.one_party(app_rolls.now(b), [s for s, _ in shares]):
        return
    names = ", ".join(f"{b.side_name(side)} {plural(n, 'die', 'dice')}" for side, n in shares)
    prompt = SharedRoll(
        key="activation.rolls",
        text=f"Activation dice, rolled together: {names} (1–{act['valid_max']} valid; "
        f"{b.side_name(shares[0][0])}'s first)",
        dice=f"{sum(n for _, n in shares)}d{act['die']}",
        compare="<=",
        threshold=act["valid_max"],
        per_die=True,  # G-2: the chance of each die being valid
        shares=shares,
    )
    result = yield prompt
    said = []
    for side, faces in prompt.split(result.faces):
        rolled[side] = list(faces)
        valid = sum(1 for f in faces if f <= act["valid_max"])
        shown = ", ".join(map(str, faces))
        said.append(
            f"{b.side_name(side)} rolled {shown}: {plural(valid, 'valid die', 'valid dice')}"
        )
    b.record("info", "; ".join(said))


def start_orders(b: Battle, side: str, why: str) -> None:
    p = pos(b)
    p.rolled = None
    text = f"{b.side_name(side)} has the initiative ({why})"
    b.record("info", text, side=side, order=[side, other(b, side)])
    b.track("initiative", side)
    # CE-3: the player without the initiative assigns first.
    p.assigning = other(b, side)
    b.enter_phase("orders", p.assigning)


def order_targets(b: Battle, side: str, officers: bool = True) -> list[tuple[str, str]]:
    """(value, label) of everything that can still take an order: autonomous characters,
    officers (whose die orders the squad; not with `officers` false: the squad is the
    one choice) and squads, on the table or not (CE-3)."""
    found: list[tuple[str, str]] = []
    squads_seen: set[str] = set()
    for unit in side_units(b, side):
        stats = unit.stats
        if unit.removed or stats["die"]:
            continue
        where = "" if stats["deployed"] else ", not yet on the table"
        squad = str(unit.profile.get("squad", ""))  # `profile.squad_of`, inline
        if not squad:
            found.append((unit.id, f"{unit.label}{where}"))
            continue
        if officers and unit.profile.get("role") == "officer":
            found.append((unit.id, f"{unit.label}, officer: orders squad {squad}{where}"))
        if squad not in squads_seen:
            squads_seen.add(squad)
            found.append((SQUAD + squad, f"squad {squad}{where}"))
    return found


def order_options(b: Battle, side: str) -> list[Option]:
    faces = sorted(set(pos(b).dice[side]), reverse=True)
    targets = order_targets(b, side)  # once, not once per die face
    options = [
        Option(f"{face}|{value}", f"{face} AP → {label}")
        for face in faces
        for value, label in targets
    ]
    options.append(Option(DONE, "Done: leave the other dice unused", passive=True))
    return options


def ordered_units(b: Battle, side: str, target: str) -> list[Unit]:
    """The models an order reaches: one character, or every member of the squad not yet
    ordered when it goes to the squad or to its officer (seed §2.2)."""
    if target.startswith(SQUAD):
        squad = target.removeprefix(SQUAD)
    else:
        unit = b.units[target]
        squad = profile.squad_of(unit)
        if not squad:
            return [unit]
    return [u for u in profile.members(b, side, squad) if not u.removed and not u.stats["die"]]


def orders_step(b: Battle) -> Step:
    p = pos(b)
    side = p.assigning
    assert side is not None
    # Issue 25 again: a face's dice in one answer (`asks_as_of` called only for a save
    # of older questions: most battles have none).
    today = not (QUESTIONS in b.options and asks_as_of(b, FIRST_PASS))
    # (Every officer's squad is a target too: with or without officers, the same "any".)
    targets = order_targets(b, side, officers=not today) if p.dice[side] else []
    if targets:
        if today:
            yield from _orders_of_a_face(b, side, targets)
            return
        choice = yield Choose(
            key="orders.assign",
            side=side,
            text=f"{b.side_name(side)}: put an activation die beside a character or squad",
            options=order_options(b, side),
        )
        if choice != DONE:
            face_text, target = choice.split("|", 1)
            _order(b, side, int(face_text), target)
            return
    p.dice[side] = []
    if side != p.initiative:
        p.assigning = p.initiative
        b.turn_side = p.assigning
        return
    p.assigning = None
    p.deploying = p.initiative
    b.enter_phase("deployment", p.initiative)


def _order(b: Battle, side: str, face: int, target: str) -> None:
    """Seed §2.2: the die beside the character or squad: its AP and priority."""
    pos(b).dice[side].remove(face)
    for unit in ordered_units(b, side, target):
        b.set(unit, "die", face)
        b.set(unit, "ap", face)


def _orders_of_a_face(b: Battle, side: str, targets: list[tuple[str, str]]) -> Step:
    """Seed §2.2: the player places its dice beside its characters and squads. The dice of
    the highest face left are given in one answer (as many as there are dice of it, one
    each; none leaves them unused), then the next face's: every way of giving the dice
    out can be said, one answer a face. A squad is one choice: a die beside its officer
    and one beside the squad order the same models (`ordered_units`)."""
    dice = pos(b).dice[side]
    face = dice[0]
    count = dice.count(face)
    options = [_option(value, label) for value, label in targets]  # `order_targets`, no officer
    if count == 1 and not (QUESTIONS in b.options and asks_as_of(b, THIRD_PASS)):
        picked = yield from _one_die(b, side, face, options)
    else:
        picked = yield Pick(
            key="orders.face",
            side=side,
            text=f"{b.side_name(side)}: which characters or squads get a {face} AP order? "
            f"({plural(count, f'die of {face}', f'dice of {face}')})",
            options=options,
            maximum=count,
        )
    for target in picked:
        _order(b, side, face, target)
    pos(b).dice[side] = [f for f in dice if f != face]  # the rest of this face: unused


@lru_cache(maxsize=1024)  # bounded: labels are part of the key
def _option(value: str, label: str) -> Option:
    """An order's target as an option (the same ones every face of every turn)."""
    return Option(value, label)


#: The answer to `orders.one` that leaves the die unused.
UNUSED = "unused"


def _one_die(
    b: Battle, side: str, face: int, options: list[Option]
) -> Generator[Prompt, Any, tuple[str, ...]]:
    """Issue 25, fourth pass: a face with one die is given by one choice (`orders.one`:
    a character or squad, or the die left unused), one key, where the multi-select of
    at most one (`orders.face`) took a tick and Enter: the same answers."""
    choice = yield Choose(
        key="orders.one",
        side=side,
        text=f"{b.side_name(side)}: which character or squad gets the {face} AP order? "
        f"(1 die of {face})",
        options=[*options, Option(UNUSED, f"Nobody: leave the die of {face} unused", passive=True)],
    )
    return () if choice == UNUSED else (choice,)


def deploy_groups(b: Battle, side: str) -> list[tuple[str, str, list[Unit]]]:
    """Ordered characters and squads off the table with an AP to pay (CE-4)."""
    groups: list[tuple[str, str, list[Unit]]] = []
    seen: set[str] = set()
    cost = _DEPLOY_COST
    for unit in side_units(b, side):
        stats = unit.stats  # (read directly: every deployment step, every unit)
        if unit.removed or stats["deployed"]:
            continue
        if stats["ap"] < cost:  # type: ignore[operator]
            continue
        squad = profile.squad_of(unit)
        if not squad:
            groups.append((unit.id, unit.label, [unit]))
        elif squad not in seen:
            seen.add(squad)
            models = [
                u
                for u in profile.members(b, side, squad)
                if not u.removed and not u.stats["deployed"] and u.stats["ap"]
            ]
            groups.append((SQUAD + squad, f"squad {squad}", models))
    return groups


#: CE-4: the AP a deployment costs (read once: every deployment step checks every unit).
_DEPLOY_COST = int(profile.actions()["deploy"]["cost"])


def deployment_step(b: Battle) -> Step:
    """Seed §2.3: the initiative player deploys first (ours), then the other."""
    p = pos(b)
    side = p.deploying
    assert side is not None
    groups = deploy_groups(b, side)
    markers = p.markers
    told = False  # whether the table said the distance condition with the choice
    if groups and markers:
        if asks_as_of(b, FIRST_PASS):
            choice = yield from _who_then_where(b, side, groups, markers)
        else:  # issue 25 again: who and where in one answer (the same side decides both)
            # Fourth pass: a side the table plays says with it that the marker meets the
            # distance condition (a table fact; CE-4: else it deploys nowhere, as "done").
            told = not asks_as_of(b, THIRD_PASS) and side not in b.ai
            choice = yield Choose(
                key="deploy.at_clear" if told else "deploy.at",
                side=side,
                text=f"{b.side_name(side)}: deploy an ordered character or squad on an "
                + (
                    "event marker? (only where its nearest enemies are farther than its "
                    "movement and their own, or the area is free of enemies: CE-4)"
                    if told
                    else "event marker?"
                ),
                options=[
                    Option(f"{value}@{i}", f"{label} at {marker}")
                    for value, label, _ in groups
                    for i, marker in enumerate(markers)
                ]
                + [Option(DONE, "Done: the others stay off the table", passive=True)],
            )
        if choice is None:
            return  # the marker was cancelled: who deploys is asked again
        if choice != DONE:
            value, index = str(choice).rsplit("@", 1)
            models, name = next((units, label) for v, label, units in groups if v == value)
            yield from _deploy(b, side, models, name, int(index), told)
            return
    if side == p.initiative:
        p.deploying = other(b, side)
        b.turn_side = p.deploying
        return
    p.deploying = None
    # Ours: an ordered character still off the table keeps its die but loses its AP.
    for unit in b.units.values():
        if not unit.removed and not (stats := unit.stats)["deployed"] and stats["ap"]:
            b.set(unit, "ap", 0)
    p.impulse = ""
    b.enter_phase("activated", None)


def _who_then_where(
    b: Battle, side: str, groups: list[tuple[str, str, list[Unit]]], markers: list[str]
) -> Generator[Prompt, Any, str | None]:
    """Who deploys, then where, two answers (as asked before issue 25's second pass):
    `value@marker`, DONE when nobody does, None when the marker was cancelled."""
    choice = yield Choose(
        key="deploy.who",
        side=side,
        text=f"{b.side_name(side)}: deploy an ordered character or squad?",
        options=[Option(value, label) for value, label, _ in groups]
        + [Option(DONE, "Done: the others stay off the table", passive=True)],
    )
    if choice == DONE:
        return DONE
    name = next(label for value, label, _ in groups if value == choice)
    marker = yield Choose(
        key="deploy.marker",
        side=side,
        text=f"Which unrevealed event marker does {name} replace?",
        options=[Option(str(i), m) for i, m in enumerate(markers)]
        + [Option(DONE, "Cancel", passive=True)],
    )
    return None if marker == DONE else f"{choice}@{marker}"


def _deploy(
    b: Battle, side: str, models: list[Unit], name: str, index: int, told: bool = False
) -> Step:
    """CE-4: the table confirms the distance condition (`told`: it did, with the choice
    of marker); the models replace the marker and pay 1 AP."""
    markers = pos(b).markers
    ok = told or (
        yield Ask(
            key="deploy.distance",
            side=side,
            text=f"At {markers[index]}: are the nearest enemies farther than the "
            f"movement of {name} and their own, or is the area free of enemies?",
        )
    )
    if not ok:
        b.record("info", f"{name} cannot deploy at {markers[index]}")
        return
    placed = markers[index]
    b.record("info", f"{name} deploys at {placed} (1 AP)", side=side)
    b.track("markers", [m for i, m in enumerate(markers) if i != index])
    cost = int(profile.actions()["deploy"]["cost"])
    for unit in models:
        b.set(unit, "deployed", True)
        b.set(unit, "ap", unit.num("ap") - cost)
