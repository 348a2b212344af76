"""A decision of the app in words: the options it weighed, their scores, the odds.

`why_lines` is what the "Why?" screen shows (the GM's; the players' view shows the
decision and its short reason only). Plain text: no markup, labels made safe.
"""

from __future__ import annotations

from itertools import pairwise

from skirmtui.engine.core.session import Session
from skirmtui.engine.core.text import safe
from skirmtui.engine.play.lookahead import RESULT
from skirmtui.engine.play.personas import WEIGHTS, Persona
from skirmtui.engine.play.policy import Considered, Decision, decide


def option_words(c: Considered, standing: str = "") -> str:
    """`58% to succeed (Capitano attacks Barbaro); 31% to take a unit off, 5% to lose one;
    deals 0.40, risks 0.10` — what the option is expected to bring; `standing`: the
    system's words for its own way of winning, with what the option gains of it."""
    o = c.outlook
    if o is None:
        return "nothing else could be answered"
    parts = []
    if o.chance is not None:
        roll = f" ({safe(o.roll)})" if o.roll else ""
        parts.append(f"{o.chance:.0%} to succeed{roll}")
    parts.append(f"{o.kill:.0%} to take a unit off, {o.lose:.0%} to lose one")
    parts.append(f"deals {o.dealt:.2f}, risks {o.taken:.2f}")
    if standing and abs(o.gained) >= 0.005:
        parts.append(f"{standing} {o.gained:+.2f}")
    if c.kept:  # its own though it does nothing: what it keeps for later
        parts.append(
            f"closing in {o.closing:+.2f} (kept for later: the attack its unit keeps by "
            "doing nothing now, if the table says it reaches)"
        )
    elif abs(o.closing) >= 0.005 and c.still:  # not its own: it does not move
        parts.append(
            f"closing in {o.closing:+.2f} after it (not this answer's: it moves nothing; "
            "the charges the side's moves looked ahead after it bring within reach, or "
            "use up, if the table says they reach)"
        )
    elif abs(o.closing) >= 0.005:
        parts.append(
            f"closing in {o.closing:+.2f} (moved toward the nearest enemy: the charge "
            "its move brings within reach, if the table says it reaches)"
        )
    if c.held:
        parts.append(f"holds its ground {c.held:+.2f} (the persona's: its unit stays put)")
    if abs(o.reply) >= 0.005:
        more = "more" if o.reply > 0 else "less"
        parts.append(f"the enemy's best reply takes {abs(o.reply):.2f} {more}")
    if o.attacks >= 0.005:
        parts.append(f"{o.attacks:.2f} attack rolls at the enemy")
    if o.spread >= 0.005:
        parts.append(f"spread {o.spread:.2f}")
    if not o.seen:
        parts.append(
            f"{o.cut:.0%} of it not seen (the search's budget ran out before its outcome): "
            "it does not win over an answer seen through"
        )
    return "; ".join(parts)


def persona_words(who: Persona) -> str:
    """`cautious — keeps its units alive first… Its weights: kill 2, keep 2.5, …`: the
    weights behind every score below, those it sets (data/personas.toml says what each
    is), so that a reader sees why "closing in +0.08" counts for more in one persona's
    score than in another's."""
    weights = [f"{name} {getattr(who, name):g}" for name in WEIGHTS if getattr(who, name)]
    about = f" — {who.about}" if who.about else ""
    weighs = ", ".join(weights) if weights else "none"
    return f"{who.name}{about}. Its weights: {weighs}; a battle won +{RESULT:g}, lost -{RESULT:g}."


def why_lines(decision: Decision, side_name: str) -> list[str]:
    """The whole why: the question, then each option best first with its score."""
    question = decision.question
    if question.startswith((f"{side_name}:", f"{side_name} ")):
        question = question[len(side_name) :].lstrip(": ")
    lines = [
        safe(f"{side_name} ({decision.persona}): {question}"),
        safe(f"Answer: {_chosen(decision)} — {decision.reason}"),
    ]
    if not decision.who.random:
        lines.append(safe(persona_words(decision.who)))
    lines.append("")
    ranked = sorted(decision.considered, key=lambda c: -c.score)
    digits = score_digits([c.score for c in ranked])
    top = next((c.score for c in ranked if c.chosen), None)
    for c in ranked:
        tied = top is not None and abs(c.score - top) <= _SAME  # what the tie-break chose from
        mark = " — chosen" if c.chosen else " — tied" if tied else ""
        lines.append(safe(f"{c.label}: score {c.score:.{digits}f}{mark}"))
        lines.append("   " + option_words(c, decision.standing))
    if not ranked:
        lines.append("Any legal answer at random (the random persona weighs nothing).")
    return lines


#: Scores closer than this are the same (the policy's tie).
_SAME = 1e-9


def score_digits(scores: list[float], most: int = 4) -> int:
    """The decimals (2 to `most`) that show scores which differ as different: an answer
    ahead by its better chance to succeed alone (0.2133 against 0.2100) is not shown
    as a tie ("0.21" twice)."""
    distinct = sorted(set(scores))
    apart = [b for a, b in pairwise(distinct) if b - a > _SAME]
    for digits in range(2, most):
        shown = {f"{s:.{digits}f}" for s in distinct}
        if len(shown) > len(apart):
            return digits
    return most


def _chosen(decision: Decision) -> str:
    for c in decision.considered:
        if c.chosen:
            return c.label
    return str(decision.value)


def decision_at(session: Session, index: int) -> Decision | None:
    """The decision behind the AI answer at `index`, worked out again from the battle as
    it stood (decisions are deterministic: the same as when it was taken). A replay of
    the log up to it: call it off the UI thread."""
    before = Session(session.system, session.setup, session.items[:index])
    decision = decide(before)
    item = session.items[index]
    if decision is None or decision.value != item.value:
        return None  # played by another version of the app's players: no why to show
    return decision
