"""End of round: rout tests, objective control, victory (seed 001; PG-8)."""

from __future__ import annotations

import itertools
import math

from skirmtui.engine.core.asking import SECOND_PASS, asks_as_of, offer_last, one_at_a_time
from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import ROUT
from skirmtui.engine.core.kit import stat_test
from skirmtui.engine.core.prompts import Choose, Option, Pick
from skirmtui.engine.core.system import Step
from skirmtui.engine.core.text import plural
from skirmtui.systems.pequenas_guerras import combat, rounds
from skirmtui.systems.pequenas_guerras.combat import Sub
from skirmtui.systems.pequenas_guerras.position import pos
from skirmtui.systems.pequenas_guerras.profile import rules

_RULES = rules()
LAST_ROUND = int(_RULES["rounds"]["last"])
CONTROL_CM = _RULES["objectives"]["control_cm"]
NOBODY, CONTESTED = "none", "contested"


def starting_models(b: Battle, side: str) -> int:
    return sum(int(u.profile["models"]) for u in b.units.values() if u.side == side)


def models_left(b: Battle, side: str) -> int:
    return sum(u.num("models") for u in b.on_table(side))


def objectives_held(b: Battle, side: str) -> int:
    return sum(1 for owner in pos(b).objectives or [] if owner == side)


def present(b: Battle, side: str) -> bool:
    """Whether `side` may be named at the round's control (PG-8: a non-stunned unit on
    the table; a stunned one not yet activated this round recovers first, PG-7)."""
    return any(not _stunned_at_end(u) for u in b.on_table(side))


def _stunned_at_end(unit: Unit) -> bool:
    """PG-7: stunned until the end of its next activation: still so at the round's end
    when it has activated this round."""
    return bool(unit.stats["stunned"]) and bool(unit.stats["activated"])


def _quality_pass(quality: int) -> float:
    return (7 - combat.needed(quality)) / 6


def expected_standing(b: Battle, side: str) -> tuple[float, float]:
    """For the app's players (engine/play/): the objectives `side` is expected to hold at
    the battle's end and the units it is expected to lose to this round's rout test
    (`expected_standings`, one side's)."""
    return expected_standings(b)[side]


def expected_standings(b: Battle, later: bool = True) -> dict[str, tuple[float, float]]:
    """Each side's (objectives expected held, units expected routed this round's end).

    Who is near a marker is the table's to say: at each round's end each answer about a
    marker (nobody, one present player alone, two or more) is taken as likely as the
    others, as the look-ahead takes any table fact it cannot know. What play changes is
    who is present at all (a unit left, not stunned after its activation) and who routs
    (seed: an army below half its models tests quality with every unit at each round's
    end; PG-7: a stunned one fails): a player with no unit able to hold a marker can only
    keep those it has. The markers are followed to the battle's end (`later`; else to
    this round's end only), who is present staying as it is after this round (a stunned
    unit recovers, an army below half tests again each round): a player left alone on
    the table takes the markers in the rounds left (seed: the game ends after round 4,
    most objectives wins). One pass over the units: the look-ahead asks this of every
    outcome it weighs."""
    ids = [s.id for s in b.sides]
    owners = pos(b).objectives or []
    if b.result is not None:  # the battle is decided: the markers as they are
        return {i: (float(sum(o == i for o in owners)), 0.0) for i in ids}
    rounds = 1 + (max(LAST_ROUND - b.round, 0) if later else 0)
    there, routed = _presence(b, ids, rounds)
    # The markers' expected holders, summed over the markers: each round's end moves
    # them as `_control_odds` says (linear, so the sum moves as each marker does).
    held = {o: 0.0 for o in (*ids, "")}
    for owner in owners:
        held[owner if owner in held else ""] += 1.0
    for chance in there:
        held = _control_odds(held, ids, chance)
    return {side: (held[side], routed[side]) for side in ids}


def _presence(
    b: Battle, ids: list[str], rounds: int
) -> tuple[list[dict[str, float]], dict[str, float]]:
    """Each side's chance to be present (`present`) at the end of this round and of the
    `rounds` − 1 after it, and the units it is expected to lose to this round's rout
    test (`expected_standings`)."""
    start: dict[str, int] = {}
    left: dict[str, int] = {}
    units: dict[str, list[tuple[bool, float]]] = {}  # (stunned at the end, chance to pass)
    for unit in b.units.values():
        start[unit.side] = start.get(unit.side, 0) + int(unit.profile["models"])
        if unit.removed:
            continue
        stats = unit.stats
        left[unit.side] = left.get(unit.side, 0) + unit.num("models")
        stunned = bool(stats["stunned"]) and bool(stats["activated"])
        units.setdefault(unit.side, []).append((stunned, _quality_pass(unit.num("quality"))))
    # In the round's end its rout tests come first (`end_step`): taken, not to come.
    tested = b.phase == "end"
    there: list[dict[str, float]] = [{} for _ in range(rounds)]  # each round's end
    routed: dict[str, float] = {}
    for s in ids:
        below = left.get(s, 0) * 2 < start.get(s, 0)
        now = below and not tested
        absent = [1.0] * rounds
        lost = 0.0
        for stunned, passes in units.get(s, []):
            stays = 1.0 if not now else 0.0 if stunned else passes
            lost += 1.0 - stays
            if not stunned:
                absent[0] *= 1.0 - stays
            for k in range(1, rounds):  # recovered; below half: a rout test a round
                absent[k] *= 1.0 - stays * (passes**k if below else 1.0)
        routed[s] = lost
        for k in range(rounds):
            there[k][s] = 1.0 - absent[k]
    return there, routed


def _control_odds(
    held: dict[str, float], ids: list[str], chance: dict[str, float]
) -> dict[str, float]:
    """The markers' expected holders after one round's control (PG-8), each player
    present with its `chance`: with nobody able, nothing changes; else nobody near (no
    change), each able player alone, and two or more (neutral) are each as likely."""
    out = dict.fromkeys(held, 0.0)
    total = sum(held.values())
    for present_now in itertools.product((True, False), repeat=len(ids)):
        p = math.prod(
            chance[i] if t else 1.0 - chance[i] for i, t in zip(ids, present_now, strict=True)
        )
        if p == 0.0:
            continue
        able = [i for i, t in zip(ids, present_now, strict=True) if t]
        if not able:
            for owner, n in held.items():
                out[owner] += p * n
            continue
        ways = 1 + len(able) + (1 if len(able) > 1 else 0)  # nobody, each alone, contested
        for owner, n in held.items():
            out[owner] += p * n / ways
        for side in able:
            out[side] += p * total / ways
        if len(able) > 1:
            out[""] += p * total / ways
    return out


def last_round_result(b: Battle, gone: dict[str, float] | None = None) -> dict[str, float] | None:
    """In the last round, two players: each one's chance to win the battle at this
    round's end (a draw counting half), by the seed's victory: most objectives, a tie to
    the points of enemy units destroyed (PG-8; ours: a tie on both is a draw). Who holds
    the markers after this round's control is known exactly as `expected_standings`
    reads the table (each answer about a marker as likely, each player present with its
    chance), and nothing after it counts: the battle ends there. None before the last
    round or with more than two players. (Rout credit at this round's end
    is not counted in the points: the units that rout are, in who is present.)"""
    ids = [s.id for s in b.sides]
    if b.round < LAST_ROUND or len(ids) != 2:
        return None
    if b.result is not None:  # decided (nobody left): as it was decided
        winner = b.result.winner
        return {i: 0.5 if winner is None else float(i == winner) for i in ids}
    chance = _presence(b, ids, 1)[0][0]
    if gone is not None:
        chance = {s: p * (1.0 - gone[s]) for s, p in chance.items()}
    a, z = ids
    owners = pos(b).objectives or []
    # The difference (a's markers − z's) after the control, over who is present.
    spread: dict[int, float] = {}
    for here_a, here_z in itertools.product((True, False), repeat=2):
        p = (chance[a] if here_a else 1.0 - chance[a]) * (chance[z] if here_z else 1.0 - chance[z])
        if p == 0.0:
            continue
        diff = {0: p}
        for owner in owners:
            odds = _marker_odds(owner, a, z, here_a, here_z)
            step: dict[int, float] = {}
            for d, q in diff.items():
                for holder, r in odds:
                    k = d + (1 if holder == a else -1 if holder == z else 0)
                    step[k] = step.get(k, 0.0) + q * r
            diff = step
        for d, q in diff.items():
            spread[d] = spread.get(d, 0.0) + q
    pa, pz = points_destroyed(b, a), points_destroyed(b, z)
    tie = 1.0 if pa > pz else 0.0 if pa < pz else 0.5
    won = sum(q for d, q in spread.items() if d > 0) + spread.get(0, 0.0) * tie
    return {a: won, z: 1.0 - won}


def _marker_odds(owner: str, a: str, z: str, here_a: bool, here_z: bool) -> list[tuple[str, float]]:
    """One marker's holder after the control (PG-8) and its chance: nobody near (no
    change), each present player alone, two or more (neutral), each as likely."""
    able = [s for s, here in ((a, here_a), (z, here_z)) if here]
    if not able:
        return [(owner, 1.0)]
    ways = 1 + len(able) + (1 if len(able) > 1 else 0)
    out = [(owner, 1.0 / ways)] + [(s, 1.0 / ways) for s in able]
    if len(able) > 1:
        out.append(("", 1.0 / ways))
    return out


def points_destroyed(b: Battle, side: str) -> int:
    """Seed tie-break: points of the enemy units a player destroyed (PG-8 credit)."""
    return sum(
        int(u.profile["points"])
        for u in b.units.values()
        if u.removed and u.stats["destroyed_by"] == side and u.side != side
    )


def end_step(b: Battle) -> Step:
    yield from rout(b)
    yield from control(b)
    standing = [s.id for s in b.sides if b.on_table(s.id)]
    if b.round >= LAST_ROUND or not standing:
        decide(b)
        return
    if len(standing) == 1 and _leads_alone(b, standing[0]):
        held = objectives_held(b, standing[0])
        b.end(
            standing[0],
            f"the only player with units left, already holding the most objectives ({held}) "
            f"after round {b.round}",
        )
        return
    rounds.begin_round(b)


def _leads_alone(b: Battle, side: str) -> bool:
    """Ours (PG-8): a lone player can only gain markers and nobody else can gain any or
    destroy more, so one already holding strictly the most has won. Otherwise the game
    goes on to round 4 (seed): captured markers stay with players wiped out."""
    mine = objectives_held(b, side)
    return all(objectives_held(b, s.id) < mine for s in b.sides if s.id != side)


def rout(b: Battle) -> Step:
    """Seed: an army below half its starting size tests morale (quality) with every
    unit; stunned units fail (PG-7); failures are removed (PG-8: credited)."""
    for side in pos(b).order:
        start, left = starting_models(b, side), models_left(b, side)
        if not left or left * 2 >= start:
            continue
        tested = b.record(
            "info",
            f"{b.side_name(side)} is below half its models ({left} of {start}): "
            "rout test for every unit",
            side=side,
        ).index
        for unit in list(b.on_table(side)):
            if unit.stats["stunned"]:
                # PG-7: a stunned unit fails without a roll: the rout is this entry's.
                cause = b.cause(ROUT, entry=tested)
                combat.kill(b, unit, "is stunned, fails its rout test and flees", cause)
                continue
            face = combat.needed(unit.num("quality"))
            result = yield stat_test(
                unit,
                "quality",
                "rout.test",
                text=f"{unit.label} tests morale (quality {face}+)",
                value=face,
                under=False,
            )
            if not result.success:
                combat.kill(b, unit, "fails its rout test and flees", b.cause(ROUT))


def control(b: Battle) -> Step:
    """PG-8: for each marker the table says who has non-stunned units within 7.5 cm;
    one player alone captures it (it stays captured), two or more neutralise it."""
    owners = list(pos(b).objectives or [])
    able = {s.id for s in b.sides if any(not u.stats["stunned"] for u in b.on_table(s.id))}
    if not one_at_a_time(b):
        said = yield from _control_at_once(b, owners, able)
        for index, choice in enumerate(said):
            _mark(b, owners, index, choice)
        return
    options = [Option(NOBODY, f"nobody (no non-stunned unit within {CONTROL_CM} cm)")]
    for side in b.sides:
        options.append(
            Option(
                side.id,
                f"only {side.name}",
                disabled=None if side.id in able else "no non-stunned unit on the table",
            )
        )
    options.append(
        Option(
            CONTESTED,
            "two or more players (it becomes neutral)",
            disabled=None if len(able) > 1 else "fewer than two players have non-stunned units",
        )
    )
    for index, owner in enumerate(owners):
        held = f"held by {b.side_name(owner)}" if owner else "neutral"
        choice = yield Choose(
            key="objective.control",
            text=f"Objective {index + 1} ({held}): which players have non-stunned units "
            f"within {CONTROL_CM} cm?",
            options=options,
        )
        _mark(b, owners, index, str(choice))


def _mark(b: Battle, owners: list[str], index: int, choice: str) -> None:
    """PG-8: one player alone captures marker `index`, two or more neutralise it."""
    owner = owners[index]
    if choice == CONTESTED:
        owners[index] = ""
    elif choice != NOBODY:
        owners[index] = choice
    if owners[index] != owner:
        now = f"captured by {b.side_name(owners[index])}" if owners[index] else "neutral"
        b.record("info", f"Objective {index + 1} is {now}")
        b.track("objectives", list(owners))


def _control_at_once(b: Battle, owners: list[str], able: set[str]) -> Sub[list[str]]:
    """Issue 25: one answer for every marker (a `Pick`, each marker a group: one player
    alone, or two or more; a marker not picked has nobody within reach). Nothing to ask
    when no player has a non-stunned unit. Enter offers last round's answer. Since the
    second pass a marker offers only the answers that change it (PG-8: a captured
    marker stays captured, a contested one is neutral): not its holder alone, not "two
    or more" while neutral; a marker nothing can change is not offered, and when no
    marker can change nothing is asked."""
    said = [NOBODY] * len(owners)
    if not able:
        return said
    # Since the second pass only what changes a marker is offered: "only its holder"
    # and "two or more" about a neutral marker leave it as it is, like nobody near.
    changes_only = not asks_as_of(b, SECOND_PASS)
    options = []
    for index, owner in enumerate(owners):
        held = f"held by {b.side_name(owner)}" if owner else "neutral"
        group = str(index + 1)
        for side in b.sides:
            if side.id in able and not (changes_only and side.id == owner):
                options.append(
                    Option(f"{group}|{side.id}", f"{group} ({held}): only {side.name}", group=group)
                )
        if len(able) > 1 and not (changes_only and not owner):
            options.append(
                Option(
                    f"{group}|{CONTESTED}", f"{group} ({held}): two or more players", group=group
                )
            )
    if not options:  # nothing the table could say would change a marker
        return said
    unpicked = (
        "no change: nobody near, only its holder, or two or more at a neutral one"
        if changes_only
        else "nobody"
    )
    prompt = Pick(
        key="objective.controls",
        text=f"Which objectives have non-stunned units within {CONTROL_CM} cm, of whom? "
        f"(a marker not picked: {unpicked})",
        options=options,
    )
    picked = yield offer_last(b, prompt)
    for value in picked:
        group, choice = str(value).split("|")
        said[int(group) - 1] = choice
    return said


def decide(b: Battle) -> None:
    """Seed: most objectives wins; a tie goes to points of enemy units destroyed."""
    held = {s.id: objectives_held(b, s.id) for s in b.sides}
    most = max(held.values())
    leaders = [s for s, n in held.items() if n == most]
    if len(leaders) == 1:
        b.end(leaders[0], f"most objectives after round {b.round} ({most})")
        return
    points = {s: points_destroyed(b, s) for s in leaders}
    best = max(points.values())
    top = [s for s, p in points.items() if p == best]
    reason = f"tied on {plural(most, 'objective')}; points of enemy units destroyed: " + ", ".join(
        f"{b.side_name(s)} {p}" for s, p in points.items()
    )
    b.end(top[0] if len(top) == 1 else None, reason)
