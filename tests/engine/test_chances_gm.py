"""The chance-to-win play-outs (turning points, the luck screen's chart) start from the
battle as the session played it: a GM entry made while a step waited, counting from the
step's start, plays that step again (docs/architecture.md). Replayed where it stood
instead, the step's later answers were refused (the play-outs failed) or took another
course (the estimates were of another battle)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from skirmtui.engine.core.items import GM_KEYS
from skirmtui.engine.core.runner import Runner
from skirmtui.engine.core.session import Session
from skirmtui.engine.report.chances import (
    DRAW,
    MAX_PLAYOUT_ANSWERS,
    chances,
    losing_answers,
    starts,
)
from skirmtui.engine.report.turning import turning
from skirmtui.engine.store.saves import save_session
from tests.engine.test_cli import run
from tests.property.playing import random_play
from tests.property.test_every_system import random_gm_entry, short_battle

PLAYOUTS = 3
#: Played with a GM stepping in mid-step: in each, an entry plays its step again and a
#: unit is lost; replayed without playing the step again, a later answer of each was
#: refused (regole-base: 'assault.winners' where the rules ask 'wound.roll'), so the
#: play-outs failed. (Of 40 such battles a system, seeds 0-39, replayed so: 22
#: regole-base, 13 combattimento-gdr, 13 pequenas-guerras, 10 cape-et-epee and 7
#: wargaming-introduttivo ones failed that way; the others gave the same points.)
BATTLES = [("regole-base", 4), ("combattimento-gdr", 16)]


def _battle(system_id: str, seed: int) -> Session:
    system, setup, _ = short_battle(system_id, (seed, 2, 0))
    session = Session(system, setup)
    for _ in random_play(session, random.Random(seed), random_gm_entry, 0.04, 600):
        pass
    return session


def _shares_from_the_session(session: Session, at: int) -> dict[str, float]:
    """The play-outs from where the session itself stood `at` entries in (its own
    `step_start`), with the RNGs `chances` uses."""
    prefix = Session(session.system, session.setup, session.items[:at])
    battle, consumed = prefix.step_start()
    assert consumed == at
    wins = dict.fromkeys([*(s.id for s in session.setup.sides), DRAW], 0)
    for playout in range(PLAYOUTS):
        rng = random.Random(session.setup.seed * 1_000_003 + playout)
        runner = Runner(session.system, battle.clone(), consumed)
        answered = 0
        while runner.prompt is not None and answered < MAX_PLAYOUT_ANSWERS:
            runner.answer_random(rng)
            answered += 1
        result = runner.battle.result
        winner = result.winner if result is not None and result.winner else DRAW
        wins[winner if winner in wins else DRAW] += 1
    return {k: v / PLAYOUTS for k, v in wins.items()}


def _replayed_steps(session: Session) -> int:
    """How many GM entries played their step again (a restart logs the step anew)."""
    return sum(
        1
        for i, entry in enumerate(session.battle.log[1:], 1)
        if entry.answer is not None
        and session.battle.log[i - 1].answer is not None
        and entry.answer < session.battle.log[i - 1].answer  # type: ignore[operator]
    )


@pytest.mark.parametrize(("system_id", "seed"), BATTLES, ids=[s for s, _ in BATTLES])
def test_play_outs_start_where_the_session_stood(system_id: str, seed: int) -> None:
    session = _battle(system_id, seed)
    assert any(item.key in GM_KEYS for item in session.items)
    assert _replayed_steps(session) > 0, "no GM entry played its step again"
    losing = losing_answers(session.battle)
    assert losing
    points = starts(session, losing)
    found = chances(session, PLAYOUTS, losses=True)
    assert len(found) >= len(points) > 0
    for point, chance in zip(points, found, strict=False):
        assert chance.chances == _shares_from_the_session(session, point.at), point.at
    assert list(turning(session, PLAYOUTS).points) == found


def test_the_report_of_such_a_battle_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`export --format md` plays out its turning points: it stopped with a traceback."""
    path, out = tmp_path / "gm.toml", tmp_path / "gm.md"
    save_session(_battle(*BATTLES[0]), path, "2026-01-01T00:00:00Z")
    code, _, err = run(capsys, "export", str(path), "--format", "md", "--playouts", "2",
                       "-o", str(out))  # fmt: skip
    assert (code, err) == (0, "")
    assert "## Turning points" in out.read_text(encoding="utf-8")
