"""The collector runs in pauses of the input, never inside a keypress (tui/idle_gc.py)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from skirmtui.tui import idle_gc
from skirmtui.tui.idle_gc import IdleCollector


class Node:
    me: object = None


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def collector() -> Iterator[tuple[IdleCollector, Clock]]:
    clock = Clock()
    owner = IdleCollector(clock)
    owner.start()
    try:
        yield owner, clock
    finally:
        owner.stop()


def _garbage(n: int) -> list[object]:
    """`n` live container objects: they count as allocations for the collector."""
    return [[] for _ in range(n)]


def test_start_freezes_what_exists_and_stops_automatic_collection(
    collector: tuple[IdleCollector, Clock],
) -> None:
    assert gc.get_freeze_count() > 0
    assert not gc.isenabled()


def test_no_collection_while_the_user_types(collector: tuple[IdleCollector, Clock]) -> None:
    owner, clock = collector
    keep = _garbage(idle_gc.YOUNG * 2)
    owner.input_seen()
    clock.now += idle_gc.QUIET / 2
    owner.tick()
    assert owner.collections == [0, 0, 0]
    del keep


def test_the_young_generations_are_collected_in_a_pause(
    collector: tuple[IdleCollector, Clock],
) -> None:
    owner, clock = collector
    keep = _garbage(idle_gc.YOUNG * 2)
    owner.input_seen()
    clock.now += idle_gc.QUIET
    owner.tick()
    assert owner.collections == [0, 1, 0]
    assert gc.get_count()[0] < idle_gc.YOUNG
    del keep


def test_a_held_key_still_collects_once_allocations_run_away(
    collector: tuple[IdleCollector, Clock],
) -> None:
    owner, _ = collector
    keep = _garbage(idle_gc.SAFETY + 1_000)
    owner.input_seen()  # no pause at all
    owner.tick()
    assert owner.collections[1] == 1
    del keep


def test_a_full_collection_waits_for_a_long_pause_and_frees_cycles(
    collector: tuple[IdleCollector, Clock],
) -> None:
    owner, clock = collector
    for _ in range(idle_gc.FULL_EVERY):
        keep = _garbage(idle_gc.YOUNG * 2)
        clock.now += idle_gc.QUIET
        owner.tick()
        del keep
    cycle = Node()
    cycle.me = cycle
    ref = weakref.ref(cycle)
    del cycle
    owner.input_seen()
    clock.now += idle_gc.LONG_QUIET / 2
    owner.tick()
    assert owner.collections[2] == 0  # a short pause: no full collection yet
    assert ref() is not None  # automatic collection is off: the cycle waits
    clock.now += idle_gc.LONG_QUIET
    owner.tick()
    assert owner.collections[2] == 1
    assert ref() is None
    assert gc.get_count()[2] == 0


def test_stop_gives_collection_back() -> None:
    was = gc.isenabled()
    owner = IdleCollector()
    owner.start()
    owner.stop()
    assert gc.get_freeze_count() == 0
    assert gc.isenabled() == was


def test_an_app_command_holds_collection_until_the_app_and_gives_it_back() -> None:
    """`skirmtui demo/new/open/review` import the app and build the battle with no
    automatic collection (the app's collector takes over at its first frame); once
    the command is done, collection is as it was, also after an error."""
    assert gc.isenabled()
    with idle_gc.held_until_the_app():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), idle_gc.held_until_the_app():
        raise RuntimeError("the command failed")
    assert gc.isenabled()


def test_other_commands_leave_collection_alone(tmp_path: Path) -> None:
    from skirmtui import cli

    seen: list[bool] = []
    real = cli._dispatch

    def dispatch(args: object) -> int:
        seen.append(gc.isenabled())
        return real(args)  # type: ignore[arg-type]

    cli._dispatch = dispatch  # type: ignore[assignment]
    try:
        assert cli.main(["systems"]) == 0
    finally:
        cli._dispatch = real  # type: ignore[assignment]
    assert seen == [True]
