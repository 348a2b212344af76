"""Issue 27: the turning points are the moments that moved the chance to win most (from
random play-outs at each round's start and just after each answer that took a unit
off), one source for the Markdown report, the HTML page and the review."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.engine.core.session import Session
from skirmtui.engine.report.chances import DRAW, RoundChance, losing_answers
from skirmtui.engine.report.report import markdown_report
from skirmtui.engine.report.turning import biggest_moves, section, turn_lines, turning
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems
from tests.systems import rb_helpers as rb
from tests.systems.scripting import play

EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"


def _example(name: str) -> Session:
    return load_session(EXAMPLES / f"{name}.toml", systems())[0]


def _point(
    red: float, playouts: int = 200, after: tuple[int, ...] = (), start: bool = True
) -> RoundChance:
    return RoundChance(1, {"red": red, "blue": 1 - red, DRAW: 0.0}, playouts, start, after)


def test_points_are_each_rounds_start_and_after_each_answer_that_took_a_unit_off() -> None:
    session = _example("pequenas-guerras")
    found = turning(session, 2)
    assert found == turning(session, 2)  # deterministic for a save and a playout count
    starts = [c.round for c in found.points if c.start]
    assert starts == list(range(1, session.battle.round + 1))
    covered = [a for c in found.points for a in c.after]
    assert sorted(covered) == covered == sorted(losing_answers(session.battle))
    assert found.points[-1].playouts == 0  # the result, exact
    assert found.rounds == [c for c in found.points if c.start] + [found.points[-1]]


def test_the_biggest_moves_beyond_their_margin_in_the_order_they_happened() -> None:
    # red: 50 → 45 (noise) → 90 (a loss at answer 7) → 20 (the rest of the round) → 10 → 0
    points = [
        _point(0.5),
        _point(0.45, after=(3,), start=False),
        _point(0.9, after=(7,), start=False),
        _point(0.2),
        _point(0.1),
        _point(0.0, playouts=0, start=False),
    ]
    moves = biggest_moves(points, ["red", "blue"], most=2)
    assert [(m.side, round(m.change, 2)) for m in moves] == [("red", 0.45), ("blue", 0.7)]
    assert moves[0].answers == (7,) and moves[1].answers == () and moves[1].since_loss
    every = biggest_moves(points, ["red", "blue"], most=10)
    assert (3,) not in [m.answers for m in every]  # -5 points is within ±~10: left out
    assert [m.answers for m in every][-1] == ()  # the last stretch ends at the result
    assert every[-1].margin == pytest.approx(1.96 * (0.1 * 0.9 / 200) ** 0.5)  # result: exact


def test_a_wipe_out_in_round_1_is_the_turning_point_that_takes_the_winner_to_100() -> None:
    """A model of R 1 against a sure kill (regole-base): the wound roll is the moment."""
    s = rb.session({"red": [rb.model("A", r=1)], "blue": [rb.model("B", weapons="Ascia")]})
    rb.initiative(s, 6, 1)
    play(s, ("move.mode", "simple"), ("move.within_1", True), ("melee.hit", (3, 3)))
    play(s, ("wound.roll", (3, 3)))
    found = turning(s, 30)
    (turn,) = found.turns
    assert turn.side == "blue" and turn.after == 1.0 and turn.before < 1.0
    assert turn.answers == tuple(losing_answers(s.battle)) == (len(s.items) - 1,)
    (line,) = turn_lines(s.battle, found)
    assert line.startswith("Round 1: A (Red) was destroyed by B (Blue): free attack with Ascia")
    assert f"Blue's chance to win rose from {turn.before:.0%} to 100%" in line


def test_the_markdown_report_says_how_the_chance_was_found_and_its_margin() -> None:
    session = _example("regole-base")
    found = turning(session, 6)
    text = markdown_report(session, session.system.summary(session.battle), found)
    told = text.split("## Turning points\n", 1)[1].split("\n## ", 1)[0]
    assert "6 random play-outs" in told and f"±{100 * found.margin:.0f} points" in told
    assert sum(line.startswith("- ") for line in told.splitlines()) == len(found.turns) <= 5
    assert "Not estimated" in "\n".join(section(session.battle, None))
    assert "Not estimated" in "\n".join(section(session.battle, turning(session, 0)))


@pytest.mark.parametrize(("name", "playouts"), [("pequenas-guerras", 4), ("regole-base", 20)])
def test_the_turning_points_read_as_the_narrative_does(name: str, playouts: int) -> None:
    """The wording test's bad shapes (issue 27, point 2) are not in these sentences
    either; a margin of one point is `1 point`."""
    from tests.engine.test_wording import _labels, bad_shapes

    session = _example(name)
    found = turning(session, playouts)
    told = turn_lines(session.battle, found)
    assert told
    labels = _labels(session.battle)
    for line in [*told, *section(session.battle, found)]:
        assert bad_shapes(line, labels) == [], line
    from skirmtui.engine.report.turning import _points

    assert (_points(0.01), _points(0.2)) == ("1 point", "20 points")


def test_a_loss_at_a_rounds_end_is_told_in_its_round() -> None:
    """A point both after a loss and at the next round's start: the loss belongs to the
    round it happened in, and the next stretch is that whole round, not "the rest"."""
    points = [
        _point(0.5),
        RoundChance(2, {"red": 0.9, "blue": 0.1, DRAW: 0.0}, 200, True, (7,)),
        _point(0.1, start=False, playouts=0),
    ]
    first, second = biggest_moves(points, ["red", "blue"])
    assert (first.round, first.answers, first.since_loss) == (1, (7,), False)
    assert (second.round, second.answers, second.since_loss) == (2, (), False)
