"""The answers of a question the app's look-ahead weighs (lookahead.py, policy.py): a
choice's enabled options, yes and no, a number, a multi-select's few candidates, and
which of them do nothing."""

from __future__ import annotations

import itertools
import math

from skirmtui.engine.core.prompts import (
    AnswerError,
    AnswerValue,
    Ask,
    Choose,
    Confirm,
    Pick,
    Prompt,
)

#: A multi-select decision with this many legal answers or fewer has each weighed.
PICKS = 16


def answers_of(
    prompt: Prompt, every_number: bool = True, decision: bool = True
) -> list[AnswerValue]:
    """The answers of a question worth weighing, in the prompt's order: a choice's
    enabled options, yes and no, every number of a bounded one (`every_number`; else its
    middle), a multi-select's candidates (`pick_answers`; a table fact's: its likely
    answer), a confirmation's yes. A roll has none (its outcomes are `branches`)."""
    if isinstance(prompt, Choose):
        return [o.value for o in prompt.enabled()]
    if isinstance(prompt, Ask):
        if prompt.yes_no:
            return [True, False]
        assert prompt.minimum is not None and prompt.maximum is not None
        if every_number:
            return list(range(prompt.minimum, prompt.maximum + 1))
        return [(prompt.minimum + prompt.maximum + 1) // 2]
    if isinstance(prompt, Pick):
        return pick_answers(prompt) if decision else [pick_guess(prompt)]
    if isinstance(prompt, Confirm):
        return [True]
    return []


def passive(prompt: Prompt, value: AnswerValue) -> bool:
    """Whether an answer does nothing: an option marked so (pass, stop, cancel), no,
    zero, none of a multi-select."""
    if isinstance(prompt, Choose):
        option = prompt.option(str(value))
        return option is not None and option.passive
    return value is False or value == 0 or value == ()


def pick_answers(prompt: Pick) -> list[AnswerValue]:
    """A multi-select decision's answers to weigh: every legal one when they are few
    (`PICKS`), else the fewest it allows, each option alone, and all it allows (the
    options in order, one of each group): what a short list can tell apart."""
    enabled = prompt.enabled()
    choices: list[list[str | None]] = []
    groups: dict[str, list[str | None]] = {}
    for option in enabled:
        if option.group is None:
            choices.append([None, option.value])
        else:
            members = groups.setdefault(option.group, [None])
            if len(members) == 1:
                choices.append(members)
            members.append(option.value)
    legal = math.prod(len(c) for c in choices)
    if legal <= PICKS:
        wanted = [tuple(v for v in combo if v is not None) for combo in itertools.product(*choices)]
    else:
        singles = [(o.value,) for o in enabled]
        every = tuple(v for v in (c[-1] for c in choices) if v is not None)
        wanted = [(), *singles, every[: prompt.most]]
    out: list[AnswerValue] = []
    for values in wanted:
        try:
            value = prompt.coerce(values)
        except AnswerError:
            continue
        if value not in out:
            out.append(value)
    return out or [pick_guess(prompt)]


def pick_guess(prompt: Pick) -> AnswerValue:
    """The answer a look-ahead takes for the table's `Pick`: its default (last time's
    answer), else the fewest options it allows (nothing happened), one of each group."""
    if prompt.default is not None:
        return prompt.default
    picked: list[str] = []
    groups: set[str | None] = set()
    for option in prompt.enabled():
        if len(picked) >= prompt.minimum:
            break
        if option.group is None or option.group not in groups:
            picked.append(option.value)
            groups.add(option.group)
    return tuple(picked)
