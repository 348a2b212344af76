"""The app's decision for a side it plays: every legal answer scored, the best taken.

Legal answers only (the prompt's enabled options, yes/no, a multi-select's candidates);
each is looked ahead (lookahead.py) and scored by the persona: expected score, plus
`risk` times its spread, plus `bold` for doing something rather than passing, plus
`hold` for an answer that leaves its unit where it is (`system.stays`), plus `closing`
times what an answer that does nothing keeps for later (`system.closes`). An
answer the search's share of the budget cut before it saw what it leads to is looked
into again with more (`EXTRA`); one still not seen does not win against one seen.
Deterministic given the battle: a tie goes to an answer that does nothing (pass, done),
else is broken by an RNG seeded from the battle's seed and the answer's position, so
the same battle gets the same moves. `random` personas answer at random, seeded so too.
"""

from __future__ import annotations

import math
import random

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.items import BY_AI
from skirmtui.engine.core.prompts import AnswerValue, Prompt
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.answers import answers_of, passive
from skirmtui.engine.play.lookahead import BUDGET, Search
from skirmtui.engine.play.outlook import Outlook
from skirmtui.engine.play.personas import Persona, persona
from skirmtui.engine.play.reasons import Tie, reason_words
from skirmtui.engine.play.sides import app_persona, side_of

#: The value of a whole chance of success of the roll an option leads to (ties apart).
CHANCE = 0.02
#: Scores closer than this are a tie.
_TIE = 1e-9
#: Scores but for the chance term closer than this are alike (`_by_chance`).
_ALIKE = 1e-9
#: The budget an answer the search did not see through (`Outlook.seen`) is looked into
#: again with, when it would otherwise win; at most `AGAIN` answers a decision.
EXTRA = BUDGET // 4
AGAIN = 2


@frozen_record
class Considered:
    """One legal answer the app weighed: its words, what it expects, its score."""

    value: AnswerValue
    label: str
    outlook: Outlook | None
    score: float
    chosen: bool = False
    #: An answer that does nothing (pass, hold, done): what it expects comes after it.
    passive: bool = False
    #: An answer that leaves its unit where it is (`system.stays`), passive or not:
    #: what closes in after it is not its own (words only).
    still: bool = False
    #: What it keeps for later though it does nothing (`system.closes`): its own
    #: closing in, weighed by `closing` (words: the Why? screen names it).
    kept: float = 0.0
    #: The persona's `hold` added to its score: its unit stays where it is (words).
    held: float = 0.0


@frozen_record
class Decision:
    """What the app answers, as which persona, with its short reason and the whole why."""

    value: AnswerValue
    #: The persona that decided, weights and all (the Why? screen names them).
    who: Persona
    side: str
    reason: str
    question: str
    considered: tuple[Considered, ...] = ()
    #: The system's words for its own way of winning (`standing_words`), "" if none.
    standing: str = ""

    @property
    def persona(self) -> str:
        """The deciding persona's name (the save's, the log's)."""
        return self.who.name


@frozen_record
class Question:
    """What a decision needs, taken from the session in a moment (`prepare`), so the
    thinking (`think`) may run in another thread while the session stays free: the
    battle where the step began (a private copy), the answers since, the answers legal
    now with their words and passiveness."""

    prompt: Prompt
    persona: Persona
    side: str
    #: How many answers the session held: a decision is for this position only.
    length: int
    answers: tuple[tuple[AnswerValue, str, bool], ...]
    search: Search | None
    seed: int
    #: What an answer that does nothing keeps for later all the same (`system.closes`),
    #: by answer, for a persona that weighs `closing`.
    closes: dict[AnswerValue, float] = records.field(factory=dict)


def prepare(session: Session, as_persona: str | None = None) -> Question | None:
    """The pending question if the app answers it (None: the table does); `as_persona`:
    as another persona would see it (what would the cautious one do here?)."""
    prompt, battle = session.prompt, session.battle
    name = app_persona(session.system, battle, prompt)
    if name is None or prompt is None:
        return None
    name = as_persona or name
    side = side_of(battle, prompt)
    assert side is not None
    who = persona(session.system.id, name)
    answers = tuple((v, prompt.describe(v), passive(prompt, v)) for v in answers_of(prompt))
    search = None
    if not who.random and len(answers) > 1:
        base, consumed = session.step_start()
        # Not round in circles: an answer given to this very question since anything
        # last happened led back to it (a charge whose target the app then cancelled):
        # the app weighs the others (its look-ahead, a step shallower there, saw more).
        tried = _tried(battle, prompt)
        answers = tuple(a for a in answers if a[0] not in tried) or answers
        tail = list(session.items[consumed:])
        # The enemy's reply is weighed from the position the decision is taken in.
        exposed = session.system.exposure(battle, side)
        search = Search(
            session.system, base, consumed, tail, side, who, exposed=exposed, actor=prompt.actor
        )
    seed = session.setup.seed * 7_919 + len(session.items) + 1
    closes: dict[AnswerValue, float] = {}
    if search is not None and who.closing:
        found = ((v, session.system.closes(battle, prompt, v)) for v, _, quiet in answers if quiet)
        closes = {v: kept for v, kept in found if kept}
    return Question(prompt, who, side, len(session.items), answers, search, seed, closes)


def _tried(battle: Battle, prompt: Prompt) -> set[AnswerValue]:
    """The app's answers to this same question (key and words) in the run of its own
    decisions that changed nothing, just before it (no roll, no effect, no other
    answer between: what was answered there was taken back)."""
    said = f"{prompt.text} → "
    tried: set[AnswerValue] = set()
    for entry in reversed(battle.log):
        if entry.effects or entry.kind == "roll":
            break
        if entry.answer is None:
            continue
        if entry.by != BY_AI:
            break
        if entry.key == prompt.key and entry.text.startswith(said):
            tried.add(entry.value)
    return tried


def think(question: Question) -> Decision:
    """The decision for a prepared question (reads nothing of the session)."""
    prompt, who = question.prompt, question.persona
    rng = random.Random(question.seed)
    if who.random:
        value = prompt.random_answer(rng)
        return Decision(value, who, question.side, "at random", prompt.text)
    if question.search is None:
        value, label, _ = question.answers[0]
        only = (Considered(value, label, None, 0.0, True),)
        return Decision(value, who, question.side, "the only choice", prompt.text, only)
    scored = _score(question.search, prompt, who, question.answers, question.closes)
    # Not seen through (the budget cut it before its roll, say: valued as if nothing
    # happened): it competes only when no answer was seen.
    seen = [c for c in scored if _seen(c)] or scored
    best = max(c.score for c in seen)
    tied = [c for c in seen if c.score >= best - _TIE]
    # Between options worth the same, one that does nothing (pass, hold, done) first:
    # doing something that brings nothing is no reason to act.
    quiet = [c for c in tied if c.passive]
    among = quiet or tied
    pick = among[0] if len(among) == 1 else rng.choice(among)
    # The reason says how the tie went, and what the better chance alone won over.
    some_quiet = len(quiet) if len(quiet) < len(tied) else 0
    how = Tie(len(tied), some_quiet, len(scored), _by_chance(pick, seen))
    considered = tuple(records.evolve(c, chosen=c is pick) for c in scored)
    words = question.search.system.standing_words
    holds = _hold_decided(pick, seen)
    reason = reason_words(pick.outlook, pick.still, how, words, seeks=who.attack > 0, holds=holds)
    return Decision(pick.value, who, question.side, reason, prompt.text, considered, words)


def decide(session: Session, as_persona: str | None = None) -> Decision | None:
    """The app's answer to the pending prompt, or None when the table answers it."""
    question = prepare(session, as_persona)
    return None if question is None else think(question)


def _score(
    search: Search,
    prompt: Prompt,
    who: Persona,
    answers: tuple[tuple[AnswerValue, str, bool], ...],
    closes: dict[AnswerValue, float],
) -> list[Considered]:
    share = max(BUDGET // len(answers), 24)
    out = [_weigh(search, prompt, who, a, share, closes.get(a[0], 0.0)) for a in answers]
    # What the share cut before it saw anything, and would win as it stands: again, with
    # more budget (best first), so that a good answer with a long reach still wins.
    best_seen = max((c.score for c in out if _seen(c)), default=-math.inf)
    ahead = [c for c in out if not _seen(c) and c.score > best_seen]
    for c in sorted(ahead, key=lambda c: -c.score)[:AGAIN]:
        at = out.index(c)
        answer = next(a for a in answers if a[0] == c.value)
        out[at] = _weigh(search, prompt, who, answer, EXTRA, closes.get(c.value, 0.0))
    return out


def _weigh(
    search: Search,
    prompt: Prompt,
    who: Persona,
    answer: tuple[AnswerValue, str, bool],
    budget: int,
    kept: float = 0.0,
) -> Considered:
    """One answer looked ahead with `budget` and scored by the persona; `kept`: what it
    keeps for later though it does nothing (`system.closes`), its own closing in."""
    value, label, does_nothing = answer
    search.budget = budget
    outlook = search.outlook(prompt.key, value)
    if kept:
        outlook = records.evolve(outlook, closing=outlook.closing + kept)
    score = outlook.score + who.risk * outlook.spread + who.closing * kept
    score += 0.0 if does_nothing else who.bold
    stays = search.system.stays(prompt, value)
    held = who.hold if stays else 0.0
    score += held  # its unit stays where it is (the system's `stays`)
    # Between options otherwise alike: the better chance of doing what it tries.
    score += CHANCE * (outlook.chance or 0.0)
    # What closes in after an answer that leaves its unit where it is is not its own,
    # unless it keeps it for later (`kept`).
    still = (does_nothing and not kept) or stays
    return Considered(value, label, outlook, score, False, does_nothing, still, kept, held)


def _hold_decided(pick: Considered, seen: list[Considered]) -> bool:
    """Whether the persona's `hold` chose the answer: without it an answer that moves
    would have scored as much or more. Its reason says "holds its ground" then only, not
    for a pass that won by its own worth (a charge at a loss declined)."""
    if not pick.held:
        return False
    moving = [c.score for c in seen if not c.held]
    return bool(moving) and max(moving) >= pick.score - pick.held - _TIE


def _seen(c: Considered) -> bool:
    return c.outlook is None or c.outlook.seen


def _by_chance(pick: Considered, seen: list[Considered]) -> int:
    """How many answers `pick` beat by its better chance to succeed alone (`CHANCE`):
    worth less than it, the same but for that term."""

    def rest(c: Considered) -> float:
        return c.score - CHANCE * (c.outlook.chance or 0.0 if c.outlook else 0.0)

    mine = rest(pick)
    return sum(1 for c in seen if c.score < pick.score - _TIE and abs(rest(c) - mine) <= _ALIKE)


def play(session: Session) -> Decision | None:
    """Answer the pending prompt for the app if it is its to answer; the decision made."""
    decision = decide(session)
    if decision is not None:
        session.decide(decision.value, decision.persona, decision.reason)
    return decision
