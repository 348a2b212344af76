"""A fresh process that runs one app headless and exits at its first interactive frame.

`python -m bench.child bare` runs a bare Textual app (one Static);
`python -m bench.child skirmtui ARGS...` runs `skirmtui ARGS...` (e.g. `demo -o PATH`).
Both go through the same harness: `App.run` is made headless at a fixed size, and the
app exits once its first frame is on screen with the battle screen (or the bare
Static) showing. The last line printed is JSON: the wall-clock time (`time.time()`)
of that frame, the peak RSS of the process so far, whether icepool was imported, and
the class of the screen shown.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.message import Message
from textual.message_pump import MessagePump
from textual.widgets import Static

SIZE = (120, 40)


class BareApp(App[int]):
    """The reference: the smallest Textual app that shows something."""

    def compose(self) -> ComposeResult:
        yield Static("Hello")


def peak_rss_kb() -> int:
    """Peak resident memory of this process (`VmHWM`: unlike `ru_maxrss`, it is not
    inherited from the parent across fork and exec)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


#: Whether icepool was imported when the first frame went out (`Ready` was posted).
_ICEPOOL_AT_FIRST_FRAME: list[bool] = []


def _report(app: App[Any]) -> None:
    report = {
        "ready": time.time(),
        "maxrss_kb": peak_rss_kb(),
        "icepool": _ICEPOOL_AT_FIRST_FRAME[0] if _ICEPOOL_AT_FIRST_FRAME else None,
        "screen": type(app.screen).__name__,
    }
    app.exit(0)
    print(json.dumps(report), file=sys.__stderr__)


def _first_frame(app: App[Any]) -> None:
    """Called on `Ready` (first frame): exit once the app's own screen is up."""
    want = "Screen" if isinstance(app, BareApp) else "BattleScreen"
    if type(app.screen).__name__ == want:
        app.call_after_refresh(_report, app)
    else:  # a screen is still being pushed: look again after the next frame
        app.call_after_refresh(_first_frame, app)


def _install() -> None:
    """Make every `App.run` headless and have it exit at its first interactive frame."""
    original = App.run
    post_message = App.post_message

    def post(self: MessagePump, message: Message) -> bool:
        if isinstance(message, events.Ready) and not _ICEPOOL_AT_FIRST_FRAME:
            _ICEPOOL_AT_FIRST_FRAME.append("icepool" in sys.modules)
        return post_message(self, message)

    def run(self: App[Any], *args: Any, **kwargs: Any) -> Any:
        kwargs.update(headless=True, size=SIZE)
        return original(self, *args, **kwargs)

    def on_ready(self: App[Any]) -> None:
        _first_frame(self)

    App.run = run  # type: ignore[method-assign]
    App.post_message = post  # type: ignore[method-assign]
    App.on_ready = on_ready  # type: ignore[attr-defined]


def main(argv: list[str]) -> int:
    _install()
    if argv[0] == "bare":
        BareApp().run()
        return 0
    from skirmtui.cli import main as skirmtui_main

    return skirmtui_main(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
