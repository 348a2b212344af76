"""Hostile user text: escape sequences and markup in every field a save can hold."""

from __future__ import annotations

import random
from pathlib import Path

import attrs

from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup, UnitSpec
from skirmtui.engine.play.sim import play_random
from skirmtui.engine.store.saves import save_session
from skirmtui.systems.registry import get_system

WI = "wargaming-introduttivo"
#: Retitles the terminal window if written raw; `[/]` crashes a markup parser and
#: `[b]`/`[@click=…]` would be obeyed.
ESC = "\x1b]0;PWNED\x07"
MARKUP = "[/] [b]bold[/b] [@click=app.quit]x[/]"
EVIL = f"{ESC}{MARKUP}\x9b2J"


def hostile_setup(seed: int = 5) -> Setup:
    setup = get_system(WI).demo_setup()
    sides = tuple(Side(s.id, f"{s.name} {EVIL}") for s in setup.sides)
    units = tuple(UnitSpec(u.id, u.side, f"{u.name} {EVIL}", dict(u.profile)) for u in setup.units)
    return attrs.evolve(setup, title=f"Title {EVIL}", sides=sides, units=units, seed=seed)


def hostile_session(finished: bool = False) -> Session:
    """The demo battle with hostile names, a hostile multi-line note and a few answers;
    `finished`: ended by the GM with a hostile reason and a winner."""
    system = get_system(WI)
    setup = hostile_setup()
    session = Session(system, setup)
    session.gm("gm.note", text=f"first line {EVIL}\nsecond line {MARKUP}")
    rng = random.Random(1)
    for _ in range(6):
        if session.prompt is None:
            break
        session.answer(session.prompt.random_answer(rng))
    if finished:
        session.gm("gm.end", winner=setup.sides[0].id, reason=f"reason {EVIL}")
    return session


def hostile_save(path: Path, finished: bool = False) -> Path:
    save_session(hostile_session(finished), path, "2026-01-01T00:00:00Z")
    return path


def finished_hostile_save(path: Path) -> Path:
    """A battle played to its end (not ended by the GM) between hostile sides."""
    system = get_system(WI)
    session = play_random(system, hostile_setup(), random.Random(3))
    save_session(session, path, "2026-01-01T00:00:00Z")
    return path
