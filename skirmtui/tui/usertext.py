"""User text as a renderable that is never parsed as markup and never carries a raw
control character (`engine.core.text.safe`). Anything that shows a name, a note, an
answer, a path or an error message builds it with `plain`, not an f-string."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from skirmtui.engine.core.text import safe


def plain(text: str, style: str | Style = "", *, multiline: bool = False) -> Text:
    """`text` shown literally: `[b]` stays `[b]`, `ESC` shows as `␛`."""
    return Text(safe(text, multiline=multiline), style=style)
