"""Asking only what can change the outcome (issue 25), for the rules to use.

- A choice with one legal option is taken and logged, not asked (`take_only`).
- The answer given last time to the same question about the same units is offered as
  the prompt's `default` (`last_answer`, `still_legal`).
- Older saves were played with the questions asked before: one question per unit where
  a `Pick` now answers for several, a choice asked even with one option. A system that
  asks less gives `ASKED_BEFORE` as its `older_questions()`; a log that does not replay
  with today's questions replays with those (`one_at_a_time(b)` says which to ask).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

from skirmtui.engine.core import records
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.prompts import AnswerValue, Choose, Option, Pick, Prompt

P = TypeVar("P", bound=Prompt)

#: The battle option naming the questions a battle was played with.
QUESTIONS = "questions"
#: Its value for a battle played before issue 25: every question asked one at a time.
ONE_AT_A_TIME = "one at a time"
#: Its value for a battle played with issue 25's first pass (saves of 2026-11-25), for a
#: system that has asked less again since (e.g. a unit and its action in one answer).
FIRST_PASS = "first pass"
#: Its value for a battle played with a system's second pass (saves of 2026-11-25 from
#: 20:00 UTC; combattimento-gdr: saves until 2026-11-26, which asked the table when a
#: waiting combatant acts), for a system that has asked differently since.
SECOND_PASS = "second pass"
#: Its value for a battle played with a system's third pass (saves of 2026-11-25 from
#: 20:20 UTC), for a system that has asked less once more since.
THIRD_PASS = "third pass"
#: The values above, oldest first: a battle played with one asks as it did then.
_TIERS = (ONE_AT_A_TIME, FIRST_PASS, SECOND_PASS, THIRD_PASS)
#: `older_questions()` of a system that asks less since issue 25.
ASKED_BEFORE: tuple[dict[str, str], ...] = ({QUESTIONS: ONE_AT_A_TIME},)
#: `older_questions()` of a system that asks less again since issue 25's first pass.
ASKED_BEFORE_FIRST_PASS: tuple[dict[str, str], ...] = (
    {QUESTIONS: FIRST_PASS},
    {QUESTIONS: ONE_AT_A_TIME},
)
#: `older_questions()` of a system that asks less once more since its second pass.
ASKED_BEFORE_SECOND_PASS: tuple[dict[str, str], ...] = (
    {QUESTIONS: SECOND_PASS},
    *ASKED_BEFORE_FIRST_PASS,
)
#: `older_questions()` of a system that asks less once more since its third pass.
ASKED_BEFORE_THIRD_PASS: tuple[dict[str, str], ...] = (
    {QUESTIONS: THIRD_PASS},
    *ASKED_BEFORE_SECOND_PASS,
)


def one_at_a_time(b: Battle) -> bool:
    """Whether this battle asks the questions asked before issue 25 (an older save)."""
    return b.options.get(QUESTIONS) == ONE_AT_A_TIME


def asks_as_of(b: Battle, tier: str) -> bool:
    """Whether this battle asks the questions of `tier` or older ones (a save played
    then): `asks_as_of(b, FIRST_PASS)` is true for a first-pass or a pre-issue-25 save,
    `asks_as_of(b, SECOND_PASS)` for those and a second-pass save."""
    played = b.options.get(QUESTIONS)
    if played is None:  # today's questions: most battles, asked several times an answer
        return False
    return played in _TIERS and _TIERS.index(played) <= _TIERS.index(tier)


def take_only(
    b: Battle,
    key: str,
    text: str,
    label: str,
    *,
    side: str | None = None,
    actor: str | None = None,
    target: str | None = None,
) -> None:
    """Log a choice that had one legal option as taken (`text → label`), unasked."""
    b.record(
        "info",
        f"{text} → {label} (the only choice)",
        key=key,
        side=side,
        actor=actor,
        target=target,
    )


def only_or_ask(b: Battle, prompt: Choose) -> Generator[Prompt, Any, str]:
    """The answer to `prompt`: asked, unless it has one enabled option (and the battle
    asks less): then that option is taken and logged (`take_only`). For a short list
    of options made whole (not `LazyOptions`: a replay would make them all)."""
    # Asked for most questions of some systems: the enabled options counted up to two
    # in a loop, `one_at_a_time` and `offer_last`'s first test written out (no calls).
    enabled = 0
    only: Option | None = None
    for option in prompt.options:
        if option[2] is None:  # enabled
            enabled += 1
            if enabled > 1:
                break
            only = option
    if enabled == 1 and only is not None and b.options.get(QUESTIONS) != ONE_AT_A_TIME:
        take_only(
            b,
            prompt.key,
            prompt.text,
            only.label,
            side=prompt.side,
            actor=prompt.actor or (only.value if only.value in b.units else None),
            target=prompt.target,
        )
        return only.value
    answer = yield offer_last(b, prompt) if b.offers and prompt.actor is not None else prompt
    return str(answer)


def last_answer(
    b: Battle, key: str, *, side: str | None = None, actor: str | None = None
) -> AnswerValue | None:
    """The answer given last to `key` asked of `side` about `actor` (as the prompt
    named them), or None when it was never answered."""
    value: AnswerValue | None = b.answered.get((key, side, actor))
    return value


def offer_last(b: Battle, prompt: P) -> P:
    """`prompt` with last time's answer to the same question about the same unit as its
    `default`, when that answer is still legal (a `Pick`: what is left of it). Random
    play reads no default (`Battle.offers` off): the prompt as it is."""
    if not b.offers:
        return prompt
    last = last_answer(b, prompt.key, side=prompt.side, actor=prompt.actor)
    default: AnswerValue | None = None
    if isinstance(prompt, Pick):
        default = still_legal(prompt, last)
    elif isinstance(prompt, Choose) and isinstance(last, str):
        option = prompt.option(last)
        default = last if option is not None and option.disabled is None else None
    return prompt if default is None else offering(prompt, default)


def offering(prompt: P, default: AnswerValue) -> P:
    """`prompt` with `default` as its offer: `records.evolve(prompt, default=…)` without
    running the converters again on values already converted (most questions about a
    unit are offered last time's answer: this runs hundreds of times a battle)."""
    cls = type(prompt)
    if records.is_native(cls):  # the compiled build: no `object.__new__` of it
        return records.replace(prompt, default=default)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in records.fields(cls) if f.name != "default")
    offered = object.__new__(cls)
    for name in names:
        object.__setattr__(offered, name, getattr(prompt, name))
    object.__setattr__(offered, "default", default)
    return offered


#: Each prompt class's fields but `default` (`offering`), read once.
_FIELDS: dict[type, tuple[str, ...]] = {}


def still_legal(prompt: Pick, value: AnswerValue | None) -> tuple[str, ...] | None:
    """The part of an earlier `Pick` answer `prompt` still allows (its enabled options,
    one of each group, in option order), or None when there was none, nothing of it is
    left or it is more than the prompt allows."""
    if not isinstance(value, tuple):
        return None
    if not value:  # "none of them" last time: offered again when the prompt allows it
        return () if prompt.minimum == 0 else None
    wanted = set(value)
    groups: set[str] = set()
    kept: list[str] = []
    for option in prompt.options:
        if option.value in wanted and option.disabled is None and option.group not in groups:
            kept.append(option.value)
            if option.group is not None:
                groups.add(option.group)
    if not kept or (prompt.maximum is not None and len(kept) > prompt.maximum):
        return None
    if len(kept) < prompt.minimum:
        return None
    return tuple(kept)
