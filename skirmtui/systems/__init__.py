"""Rule systems. Nothing under `skirmtui.systems` may import Textual."""
