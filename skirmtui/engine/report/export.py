"""Export format 1 (DESIGN.md): the structured log other tools read."""

from __future__ import annotations

from typing import Any

from skirmtui.engine.core.battle import Battle, LogEntry, plain_value
from skirmtui.engine.core.odds import die_chance, success_chance
from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.core.session import Session
from skirmtui.engine.report.luck import luck_document

EXPORT_FORMAT = 1


def export_document(session: Session) -> dict[str, Any]:
    setup = session.setup
    battle = offered_battle(session)
    doc: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "system": setup.system,
        "title": setup.title,
        "seed": setup.seed,
        "options": dict(battle.options),
        "sides": [{"id": s.id, "name": s.name} for s in setup.sides],
        "units": [
            {
                "id": u.id,
                "side": u.side,
                "name": u.name,
                "label": u.label,
                "profile": dict(u.profile),
                "start": {k: plain_value(v) for k, v in u.start.items()},
            }
            for u in battle.units.values()
        ],
        "entries": [entry_document(e, battle) for e in battle.log],
        "result": result_document(battle),
        "luck": luck_document(battle),
    }
    return doc


def offered_battle(session: Session) -> Battle:
    """The session's battle replayed once more with every choice's options kept (export
    `options`): the same log, entry for entry (a replay is exact), plus what was offered
    — lazy option lists included, which an ordinary replay never makes."""
    # A session, not a bare runner: a GM entry made in the middle of a step plays the
    # step again from its boundary, which the session's checkpoints give.
    return Session(session.system, session.setup, session.items, keep_offered=True).battle


def entry_document(entry: LogEntry, battle: Battle) -> dict[str, Any]:
    """One log entry. Additive keys of format 1: `value` (the answer, structured) on
    entries an answer made; `actor_label`/`target_label`, the units' unique labels."""
    doc: dict[str, Any] = {
        "index": entry.index,
        "answer": entry.answer,
        "round": entry.round,
        "phase": entry.phase,
        "kind": entry.kind,
        "key": entry.key,
        "side": entry.side,
        "actor": entry.actor,
        "target": entry.target,
        "text": entry.text,
        "roll": None,
        "effects": [e.as_dict() for e in entry.effects if e.unit is not None],
    }
    state = [e.as_dict() for e in entry.effects if e.unit is None]
    if state:  # changes of the battle's position: initiative, play order, objectives …
        doc["state"] = [{k: v for k, v in e.items() if k != "unit"} for e in state]
    if len(entry.actors) > 1 or len(entry.targets) > 1:  # a group, a shot at several
        doc["actors"] = [{"id": u, "label": battle.label(u)} for u in entry.actors]
        doc["targets"] = [{"id": u, "label": battle.label(u)} for u in entry.targets]
    if entry.actor is not None:
        doc["actor_label"] = battle.label(entry.actor)
    if entry.target is not None:
        doc["target_label"] = battle.label(entry.target)
    if entry.value is not None:
        doc["value"] = list(entry.value) if isinstance(entry.value, tuple) else entry.value
    if entry.private:
        doc["private"] = True
    if entry.persona is not None:  # a decision the app took for a side it plays
        doc["by"] = entry.by
        doc["persona"] = entry.persona
    if entry.order is not None:
        doc["order"] = plain_value(entry.order)
    if entry.roll is not None:
        doc["roll"] = roll_document(entry)
    detail = entry.detail
    if detail:  # what the system adds: skipped, attack, group, held, options (export.md)
        for name, value in detail.items():
            if name == "roll" and doc["roll"] is not None:
                doc["roll"].update(value)  # the roll's parts
            else:
                doc[name] = value
    return doc


def roll_document(entry: LogEntry) -> dict[str, Any]:
    """An entry's roll. Additive keys of format 1: `chance`, the exact chance of success
    the prompt showed before the roll, the full double (None when the roll has no
    target; for a pool without `need`, each die's chance); `mods`, each modifier with
    what it `moves` ("target": a roll-under malus lowers the number to roll under;
    "total": it adds to the faces)."""
    assert entry.roll is not None
    doc: dict[str, Any] = {
        "success": None,
        "critical": None,
        "target": None,
        "compare": None,
        **entry.roll,
    }
    prompt = entry.source
    if isinstance(prompt, Roll):
        chance = success_chance(prompt)
        if chance is None and prompt.per_die:
            chance = die_chance(prompt)
        # G-2: the exact chance, as the nearest double (never rounded for show: 2/3 is
        # 0.6666666666666666, so a reader recomputing the odds gets the same number).
        doc["chance"] = None if chance is None else float(chance)
        moves = "target" if prompt.mod_target else "total"
        doc["mods"] = [
            {"label": label, "value": value, "moves": moves} for label, value in prompt.modifiers
        ]
    return doc


def result_document(battle: Battle) -> dict[str, Any] | None:
    if battle.result is None:
        return None
    return {
        "winner": battle.result.winner,
        "reason": battle.result.reason,
        "round": battle.result.round,
    }
