"""The short reason of the app's decision says how a tie went (issue 26, point 5).

Seen in tmux at 80x24: a reason led with a figure every answer shared ("deals 0.13,
tie of 4 broken by the seed"; "no loss expected" where the answer that does nothing
won a tie, nothing said): a figure the others have too is not why this one won.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from skirmtui.engine.core.session import Session
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.policy import Decision, decide
from skirmtui.engine.play.why import option_words, why_lines
from skirmtui.systems.registry import get_system


def decisions(system_id: str, answers: int, seed: int = 1) -> Iterator[Decision]:
    """The app's decisions for the demo's first side (balanced), the rest at random."""
    system = get_system(system_id)
    session = Session(system, system.demo_setup())
    side = system.demo_setup().sides[0].id
    let_app_play(session, {side: "balanced"})
    rng = random.Random(seed)
    for _ in range(answers):
        if session.prompt is None:
            break
        decision = decide(session)
        if decision is None:
            session.answer(session.prompt.random_answer(rng))
        else:
            yield decision
            session.decide(decision.value, decision.persona, decision.reason)


def best(decision: Decision) -> list[float]:
    top = max(c.score for c in decision.considered)
    return [c.score for c in decision.considered if c.score >= top - 1e-9]


def test_a_tie_of_every_answer_says_so_not_a_figure() -> None:
    made = list(decisions("combattimento-gdr", 120))
    every = [d for d in made if len(d.considered) > 1 and len(best(d)) == len(d.considered)]
    assert every
    for d in every:
        n = len(d.considered)
        said = "both answers" if n == 2 else f"all {n} answers"
        assert d.reason.startswith(f"{said} worth the same ("), d.reason
        assert d.reason.endswith(("picked by the battle's seed", "does nothing taken"))


def test_a_tie_of_some_says_how_it_was_broken() -> None:
    made = list(decisions("combattimento-gdr", 120))
    some = [d for d in made if 1 < len(best(d)) < len(d.considered)]
    assert some
    for d in some:
        assert f"; tie of {len(best(d))}: " in d.reason, d.reason
        marks = [line for line in why_lines(d, "Red") if line.endswith(" — tied")]
        assert len(marks) == len(best(d)) - 1  # the Why? screen marks the others tied
        tied = [c for c in d.considered if c.score >= min(best(d))]
        chosen = next(c for c in tied if c.chosen)
        if chosen.passive and not all(c.passive for c in tied):  # the quiet one first
            assert "that do" in d.reason or d.reason.endswith("does nothing taken"), d.reason


def test_an_answer_that_does_nothing_closes_nothing_in_itself() -> None:
    """Seen in tmux (regole-base): a "Pass" whose reason said "closing in -0.38", as if
    the model closed in; the table reads the reason as its cue to move the app's model
    (docs/rules/regole-base.md, "Who moves the app's models"). What closes in after a
    pass is the moves looked ahead after it."""
    for d in decisions("regole-base", 200):
        chosen = next(c for c in d.considered if c.chosen)
        if chosen.passive and chosen.outlook and abs(chosen.outlook.closing) >= 0.005:
            assert " after it" in d.reason.split("closing in ")[1].split(",")[0], d.reason
            assert "after it" in why_lines(d, "Armigeri")[1]  # the Why? screen's answer
            assert "not this answer's: it moves nothing" in option_words(chosen)
            break
    else:
        raise AssertionError("no answer that does nothing had a closing in")


def test_a_pass_in_a_one_answer_list_closes_nothing_in_itself() -> None:
    """regole-base's "which model moves? (and how)" → "Armigero 2 — Pass" (`red3|pass`)
    is not marked as doing nothing (the app's players weigh it as they always did), yet
    the model stays: `system.stays` says so to the words, "closing in … after it"."""
    for d in decisions("regole-base", 300):
        chosen = next(c for c in d.considered if c.chosen)
        moved = chosen.outlook is not None and abs(chosen.outlook.closing) >= 0.005
        if moved and not chosen.passive and str(chosen.value).endswith("|pass"):
            assert chosen.still
            assert " after it" in d.reason.split("closing in ")[1].split(",")[0], d.reason
            assert "not this answer's: it moves nothing" in option_words(chosen)
            break
    else:
        raise AssertionError("no pass in the one-answer list had a closing in")
