"""The Now pane's window of options wraps only the options (or a grouped pick's unit
rows) it can show (a movement list of 150 options shows about ten): it must show
exactly what wrapping every one showed, whatever the list, the cursor, the width and
the room."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from skirmtui.engine.core.options import Option
from skirmtui.tui.widgets.lines import wrap
from skirmtui.tui.widgets.prompt_lines import Line, _unit_row, option_text, option_window


def whole_window(
    options: Sequence[Option],
    numbers: Mapping[int, int],
    cursor: int,
    width: int,
    room: int,
    picked: Collection[int] | None = None,
) -> list[Line]:
    """The window as it was made before: every option (or unit row) wrapped, then the
    window cut."""
    groups: list[list[Line]] = []
    for index, option in enumerate(options):
        box = "" if picked is None else ("[x] " if index in picked else "[ ] ")
        text, kind = option_text(option, numbers.get(index), box)
        if index == cursor:
            kind = "cursor"
        groups.append([Line(t, kind, f"option:{index}") for t in wrap(text, width, 3)])
    if sum(map(len, groups)) <= room:
        return [line for group in groups for line in group]
    if picked is not None and any(option.group is not None for option in options):
        rows, at = whole_rows(options, numbers, cursor, width, picked, detail=True)
        if sum(map(len, rows)) > room:
            rows, at = whole_rows(options, numbers, cursor, width, picked, detail=False)
        return whole_around(rows, at, room, width)
    return whole_around(groups, cursor, room, width)


def whole_rows(
    options: Sequence[Option],
    numbers: Mapping[int, int],
    cursor: int,
    width: int,
    picked: Collection[int],
    detail: bool,
) -> tuple[list[list[Line]], int]:
    runs: list[list[int]] = []
    for index, option in enumerate(options):
        if runs and option.group is not None and options[runs[-1][0]].group == option.group:
            runs[-1].append(index)
        else:
            runs.append([index])
    rows: list[list[Line]] = []
    at = 0
    for run in runs:
        if cursor in run:
            at = len(rows)
        shown = cursor if detail else -1
        number = next((numbers[i] for i in run if i in numbers), None)
        rows.append(_unit_row(options, run, number, cursor, shown, width, picked))
    return rows, at


def whole_around(blocks: Sequence[Sequence[Line]], at: int, room: int, width: int) -> list[Line]:
    low, high, count = at, at + 1, len(blocks)
    used = len(blocks[low])

    def fits(extra: int, low: int, high: int) -> bool:
        return used + extra <= room - (low > 0) - (high < count)

    grew = True
    while grew:
        grew = False
        if high < count and fits(len(blocks[high]), low, high + 1):
            used += len(blocks[high])
            high += 1
            grew = True
        if low > 0 and fits(len(blocks[low - 1]), low - 1, high):
            low -= 1
            used += len(blocks[low])
            grew = True
    lines = [line for block in blocks[low:high] for line in block]
    lines = lines[: max(1, room - (low > 0) - (high < count))]
    # Rows left: the next block below (else above) in part, its last row shown ending "…".
    spare = room - len(lines) - (low > 0) - (high < count)
    if spare > 0 and (high < count or low > 0):
        below = high < count
        part = blocks[high] if below else blocks[low - 1]
        high, low = (high + 1, low) if below else (high, low - 1)
        rows = room - len(lines) - (low > 0) - (high < count)
        shown = [*part[: rows - 1], cut(part[rows - 1], width)]
        lines = [*lines, *shown] if below else [*shown, *lines]
    if low > 0:
        lines.insert(0, Line(f"   ↑ {low} more", "help"))
    if high < count:
        lines.append(Line(f"   ↓ {count - high} more", "help"))
    return lines


def cut(line: Line, width: int) -> Line:
    """A line shortened to end with "…" within `width` cells."""
    text = line.text.rstrip()
    while text and cell_len(text) + 1 > width:
        text = text[:-1]
    return Line(text + "…", line.kind, line.target)


labels = st.text(alphabet="ab ·—xyz", min_size=1, max_size=60)
option = st.builds(
    Option,
    value=st.text(alphabet="abc", min_size=1, max_size=3),
    label=st.sampled_from(["", "Guerriero 1: ", "Armigero 2 — "]).flatmap(
        lambda unit: labels.map(lambda words: unit + words)
    ),
    disabled=st.none() | labels,
    chance=st.none() | st.floats(0, 1),
    group=st.none() | st.sampled_from(["u1", "u2", "u3"]),
)


@settings(max_examples=200, deadline=None)
@given(
    options=st.lists(option, min_size=1, max_size=40),
    data=st.data(),
    width=st.integers(8, 60),
    room=st.integers(1, 20),
    pick=st.booleans(),
)
def test_window_as_with_every_option_wrapped(
    options: list[Option], data: st.DataObject, width: int, room: int, pick: bool
) -> None:
    cursor = data.draw(st.integers(0, len(options) - 1))
    numbers = {i: i + 1 for i in range(min(9, len(options)))}
    picked = data.draw(st.sets(st.integers(0, len(options) - 1))) if pick else None
    assert option_window(options, numbers, cursor, width, room, picked) == whole_window(
        options, numbers, cursor, width, room, picked
    )


def test_a_long_list_shows_the_cursor_and_what_is_left() -> None:
    options = [Option(f"u{i}", f"Unit {i} moves over open ground") for i in range(150)]
    window = option_window(options, {}, 75, 40, 10)

    def shown(i: int) -> Line:
        kind = "cursor" if i == 75 else "option"
        return Line(f"   Unit {i} moves over open ground", kind, f"option:{i}")

    shown_lines = [shown(i) for i in range(72, 80)]
    assert window == [Line("   ↑ 72 more", "help"), *shown_lines, Line("   ↓ 70 more", "help")]
