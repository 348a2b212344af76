"""The battle screen's keys, stated once.

The key bar, the help screen's key table, the command palette and README's key table all
come from these bindings: a key's `description` is its short name (key bar, palette
title), its `tooltip` what it does (help, palette). Keys handled inside a pane (the Now
pane's options and typed faces, the app's quit and palette) are listed in `PANE_KEYS`,
so that the help table still names every key a player can press.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import ActiveBinding, Binding, BindingType

from skirmtui.tui.search import SEARCH_BINDINGS

#: The battle screen's bindings (`BattleScreen.BINDINGS`), in the key bar's order.
BATTLE_BINDINGS: list[Binding] = [
    Binding(
        "ctrl+z",
        "undo",
        "Undo",
        id="undo",
        priority=True,
        tooltip="take back the last answer or GM entry, as far back as the start; a toast "
        "says what was undone",
    ),
    Binding(
        "ctrl+y",
        "redo",
        "Redo",
        id="redo",
        priority=True,
        tooltip="give the undone answer again; a toast says what was redone",
    ),
    Binding(
        "r",
        "roll",
        "Roll",
        id="roll",
        priority=True,
        tooltip="let the app roll, and every roll that follows before the next decision "
        "(hit → armour → wound); the exact chance is shown before",
    ),
    Binding(
        "y",
        "answer_yes",
        "Yes",
        id="yes",
        priority=True,
        show=False,
        tooltip="answer the table's yes/no question: yes",
    ),
    Binding(
        "n",
        "answer_no",
        "No",
        id="no",
        priority=True,
        show=False,
        tooltip="answer the table's yes/no question: no",
    ),
    Binding(
        "question_mark",
        "help",
        "Help",
        id="help",
        priority=True,
        tooltip="keys and how a turn goes, from anywhere on the battle screen",
    ),
    Binding(
        "s",
        "sheet",
        "Sheet",
        id="sheet",
        tooltip="under 110 columns: the unit sheet in the log's place, and back",
    ),
    Binding(
        "plus",
        "damage",
        "Damage",
        id="damage",
        tooltip="GM: one more wound on the unit under the roster cursor (its system's "
        "damage field; regole-base: one less current R)",
    ),
    Binding(
        "minus",
        "heal",
        "Heal",
        id="heal",
        tooltip="GM: one less wound on the unit under the roster cursor",
    ),
    Binding(
        "x",
        "status",
        "Status",
        id="status",
        tooltip="GM: switch one yes/no status of the unit under the roster cursor",
    ),
    Binding(
        "o",
        "override",
        "Override",
        id="override",
        tooltip="GM override: set a value, remove, put back or add a unit, end the battle, "
        "who plays a side, who the app rolls for",
    ),
    Binding(
        "e",
        "note",
        "Note",
        id="note",
        tooltip="write a note into the log (tick Private to keep it from the players)",
    ),
    Binding("v", "review", "Review", id="review", tooltip="review: timeline, filters, summary"),
    Binding(
        "w",
        "why",
        "Why?",
        id="why",
        tooltip="the options the app weighed for its last decision, their scores and odds",
    ),
    Binding("tab", "app.focus_next", "Next pane", show=False),
    Binding("shift+tab", "app.focus_previous", "Previous pane", show=False),
    # The answer keys are the screen's, not the Now pane's: they reach the question
    # whichever pane has focus (a pane's own keys are arrows and pages only).
    *[Binding(str(n), f"digit('{n}')", show=False) for n in range(10)],
    Binding("enter", "submit", "Answer", id="submit", show=False),
    Binding("backspace", "erase", show=False),
    Binding("space", "type(' ')", show=False),
    Binding("comma", "type(' ')", show=False),
    *SEARCH_BINDINGS,
    Binding(
        "l",
        "luck",
        "Dice luck",
        id="luck",
        show=False,
        tooltip="dice luck: per side and unit, expected and actual successes, percentile; "
        "charts round by round (w there: each side's chance to win)",
    ),
    Binding(
        "t",
        "condition",
        "Timed condition",
        id="condition",
        show=False,
        tooltip="GM: a timed condition on a unit (to the end of round N, for N "
        "activations, until removed), or end one",
    ),
]

#: The key bar's keys that give way, first to last, when the bar is too short for all
#: (80 columns): the GM's quick keys (also in the palette and the override dialog) go
#: first, the keys a question or an AI answer brings (Undo, Roll, Why?) never; Redo
#: (there after an undo) stays longer than Note and Review. What
#: stays is shown in the bindings' order; `?` lists every key.
KEY_BAR_GIVES_WAY: tuple[str, ...] = (
    "heal",
    "damage",
    "status",
    "note",
    "review",
    "redo",
    "override",
    "sheet",
    "help",
)

#: Keys a pane or the app handles, for the help table: (keys as shown, what they do).
PANE_KEYS: list[tuple[str, str]] = [
    (
        "Space, 1–9, Enter",
        "a multi-select: tick options (one of a group at most: a group's number ticks "
        "its choices in turn, then none), then confirm; Enter alone accepts the default "
        'shown ("Enter: …")',
    ),
    (
        "↑ ↓ Enter or 1–9",
        "choose an option; a number stays with its option while the question is open and "
        "when it comes back (a disabled one is listed with its reason); options grouped by "
        "unit: the unit's number, then its choice's (Backspace: back)",
    ),
    (
        "digits, Enter",
        'type the faces rolled at the table ("3 5" for 2d6, or "35"; dice over 9 faces '
        'with spaces: "10 4"); digits and Enter '
        "reach the question whichever pane has focus",
    ),
    (
        "Tab / Shift+Tab",
        "move between the roster, the Now pane and the log (the focused pane has a heavy border)",
    ),
    ("Ctrl+P", "command palette: every command (roll, redo, export…)"),
    ("Ctrl+Q", "quit (the battle is already saved)"),
]

#: Palette commands that have no key: (title, what it does, action).
PALETTE_ONLY: list[tuple[str, str, str]] = [
    ("Export the log", "write the structured log (JSON) beside the save", "export"),
    (
        "Who plays a side",
        "the app (as a persona) or the table plays a side from here on (a GM entry)",
        "players",
    ),
    ("Let the app answer", "the app answers the question an undo left to you", "app_answer"),
    (
        "Who the app rolls for",
        "every side, some sides or no one: their rolls need no keypress (a GM entry)",
        "app_rolls",
    ),
]

#: Actions the palette lists only while they are possible (the others say why not).
PALETTE_WHEN_LIVE = frozenset(
    {
        "override",
        "note",
        "condition",
        "damage",
        "heal",
        "status",
        "players",
        "why",
        "app_answer",
        "app_rolls",
    }
)

#: Keys that make no sense as a palette command (a yes/no answer, a search's steps).
_NOT_IN_PALETTE = frozenset(
    {"answer_yes", "answer_no", "search_next", "search_prev", "search_clear", "sheet"}
)

#: How a key is written in the help and README tables.
_SHOWN = {
    "slash": "/",
    "escape": "Esc",
    "ctrl+z": "Ctrl+Z",
    "ctrl+y": "Ctrl+Y",
    "plus": "+",
    "minus": "−",
    "question_mark": "?",
}


def shown(binding: Binding) -> str:
    """A binding's key as the help and README tables write it."""
    return _SHOWN.get(binding.key, binding.key)


def key_rows() -> list[tuple[str, str]]:
    """The help table's rows: (key, what it does), from the bindings and `PANE_KEYS`."""
    keyed = [(shown(b), b.tooltip) for b in BATTLE_BINDINGS if b.tooltip]
    return [*PANE_KEYS[:3], *keyed, *PANE_KEYS[3:]]


def palette_entries() -> list[tuple[str, str, str]]:
    """The palette's battle commands: (title, help, action), from the same bindings;
    the help a sentence (its first letter raised, the rest as written: "GM", "JSON")."""
    keyed = [
        (b.description, b.tooltip, b.action)
        for b in BATTLE_BINDINGS
        if b.tooltip and b.action not in _NOT_IN_PALETTE
    ]
    return [
        (title, text[:1].upper() + text[1:], action) for title, text, action in keyed + PALETTE_ONLY
    ]


def in_their_places(
    active: dict[str, ActiveBinding], bindings: Iterable[BindingType]
) -> dict[str, ActiveBinding]:
    """A screen's active keys in the order of its `bindings`, the others (the app's)
    after them as they came: the footer lists keys in the order Textual finds them,
    the focused widget's first, so a key's place moved with the focus (the review's
    Home and End went first while the timeline, which has Home and End too, had it)."""
    rank: dict[str, int] = {}
    for at, binding in enumerate(bindings):
        keys = binding.key if isinstance(binding, Binding) else binding[0]
        for key in keys.split(","):
            rank.setdefault(key.strip(), at)
    last = len(rank)
    return dict(sorted(active.items(), key=lambda item: rank.get(item[0], last)))
