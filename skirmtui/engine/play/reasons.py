"""The short reason of an app's decision, in words: the log line's, the save's, the
players' view's (odds, never a score), and how a tie between answers was broken.

A tie says it is one and how it went ("the one that does nothing taken", "picked by
the battle's seed"): figures every tied answer shares are not why this one won; an
answer that does nothing owns no "closing in" of its own ("closing in +0.08 after it":
the moves looked ahead after it), unless it keeps it for later (`system.closes`: a held
shot's melee, "closing in +0.08"); "holds its ground" is said where the persona's `hold`
chose the answer (without it, one that moves would have scored as much).
"""

from __future__ import annotations

from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.play.outlook import Outlook


@frozen_record
class Tie:
    """How the chosen answer stood among the others: `of` answers worth the most (1: no
    tie), `quiet` of them doing nothing when some did and some did not (the policy takes
    those first), `answers` weighed in all, `by_chance` answers worth the same but for
    the better chance to succeed, which won over them."""

    of: int = 1
    quiet: int = 0
    answers: int = 1
    by_chance: int = 0


#: The chosen answer alone worth the most.
NO_TIE = Tie()


def reason_words(
    o: Outlook | None,
    still: bool = False,
    tie: Tie = NO_TIE,
    standing: str = "",
    seeks: bool = False,
    holds: bool = False,
) -> str:
    """The log's short reason: what the chosen answer is expected to bring (`standing`:
    the system's words for its own way of winning, where its reasons name it; `seeks`:
    the persona values an attack as such, `attack`: the attack rolls it leads to;
    `still`: the answer leaves its unit where it is, so what closes in comes after it;
    `holds`: the persona values that as such, `hold`), then how it won over answers
    worth the same (`tie`)."""
    if o is None:
        return "the only choice"
    parts = []  # odds in words, no score: the players' screens show this line
    if o.chance is not None:
        parts.append(f"{o.chance:.0%} to succeed")
    if o.kill >= 0.005:
        parts.append(f"{o.kill:.0%} to take a unit off")
    if o.lose >= 0.005:
        parts.append(f"{o.lose:.0%} to lose one")
    if o.dealt >= 0.005:
        parts.append(f"deals {o.dealt:.2f}")
    if o.taken >= 0.005:
        parts.append(f"risks {o.taken:.2f}")
    if standing and abs(o.gained) >= 0.005:
        parts.append(f"{standing} {o.gained:+.2f}")
    if abs(o.closing) >= 0.005:
        later = " after it" if still else ""  # not its own: it moves nothing
        parts.append(f"closing in {o.closing:+.2f}{later}")
    if o.mending >= 0.005:  # (less: the recovery was seen, in what it keeps)
        parts.append(f"recovery to come {o.mending:+.2f}")
    if abs(o.reply) >= 0.005:
        more = "more" if o.reply > 0 else "less"
        parts.append(f"the enemy's reply takes {abs(o.reply):.2f} {more}")
    if seeks and o.attacks >= 0.005:
        parts.append(f"{o.attacks:.2f} attack rolls at the enemy")
    if not parts:
        parts.append("no loss expected")
    if holds:
        parts.append("holds its ground")
    if not o.seen:  # every answer was cut before it was seen: said, not hidden
        parts.append(f"{o.cut:.0%} of it not seen (the search's budget ran out)")
    figures = ", ".join(parts)
    if tie.of == tie.answers and tie.of > 1:  # the figures are any answer's
        every = "both answers" if tie.of == 2 else f"all {tie.of} answers"
        return f"{every} worth the same ({figures}): {tie_break(tie)}"
    if tie.by_chance:
        figures += (
            f", ahead of {tie.by_chance} worth the same but for their lower chance to succeed"
        )
    if tie.of > 1:
        figures += f"; tie of {tie.of}: {tie_break(tie)}"
    return figures


def tie_break(tie: Tie) -> str:
    """How a tie of `tie.of` answers was broken, in words."""
    if tie.quiet == 1:
        return "the one that does nothing taken"
    if tie.quiet:
        return f"picked by the battle's seed among the {tie.quiet} that do nothing"
    return "picked by the battle's seed"
