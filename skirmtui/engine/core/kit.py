"""The rule-writing kit: the helpers every rule system needs, written once.

A rule reads like the rulebook when the bookkeeping is here::

    def shoot(b: Battle, shooter: Unit) -> Step:
        target = yield from pick_enemy(b, shooter, "shoot.target")
        if target is None:
            return                                   # cancelled: nothing happens
        hit = yield stat_test(shooter, "cmb", "shoot.to_hit", f"hits {target.label}",
                              target=target, modifiers=[("long range", -1)])
        if hit.success:
            b.set(target, "pending", target.num("pending") + 1)

`RollOff` (roll-offs over sides or units) lives in `engine/core/rolloff.py`; `Position` (the
typed position) in `engine/core/plain.py`; `Battle.track` (a non-unit change as an effect)
in `engine/core/battle.py`, which re-exports `Position`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from skirmtui.engine.core.battle import Battle, LogEntry, Side, Stat, Unit
from skirmtui.engine.core.labels import with_side
from skirmtui.engine.core.prompts import (
    MAKERS,
    Choose,
    LazyOptions,
    Option,
    Prompt,
    Roll,
)

P = TypeVar("P", bound=Prompt)

#: The option value of "no target" in `pick_enemy`.
CANCEL = "cancel"


def about(
    cls: type[P],
    unit: Unit | Iterable[Unit],
    *,
    target: Unit | Iterable[Unit] | None = None,
    **fields: Any,
) -> P:
    """A prompt about `unit` (or a group acting at once): its side, it as the actor,
    `target` (one unit or several) as the target; `fields` as the prompt's own."""
    if type(unit) is Unit and (target is None or type(target) is Unit):
        # One unit, one target or none: most questions (asked for every answer a rule
        # system gives about a unit), without the lists below.
        # (`fields` is this call's own dict: filled in and passed on, not merged into a
        # new one; a caller that also gave `side`, `actor` or `target` is wrong anyway)
        fields["side"] = unit.side
        fields["actor"] = unit.id
        fields["target"] = None if target is None else target.id
        if MAKERS:  # the compiled build (prompts.MAKERS says why)
            made = MAKERS.get(cls)
            if made is not None:
                return made(fields)  # type: ignore[return-value]
        return cls(**fields)
    actors = [unit] if isinstance(unit, Unit) else list(unit)
    targets = [] if target is None else [target] if isinstance(target, Unit) else list(target)
    more: dict[str, Any] = {}
    if len(actors) > 1:
        more["actors"] = tuple(u.id for u in actors)
    if len(targets) > 1:
        more["targets"] = tuple(u.id for u in targets)
    return cls(
        side=actors[0].side,
        actor=actors[0].id,
        target=targets[0].id if targets else None,
        **more,
        **fields,
    )


def stat_test(
    unit: Unit,
    stat: str,
    key: str,
    what: str = "",
    *,
    text: str | None = None,
    value: int | None = None,
    under: bool = True,
    dice: str = "1d6",
    target: Unit | Iterable[Unit] | None = None,
    modifiers: Iterable[tuple[str, int]] = (),
    **fields: Any,
) -> Roll:
    """A characteristic test: roll under (`dice` ≤ the value; a malus lowers the number
    to roll under) or, with `under=False`, roll over (`dice` + modifiers ≥ the value).
    `value` defaults to the unit's current `stat`; the text says what and against what
    (`text`: the whole question, where the rulebook words it otherwise)."""
    number = unit.num(stat) if value is None else value
    return about(
        Roll,
        unit,
        target=target,
        key=key,
        text=f"{unit.label} {what}? ({stat.upper()} {number})" if text is None else text,
        dice=dice,
        compare="<=" if under else ">=",
        threshold=number,
        modifiers=tuple(modifiers),
        mod_target=under,
        **fields,
    )


def pick_enemy(
    b: Battle,
    unit: Unit,
    key: str,
    *,
    text: str | None = None,
    among: Iterable[Unit] | None = None,
    describe: Callable[[Unit], str] | None = None,
    cancel: str = "Cancel: no target",
    cancel_value: str = CANCEL,
) -> Generator[Prompt, Any, Unit | None]:
    """`unit` picks an enemy on the table (or one of `among`), or cancels: returns the
    enemy, or None when cancelled or when the enemy left the table meanwhile (a GM
    override may land between any two prompts). `cancel_value` keeps the value older
    saves stored for cancelling."""
    enemies = list(b.enemies(unit.side) if among is None else among)
    word = describe or (lambda e: with_side(e.label, b.side_name(e.side)))
    options = unit_choices(enemies, word, Option(cancel_value, cancel, passive=True))
    choice = yield about(
        Choose, unit, key=key, text=text or f"{unit.label}: which target?", options=options
    )
    if choice == cancel_value or not b.alive(choice):
        return None
    return b.units[choice]


def choose_one(
    unit: Unit,
    key: str,
    text: str,
    options: Sequence[Option],
    *,
    target: Unit | Iterable[Unit] | None = None,
) -> Generator[Prompt, Any, str]:
    """The value of the one option, unasked and unlogged (a question the rules never
    ask with one option, unlike `asking.only_or_ask`), or `unit`'s choice of several."""
    if len(options) == 1:
        return options[0].value
    choice = yield about(Choose, unit, target=target, key=key, text=text, options=options)
    return str(choice)


def unit_choices(
    units: Sequence[Unit], describe: Callable[[Unit], str], *after: Option
) -> LazyOptions:
    """A `Choose`'s options: one a unit (its id, `describe(unit)`), then `after` (Done,
    Cancel). Made whole only when read (the pick list, random play); a replayed answer
    is looked up alone, without describing every unit of a long roster."""
    units = tuple(units)

    def make() -> list[Option]:
        return [Option(u.id, describe(u)) for u in units] + list(after)

    def find(value: str) -> Option | None:
        for u in units:
            if u.id == value:
                return Option(u.id, describe(u))
        for option in after:
            if option.value == value:
                return option
        return None

    def nth(index: int) -> Option:
        unit = units[index]
        return Option(unit.id, describe(unit))

    return LazyOptions(make, find, (len(units), nth, after))


def reset(b: Battle, units: Iterable[Unit], flags: Mapping[str, Stat]) -> None:
    """Put per-turn flags back to their values (each change logged; unchanged skipped)."""
    pairs = tuple(flags.items())
    for unit in units:
        stats = unit.stats
        for field, value in pairs:
            if stats[field] != value:
                b.set(unit, field, value)


def summary_by_side(b: Battle, line: Callable[[Side, list[Unit], list[Unit]], str]) -> list[str]:
    """A summary: the headline, then one line a side, `line(side, its units, those still
    on the table)`."""
    lines = [b.headline()]
    for side in b.sides:
        units = [u for u in b.units.values() if u.side == side.id]
        lines.append(line(side, units, [u for u in units if not u.removed]))
    return lines


def winner_by_score(scores: Mapping[str, float]) -> str | None:
    """The id with the highest score, or None (a draw) when the best is shared."""
    if not scores:
        return None
    best = max(scores.values())
    leaders = [k for k, v in scores.items() if v == best]
    return leaders[0] if len(leaders) == 1 else None


def skipped(
    b: Battle, unit: Unit, what: str, rule: str, text: str, *, target: Unit | None = None
) -> LogEntry:
    """Log what a rule kept `unit` from doing (`what`: "attack", "question") where a
    reader sees it: an `info` entry keyed `skip.<what>`, exported with `skipped` = what
    and the rule (a ruling id, or "ours") — so a silent rule is never silent in the log."""
    entry = b.record(
        "info",
        text,
        key=f"skip.{what}",
        actor=unit.id,
        target=None if target is None else target.id,
    )
    entry.detail = {"skipped": {"what": what, "rule": rule}}
    return entry


def annotate(b: Battle, **keys: Any) -> None:
    """Add what a reader of the export needs to the entry just written (the roll or answer
    the step has just received): each key an additive key of export format 1
    (docs/export.md). `roll=` is merged into the entry's `roll` (its `parts`). Values
    may be shared between entries (cached by a system): never mutated here."""
    entry = b.current
    if entry is None:
        return
    if entry.detail is None:  # the common case: nothing to merge with (every roll)
        entry.detail = keys
        return
    detail = dict(entry.detail)
    for name, value in keys.items():
        if name == "roll" and isinstance(detail.get("roll"), dict):
            detail["roll"] = {**detail["roll"], **value}
        else:
            detail[name] = value
    entry.detail = detail


def units_by_side(b: Battle) -> dict[str, tuple[Unit, ...]]:
    """Each side's units, removed ones too, in roster order (every side present, maybe
    empty): a rule reading one side's units at every step reads them here, not in a pass
    over every unit. A unit's side never changes and units are only added (by the GM),
    so the finding is kept by battle and number of units."""
    kept = _kept_by_side
    if kept[0] is b and kept[1] == len(b.units):
        return kept[2]
    return _units_by_side(b)


#: `units_by_side`'s last finding: (battle, its number of units, the units by side);
#: replaced whole (a worker thread, the app's players, may read its own battle's copy).
_kept_by_side: tuple[Battle | None, int, dict[str, tuple[Unit, ...]]] = (None, -1, {})


def _units_by_side(b: Battle) -> dict[str, tuple[Unit, ...]]:
    global _kept_by_side
    found: dict[str, list[Unit]] = {s.id: [] for s in b.sides}
    for unit in b.units.values():
        found.setdefault(unit.side, []).append(unit)
    sides = {side: tuple(units) for side, units in found.items()}
    _kept_by_side = (b, len(b.units), sides)
    return sides


def last_flagged(b: Battle, flag: str, side: str) -> Unit | None:
    """The unit of `side` whose `flag` was set last in this round's phase (the one
    acting now, for a queue that counts only units still to act); None if none was.
    Read back from the log's end, no further than the phase's first line."""
    for entry in reversed(b.log):
        if entry.round != b.round or entry.phase != b.phase:
            return None
        for effect in reversed(entry.effects):
            unit = b.units.get(effect.unit or "")
            if effect.field == flag and effect.after and unit is not None and unit.side == side:
                return unit
    return None


def charge_cue(b: Battle, prompt: Prompt) -> str:
    """Issue 26 (`RuleSystem.wants`): how the table moves the app's charging unit, the
    prompt's actor, to its target: the shortest way into contact, in one wording for
    every system that asks a charge's reach; "" without an actor and a target."""
    unit = b.units.get(prompt.actor or "")
    target = b.units.get(prompt.target or "")
    if unit is None or target is None:
        return ""
    return f"{unit.label} charges {target.label}: move it the shortest way into contact"
