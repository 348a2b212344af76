"""Shared pieces of the TUI tests: the demo app and the keys a GM presses."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel

WI = "wargaming-introduttivo"
SIZE = (120, 40)


def demo_session() -> Session:
    system = get_system(WI)
    return Session(system, system.demo_setup())


def demo_app(path: Path, autosave: bool = True) -> SkirmApp:
    return SkirmApp(
        session=demo_session(), path=path, created="2026-01-01T00:00:00Z", autosave=autosave
    )


@asynccontextmanager
async def running(
    app: SkirmApp, size: tuple[int, int] = SIZE
) -> AsyncIterator[tuple[Any, Session]]:
    """`app.run_test(size=size)`, yielding its pilot and the battle session it plays."""
    async with app.run_test(size=size) as pilot:
        assert app.session is not None
        yield pilot, app.session


async def press(pilot: Any, *keys: str) -> None:
    """Press the keys in turn, then let the app finish what they started."""
    await pilot.press(*keys)
    await pilot.pause()


async def type_faces(pilot: Any, faces: str) -> None:
    """Type dice faces as a GM does (a space between dice), then Enter."""
    await press(pilot, *["space" if char == " " else char for char in faces], "enter")


def option_number(pilot: Any, value: str) -> str:
    """The number key the Now pane shows for an option (numbers stay with their
    options: tui/numbering.py)."""
    number = pilot.app.screen.query_one(PromptPanel).number_of(value)
    assert number is not None, f"option {value!r} has no number key"
    return str(number)


async def pick(pilot: Any, *values: str) -> None:
    """Choose each value in turn, each in the Choose pending then, by its number key."""
    for value in values:
        prompt = pilot.app.session.prompt
        assert isinstance(prompt, Choose), prompt
        await press(pilot, option_number(pilot, value))


async def pick_option(pilot: Any, value: str) -> None:
    """Pick an option as a GM would: its number key, else the arrows and Enter."""
    number = pilot.app.screen.query_one(PromptPanel).number_of(value)
    if number is not None:
        await press(pilot, str(number))
    else:
        prompt = pilot.app.session.prompt
        enabled = [o.value for o in prompt.options if o.disabled is None]
        await press(pilot, "home", *["down"] * enabled.index(value), "enter")


async def type_an_army(pilot: Any, players: int, army: int, units: str) -> None:
    """On the setup form: `players` players, army `army` typed as `units`, then Ctrl+S."""
    from textual.widgets import Select, TextArea

    form = pilot.app.screen
    form.query_one("#players", Select).value = players
    await pilot.pause()
    form.query_one(f"#army-{army}", Select).value = "typed"
    await pilot.pause()
    form.query_one(f"#units-{army}", TextArea).text = units
    await press(pilot, "ctrl+s")
