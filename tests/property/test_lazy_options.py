"""Property test, every system: a prompt's lazy options (`LazyOptions`: the list made
only when read, an answer looked up alone on replay) look every value up exactly as the
whole list holds it, and its `head` or `draw` (random play's draw) agrees with the
list, at every prompt of random battles with GM entries between prompts.
A replayed answer is checked by the lookup, a played one against the list: they must
never disagree, or a save would refuse (or accept) what the table was offered."""

from __future__ import annotations

import random

from skirmtui.engine.core.prompts import Choose, LazyOptions, Option
from skirmtui.engine.core.session import Session
from tests.property.playing import random_play
from tests.property.test_every_system import (
    random_gm_entry,
    short_battle,
    with_a_gm,
)


def candidates(session: Session, listed: tuple[Option, ...]) -> list[str]:
    """The values of the list, every unit id, and values no list holds."""
    ids = list(session.battle.units)
    return [o.value for o in listed] + ids + [f"{i}|open" for i in ids] + ["", "done", "x|y"]


@with_a_gm
def test_lazy_options_look_up_what_their_list_holds(
    system_id: str, args: tuple[int, int, int], seed: int
) -> None:
    system, setup, _ = short_battle(system_id, args)
    session = Session(system, setup)
    seen: object = None
    for _ in random_play(session, random.Random(seed), random_gm_entry, gm_rate=0.08, limit=3000):
        prompt = session.prompt
        if prompt is None:
            break
        options = getattr(prompt, "options", None)
        if prompt is not seen and type(options) is LazyOptions:
            assert isinstance(prompt, Choose)
            # Looked up before the list exists, as a replayed answer is.
            before = {value: prompt.option(value) for value in candidates(session, ())}
            # A head (random play draws one of it, made alone) is the list's start,
            # each enabled and active, then the rest as the list holds it.
            head = options.head
            drawn = None
            if head is not None:
                count, nth, after = head
                drawn = (*(nth(i) for i in range(count)), *after)
                assert all(o.disabled is None and not o.passive for o in drawn[:count])
            # A draw (`options.grouped`) counts the list's enabled and active options,
            # and its groups hold the list, its enabled and its active ones in order.
            draw = options.draw
            listed = tuple(options)
            assert drawn is None or drawn == listed, prompt.key
            if draw is not None:
                n_enabled, n_active, groups = draw
                enabled = [o for o in listed if o.disabled is None]
                active = [o for o in enabled if not o.passive]
                assert (n_enabled, n_active) == (len(enabled), len(active)), prompt.key
                assert [o for group in groups for o in group[0]] == list(listed), prompt.key
                assert [o for group in groups for o in group[1]] == enabled, prompt.key
                assert [o for group in groups for o in group[2]] == active, prompt.key
            assert listed and len({o.value for o in listed}) == len(listed), "values unique"
            whole = {o.value: o for o in listed}
            for value, option in before.items():
                assert option == whole.get(value), (prompt.key, value)
            for value in candidates(session, listed):
                # the system's own lookup (`find` answers from the list once it is made)
                assert options._find(value) == whole.get(value), (prompt.key, value)
        seen = prompt
