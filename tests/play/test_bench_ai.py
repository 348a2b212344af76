"""`python -m bench.ai` runs and reports at a tiny size (its figures are not judged here)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from bench import ai_style
from bench.ai import _count, known_within, main, mean_margin, one_battle, run_pair, two_sides
from bench.ai_style import KEYS, StrengthLost, moves_and_held, strikes_and_charges
from bench.ai_tally import Tally
from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.stats import Z95
from skirmtui.systems.pequenas_guerras import actions as pg_actions
from skirmtui.systems.registry import get_system, systems

CG, PG, RB, WI = "combattimento-gdr", "pequenas-guerras", "regole-base", "wargaming-introduttivo"


def test_bench_ai_reports_scores_styles_and_decision_times(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ai.json"
    argv = ["--battles", "2", "--systems", "combattimento-gdr", "--pairs", "balanced:random"]
    assert main([*argv, "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "balanced vs random" in printed and "decisions/s" in printed
    report = json.loads(out.read_text())
    (row,) = report["rows"]
    assert row["battles"] == 2 and 0.0 <= row["score"] <= 1.0
    # Each seat apart (A on the demo's first side in battle 0, on the second in 1): the
    # two seats' scores average to the whole.
    seats = row["score_by_seat"]
    assert list(seats) == ["La Compagnia", "I Briganti"]
    assert sum(seats.values()) / 2 == pytest.approx(row["score"])
    assert "balanced as La Compagnia: " in printed
    assert "balanced: attacks " in printed and "random: attacks " in printed  # per pair
    assert " ± " in printed.split("balanced: attacks ")[1].splitlines()[0]
    assert "balanced: strikes " in printed and "strength lost " in printed
    assert {s["persona"] for s in report["styles"]} == {"balanced", "random"}
    assert {"strikes", "charges", "strength", "won", "won_sq", "moves", "held"} <= set(
        report["styles"][0]
    )


def test_a_per_battle_mean_has_its_margin() -> None:
    """1.96 standard errors: battles of 0, 2, 4 attacks have mean 2, sd 2, so 1.96 * 2 /
    sqrt(3); all alike, no margin; one battle tells nothing of the spread."""
    assert mean_margin(6, 0 + 4 + 16, 3) == pytest.approx(Z95 * 2 / math.sqrt(3))
    assert mean_margin(9, 27, 3) == 0.0
    assert mean_margin(3, 9, 1) == math.inf
    tally = Tally()
    for attacks, lost in ((0, 1), (2, 1), (4, 1)):
        tally.add(attacks, lost, 0)
    assert tally.per_battle() == "attacks 2.0 ± 2.3, own lost 1.00 ± 0.00, taken off 0.00"


def test_a_cell_stops_once_its_score_is_known_within_the_precision() -> None:
    """`--precision`: not before `least` battles nor on an odd count (a seat more often
    than the other), and not while the margin is wider; the battles are the first of
    the same list (the same as a full run's)."""
    tally = Tally(battles=200, score=200.0)  # all won: Wilson's margin 1.9 points
    assert known_within(tally, 0.02, least=200)
    assert not known_within(tally, 0.015, least=200)
    assert not known_within(tally, 0.02, least=202)
    odd = Tally(battles=201, score=201.0)
    assert odd.margin() < 0.02 and not known_within(odd, 0.02, least=100)
    half = Tally(battles=400, score=200.0)  # 50%: 4.9 points
    assert not known_within(half, 0.03) and known_within(half, 0.05)
    full = run_pair("combattimento-gdr", "random", "random", 6, 26, [])
    cut = run_pair("combattimento-gdr", "random", "random", 6, 26, [], precision=0.99, least=2)
    assert (cut[0].battles, full[0].battles) == (2, 6)
    first = run_pair("combattimento-gdr", "random", "random", 2, 26, [])
    assert cut == first  # the same two battles, the same figures


def test_the_precision_is_given_in_points(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--battles", "6", "--systems", "combattimento-gdr", "--pairs", "random:random"]
    assert main([*argv, "--precision", "99", "--least", "2"]) == 0
    (cell,) = [s for s in capsys.readouterr().out.splitlines() if "random vs random" in s]
    assert cell.split()[-1] == "2"  # battles played


def test_the_style_figures_only_read_the_battle() -> None:
    """Strength lost is read after every answer: the battle is the same with it (the
    same answers in the same log), so a persona's play and score do not change."""
    sides = [s.id for s in two_sides(CG).sides]
    seats = {sides[0]: "balanced", sides[1]: "random"}
    bare, _ = one_battle(CG, 7, seats, [])
    lost = StrengthLost(get_system(CG))
    seen, _ = one_battle(CG, 7, seats, [], lost)
    assert [(e.key, e.answer) for e in seen.battle.log] == [
        (e.key, e.answer) for e in bare.battle.log
    ]
    assert lost.lost  # a unit of the battle lost some strength


def test_strength_lost_counts_every_drop_a_recovered_unit_too() -> None:
    """A wargaming-introduttivo unit prone (damage 1 of 3: a third of its strength),
    recovered (WI-5), prone again, then taken off: 1/3 + 1/3 + 2/3 lost; the recovery is
    no loss but strength won back, and the other side lost nothing."""
    system = get_system(WI)
    session = Session(system, system.demo_setup())
    battle = session.battle
    unit = next(u for u in battle.units.values() if u.side == "red")
    lost = StrengthLost(system)
    lost.see(battle)
    for damage in (1, 0, 1):
        battle.set(unit, "damage", damage)
        lost.see(battle)
    battle.remove(unit)
    lost.see(battle)
    assert lost.lost == {"red": pytest.approx(4 / 3)}
    assert lost.won == {"red": pytest.approx(1 / 3)}


def test_strikes_and_charges_keys_are_the_systems_own() -> None:
    """Each key the figures count is one its system asks (a renamed prompt would leave
    a figure at 0 unseen), and no save, escape or wound roll is a strike."""
    root = Path(__file__).resolve().parents[2] / "skirmtui" / "systems"
    for system_id, keys in KEYS.items():
        source = "".join(
            p.read_text(encoding="utf-8")
            for p in (root / system_id.replace("-", "_")).rglob("*.py")
        )
        for key in keys.strikes | keys.charges:
            # wargaming-introduttivo names its melee's questions f"{what}.target"
            _, tail = key.split(".")
            assert f'"{key}"' in source or f'}}.{tail}"' in source, (system_id, key)
        assert not keys.strikes & {"armour.save", "assault.escape", "wound.roll"}
    assert set(KEYS) == set(systems())


def test_regole_base_strikes_are_its_hit_rolls_of_its_attack_rolls() -> None:
    """regole-base's attack rolls count the defender's armour saves, escape Confronti and
    wound rolls at the enemy: its strikes are the hit rolls alone, its charges each
    charge's reach asked once."""
    sides = [s.id for s in two_sides(RB).sides]
    session, _ = one_battle(RB, 3, {sides[0]: "balanced", sides[1]: "random"}, [])
    battle = session.battle
    strikes, charges = strikes_and_charges(RB, battle, sides[0])
    log = [e for e in battle.log if e.side == sides[0]]
    assert strikes == sum(
        1 for e in log if e.kind == "roll" and e.key in {"melee.hit", "shoot.hit"}
    )
    assert charges == sum(1 for e in log if e.key == "assault.reach") > 0
    tally = Tally()
    _count(session, sides[0], tally)
    assert 0 < strikes < tally.attacks


def test_a_charge_called_off_is_no_charge() -> None:
    """pequenas-guerras' "charges which enemy unit?" offers "Choose another action": the
    cautious one took it twice in this battle, then charged twice; each charge is one
    reach question to the table (what crosses its path), a charge called off none."""
    sides = [s.id for s in two_sides(PG).sides]
    session, _ = one_battle(PG, 500, {sides[0]: "cautious", sides[1]: "random"}, [])
    log = [e for e in session.battle.log if e.side == sides[0]]
    called_off = sum(1 for e in log if e.key == "charge.target" and e.target is None)
    reaches = sum(1 for e in log if e.key == "charge.path")
    assert called_off > 0
    assert strikes_and_charges(PG, session.battle, sides[0])[1] == reaches > 0


def test_regole_base_moves_made_and_held_are_its_movement_answers() -> None:
    """Each Movement-phase activation of a model not fleeing is a move made or held: for
    the app's side, its moves answered (a simple move, a march, a run) and its passes
    and reloads; none counted in a system without them."""
    sides = [s.id for s in two_sides(RB).sides]
    session, _ = one_battle(RB, 3, {sides[0]: "balanced", sides[1]: "random"}, [])
    battle = session.battle
    made, held = moves_and_held(RB, battle, sides[0])
    does = [
        str(e.value).rpartition("|")[2]
        for e in battle.log
        if e.side == sides[0] and e.key in {"move.which", "move.mode"}
    ]
    stays = [d for d in does if d == "pass" or d.startswith("reload:")]
    assert held == len(stays) > 0
    assert made == len([d for d in does if d != "flee"]) - len(stays) > 0
    assert sum(moves_and_held(RB, battle, sides[1])) > 0  # the table's side: counted too
    cg = [s.id for s in two_sides(CG).sides]
    other, _ = one_battle(CG, 3, {cg[0]: "balanced", cg[1]: "random"}, [])
    assert moves_and_held(CG, other.battle, cg[0]) == (0, 0)


def test_pequenas_guerras_moves_made_and_held_are_its_actions() -> None:
    """Each activation's action, the last one answered (a charge called off is chosen
    again): Advance, Rush and Charge move the unit, Hold, Take Cover and Overwatch do
    not, a stunned unit's recovery is neither."""
    sides = [s.id for s in two_sides(PG).sides]
    session, _ = one_battle(PG, 3, {sides[0]: "cautious", sides[1]: "random"}, [])
    log = session.battle.log
    made, held = moves_and_held(PG, session.battle, sides[1])
    actions: list[str] = []
    for e in log:
        if e.side == sides[1] and e.key == "activate.action":
            actions.append(str(e.value).rpartition("|")[2])
        elif e.side == sides[1] and e.key == "action.choose":
            actions[-1] = str(e.value)
    assert made == sum(a in ("advance", "rush", "charge") for a in actions) > 0
    assert held == sum(a in ("hold", "cover", "overwatch") for a in actions) > 0
    assert made + held < len(actions)  # a recovery (seed 3: blue1, stunned)
    made, held = moves_and_held(PG, session.battle, sides[0])
    assert held > made  # the cautious one holds its ground


def test_a_figure_the_system_does_not_count_is_a_dash() -> None:
    """Won back only where the rules have a recovery, moves made and held only where
    `moves_and_held` reads them (`KEYS`): elsewhere "—", not a measured 0.0 ± 0.0."""
    sums = {name: 0.0 for name in ai_style.COUNTS}
    sums.update(battles=2, moves=4, moves_sq=8, held=2, held_sq=2)
    cg = ai_style.style_line(2, sums, CG)
    assert "won back —, moves made —, held —" in cg and "strength lost 0.00 ± 0.00" in cg
    assert "won back 0.00 ± 0.00, moves made —, held —" in ai_style.style_line(2, sums, WI)
    assert "won back —, moves made 2.0 ± 0.0, held 1.0 ± 0.0" in ai_style.style_line(2, sums, PG)
    assert {RB, PG} == ai_style.MOVES


def test_the_bench_and_the_app_read_an_action_s_move_alike() -> None:
    """One helper (`actions.moves_unit`): what `stays` calls leaving a unit where it is,
    the bench counts held; what moves it, a move made; a recovery is neither."""
    system = get_system(PG)
    for key, unit in (("activate.action", "red1|"), ("action.choose", "")):
        prompt = Choose(key=key, text="which action?", options=())
        for action in (*pg_actions.ACTIONS, pg_actions.RECOVER):
            moves = pg_actions.moves_unit(unit + action)
            assert system.stays(prompt, unit + action) == (moves is False)
            assert (moves is None) == (action == pg_actions.RECOVER)
