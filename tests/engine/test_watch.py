"""`Watch`: an end check's finding kept while nothing it reads changed (issue 28)."""

from __future__ import annotations

import pytest

from skirmtui.engine.core import watch as watch_module
from skirmtui.engine.core.battle import Battle, Side, Unit
from skirmtui.engine.core.watch import Watch


@pytest.fixture(autouse=True, params=["compiled from source", "a native object's"])
def functions(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs with a Watch's functions compiled from source (Python) and with
    `_Found`'s (the compiled build's, where they are a native object's methods)."""
    monkeypatch.setattr(watch_module, "_COMPILED", request.param != "compiled from source")


def _battle() -> Battle:
    units = {
        f"u{i}": Unit(f"u{i}", side, f"U{i}", {}, {"r": 2, "ap": 1})
        for i, side in ((1, "a"), (2, "b"))
    }
    return Battle("x", "t", 1, {}, [Side("a", "A"), Side("b", "B")], units)


def test_a_finding_lasts_until_a_watched_field_changes() -> None:
    b = _battle()
    watch: Watch[str] = Watch("r", "removed")
    assert watch.recall(b) is None  # nothing kept yet
    watch.keep(b, "nobody out")
    assert watch.recall(b) == "nobody out"
    b.set(b.units["u1"], "ap", 0)  # not watched
    assert watch.recall(b) == "nobody out"
    b.set(b.units["u1"], "r", 1)
    assert watch.recall(b) is None
    watch.keep(b, "again")
    b.remove(b.units["u2"])
    assert watch.recall(b) is None


def test_a_finding_is_about_one_battle_its_units_and_round() -> None:
    b = _battle()
    watch: Watch[bool] = Watch("r", round=True)
    watch.keep(b, True)
    assert watch.recall(b.clone()) is None  # a copy is another battle
    b.round += 1
    assert watch.recall(b) is None
    watch.keep(b, True)
    b.add_unit(Unit("u3", "a", "U3", {}, {"r": 1, "ap": 0}))
    assert watch.recall(b) is None
    watch.keep(b, True)
    assert watch.recall(b) is True


def test_a_finding_that_does_not_read_the_round_outlives_it() -> None:
    b = _battle()
    watch: Watch[str] = Watch("r")
    watch.keep(b, "found")
    b.round += 1
    assert watch.recall(b) == "found"
    b.add_unit(Unit("u3", "a", "U3", {}, {"r": 1, "ap": 0}))
    assert watch.recall(b) is None


def test_the_mark_is_one_sum_that_grows_with_every_watched_change() -> None:
    b = _battle()
    watch: Watch[bool] = Watch("r", "removed", round=True)
    marks = [watch.mark(b)]
    b.set(b.units["u1"], "r", 1)
    marks.append(watch.mark(b))
    b.remove(b.units["u2"])
    marks.append(watch.mark(b))
    b.round += 1
    marks.append(watch.mark(b))
    b.restore(b.units["u2"])
    marks.append(watch.mark(b))
    b.set(b.units["u1"], "ap", 0)  # not watched
    marks.append(watch.mark(b))
    assert marks == sorted(marks) and len(set(marks)) == 5
    assert Watch("r").mark(b) == b.changes["r"] + len(b.units)


def test_tracked_position_fields_count_as_changes() -> None:
    b = _battle()
    b.pos = _Pos()
    watch: Watch[int] = Watch("firmness")
    watch.keep(b, 3)
    b.track("firmness", {"a": 2})
    assert watch.recall(b) is None


class _Pos:
    """A stand-in position with one tracked field."""

    def __init__(self) -> None:
        self.firmness: dict[str, int] = {"a": 3}


def test_kept_calls_the_finder_only_when_what_it_reads_changed_and_keeps_no_none() -> None:
    b = _battle()
    calls: list[int] = []

    def find(battle: Battle) -> int | None:
        calls.append(battle.units["u1"].num("r"))
        if battle.units["u1"].num("r") == 0:
            return None  # not kept: found again at the next call
        battle.set(battle.units["u2"], "r", 1)  # a watched change the finder makes
        return battle.units["u1"].num("r")

    watch: Watch[int] = Watch("r")
    kept = watch.kept(find)
    if isinstance(kept, watch_module._Found):  # (the compiled build's: no function)
        assert kept.find is find
    else:
        assert kept.__name__ == "find" and kept.__wrapped__ is find  # type: ignore[attr-defined]
    assert kept(b) == 2 and kept(b) == 2 and calls == [2]  # kept after its own change
    assert watch.recall(b) == 2
    b.set(b.units["u1"], "ap", 0)  # not watched
    assert kept(b) == 2 and calls == [2]
    b.set(b.units["u1"], "r", 0)
    assert kept(b) is None and kept(b) is None and calls == [2, 0, 0]
    b.set(b.units["u1"], "r", 3)
    assert kept(b.clone()) == 3 and calls == [2, 0, 0, 3]  # another battle
    with pytest.raises(TypeError):
        watch.kept(find)  # one finding a Watch: a second would overwrite the first's
