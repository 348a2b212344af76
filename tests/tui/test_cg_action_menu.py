"""combattimento-gdr's "which action?" at 80x24 (issue 26, seen in tmux in a solo
battle): the menu listed the actions the rules forbid now first (Attack in melee: not
in contact, Flee: not in a melee…), so "Wait and act later this turn" and "Do nothing"
were below "↓ 2 more". The actions a combatant may take come first; the disabled ones
follow with their reasons; every value is the one it was (saves replay), and the
enabled ones keep their order (the same numbers, the same random draws)."""

from __future__ import annotations

import random
from pathlib import Path

from skirmtui.engine.core.session import Session
from skirmtui.systems.combattimento_gdr.menu import menu_of
from skirmtui.systems.registry import get_system
from skirmtui.tui.app import SkirmApp
from skirmtui.tui.widgets.prompt_panel import PromptPanel
from tests.tui.helpers import running

CG = "combattimento-gdr"
#: The menu's order before issue 26's ninth pass (a spell before "other").
ORDER = ["melee", "two", "ranged", "charge", "ready", "flee", "spell", "other", "delay", "nothing"]


def _to_an_action(session: Session, rng: random.Random) -> None:
    for _ in range(400):
        prompt = session.prompt
        if prompt is None or prompt.text.endswith("which action?"):
            return
        session.answer(prompt.random_answer(rng))


def test_enabled_actions_first_with_the_values_and_order_they_had() -> None:
    session = Session(get_system(CG), get_system(CG).demo_setup())
    _to_an_action(session, random.Random(1))
    prompt = session.prompt
    assert prompt is not None and prompt.text.endswith("which action?")
    unit = session.battle.units[str(prompt.actor)]
    for foes in (False, True):
        for free in (False, True):
            options = menu_of(unit, foes, free, may_delay=False)
            flags = [o.disabled is None for o in options]
            assert any(flags) and not all(flags)
            assert flags == sorted(flags, reverse=True), [o.value for o in options]
    listed = [o.value for o in prompt.options]
    assert {"delay", "nothing", "melee", "flee"} <= set(listed)
    enabled = [o.value for o in prompt.options if o.disabled is None]
    assert enabled == sorted(enabled, key=ORDER.index)  # as they were listed before
    assert "delay" in enabled and "nothing" in enabled


async def test_wait_and_do_nothing_are_in_sight_at_80x24(tmp_path: Path) -> None:
    system = get_system(CG)
    session = Session(system, system.demo_setup())
    rng = random.Random(1)
    app = SkirmApp(
        session=session, path=tmp_path / "cg.toml", created="2026-01-01T00:00:00Z", autosave=False
    )
    async with running(app, (80, 24)) as (pilot, live):
        menus = 0
        while menus < 12 and live.prompt is not None:
            _to_an_action(live, rng)
            app.screen.changed()  # type: ignore[attr-defined]
            await pilot.pause()
            prompt = live.prompt
            assert prompt is not None
            shown = "\n".join(app.screen.query_one(PromptPanel).lines_text())
            for option in prompt.enabled():
                assert option.label in shown, (option.label, shown)
            menus += 1
            live.answer(prompt.random_answer(rng))
