"""When each battle-screen action is live (`BattleScreen.check_action`): one table a
reader extends in one place. The key bar and the palette hide what is not live now."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from skirmtui.engine.core.prompts import Ask, Roll
from skirmtui.engine.core.session import Session
from skirmtui.tui.search import LogSearch


class _Player(Protocol):
    def allows(self, action: str) -> bool: ...


class LiveScreen(Protocol):
    """What the table reads of the battle screen."""

    @property
    def session(self) -> Session: ...

    @property
    def selected(self) -> str | None: ...

    @property
    def search(self) -> LogSearch: ...

    @property
    def player(self) -> _Player: ...

    @property
    def playing(self) -> bool: ...

    def has_class(self, *class_names: str) -> bool: ...


#: Actions whose availability depends on the prompt, the undo/redo stacks, the size,
#: the app's answers (`why`: an AI answer to explain; left out, the key bar showed no
#: "w Why?" when the AI's answer changed no other key, e.g. pequenas-guerras' corners).
TOGGLED = (
    "undo",
    "redo",
    "roll",
    "answer_yes",
    "answer_no",
    "sheet",
    "damage",
    "heal",
    "status",
    "why",
)


def _yes_no(screen: LiveScreen) -> bool:
    prompt = screen.session.prompt
    return screen.playing and isinstance(prompt, Ask) and prompt.yes_no


def _has_unit(screen: LiveScreen) -> bool:
    return screen.playing and screen.selected is not None


def _quick_damage(screen: LiveScreen) -> bool:
    return _has_unit(screen) and screen.session.system.damage_field is not None


def _searching(screen: LiveScreen) -> bool:
    return screen.search.active


#: When each action is live (`check_action`); an action not listed always is.
LIVE: dict[str, Callable[[LiveScreen], bool]] = {
    "search_next": _searching,
    "search_prev": _searching,
    "search_clear": _searching,
    "undo": lambda screen: screen.playing and screen.session.can_undo,
    "redo": lambda screen: screen.playing and screen.session.can_redo,
    "roll": lambda screen: screen.playing and isinstance(screen.session.prompt, Roll),
    "answer_yes": _yes_no,
    # n moves to the next hit until Esc ends the search
    "answer_no": lambda screen: _yes_no(screen) and not screen.search.active,
    "sheet": lambda screen: screen.has_class("-narrow"),
    "damage": _quick_damage,
    "heal": _quick_damage,
    "status": _has_unit,
    "condition": lambda screen: screen.playing,
    "override": lambda screen: screen.playing,
    "note": lambda screen: screen.playing,
    "app_rolls": lambda screen: screen.playing,
    "players": lambda screen: screen.playing,
    "why": lambda screen: screen.playing and screen.player.allows("why"),
    "app_answer": lambda screen: screen.playing and screen.player.allows("app_answer"),
}

#: Keys the open search line takes for itself (the letters go to it).
SEARCH_LINE_TAKES = frozenset(
    {
        "roll",
        "answer_yes",
        "answer_no",
        "help",
        "digit",
        "submit",
        "erase",
        "type",
        "sheet",
        "damage",
        "heal",
    }
)
