"""Fingerprints of seeded battles: `python -m bench.sim_digest [-o FILE] [--compare FILE]`.

A speed change to the engine's hot path must not change any battle. This plays
`--battles` seeded demo battles of every registered system the way `skirmtui sim`
does (the same seeds), and hashes, per system, everything a reader can see of each:
the answer log (keys, values, who answered), the result, every log entry (kind, text,
brief, units, roll, effects with their causes, order, value, detail), and the JSON
export of the first `--exports` of them. Run it before and after a change
(`-o before.json`, then `--compare before.json`): it exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from bench.script import run_main
from skirmtui.engine.core.battle import Battle, LogEntry
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.sim import battle_seeds, play_battle
from skirmtui.engine.report.export import export_document
from skirmtui.systems.registry import systems


def entry_facts(entry: LogEntry) -> list[Any]:
    effects = [
        [e.unit, e.field, e.before, e.after, None if e.cause is None else e.cause.as_dict()]
        for e in entry.effects
    ]
    return [
        entry.index,
        entry.answer,
        entry.round,
        entry.phase,
        entry.kind,
        entry.text,
        entry.brief,
        entry.key,
        entry.side,
        entry.actor,
        entry.target,
        entry.roll,
        effects,
        entry.actors,
        entry.targets,
        entry.order,
        entry.by,
        entry.persona,
        entry.value,
        entry.detail,
        entry.private,
    ]


def battle_facts(battle: Battle, items: Sequence[Item]) -> list[Any]:
    result = battle.result
    return [
        [[i.key, i.value, i.by] for i in items],
        None if result is None else attrs.astuple(result),
        [entry_facts(e) for e in battle.log],
        {uid: [u.removed, u.stats] for uid, u in battle.units.items()},
    ]


def digest(battles: int, exports: int) -> dict[str, str]:
    """System id → sha256 of its battles' facts (and of the first exports)."""
    found: dict[str, str] = {}
    for system in systems().values():
        setup = system.demo_setup()
        sha = hashlib.sha256()
        for number, seed in enumerate(battle_seeds(1, battles)):
            one = attrs.evolve(setup, seed=seed)
            battle, items = play_battle(system, one, random.Random(seed))
            sha.update(json.dumps(battle_facts(battle, items), default=repr).encode())
            if number < exports:
                doc = export_document(Session(system, one, items))
                sha.update(json.dumps(doc, sort_keys=True, default=repr).encode())
        found[system.id] = sha.hexdigest()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.sim_digest")
    parser.add_argument("--battles", type=int, default=40)
    parser.add_argument("--exports", type=int, default=3)
    parser.add_argument("-o", "--output", type=Path)
    parser.add_argument("--compare", type=Path)
    args = parser.parse_args(argv)
    found = digest(args.battles, args.exports)
    for system_id, hexdigest in found.items():
        print(f"{system_id:24} {hexdigest[:16]}")
    if args.output is not None:
        args.output.write_text(json.dumps(found, indent=1) + "\n")
    if args.compare is not None:
        before = json.loads(args.compare.read_text())
        changed = [s for s in found if before.get(s) != found[s]]
        if changed:
            print(f"CHANGED: {', '.join(changed)}", file=sys.stderr)
            return 1
        print("identical")
    return 0


if __name__ == "__main__":
    run_main(main)
