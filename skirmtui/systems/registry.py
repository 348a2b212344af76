"""The one place systems are registered: adding a system is one line here."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from skirmtui.engine.core.system import RuleSystem

#: system id → module exposing `SYSTEM`.
_MODULES = {
    "wargaming-introduttivo": "skirmtui.systems.wargaming_introduttivo",
    "pequenas-guerras": "skirmtui.systems.pequenas_guerras",
    "cape-et-epee": "skirmtui.systems.cape_et_epee",
    "combattimento-gdr": "skirmtui.systems.combattimento_gdr",
    "regole-base": "skirmtui.systems.regole_base",
}


@cache
def systems() -> dict[str, RuleSystem]:
    """Every registered system by id."""
    return {sid: import_module(module).SYSTEM for sid, module in _MODULES.items()}


def get_system(system_id: str) -> RuleSystem:
    """One system, importing only its own module (start-up plays one system)."""
    module = _MODULES.get(system_id)
    found: RuleSystem | None = import_module(module).SYSTEM if module else None
    if found is None:
        raise KeyError(f"unknown system {system_id!r} (known: {', '.join(sorted(systems()))})")
    return found
