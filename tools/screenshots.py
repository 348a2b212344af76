"""Regenerate the README's screenshots of the battle screen (SVG, Textual's own export).

    .venv/bin/python tools/screenshots.py

Writes docs/images/battle.svg (120×40) and docs/images/battle-80x24.svg (80×24, the
smallest size the battle screen is laid out for): the wargaming-introduttivo demo a
few answers in, with a roll pending, so the odds, the wrapped log with its effects in
words and the marked acting unit all show.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp

ROOT = Path(__file__).resolve().parent.parent
SHOTS = {"battle.svg": (120, 40), "battle-80x24.svg": (80, 24)}


def session() -> Session:
    system = get_system("wargaming-introduttivo")
    played = Session(system, system.demo_setup())
    # Play order 6 v 2, Centurione activates on a 1, then Legionario 2 tries.
    for value in [(6,), (2,), "red1", (1,), "red3"]:
        played.answer(value)
    return played


async def shoot(name: str, size: tuple[int, int]) -> None:
    app = SkirmApp(
        session=session(),
        path=Path("saves/demo.toml"),
        created="2026-01-01T00:00:00Z",
        autosave=False,
    )
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.save_screenshot(name, path=str(ROOT / "docs" / "images"))


def main() -> None:
    for name, size in SHOTS.items():
        asyncio.run(shoot(name, size))
        print(f"docs/images/{name} ({size[0]}×{size[1]})")


if __name__ == "__main__":
    main()
