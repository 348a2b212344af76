"""Effects in words: what a rule changed, written for people (log, reports).

The one place the log's and the reports' words for effects and counts live (issue 27):
the combat log, the review, the Markdown and HTML reports all use these. Every line is
a sentence a player would write: no Python lists or dicts, a count agrees with its noun
(`plural`), and bookkeeping that resets many units at once is one line ("8 units: no
longer acted this phase") with each unit named only where detail is asked for (review).

Plain text, no markup: the TUI log and the md report render these lines as data.
"""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Effect, LogEntry, Unit
from skirmtui.engine.core.system import RuleSystem
from skirmtui.engine.core.text import plural

__all__ = ["effect_words", "entry_effects", "field_words", "plural", "value_words"]

#: Units sharing one same change in one entry at least this many times are one line.
GROUP_AT = 3


def value_words(battle: Battle, value: object, labels: dict[str, str] | None = None) -> str:
    """A stored value as people read it: unit and side ids become names (a list of
    them, names joined; a table of them `Blue: north-west, Red: north-east`); an empty
    place in a list (an objective nobody holds) is "nobody"."""
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, list | tuple) for v in value):
            # pairs (regole-base's contacts): "Capobanda – Armigero 2; Capitano – Brigante
            # 1", not every name in one flat list that nobody could pair up again
            return "; ".join(" – ".join(_item_words(battle, x, labels) for x in v) for v in value)
        return ", ".join(_item_words(battle, v, labels) for v in value) or "none"
    if isinstance(value, dict):
        return (
            ", ".join(
                f"{value_words(battle, k, labels)}: {value_words(battle, v, labels)}"
                for k, v in value.items()
            )
            or "none"
        )
    if isinstance(value, str) and value:
        if value in battle.units:
            return (labels or battle.labels).get(value, value)
        for side in battle.sides:
            if side.id == value:
                return side.name
    return str(value)


def _item_words(battle: Battle, value: object, labels: dict[str, str] | None) -> str:
    return "nobody" if value in ("", None) else value_words(battle, value, labels)


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
        if label.endswith(("since round", "in round")):  # a round number, not a count
            if not after and label.endswith(" since round"):  # "no longer in melee"
                return f"no longer {label.removesuffix(' since round')}"
            return f"{label} {after}" if after else f"{label}: none"
        return f"{label} {before} → {after} ({after - before:+d})"
    unit = battle.units.get(effect.unit or "")
    if after in ("", None):
        was = field_words(battle, system, unit, effect.field, before, labels)
        return f"{label} cleared (was {was})"
    return f"{label}: {field_words(battle, system, unit, effect.field, after, labels)}"


def field_words(
    battle: Battle,
    system: RuleSystem,
    unit: Unit | None,
    field: str,
    value: object,
    labels: dict[str, str] | None = None,
) -> str:
    """A value of a unit's field as people read it: in the system's words where it has
    its own (`RuleSystem.value_words`: a weapon's name for its key), else `value_words`."""
    return system.value_words(battle, unit, field, value) or value_words(battle, value, labels)


def entry_effects(
    battle: Battle,
    system: RuleSystem,
    entry: LogEntry,
    labels: dict[str, str] | None = None,
    *,
    detail: bool = False,
) -> str:
    """Every effect of a log entry, grouped by unit in the order they happened:
    `Centurione: damage 0 → 1 (+1), no longer active; Capo tribù: removed`. Units reset
    in the same way (a phase end's bookkeeping: each change back to nothing, false or 0)
    are one part, `8 units: no longer acted this phase`, unless `detail` (review) asks
    for each; a value set (an order die) names every unit."""
    if not entry.effects:
        return ""
    labels = labels if labels is not None else battle.labels
    grouped: dict[str | None, list[str]] = {}
    kept: set[str | None] = set()  # units with a change that is not a reset
    for effect in entry.effects:  # a unit's stat, or (unit None) the battle's position
        grouped.setdefault(effect.unit, []).append(effect_words(battle, system, effect, labels))
        if effect.after:  # set to something (a die, a status): worth naming each unit
            kept.add(effect.unit)
    same: dict[tuple[str, ...], list[str | None]] = {}
    for unit, said in grouped.items():
        same.setdefault(tuple(said), []).append(unit)
    parts = []
    done: set[tuple[str, ...]] = set()
    for unit, said in grouped.items():
        key = tuple(said)
        units = same[key]
        resets = not any(u in kept for u in units)
        if not detail and unit is not None and resets and len(units) >= GROUP_AT:
            if key not in done:
                done.add(key)
                parts.append(f"{plural(len(units), 'unit')}: {', '.join(said)}")
            continue
        parts.append(f"{_whose(battle, unit, labels)}: {', '.join(said)}")
    return "; ".join(parts)


def _whose(battle: Battle, unit: str | None, labels: dict[str, str]) -> str:
    if unit is None:
        return "Battle"
    return labels.get(unit) or value_words(battle, unit, labels)
