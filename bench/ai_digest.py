"""Fingerprints of the app's players' battles (issue 26): does a change leave play as it
was?

    python -m bench.ai_digest --systems S[,S] --pairs A:B[,A:B] --seeds 1-4

For each system, each pair of personas A:B and each seed, two battles of the demo's
first two sides through `bench.ai.one_battle` (the bench's own battles: its table facts
and dice at random from the seed): A on the first side, then A on the second (both
seat orders). Each prints one line: the system, the pair, the seed, the side A sat on,
a short SHA-256 digest of the whole answer log (each answer's key, value, who answered,
persona and reason text: every decision the players took and the words they gave for
it) and the result (winner, round, how it ended). Then one combined digest per system,
over its lines.

What it proves: two commits whose outputs are the same play these battles alike, answer
for answer and word for word (a reason reworded shows, as a choice changed does); it
says nothing of battles it did not play. To compare two commits, run it in two
checkouts (a `git worktree add` of the older one) with the same arguments and `diff`
the outputs:

    python -m bench.ai_digest --systems regole-base --pairs balanced:random \\
        --seeds 1-3 > after.txt
    (cd ../old && python -m bench.ai_digest ...same arguments... > before.txt)
    diff before.txt after.txt

A difference names the battle (system, pair, seed, seat) to replay and read. The
digests hash the answers only (not the log's words, `bench.sim_digest`'s), so a change
of rule text alone does not show here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Iterable, Sequence

from bench.ai import one_battle, two_sides
from bench.script import run_main
from skirmtui.engine.core.items import Item
from skirmtui.engine.core.log import Result
from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import systems

#: Hex digits of a digest printed (64 bits: two battles alike by chance, never).
SHORT = 16


def item_facts(item: Item) -> list[object]:
    """What a reader can tell of one answer: its key, value, who gave it, the persona
    and the reason's words."""
    return [item.key, item.value, item.by, item.persona, item.reason]


def digest(items: Iterable[Item], result: Result | None) -> str:
    """A short SHA-256 of an answer log and a result (`SHORT` hex digits): the same
    answers, words and result, the same digest."""
    facts = {
        "items": [item_facts(item) for item in items],
        "result": None if result is None else [result.winner, result.round, result.reason],
    }
    text = json.dumps(facts, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:SHORT]


def result_words(session: Session) -> str:
    """The battle's result as one word-pair: `winner@round`, `draw@round`, or
    `unfinished` (the bench's answer cap reached)."""
    result = session.battle.result
    if result is None:
        return "unfinished"
    return f"{result.winner or 'draw'}@{result.round}"


def battle_line(system_id: str, a: str, b: str, seed: int, a_first: bool) -> str:
    """One battle's line: A on the demo's first side if `a_first`, else on its second."""
    first, second = (s.id for s in two_sides(system_id).sides[:2])
    a_side, b_side = (first, second) if a_first else (second, first)
    session, _ = one_battle(system_id, seed, {a_side: a, b_side: b}, [])
    d = digest(session.items, session.battle.result)
    answers = len(session.items)
    return (
        f"{system_id} {a}:{b} seed {seed} {a} as {a_side}: {d} "
        f"({answers} answers) {result_words(session)}"
    )


def seeds_of(text: str) -> list[int]:
    """`1-4` → 1, 2, 3, 4; `1,3,7` → those; `5` → 5."""
    seeds: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        seeds.extend(range(int(low), int(high or low) + 1))
    return seeds


def run(
    systems_ids: Sequence[str], pairs: Sequence[tuple[str, str]], seeds: Sequence[int]
) -> list[str]:
    """Every line, printed as it comes: the battles' then each system's combined one."""
    lines: list[str] = []
    for system_id in systems_ids:
        mine: list[str] = []
        for a, b in pairs:
            for seed in seeds:
                for a_first in (True, False):
                    line = battle_line(system_id, a, b, seed, a_first)
                    print(line, flush=True)
                    mine.append(line)
        combined = hashlib.sha256("\n".join(mine).encode("utf-8")).hexdigest()[:SHORT]
        total = f"{system_id} combined ({len(mine)} battles): {combined}"
        print(total, flush=True)
        lines += [*mine, total]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_digest", description=__doc__)
    parser.add_argument("--systems", required=True, help="system ids, comma-separated")
    parser.add_argument("--pairs", default="balanced:random", help="A:B[,A:B]")
    parser.add_argument("--seeds", default="1-4", help="1-4, or 1,3,7")
    args = parser.parse_args(argv)
    known = systems()
    chosen = [s for s in args.systems.split(",") if s]
    unknown = [s for s in chosen if s not in known]
    if unknown:
        parser.error(f"unknown systems: {', '.join(unknown)}")
    pairs = []
    for pair in args.pairs.split(","):
        a, _, b = pair.partition(":")
        if not a or not b:
            parser.error(f"a pair is A:B, not {pair!r}")
        pairs.append((a, b))
    run(chosen, pairs, seeds_of(args.seeds))
    return 0


if __name__ == "__main__":
    run_main(main)
