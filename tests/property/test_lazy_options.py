"""Property test, every system: a prompt's lazy options (`LazyOptions`: the list made
only when read, an answer looked up alone on replay) look every value up exactly as the
whole list holds it, at every prompt of random battles with GM entries between prompts.
A replayed answer is checked by the lookup, a played one against the list: they must
never disagree, or a save would refuse (or accept) what the table was offered."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from skirmtui.engine.core.prompts import Choose, LazyOptions, Option
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import systems
from tests.property.test_every_system import (
    FAST,
    battles,
    by_system,
    random_gm_entry,
    short_setup,
)


def candidates(session: Session, listed: tuple[Option, ...]) -> list[str]:
    """The values of the list, every unit id, and values no list holds."""
    ids = list(session.battle.units)
    return [o.value for o in listed] + ids + [f"{i}|open" for i in ids] + ["", "done", "x|y"]


@by_system
@FAST
@given(battles, st.integers(0, 2**31))
def test_lazy_options_look_up_what_their_list_holds(
    system_id: str, args: tuple[int, int, int], seed: int
) -> None:
    battle_seed, players, scenario = args
    system = systems()[system_id]
    session = Session(system, short_setup(system, battle_seed, players, scenario))
    rng = random.Random(seed)
    entries = 0
    seen: object = None
    while (prompt := session.prompt) is not None and len(session.items) < 3000:
        options = getattr(prompt, "options", None)
        if prompt is not seen and type(options) is LazyOptions:
            assert isinstance(prompt, Choose)
            # Looked up before the list exists, as a replayed answer is.
            before = {value: prompt.option(value) for value in candidates(session, ())}
            listed = tuple(options)
            assert listed and len({o.value for o in listed}) == len(listed), "values unique"
            whole = {o.value: o for o in listed}
            for value, option in before.items():
                assert option == whole.get(value), (prompt.key, value)
            for value in candidates(session, listed):
                # the system's own lookup (`find` answers from the list once it is made)
                assert options._find(value) == whole.get(value), (prompt.key, value)
        seen = prompt
        if rng.random() < 0.08:
            entries += 1
            key, value = random_gm_entry(session, rng, entries)
            session.gm(key, **value)
            continue
        session.answer(prompt.random_answer(rng))
