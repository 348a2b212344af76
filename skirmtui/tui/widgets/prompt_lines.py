"""What the Now pane draws, as plain lines: the odds of a roll, the window of options
around the cursor (each wrapped, never cut, with its number key and, for a `Pick`, its
box), and a default in words. Pure functions of the prompt and the pane's state, so the
pane (prompt_panel.py) only holds that state and turns keys into answers."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import NamedTuple

from skirmtui.engine.core.odds import die_chance, expected_successes, percent, success_chance
from skirmtui.engine.core.prompts import SYMBOLS, Ask, Choose, Option, Pick, Prompt, Roll
from skirmtui.engine.core.text import one_line
from skirmtui.tui.numbering import opens_groups
from skirmtui.tui.widgets.lines import wrap


class Line(NamedTuple):
    text: str
    kind: str  # a component class suffix (title, help, odds, cursor…), or plain `option`
    target: str = ""  # what a click on this line does: "option:N", "roll", "yes"…


def roll_summary(prompt: Roll) -> str:
    """`1d6 ≤ 3 (CMB 4, medium range -1) · 50.0% chance`; for a pool
    `3d6, each ≥ 4 · 50.0% a die · 1.5 expected`."""
    text = prompt.dice + (", each" if prompt.per_die else "")
    if prompt.compare and prompt.effective_threshold is not None:
        text += f" {SYMBOLS[prompt.compare]} {prompt.effective_threshold}"
    if prompt.modifiers:
        text += " (" + ", ".join(f"{label} {value:+d}" for label, value in prompt.modifiers) + ")"
    if prompt.per_die:
        text += f" · {percent(die_chance(prompt))} a die"
        expected = expected_successes(prompt)
        if expected is not None:
            text += f" · {float(expected):.1f} expected"
    chance = percent(success_chance(prompt))
    if chance:
        needed = f" ({prompt.need} needed)" if prompt.per_die else ""
        text += f" · {chance} chance{needed}"
    return text


def option_text(option: Option, number: int | None, box: str) -> tuple[str, str]:
    """One option as shown (number key, box of a `Pick`, label, chance, reason) and its
    line kind."""
    text = f"{number}." if number is not None else "  "
    text += f" {box}{one_line(option.label)}"
    if option.chance is not None:
        text += f" · {option.chance * 100:.1f}%"
    if option.disabled is not None:
        return f"{text} — {one_line(option.disabled)}", "disabled"
    return text, "option"


def option_window(
    options: Sequence[Option],
    numbers: Mapping[int, int],
    cursor: int,
    width: int,
    room: int,
    picked: Collection[int] | None = None,
) -> list[Line]:
    """The options around the cursor that fit in `room` lines, each wrapped; a disabled
    option stays listed, dimmed, with its reason. `picked`: a `Pick`'s boxes.

    Only the options that can be shown are wrapped (a movement list of 150 options
    shows about ten): the window needs at most `room` options on each side of the
    cursor, and whether all of them fit is known after `room + 1`."""
    wrapped: dict[int, list[Line]] = {}

    def group(index: int) -> list[Line]:
        lines = wrapped.get(index)
        if lines is None:
            box = "" if picked is None else ("[x] " if index in picked else "[ ] ")
            text, kind = option_text(options[index], numbers.get(index), box)
            if index == cursor:
                kind = "cursor"
            target = f"option:{index}"
            lines = wrapped[index] = [Line(t, kind, target) for t in wrap(text, width, 3)]
        return lines

    count = len(options)
    total = 0
    for index in range(count):
        total += len(group(index))
        if total > room:
            break
    else:  # every option fits
        return [line for index in range(count) for line in group(index)]
    low, high = cursor, cursor + 1
    used = len(group(low))

    def fits(extra: int, low: int, high: int) -> bool:  # room less the "more" lines
        return used + extra <= room - (low > 0) - (high < count)

    grew = True
    while grew:  # around the cursor, one option each way at a time
        grew = False
        if high < count and fits(len(group(high)), low, high + 1):
            used += len(group(high))
            high += 1
            grew = True
        if low > 0 and fits(len(group(low - 1)), low - 1, high):
            low -= 1
            used += len(group(low))
            grew = True
    lines = [line for index in range(low, high) for line in group(index)]
    lines = lines[: max(1, room - (low > 0) - (high < count))]
    if low > 0:
        lines.insert(0, Line(f"   ↑ {low} more", "help"))
    if high < count:
        lines.append(Line(f"   ↓ {count - high} more", "help"))
    return lines


def pick_help(prompt: Pick, picked: int) -> str:
    """How many are ticked, how many it takes, and the keys: one line at 80×24."""
    most = prompt.most
    if prompt.minimum == most:
        bounds = f"pick {most}"
    elif prompt.minimum:
        bounds = f"pick {prompt.minimum}–{most}"
    else:
        bounds = "any"
    grouped = any(option.group is not None for option in prompt.options)
    keys = "1–9 next choice" if grouped else "Space/1–9 tick"
    return f"{picked} ticked ({bounds}) · {keys} · Enter done"


def choose_help(prompt: Choose, opened: str | None) -> str:
    """The keys of a `Choose` grouped by unit: a group's number, then its choice's ("" for
    a `Choose` whose numbers open no group)."""
    if opened is None and not opens_groups(prompt):
        return ""
    if opened is None:
        return "1–9 a group, then 1–9 its choice"
    count = min(9, sum(1 for o in prompt.options if o.group == opened))
    return f"1–{count} its choice · Backspace: back"


def default_words(prompt: Prompt) -> str:
    """The answer Enter gives, in words ("" when the prompt has no default)."""
    value = prompt.default
    if value is None:
        return ""
    if isinstance(prompt, Choose | Pick):
        return one_line(prompt.describe(value))
    if isinstance(prompt, Ask) and prompt.yes_no:
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return " ".join(map(str, value))
    return one_line(str(value))
