"""Effects in words: what a rule changed, written for people (log, reports).

Plain text, no markup: the TUI log and the md report render these lines as data.
"""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Effect, LogEntry
from skirmtui.engine.core.system import RuleSystem


def value_words(battle: Battle, value: object, labels: dict[str, str] | None = None) -> str:
    """A stored value as people read it: unit and side ids become names (a list of
    them, names joined)."""
    if isinstance(value, list | tuple):
        return ", ".join(value_words(battle, v, labels) for v in value) or "none"
    if isinstance(value, str) and value:
        if value in battle.units:
            return (labels or battle.labels).get(value, value)
        for side in battle.sides:
            if side.id == value:
                return side.name
    return str(value)


def effect_words(
    battle: Battle,
    system: RuleSystem,
    effect: Effect,
    labels: dict[str, str] | None = None,
) -> str:
    """One change without the unit's name: `damage 0 → 1`, `now active`, `removed`."""
    if effect.field == "removed":
        return "removed from the table" if effect.after else "back on the table"
    label = next((f.label for f in system.unit_fields if f.name == effect.field), None)
    label = label or effect.field.replace("_", " ")
    before, after = effect.before, effect.after
    if isinstance(after, bool) and isinstance(before, bool):
        return f"now {label}" if after else f"no longer {label}"
    if isinstance(after, int) and isinstance(before, int) and not isinstance(after, bool):
        return f"{label} {before} → {after} ({after - before:+d})"
    if after in ("", None):
        return f"{label} cleared (was {value_words(battle, before, labels)})"
    return f"{label}: {value_words(battle, after, labels)}"


def entry_effects(
    battle: Battle,
    system: RuleSystem,
    entry: LogEntry,
    labels: dict[str, str] | None = None,
) -> str:
    """Every effect of a log entry, grouped by unit in the order they happened:
    `Centurione: damage 0 → 1 (+1), no longer active; Capo tribù: removed`."""
    if not entry.effects:
        return ""
    labels = labels if labels is not None else battle.labels
    grouped: dict[str | None, list[str]] = {}
    for effect in entry.effects:  # a unit's stat, or (unit None) the battle's position
        words = effect_words(battle, system, effect, labels)
        grouped.setdefault(effect.unit, []).append(words)
    return "; ".join(
        f"{_whose(battle, unit, labels)}: {', '.join(words)}" for unit, words in grouped.items()
    )


def _whose(battle: Battle, unit: str | None, labels: dict[str, str]) -> str:
    if unit is None:
        return "Battle"
    return labels.get(unit) or value_words(battle, unit, labels)
