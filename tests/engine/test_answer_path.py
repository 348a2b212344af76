"""The engine's per-answer path made leaner (issue 28) answers as it did: a random
choice and a pool's count are held to the plain rule they replace, over many cases."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from skirmtui.engine.core.items import BY_TABLE, Item, answer_item
from skirmtui.engine.core.options import group_of, grouped
from skirmtui.engine.core.prompts import (
    PASSIVE_CHANCE,
    Choose,
    LazyOptions,
    Option,
    Roll,
    RollResult,
)


def _two_lists(options: tuple[Option, ...], rng: random.Random) -> str:
    """The rule as written before: the enabled options, the active ones among them;
    an active one but for `PASSIVE_CHANCE` of the time when there are both."""
    enabled = [o for o in options if o.disabled is None]
    active = [o for o in enabled if not o.passive]
    if active and (len(active) == len(enabled) or rng.random() >= PASSIVE_CHANCE):
        return rng.choice(active).value
    return rng.choice(enabled).value


def test_a_random_choice_is_the_two_list_rule_s() -> None:
    maker = random.Random(5)
    for case in range(400):
        options = [
            Option(
                f"o{i}",
                f"O{i}",
                disabled="no" if maker.random() < 0.3 else None,
                passive=maker.random() < 0.2,
            )
            for i in range(maker.randint(1, 12))
        ]
        if all(o.disabled is not None for o in options):
            options.append(Option("open", "Open"))
        prompt = Choose(key="k", text="t", options=options)
        a, b = random.Random(case), random.Random(case)
        assert [prompt.random_answer(a) for _ in range(5)] == [
            _two_lists(prompt.options, b) for _ in range(5)
        ]


def test_a_pool_counts_each_die_as_success_of_does() -> None:
    """`Roll.resolve` of a pool counts the faces `success_of` passes (modifiers on the
    total or the target, always-sets, no comparison at all)."""
    maker = random.Random(11)
    for _ in range(300):
        compare = maker.choice(["<=", ">=", "<", ">", None])
        roll = Roll(
            key="k",
            text="t",
            dice="5d6",
            per_die=True,
            compare=compare,
            threshold=None if maker.random() < 0.1 else maker.randint(1, 6),
            modifiers=[("m", maker.randint(-2, 2))] if maker.random() < 0.5 else [],
            mod_target=maker.random() < 0.5,
            always_succeed={6} if maker.random() < 0.4 else set(),
            always_fail={1} if maker.random() < 0.4 else set(),
            need=maker.choice([None, 1, 3]),
        )
        faces = tuple(maker.randint(1, 6) for _ in range(5))
        result = roll.resolve(faces)
        count = sum(1 for face in faces if roll.success_of(face))
        assert result.total == count and result.threshold == roll.effective_threshold
        assert result.success == (None if roll.need is None else count >= roll.need)


def test_the_answer_paths_own_makers_make_what_init_makes() -> None:
    """`answer_item` and a roll's result are made past `__init__` (`items.assignable`:
    one class swap, not two): the same class, fields, equality, hash and repr as their
    class's own `__init__` makes, as frozen (assignment refused) and as picklable."""
    from attrs.exceptions import FrozenInstanceError

    made = answer_item("melee.hit", (3, 4), BY_TABLE)
    init = Item("melee.hit", (3, 4), BY_TABLE)
    assert type(made) is Item and made == init and hash(made) == hash(init)
    assert repr(made) == repr(init) and pickle.loads(pickle.dumps(made)) == init
    assert (made.by, made.persona, made.reason) == (init.by, init.persona, init.reason)
    roll = Roll(key="k", text="t", dice="2d6", compare=">=", threshold=7, modifiers=[("m", 1)])
    for faces in [(1, 1), (3, 4), (6, 6)]:
        result = roll.resolve(faces)
        again = RollResult(*(getattr(result, f.name) for f in attrs.fields(RollResult)))
        assert type(result) is RollResult and result == again and hash(result) == hash(again)
        assert repr(result) == repr(again)
        assert result.total == sum(faces) + 1 and result.success == (sum(faces) + 1 >= 7)
    for record in (made, roll.resolve((2, 2))):
        with pytest.raises(FrozenInstanceError):
            record.key = "x"  # type: ignore[misc, union-attr]


def test_a_list_offered_again_draws_as_a_new_one() -> None:
    """The same tuple offered again, and tuples made again and again (ids reused),
    draw by the two-list rule (whatever `random_option` keeps or does not)."""
    maker = random.Random(8)
    kept = [
        tuple(
            Option(f"o{i}", f"O{i}", disabled="no" if i % 3 == 1 else None, passive=i % 4 == 3)
            for i in range(size)
        )
        for size in (1, 2, 5, 9)
    ]
    for case in range(600):
        if maker.random() < 0.5:
            options = maker.choice(kept)
        else:  # a new tuple each time, dropped after: its id may come back
            options = tuple(
                Option(f"n{i}", f"N{i}", passive=maker.random() < 0.3)
                for i in range(maker.randint(1, 6))
            )
        prompt = Choose(key="k", text="t", options=options)
        a, b = random.Random(case), random.Random(case)
        assert [prompt.random_answer(a) for _ in range(3)] == [
            _two_lists(options, b) for _ in range(3)
        ]


def test_a_lazy_list_draws_from_its_head_what_the_whole_list_gives() -> None:
    """A lazy list with a `head` (`kit.unit_choices`) is not made to be drawn from: the
    option drawn, made alone, is the one the two-list rule draws from the whole list."""
    maker = random.Random(3)
    for case in range(300):
        count = maker.randint(0, 6)
        after = tuple(
            Option(
                f"a{i}",
                f"A{i}",
                disabled="no" if maker.random() < 0.3 else None,
                passive=maker.random() < 0.6,
            )
            for i in range(maker.randint(0 if count else 1, 3))
        )
        if count == 0 and all(o.disabled for o in after):
            continue

        def nth(i: int) -> Option:
            return Option(f"u{i}", f"Unit {i}")

        def make(count: int = count, after: tuple[Option, ...] = after) -> list[Option]:
            return [nth(i) for i in range(count)] + list(after)

        lazy = LazyOptions(make, lambda v: None, (count, nth, after))
        prompt = Choose(key="k", text="t", options=lazy)
        a, b = random.Random(case), random.Random(case)
        drawn = prompt.random_option(a)
        assert lazy.head is not None  # not made
        assert drawn.value == _two_lists(tuple(make()), b)
        assert drawn == next(o for o in make() if o.value == drawn.value)


def test_a_grouped_list_draws_without_its_list_what_the_whole_list_gives() -> None:
    """A grouped lazy list (`options.grouped`: a unit's actions under it, some disabled
    or passive anywhere, CE's non-activated and RB's "which model moves?" questions) is
    not made to be drawn from: the option drawn, found group by group from the counts,
    is the one the two-list rule draws from the whole list, with the same draws of the
    generator (the next draw agrees too)."""
    maker = random.Random(4)
    for case in range(400):
        groups = [
            group_of(
                tuple(
                    Option(
                        f"g{g}|{i}",
                        f"G{g} {i}",
                        disabled="no" if maker.random() < 0.3 else None,
                        passive=maker.random() < 0.3,
                    )
                    for i in range(maker.randint(1, 5))
                )
            )
            for g in range(maker.randint(1, 5))
        ]
        whole = tuple(o for group in groups for o in group[0])
        if all(o.disabled for o in whole):
            continue
        lazy = grouped(groups, sum(len(g[1]) for g in groups), sum(len(g[2]) for g in groups))
        prompt = Choose(key="k", text="t", options=lazy)
        a, b = random.Random(case), random.Random(case)
        drawn = prompt.random_option(a)
        assert lazy.draw is not None  # not made
        assert drawn.value == _two_lists(whole, b)
        assert a.random() == b.random()  # the generator drawn from as often
        assert drawn == next(o for o in whole if o.value == drawn.value)
        assert lazy.find(drawn.value) == drawn and lazy.find("x") is None
        assert tuple(lazy) == whole and lazy.draw is None  # made: drawn from the list
