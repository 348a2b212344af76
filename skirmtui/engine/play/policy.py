"""The app's decision for a side it plays: every legal answer scored, the best taken.

Legal answers only (the prompt's enabled options, yes/no); each is looked ahead
(lookahead.py) and scored by the persona: expected score, plus `risk` times its spread,
plus `bold` for doing something rather than passing. Deterministic given the battle:
ties are broken by an RNG seeded from the battle's seed and the answer's position, so
the same battle gets the same moves. `random` personas answer at random, seeded so too.
"""

from __future__ import annotations

import random

from skirmtui.engine.core.prompts import AnswerValue, Ask, Choose, Prompt
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.lookahead import BUDGET, Outlook, Search
from skirmtui.engine.play.personas import Persona, persona
from skirmtui.engine.play.sides import app_persona, side_of

#: Scores closer than this are a tie.
_TIE = 1e-9


@frozen_record
class Considered:
    """One legal answer the app weighed: its words, what it expects, its score."""

    value: AnswerValue
    label: str
    outlook: Outlook | None
    score: float
    chosen: bool = False


@frozen_record
class Decision:
    """What the app answers, as which persona, with its short reason and the whole why."""

    value: AnswerValue
    persona: str
    side: str
    reason: str
    question: str
    considered: tuple[Considered, ...] = ()


def rng_for(session: Session) -> random.Random:
    """The decision's RNG: fixed by the battle's seed and the answer's position."""
    return random.Random(session.setup.seed * 7_919 + len(session.items) + 1)


def answers_of(prompt: Prompt) -> list[AnswerValue]:
    """Every legal answer of a decision, in the prompt's order."""
    if isinstance(prompt, Choose):
        return [o.value for o in prompt.enabled()]
    if isinstance(prompt, Ask):
        if prompt.yes_no:
            return [True, False]
        assert prompt.minimum is not None and prompt.maximum is not None
        return list(range(prompt.minimum, prompt.maximum + 1))
    return []


def _passive(prompt: Prompt, value: AnswerValue) -> bool:
    if isinstance(prompt, Choose):
        option = prompt.option(str(value))
        return option is not None and option.passive
    return value is False or value == 0


def decide(session: Session) -> Decision | None:
    """The app's answer to the pending prompt, or None when the table answers it."""
    prompt, battle = session.prompt, session.battle
    name = app_persona(session.system, battle, prompt)
    if name is None or prompt is None:
        return None
    side = side_of(battle, prompt)
    assert side is not None
    who = persona(session.system.id, name)
    rng = rng_for(session)
    answers = answers_of(prompt)
    if who.random:
        value = prompt.random_answer(rng)
        return Decision(value, name, side, "at random", prompt.text)
    if len(answers) == 1:
        label = prompt.describe(answers[0])
        only = (Considered(answers[0], label, None, 0.0, True),)
        return Decision(answers[0], name, side, "the only choice", prompt.text, only)
    scored = _score(session, prompt, side, who, answers)
    best = max(c.score for c in scored)
    tied = [c for c in scored if c.score >= best - _TIE]
    pick = tied[0] if len(tied) == 1 else rng.choice(tied)
    considered = tuple(Considered(c.value, c.label, c.outlook, c.score, c is pick) for c in scored)
    return Decision(pick.value, name, side, _reason(pick, len(tied)), prompt.text, considered)


def _score(
    session: Session, prompt: Prompt, side: str, who: Persona, answers: list[AnswerValue]
) -> list[Considered]:
    base, consumed = session.step_start()
    search = Search(session.system, base, consumed, list(session.items[consumed:]), side, who)
    share = max(BUDGET // len(answers), 24)
    out = []
    for value in answers:
        search.budget = share
        outlook = search.outlook(prompt.key, value)
        score = outlook.score + who.risk * outlook.spread
        score += 0.0 if _passive(prompt, value) else who.bold
        out.append(Considered(value, prompt.describe(value), outlook, score))
    return out


def _reason(pick: Considered, tied: int) -> str:
    """The log's short reason: what the chosen answer is expected to bring."""
    o = pick.outlook
    if o is None:
        return "the only choice"
    parts = []
    if o.chance is not None:
        parts.append(f"{o.chance:.0%} to succeed")
    if o.kill >= 0.005:
        parts.append(f"{o.kill:.0%} to take a unit off")
    if o.lose >= 0.005:
        parts.append(f"{o.lose:.0%} to lose one")
    if not parts:
        parts.append("no loss expected" if o.taken < 0.005 else f"risks {o.taken:.1f}")
    tie = f", tie of {tied} broken by the seed" if tied > 1 else ""
    return f"score {pick.score:.2f}: " + ", ".join(parts) + tie


def play(session: Session) -> Decision | None:
    """Answer the pending prompt for the app if it is its to answer; the decision made."""
    decision = decide(session)
    if decision is not None:
        session.decide(decision.value, decision.persona, decision.reason)
    return decision
