"""`python -m bench.ai_digest`: the same battle, the same digest; a reason reworded or
an answer changed, another."""

from __future__ import annotations

import pytest

from bench.ai import one_battle
from bench.ai_digest import digest, main, seeds_of
from skirmtui.engine.core.items import Item

CG = "combattimento-gdr"


def test_a_battle_s_digest_is_stable_and_shows_a_reason_changed() -> None:
    seats = {"red": "balanced", "blue": "random"}
    first, _ = one_battle(CG, 1, seats, [])
    again, _ = one_battle(CG, 1, seats, [])
    items, result = first.items, first.battle.result
    assert digest(items, result) == digest(again.items, again.battle.result)
    n, ai = next((n, i) for n, i in enumerate(items) if i.persona is not None and i.reason)
    reworded = Item(ai.key, ai.value, ai.by, ai.persona, ai.reason + ".")
    assert digest([*items[:n], reworded, *items[n + 1 :]], result) != digest(items, result)
    other = Item(ai.key, ai.value, ai.by, "cautious", ai.reason)
    assert digest([*items[:n], other, *items[n + 1 :]], result) != digest(items, result)
    assert digest(items[:-1], result) != digest(items, result)


def test_the_seeds_and_the_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert seeds_of("1-3") == [1, 2, 3] and seeds_of("2,5-6") == [2, 5, 6]
    assert main(["--systems", CG, "--pairs", "balanced:random", "--seeds", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3  # each seat order, then the system's combined digest
    assert lines[0].startswith(f"{CG} balanced:random seed 1 balanced as red: ")
    assert lines[1].startswith(f"{CG} balanced:random seed 1 balanced as blue: ")
    assert lines[2].startswith(f"{CG} combined (2 battles): ")
