"""Every key list the look-ahead reads from a system (`RuleSystem`'s table-fact hooks)
is declared by at least one of the five systems: a hook none declares is a branch of
`engine/play/lookahead.py` nothing runs (regole-base's `either_way`, the "none and all"
reading of what a move passed, outlived its one user when `fact_odds` replaced it)."""

from __future__ import annotations

from skirmtui.engine.core.base import BaseSystem
from skirmtui.systems.registry import systems


def test_every_look_ahead_key_hook_is_declared_by_a_system() -> None:
    hooks = [
        name
        for name, value in vars(BaseSystem).items()
        if isinstance(value, frozenset) and not name.startswith("_")
    ]
    assert "likely_first" in hooks and "horizon" in hooks  # the hooks are found
    unused = [name for name in hooks if not any(getattr(s, name) for s in systems().values())]
    assert unused == [], f"declared by no system: {unused}"
