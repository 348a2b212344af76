"""System-agnostic engine, in rooms by role.

- `core/`: prompts, battle state, runner, session, dice and odds, the system contract;
- `store/`: the save format, its reader and writer, the lock, following a save;
- `report/`: the structured export, the shared report, narrative, luck, wording;
- `play/`: players other than people (random play for `sim`).

Nothing under `skirmtui.engine` may import Textual (tests/engine/test_layers.py).
"""
