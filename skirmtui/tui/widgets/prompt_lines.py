"""What the Now pane draws, as plain lines: the odds of a roll, the window of options
around the cursor (each wrapped, never cut, with its number key and, for a `Pick`, its
box), and a default in words. Pure functions of the prompt and the pane's state, so the
pane (prompt_panel.py) only holds that state and turns keys into answers."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import NamedTuple

from rich.cells import cell_len

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
    `3d6, each ≥ 4 · 50.0% a die · 1.5 expected`; a pool with nothing to reach (a
    roll-off's dice rolled together: each die an id's score) only `2d6`."""
    chance_a_die = die_chance(prompt) if prompt.per_die else None
    pool = chance_a_die is not None
    text = prompt.dice + (", each" if pool else "")
    if prompt.compare and prompt.effective_threshold is not None:
        text += f" {SYMBOLS[prompt.compare]} {prompt.effective_threshold}"
    if prompt.modifiers:
        text += " (" + ", ".join(f"{label} {value:+d}" for label, value in prompt.modifiers) + ")"
    if pool:
        text += f" · {percent(chance_a_die)} a die"
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
    option stays listed, dimmed, with its reason. `picked`: a `Pick`'s boxes. A `Pick`
    grouped by unit that does not fit whole shows a row a unit instead (`unit_rows`).

    Only the options (or rows) that can be shown are wrapped: a movement list of 150
    options shows about ten, whether all fit is known after `room + 1` of them, and
    the window needs at most `room` each side of the cursor."""
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
    if fit(group, count, room):
        return [line for index in range(count) for line in group(index)]
    if picked is not None and any(option.group is not None for option in options):
        runs, at = unit_runs(options, cursor)
        row = row_maker(options, runs, numbers, cursor, width, picked)
        if not fit(row, len(runs), room):  # the cursor's choice in full only if all fit
            row = row_maker(options, runs, numbers, cursor, width, picked, detail=False)
        return around(row, len(runs), at, room, width)
    return around(group, count, cursor, room, width)


def group_window(
    options: Sequence[Option],
    group: str,
    numbers: Mapping[int, int],
    cursor: int,
    width: int,
    room: int,
) -> list[Line]:
    """The window of an opened group's options alone (a `Choose` grouped by unit, its
    number pressed: the next digit picks among them): "↓ 29 more" counted every other
    unit's options, which no digit could reach then."""
    members = [i for i, option in enumerate(options) if option.group == group]
    at = {index: n for n, index in enumerate(members)}
    mine = {at[i]: number for i, number in numbers.items() if i in at}
    window = option_window([options[i] for i in members], mine, at.get(cursor, 0), width, room)
    return [
        Line(line.text, line.kind, f"option:{members[int(line.target[7:])]}")
        if line.target.startswith("option:")
        else line
        for line in window
    ]


def choice_window(
    prompt: Choose | Pick,
    numbers: Mapping[int, int],
    cursor: int,
    width: int,
    room: int,
    picked: Collection[int],
    opened: str | None,
) -> list[Line]:
    """The Now pane's window of a list: an opened group's options alone
    (`group_window`), else every option around the cursor (`option_window`; `picked`:
    a `Pick`'s ticks)."""
    if opened is not None and isinstance(prompt, Choose):
        return group_window(prompt.options, opened, numbers, cursor, width, room)
    boxes = picked if isinstance(prompt, Pick) else None
    return option_window(prompt.options, numbers, cursor, width, room, boxes)


def fit(block: Callable[[int], Sequence[Line]], count: int, room: int) -> bool:
    """Whether `count` blocks take at most `room` lines (stops at the first past it)."""
    used = 0
    for index in range(count):
        used += len(block(index))
        if used > room:
            return False
    return True


def around(
    block: Callable[[int], Sequence[Line]], count: int, at: int, room: int, width: int = 0
) -> list[Line]:
    """The blocks (an option's or a unit's lines: `block(i)`) around block `at` that fit
    in `room` lines, one block each way at a time, with `↑ N more` / `↓ N more` for the
    rest. Rows left over, where the next block does not fit whole, show its first rows,
    the last cut with "…" (`width`: the pane's; 0: left blank)."""
    low, high = at, at + 1
    used = len(block(low))

    def fits(extra: int, low: int, high: int) -> bool:  # room less the "more" lines
        return used + extra <= room - (low > 0) - (high < count)

    grew = True
    while grew:  # around the cursor, one block each way at a time
        grew = False
        if high < count and fits(len(block(high)), low, high + 1):
            used += len(block(high))
            high += 1
            grew = True
        if low > 0 and fits(len(block(low - 1)), low - 1, high):
            low -= 1
            used += len(block(low))
            grew = True
    lines = [line for index in range(low, high) for line in block(index)]
    lines = lines[: max(1, room - (low > 0) - (high < count))]
    if width and len(lines) < room - (low > 0) - (high < count):
        # Blank rows under "↓ 30 more" hid that more was there: the next block in part.
        if high < count:
            high += 1
            free = room - len(lines) - (low > 0) - (high < count)
            lines += cut_short(block(high - 1), free, width)
        elif low > 0:
            low -= 1
            free = room - len(lines) - (low > 0)
            lines[:0] = cut_short(block(low), free, width)
    if low > 0:
        lines.insert(0, Line(f"   ↑ {low} more", "help"))
    if high < count:
        lines.append(Line(f"   ↓ {count - high} more", "help"))
    return lines


def cut_short(lines: Sequence[Line], rows: int, width: int) -> list[Line]:
    """A block's first `rows` lines, the last ending with "…" within `width` cells."""
    kept = list(lines[:rows])
    last = kept[-1]
    text = last.text.rstrip()
    while text and cell_len(text) + 1 > width:
        text = text[:-1]
    kept[-1] = Line(text + "…", last.kind, last.target)
    return kept


#: Where a grouped option's label parts its unit from its choice: "Capo tribù: moves, …",
#: "Armigero 1 — Charge".
_PARTS = (": ", " — ")
#: Where a choice's words part from its details ("moves, up to 20 cm (10 cm on …)").
_DETAILS = (", ", " (")


def unit_rows(
    options: Sequence[Option],
    numbers: Mapping[int, int],
    cursor: int,
    width: int,
    picked: Collection[int],
    *,
    detail: bool = True,
) -> tuple[list[list[Line]], int]:
    """A `Pick` grouped by unit as one row a unit: its number, then each of its
    choices in a word or two with its box (`2. Guerriero 1: [x] moves  [ ] impervious
    ground 50%`), `▸` before the cursor's, and (`detail`) under the cursor's row its
    choice in full. A click on a row ticks its choices in turn, as its number does.
    Options of no group keep a row each. The rows, and the index of the cursor's."""
    runs, at = unit_runs(options, cursor)
    row = row_maker(options, runs, numbers, cursor, width, picked, detail=detail)
    return [row(n) for n in range(len(runs))], at


def unit_runs(options: Sequence[Option], cursor: int) -> tuple[list[list[int]], int]:
    """The options of a grouped `Pick` in runs of one unit's (an option of no group
    alone), and the index of the cursor's run."""
    runs: list[list[int]] = []
    at = 0
    for index, option in enumerate(options):
        if runs and option.group is not None and options[runs[-1][0]].group == option.group:
            runs[-1].append(index)
        else:
            runs.append([index])
        if index == cursor:
            at = len(runs) - 1
    return runs, at


def row_maker(
    options: Sequence[Option],
    runs: Sequence[Sequence[int]],
    numbers: Mapping[int, int],
    cursor: int,
    width: int,
    picked: Collection[int],
    *,
    detail: bool = True,
) -> Callable[[int], list[Line]]:
    """`unit_rows`' row of run `n`, made when first asked for and kept."""
    made: dict[int, list[Line]] = {}
    shown = cursor if detail else -1

    def row(n: int) -> list[Line]:
        lines = made.get(n)
        if lines is None:
            run = runs[n]
            number = next((numbers[i] for i in run if i in numbers), None)  # the group's
            lines = made[n] = _unit_row(options, run, number, cursor, shown, width, picked)
        return lines

    return row


def _unit_row(
    options: Sequence[Option],
    run: Sequence[int],
    number: int | None,
    cursor: int,
    detail: int,
    width: int,
    picked: Collection[int],
) -> list[Line]:
    """One unit's row (`unit_rows`), or an option of no group as `option_window` shows it."""
    first = options[run[0]]
    if len(run) == 1:
        text, kind = option_text(first, number, "[x] " if run[0] in picked else "[ ] ")
        kind = "cursor" if cursor == run[0] else kind
        return [Line(t, kind, f"option:{run[0]}") for t in wrap(text, width, 3)]
    labels = [one_line(options[i].label) for i in run]
    prefix = _unit_part(labels)
    choices = []
    for i, label in zip(run, labels, strict=True):
        option = options[i]
        box = "[x]" if i in picked else ("[-]" if option.disabled is not None else "[ ]")
        chance = "" if option.chance is None else f" {option.chance * 100:.0f}%"
        mark = "▸" if i == cursor else ""  # what Space ticks
        choices.append(f"{mark}{box} {_short(label[len(prefix) :])}{chance}")
    title = prefix.rstrip(" :—")
    text = " ".join(
        [f"{number}." if number is not None else "  ", *([f"{title}:"] if title else [])]
    )
    text += " " + "  ".join(choices)
    kind = "option" if any(options[i].disabled is None for i in run) else "disabled"
    if cursor in run:
        kind = "cursor"
    target = f"group:{run[0]}"
    lines = [Line(t, kind, target) for t in wrap(text, width, 3)]
    if detail in run:  # the cursor's choice in full, when its row says less
        said, _ = option_text(options[detail], None, "")
        said = said.strip().removeprefix(prefix)
        short = _short(labels[run.index(detail)][len(prefix) :])
        if said != short:
            lines += [
                Line(("   ▸ " if n == 0 else "     ") + t, "help", target)
                for n, t in enumerate(wrap(said, width - 5, 0)[:2])
            ]
    return lines


def _unit_part(labels: Sequence[str]) -> str:
    """The labels' common start up to and with its last unit/choice separator ("" when
    they share none)."""
    common = labels[0]
    for label in labels[1:]:
        while not label.startswith(common):
            common = common[:-1]
    cut = max((common.rfind(sep) + len(sep) for sep in _PARTS if sep in common), default=0)
    return common[:cut]


def _short(choice: str) -> str:
    """A choice in its first words: `moves, up to 20 cm (…)` → `moves`."""
    cut = min((choice.find(sep) for sep in _DETAILS if choice.find(sep) > 0), default=-1)
    return choice if cut < 0 else choice[:cut]


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


def default_words(prompt: Prompt, picked: Collection[int] = (), cursor: int = 0) -> str:
    """The answer Enter gives, in words: the prompt's default while Enter still gives it
    (a `Choose`'s cursor on it, a `Pick`'s ticks, `picked`, its own: "Enter: none" stayed
    with a unit ticked, and Enter said it moved); "" otherwise or with no default."""
    value = prompt.default
    if value is None:
        return ""
    if isinstance(prompt, Pick) and isinstance(value, tuple):
        if {o.value for i, o in enumerate(prompt.options) if i in picked} != set(value):
            return ""
    elif isinstance(prompt, Choose) and prompt.options:
        at = prompt.options[min(cursor, len(prompt.options) - 1)]
        if at.value != value:
            return ""
    if isinstance(prompt, Choose | Pick):
        return one_line(prompt.describe(value))
    if isinstance(prompt, Ask) and prompt.yes_no:
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return " ".join(map(str, value))
    return one_line(str(value))


#: A question's help: its first lines always shown (the rest where the pane has room).
HELP_LINES = 3
#: Rows kept for a list's options before a long help takes more than its first lines.
OPTION_ROWS = 3


def rows_kept(
    prompt: Prompt, numbers: Mapping[int, int], cursor: int, width: int, picked: Collection[int]
) -> int:
    """The rows a long help leaves for what follows it: `OPTION_ROWS` for a list, or
    fewer when its options take fewer (one enemy to tick left a blank row under it while
    the help was cut), 2 for an entry or buttons."""
    if not isinstance(prompt, Choose | Pick):
        return 2
    boxes = picked if isinstance(prompt, Pick) else None
    window = option_window(prompt.options, numbers, cursor, width, OPTION_ROWS, boxes)
    return min(OPTION_ROWS, len(window))


#: The end of a help cut short: the rest is on the help screen (`?`, whole).
HELP_MORE = "… (? for the rest)"


def help_lines(helped: list[str], spare: int, width: int, least: int = HELP_LINES) -> list[Line]:
    """A help's lines to show: the first HELP_LINES, then as many more as `spare` rows
    allow, or as few as `least` when `spare` is short (the app's cue over a question
    takes the rows: the help is whole on `?`); when some are left out the last line
    shown ends with HELP_MORE after its last whole word that leaves room for it."""
    count = max(least, HELP_LINES + spare)
    if len(helped) <= count:
        return [Line(t, "help") for t in helped]
    shown = helped[:count]
    end = shown[-1].rstrip()
    while cell_len(end + HELP_MORE) > width and " " in end.strip():
        end = end[: end.rstrip().rindex(" ")].rstrip()
    if cell_len(end + HELP_MORE) > width:  # one word longer than the room: its start
        end = end[: max(0, width - cell_len(HELP_MORE))]
    more = HELP_MORE.removeprefix("…") if end.endswith(".") else HELP_MORE  # no ".…"
    return [Line(t, "help") for t in shown[:-1]] + [Line(end + more, "help")]
