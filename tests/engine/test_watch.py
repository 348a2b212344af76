"""`Watch`: an end check's finding kept while nothing it reads changed (issue 28)."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Side, Unit
from skirmtui.engine.core.watch import Watch


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
    watch: Watch[bool] = Watch("r")
    watch.keep(b, True)
    assert watch.recall(b.clone()) is None  # a copy is another battle
    b.round += 1
    assert watch.recall(b) is None
    watch.keep(b, True)
    b.add_unit(Unit("u3", "a", "U3", {}, {"r": 1, "ap": 0}))
    assert watch.recall(b) is None
    watch.keep(b, True)
    assert watch.recall(b) is True


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
