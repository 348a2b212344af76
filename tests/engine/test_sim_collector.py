"""The sim and balance loops collect cyclic garbage between battles, not during them
(issue 28): the collector stays off while a battle is played and summarised, each
battle's cycles are freed once it is dropped, and the collector is left as it was."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from skirmtui.engine.play import sim
from skirmtui.engine.play.plan import balance_plan
from skirmtui.engine.play.tally import play_chunk
from skirmtui.systems.registry import get_system


class _Cycle:
    """Garbage only the cyclic collector can free."""

    def __init__(self) -> None:
        self.me = self


def _cycled_play(dead: list[weakref.ref[_Cycle]], seen: list[bool]) -> Any:
    real = sim.play_battle

    def play(*args: Any, **kwargs: Any) -> Any:
        # Every cycle of the battles before this one is freed, by now, with the
        # collector off: the loop collected them once it had dropped each battle.
        seen.append(not gc.isenabled() and all(ref() is None for ref in dead))
        made = _Cycle()
        dead.append(weakref.ref(made))
        del made
        return real(*args, **kwargs)

    return play


@pytest.mark.parametrize("was_enabled", [True, False])
def test_sim_frees_each_battles_cycles_between_battles(
    monkeypatch: pytest.MonkeyPatch, was_enabled: bool
) -> None:
    dead: list[weakref.ref[_Cycle]] = []
    seen: list[bool] = []
    monkeypatch.setattr(sim, "play_battle", _cycled_play(dead, seen))
    system = get_system("wargaming-introduttivo")
    (gc.enable if was_enabled else gc.disable)()
    try:
        report = sim.run_sim(system, system.demo_setup(), 3, seed=1)
        assert gc.isenabled() is was_enabled
    finally:
        gc.enable()
    assert report.battles == 3 and report.errors == 0
    assert seen == [True, True, True]
    assert all(ref() is None for ref in dead)


def test_balance_chunk_frees_each_battles_cycles_between_battles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from skirmtui.engine.play import balance

    dead: list[weakref.ref[_Cycle]] = []
    seen: list[bool] = []
    monkeypatch.setattr(balance, "play_battle", _cycled_play(dead, seen))
    plan, _ = balance_plan(
        get_system("regole-base"), seed=3, armies=["balestrieri", "cavaliere"], battles=3
    )
    tally = play_chunk(plan, get_system, 0, 3)
    assert gc.isenabled()
    assert tally.battles == 3 and tally.errors == 0
    assert seen == [True, True, True]
    assert all(ref() is None for ref in dead)


@pytest.mark.parametrize("random_play", [True, False])
@pytest.mark.parametrize("was_enabled", [True, False])
def test_between_battles_pauses_random_runs_and_collects_each_dropped_battle(
    random_play: bool, was_enabled: bool
) -> None:
    """sim's and balance's loops share one helper (they wrote the same three lines):
    random battles run with the collector off and `dropped()` frees the battle's
    cycles; an AI run keeps the collector as it was (it makes and drops far more)."""
    from skirmtui.engine.core.collector import between_battles

    (gc.enable if was_enabled else gc.disable)()
    try:
        with between_battles(random_play) as dropped:
            assert gc.isenabled() is (was_enabled and not random_play)
            made = _Cycle()
            ref = weakref.ref(made)
            del made
            dropped()
            if random_play:
                assert ref() is None
        assert gc.isenabled() is was_enabled
    finally:
        gc.enable()
