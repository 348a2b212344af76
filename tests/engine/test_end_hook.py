"""The contract's end check: the runner calls `check_end` at every boundary, after every
answer and GM entry; once the battle is over the step in hand is closed unasked."""

from __future__ import annotations

from skirmtui.engine.core.battle import Battle, Side
from skirmtui.engine.core.prompts import Confirm
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import FieldSpec, Phase, Setup, Step, UnitSpec
from tests.toy import ToySystem

#: Steps closed by the engine (their `finally` ran), by the unit they were about to hit.
CLOSED: list[str] = []


def _volley(battle: Battle) -> Step:
    """Red strikes every Blue unit in turn, one question each; `together`: the strikes
    land at the same moment (`Battle.at_once`)."""
    together = bool(battle.options.get("together"))
    battle.round += 1
    if together:
        with battle.at_once():
            for unit in list(battle.on_table("blue")):
                yield Confirm(key="toy.strike", text=f"Strike {unit.label}", target=unit.id)
                battle.remove(unit)
        return
    for unit in list(battle.on_table("blue")):
        try:
            yield Confirm(key="toy.strike", text=f"Strike {unit.label}", target=unit.id)
        finally:
            if battle.over:
                CLOSED.append(unit.id)
        battle.remove(unit)


class Volley(ToySystem):
    id = "volley"
    phases = (Phase("volley", "Volley", _volley),)
    profile_fields = ()
    unit_fields = (FieldSpec("wounds", "wounds", int, 0, 3),)

    def check_end(self, battle: Battle) -> None:
        for side in battle.sides:
            if not battle.on_table(side.id):
                battle.end(next(s.id for s in battle.sides if s != side), "wiped out")


def _setup(**options: object) -> Setup:
    units = [UnitSpec("r1", "red", "Archer", {})]
    units += [UnitSpec(f"b{n}", "blue", "Pike", {}) for n in (1, 2, 3)]
    return Setup("volley", "t", 1, [Side("red", "Red"), Side("blue", "Blue")], units, options)


def test_the_end_check_runs_after_each_answer_and_closes_the_step() -> None:
    CLOSED.clear()
    s = Session(Volley(), _setup())
    s.gm("gm.remove", unit="b3")
    s.answer(True)
    assert s.prompt is not None and s.prompt.target == "b2"
    s.answer(True)  # Blue's last unit falls: nothing more is asked
    assert s.prompt is None and s.battle.result is not None
    assert s.battle.result.winner == "red" and s.battle.log[-1].kind == "result"


def test_the_end_check_runs_after_a_gm_entry() -> None:
    CLOSED.clear()
    s = Session(Volley(), _setup())
    s.answer(True)
    s.gm("gm.remove", unit="b3")
    assert s.prompt is not None
    s.gm("gm.remove", unit="b2")
    assert s.prompt is None and s.battle.over
    assert CLOSED == ["b2"]  # the step waiting on b2 was closed, its `finally` ran
    s.undo()
    assert s.prompt is not None and not s.battle.over
    assert s.prompt.target == "b2"


def test_results_landing_at_once_are_all_played_before_the_end() -> None:
    s = Session(Volley(), _setup(together=True))
    s.answer(True)
    s.answer(True)
    assert s.prompt is not None and s.prompt.target == "b3"  # the end check waits
    s.answer(True)
    assert s.prompt is None and s.battle.result is not None
    assert all(s.battle.units[u].removed for u in ("b1", "b2", "b3"))
    assert s.battle.end_held == 0


class Counted(Volley):
    """Volley whose end check counts its calls; `plain`: the phase's step is a plain
    function that ends the battle itself (its call runs rule code) before any question."""

    def __init__(self, plain: bool = False) -> None:
        self.calls = 0
        if plain:
            self.phases = (Phase("volley", "Volley", _surrender),)

    def check_end(self, battle: Battle) -> None:
        self.calls += 1
        super().check_end(battle)


def _surrender(battle: Battle) -> Step | None:
    """Not a generator function: calling it runs it (Blue gives up before a strike)."""
    for unit in list(battle.on_table("blue")):
        battle.remove(unit)
    return _volley(battle)


def test_a_generator_step_s_call_is_not_checked_again_but_a_plain_one_is() -> None:
    """Issue 28: at a boundary the end check runs once before `next_step`; calling a
    generator function runs none of its body, so it is not run again before the
    step's first line (it was twice). A step made by a plain function ran rule code:
    the check runs after it, and the battle ends before anything is asked."""
    system = Counted()
    s = Session(system, _setup())
    # Once at the boundary, once after the first question: not also after the call.
    assert s.prompt is not None and system.calls == 2
    plain = Counted(plain=True)
    s = Session(plain, _setup())
    assert s.prompt is None and s.battle.result is not None
    assert s.battle.result.winner == "red" and plain.calls == 2
