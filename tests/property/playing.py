"""Random play with a GM who steps in now and then, and changes made in place to a copy
of a battle, for the property tests."""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any, cast

from hypothesis import HealthCheck, settings

from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.items import GM_END, Item
from skirmtui.engine.core.overrides import apply_override
from skirmtui.engine.core.prompt_base import AnswerError
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import RuleSystem


def examples(count: int) -> settings:
    """Hypothesis settings of a random-battle test: `count` battles, no deadline (a
    battle's length varies), function-scoped fixtures allowed (tmp_path)."""
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )


#: Makes a GM entry: (session, rng, how many so far) → (key, fields).
GmEntry = Callable[[Session, random.Random, int], tuple[str, dict[str, Any]]]


def random_play(
    session: Session, rng: random.Random, gm_entry: GmEntry, gm_rate: float, limit: int
) -> Iterator[tuple[str, dict[str, Any]] | None]:
    """Answers the questions at random; before each, with probability `gm_rate`, the GM
    makes `gm_entry` instead. Stops when the battle ends or the log holds `limit` items.
    Yields None once before anything, then after each step the GM's entry or None (an
    answer), so a test checks the battle at every point."""
    yield None
    entries = 0
    while session.prompt is not None and len(session.items) < limit:
        if rng.random() < gm_rate:
            entries += 1
            key, fields = gm_entry(session, rng, entries)
            session.gm(key, **fields)
            yield key, fields
        else:
            session.answer(session.prompt.random_answer(rng))
            yield None


#: Changes a battle in place as a rule would: (battle, rng) → None.
Change = Callable[[Battle, random.Random], None]


def own_copy(b: Battle) -> Battle:
    """A copy of `b` with a log of its own (`Battle.clone` shares the log, its texts and
    the current entry): what a test changes in it stays there."""
    copy = b.clone()
    copy.log, copy.texts, copy.current = [], {}, None
    return copy


def changed_in_place(
    b: Battle, rng: random.Random, change: Change, check: Callable[[Battle], None], most: int = 3
) -> Battle:
    """The guards of the kept findings against changes to the same battle: on `own_copy(b)`,
    `check` (it keeps the findings for the copy and compares them with a fresh pass),
    then one to `most` `change`s, each followed by `check`. A GM entry made in play
    replays its step on a checkpoint's copy, a new battle that every kept finding tells
    apart by identity alone: only a change to the battle a finding was kept for (a
    rule's `Battle.set`, `track`, `remove`, a unit added) reaches its guard. Returns
    the copy as changed."""
    copy = own_copy(b)
    check(copy)
    for _ in range(rng.randint(1, most)):
        change(copy, rng)
        check(copy)
    return copy


_added = itertools.count(10_000)


def entry_in_place(system: RuleSystem, gm_entry: GmEntry) -> Change:
    """`gm_entry`'s entries applied to the battle itself (`apply_override`: the same
    `Battle.set`, `remove`, `restore` a rule calls, and a unit added), not replayed on a
    checkpoint's copy as in play; the end and a refused entry change nothing."""

    def change(b: Battle, rng: random.Random) -> None:
        table = cast(Session, SimpleNamespace(system=system, battle=b))  # what entries read
        key, fields = gm_entry(table, rng, next(_added))
        if key == GM_END:
            return
        with contextlib.suppress(AnswerError):
            apply_override(system, b, Item(key, fields))

    return change


def ends_as_fresh(system: RuleSystem, b: Battle) -> None:
    """The end check keeps nothing stale: run on `b` (where it may recall a finding kept
    for `b`) and on `own_copy(b)` (a new battle: nothing kept for it), it ends both or
    neither, and takes out the same units."""
    if b.over:
        return
    copy = own_copy(b)
    system.check_end(copy)  # first: what the check keeps after is `b`'s, as in play
    system.check_end(b)
    assert (b.result is None) == (copy.result is None), "the kept end check missed a change"
    assert [u.removed for u in b.units.values()] == [u.removed for u in copy.units.values()]
