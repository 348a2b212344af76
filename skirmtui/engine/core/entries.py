"""What the runner writes of an answer: a roll's `roll` table, the options a choice
offered, the units a `Pick` names, and the phase table it reads steps from. Kept apart
from runner.py (which re-exports `offered` and `roll_record`) so each stays small."""

from __future__ import annotations

from collections.abc import Callable
from inspect import isgeneratorfunction
from typing import Any

from skirmtui.engine.core.base import BaseSystem
from skirmtui.engine.core.battle import Battle, LogEntry, Side
from skirmtui.engine.core.log import blank
from skirmtui.engine.core.prompts import Choose, Pick, Roll, RollResult, describe_roll
from skirmtui.engine.core.system import RuleSystem, Step

_new = blank  # (`object.__new__` as Python; log.py says why)


def answer_entry(
    battle: Battle,
    kind: str,
    key: str,
    side: str | None,
    actor: str | None,
    target: str | None,
    actors: tuple[str, ...],
    targets: tuple[str, ...],
    source: Any,
    by: str | None,
    value: Any,
    later: tuple[Any, ...],
) -> LogEntry:
    """`Battle.record` of an answer's entry (the runner's, once an answer), made field by
    field as `record` makes one: positional, the units already tuples and `actor`/
    `target` their first, no order; its prompt (`source`, a roll's), who gave it (`by`)
    and the answer (`value`). Its `text`, `brief` and `roll` are made when first read
    (`LogEntry`): `later` is `(fill, texts, ...)`, `fill` one of `roll_words`,
    `answer_words`, `given_words` below (issue 28: a random battle's answers are read by nobody)."""
    entry = _new(LogEntry)
    entry.index = len(battle.log)
    entry.answer = battle.answer_index
    entry.round = battle.round
    entry.phase = battle.phase
    entry.kind = kind
    entry.key = key
    entry.side = side
    entry.actor = actor
    entry.target = target
    entry.effects = []
    entry.actors = actors
    entry.targets = targets
    entry.order = None
    entry.private = False
    entry.source = source
    entry.by = by
    entry.persona = None
    entry.value = value
    entry.detail = None
    entry._later = later  # (a slot of its own: `LogEntry`)
    battle.log.append(entry)
    battle.current = entry
    return entry


def roll_words(entry: LogEntry, later: tuple[Any, ...]) -> None:
    """A roll's words and `roll` table; `later`: `(roll_words, texts, result, by)`, its
    prompt the entry's `source`."""
    _, texts, result, by = later
    prompt: Roll = entry.source
    text = f"{prompt.text}: {describe_roll(prompt, result)}"
    entry.text = texts.setdefault(text, text)
    entry.brief = ""
    roll = roll_record(prompt, result)
    if by is not None:
        roll["by"] = by
    entry.roll = roll


def answer_words(entry: LogEntry, later: tuple[Any, ...]) -> None:
    """An answer's words (`question → answer`) and, for a choice (`sides` given), its
    brief (`side → answer`, "Table" for no side); `later`: `(answer_words, texts,
    question, answer, sides)`."""
    _, texts, question, answer, sides = later
    text = f"{question} → {answer}"
    entry.text = texts.setdefault(text, text)
    brief = ""
    if sides is not None:
        brief = f"{_side_name(sides, entry.side)} → {answer}"
        brief = texts.setdefault(brief, brief)
    entry.brief = brief
    entry.roll = None


def given_words(entry: LogEntry, later: tuple[Any, ...]) -> None:
    """Words made at once (an answer the app gave with its reason); `later`: `(given_words,
    texts, text, brief)`."""
    _, texts, text, brief = later
    entry.text = texts.setdefault(text, text)
    entry.brief = texts.setdefault(brief, brief) if brief else brief
    entry.roll = None


def _side_name(sides: list[Side], side: str | None) -> str:
    """`Battle.side_name` of a choice's side ("Table" for none)."""
    if not side:
        return "Table"
    for one in sides:
        if one.id == side:
            return one.name
    raise KeyError(side)


def phase_steps(system: RuleSystem) -> dict[str, Callable[[Battle], Step | None]] | None:
    """The phase table's steps (phase id → step) of a system whose `next_step` is
    `BaseSystem`'s, the same dict it dispatches from; None for one with its own."""
    if getattr(type(system), "next_step", None) is not BaseSystem.next_step:
        return None
    assert isinstance(system, BaseSystem)
    steps: dict[str, Callable[[Battle], Step | None]] = system.steps
    return steps


def runs_nothing(step: Callable[[Battle], Step | None], known: dict[object, bool]) -> bool:
    """Whether calling `step` runs none of its body (a generator function's does not);
    `known`: the findings so far, by step (the runner's, one battle's)."""
    plain = known.get(step)
    if plain is None:
        plain = known[step] = isgeneratorfunction(step)
    return plain


def picked_units(
    battle: Battle, prompt: Pick, value: object
) -> tuple[tuple[str, ...], tuple[str, ...], str | None, str | None]:
    """`(actors, targets, actor, target)` of a `Pick` entry: the prompt's own, with the
    units picked as actors (no actor named) or targets (no target named)."""
    actors, targets = prompt.actors, prompt.targets
    actor, target = prompt.actor, prompt.target
    assert isinstance(value, tuple)
    units = tuple(str(v) for v in value if v in battle.units)
    if not units:
        return actors, targets, actor, target
    if actor is None:
        return (units if len(units) > 1 else ()), targets, units[0], target
    if target is None:
        return actors, (units if len(units) > 1 else ()), actor, units[0]
    return actors, targets, actor, target


def said_since(battle: Battle, since: int) -> dict[int, str]:
    """The first log line of each entry since log index `since`, by entry index."""
    said: dict[int, str] = {}
    for entry in battle.log[since:]:
        if entry.answer is not None:
            # (`getattr`: an answer's words are made when first read, which a compiled
            # read of a native class's slot would not do: log.py)
            text: str = getattr(entry, "text")  # noqa: B009
            if text:
                said.setdefault(entry.answer, text)
    return said


def offered(prompt: Choose | Pick) -> list[dict[str, object]]:
    """The options a choice offered (export `options`): value, label, and for a disabled
    one `disabled: true` and the `reason` it gave."""
    return [
        {"value": o.value, "label": o.label, "disabled": True, "reason": o.disabled}
        if o.disabled is not None
        else {"value": o.value, "label": o.label, "disabled": False}
        for o in prompt.options
    ]


def roll_record(prompt: Roll, result: RollResult) -> dict[str, object]:
    """The `roll` table of a log entry (export format 1)."""
    record: dict[str, object] = {
        "dice": prompt.dice,
        "faces": list(result.faces),
        "modifiers": [[label, value] for label, value in prompt.modifiers]
        if prompt.modifiers
        else [],
        "total": result.total,
    }
    if result.success is not None:
        record["success"] = result.success
    if result.threshold is not None:
        record["target"] = result.threshold
    if prompt.compare is not None:
        record["compare"] = prompt.compare
    if result.critical is not None:
        record["critical"] = result.critical
    if prompt.per_die:
        record["per_die"] = True
        if prompt.need is not None:
            record["need"] = prompt.need
    return record
