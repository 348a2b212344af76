"""System-agnostic core: dice, prompts, battle state, runner, sessions, saves.

Nothing under `skirmtui.engine` may import Textual (tests/engine/test_layers.py).
"""
