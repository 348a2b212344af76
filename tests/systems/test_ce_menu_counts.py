"""Issue 28: cape-et-epee's cached menus carry how many of their options are enabled, so
an impulse's and a non-activated step's question is asked without `only_or_ask`
counting them again (one enabled option: taken and logged, not asked). The counts must
be the menus' own, in every situation a character can be in."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from skirmtui.engine.core.prompts import Option
from skirmtui.systems.cape_et_epee import actions, impulses, nonactivated, profile
from skirmtui.systems.cape_et_epee.actions import Situation

STATUSES = ("", profile.SHAKEN, profile.SEEK_COVER, profile.LEAVE_TABLE)


def situations(na: bool) -> Iterator[Situation]:
    """Every combination of what the menus read (AP 0–3 in an impulse, 0 when waiting)."""
    for ap, status, prone, reload, armed, engaged, enemies, shaken_enemy in product(
        range(4) if not na else (0,),
        STATUSES,
        (False, True),
        (0, 1),
        (False, True),
        (False, True),
        (False, True),
        (False, True) if na else (False,),
    ):
        yield Situation(na, False, ap, status, prone, reload, armed, engaged, enemies, shaken_enemy)


def enabled(options: tuple[Option, ...]) -> int:
    return sum(o.disabled is None for o in options)


def test_an_impulse_menu_says_whether_more_than_one_of_its_options_is_enabled() -> None:
    seen = set()
    for s in situations(na=False):
        for ending, repeats in product((False, True), repeat=2):
            options, several = impulses._impulse_menu(s, ending, repeats)
            assert several == (enabled(options) > 1), (s, ending, repeats)
            assert options[: len(actions.menu_of(s))] == actions.menu_of(s)
            seen.add(several)
    assert seen == {False, True}  # both cases met: a lone option is taken, not asked


def test_a_waiting_characters_options_count_their_enabled_ones() -> None:
    counts = set()
    for s in situations(na=True):
        menu = nonactivated._na_options(s)
        options, on, active = nonactivated._na_merged("red1", "Aramis", s)
        count = len(on)
        assert count == enabled(menu) == enabled(options), s
        assert on == tuple(o for o in options if o.disabled is None), s
        assert active == tuple(o for o in on if not o.passive), s
        assert [o.value for o in options] == [f"red1|{o.value}" for o in menu]
        assert {o.group for o in options} == {"red1"}
        counts.add(count)
    assert 1 in counts and max(counts) > 1
