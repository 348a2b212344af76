"""One line at the bottom: the keys that work now (from the screen's active bindings)
and the save status on the right.

Textual's Footer is a container of one widget per key, rebuilt whenever the bindings
may have changed; this draws one line and repaints only when the keys shown change.
A click on a key runs its action, as the Footer's keys do.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widget import Widget

from skirmtui.tui.keys import KEY_BAR_GIVES_WAY


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar { height: 1; background: $panel; color: $foreground; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        #: Key shown, label, action; None until the first render reads them.
        self._keys: tuple[tuple[str, str, str], ...] | None = None
        self.status = ""
        self._spans: list[tuple[int, int, str]] = []  # x from, x to, action

    def on_mount(self) -> None:
        # The keys are read when the first frame is drawn (focus and the screen's state
        # set by then), not at mount: read here, they lacked the unit keys, and the key
        # bar was drawn a second time right after the first frame.
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen: object) -> None:
        if self._keys is None:
            return  # not drawn yet: the first render reads them
        keys = self._active_keys()
        if keys != self._keys:
            self._keys = keys
            self.refresh()

    def _active_keys(self) -> tuple[tuple[str, str, str], ...]:
        keys = []
        seen = set()
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if not binding.show or not active.enabled or binding.action in seen:
                continue
            seen.add(binding.action)
            shown = binding.key_display or self.app.get_key_display(binding)
            keys.append((shown, binding.description, binding.action))
        return tuple(keys)

    def set_status(self, status: str) -> None:
        if status != self.status:
            self.status = status
            self.refresh()

    def render(self) -> Text:
        """The keys first (those that fit: `fitting`), then the save status in the room
        left: in full, or only its first word (`✓ saved`) on a narrow terminal; a status
        that starts with its two spaces (`  FILE`: nothing saved yet) has none."""
        text = Text(no_wrap=True, overflow="ellipsis")
        spans = []
        width = self.size.width
        short = self.status.split("  ")[0].strip() if self.status else ""
        if self._keys is None:
            self._keys = self._active_keys()
        for shown, label, action in fitting(self._keys, width - cell_len(short) - 1):
            piece = f" {shown} {label} "
            if text.cell_len + cell_len(piece) > width - cell_len(short) - 1:
                break
            start = text.cell_len
            text.append(f" {shown}", style="bold reverse")
            text.append(f" {label} ")
            spans.append((start, text.cell_len, action))
        self._spans = spans
        room = width - text.cell_len - 1
        status = self.status.strip() if cell_len(self.status.strip()) <= room else short
        text.append(" " * max(1, width - text.cell_len - cell_len(status)))
        text.append(status, style="dim")
        return text

    async def on_click(self, event: events.Click) -> None:
        for start, end, action in self._spans:
            if start <= event.x < end:
                await self.screen.run_action(action)
                return


def fitting(keys: tuple[tuple[str, str, str], ...], room: int) -> tuple[tuple[str, str, str], ...]:
    """The keys the bar shows in `room` cells: all when they fit, else without those
    that give way first (`keys.KEY_BAR_GIVES_WAY`), so that the keys a question or an
    answer brings (Roll, Why? after an AI answer) are not the ones cut at 80 columns."""
    widths = {action: cell_len(f" {shown} {label} ") for shown, label, action in keys}
    used = sum(widths.values())
    left = {action for _, _, action in keys}
    for action in KEY_BAR_GIVES_WAY:
        if used <= room:
            break
        if action in left:
            left.discard(action)
            used -= widths[action]
    return tuple(key for key in keys if key[2] in left)
