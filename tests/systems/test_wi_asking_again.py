"""wargaming-introduttivo asks less again (issue 25, after the first pass): each question
merged or skipped gives the same outcome, with the same dice, as the questions of the
first pass (saves of that time keep them: `questions = "first pass"`).

- "which unit shoots?" is not asked: each active unit that may still shoot, in roster
  order, says its target, that it does not shoot, or that the player stops (WI-6: the
  shots' order changes nothing, their damage waits for the end of the turn);
- a move over open or rough ground is one answer (WI-7: the ground changes only the
  allowance the app shows, in the option and the log; impervious ground keeps its test).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from skirmtui.engine.core.prompts import Roll
from skirmtui.engine.store.compare import replay_differences
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems
from tests.systems.wi_helpers import Table, labels

TODAY = {"questions": "today"}
FIRST = {"questions": "first pass"}
SAVED = Path(__file__).parent / "saves" / "first-pass" / "wargaming-introduttivo.toml"
THREE = {"red": [("Alpha", 4, 4), ("Bravo", 3, 3), ("Charlie", 2, 2)], "blue": [("Xray", 4, 4)]}


def _units(t: Table) -> dict[str, dict[str, Any]]:
    """Every unit's stats and whether it is on the table: the battle's outcome so far."""
    return {u.id: {**u.stats, "removed": u.removed} for u in t.battle.units.values()}


def _shooting(**options: str) -> Table:
    """Red (Alpha 4/4, Bravo 3/3, Charlie 2/2) all active; blue's Xray active."""
    t = Table(THREE, **options).order(6, 1)
    for unit in ("red1", "red2", "red3"):
        t.activate(unit, 1)
    return t.activate("blue1", 1)


# -- WI-6: no "which unit shoots?" ------------------------------------------------------


def test_wi6_each_active_unit_in_roster_order_says_its_target_or_that_it_does_not_shoot() -> None:
    """Seed (Tiro): "il giocatore decide quali unità far attaccare a distanza, tra quelle
    attive … quali sono le unità nemiche bersaglio per ciascuna sua unità": each active
    unit is asked its target in roster order, "does not shoot" holds it; "no more
    shooting" is offered while another unit could still shoot."""
    t = _shooting(**TODAY)
    assert t.asks.key == "shoot.target" and t.asks.actor == "red1" and t.asks.side == "red"
    assert t.offered() == ["blue1", "hold", "done"]
    assert t.asks.text == "Alpha (CMB 4): shoot at which enemy?"
    assert labels(t.asks)["hold"].label == "no one (it does not shoot)"
    t("shoot.target", "hold")
    assert t.stat("red1", "held") is True and t.asks.actor == "red2"
    t.shoot("red2", "blue1", "short", 3)  # CMB 3: a hit
    assert t.asks.actor == "red3" and t.offered() == ["blue1", "hold"]  # the last one
    t("shoot.target", "hold")
    assert t.asks.key == "shoot.target" and t.asks.actor == "blue1"  # blue's turn
    assert t.stat("blue1", "pending") == 1


def test_wi6_no_more_shooting_passes_to_the_next_player_and_the_others_may_melee() -> None:
    """Seed: "quando il giocatore non ha più truppe che devono attaccare passa il turno al
    giocatore successivo"; WI-8: active units that did not shoot may melee."""
    t = _shooting(**TODAY)
    t("shoot.target", "done")
    assert t.asks.actor == "blue1"
    assert not any(t.stat(u, "held") or t.stat(u, "combat") for u in ("red1", "red2", "red3"))
    t.no_shots().no_moves()
    assert t.asks.key == "melee.unit" and t.offered() == ["red1", "red2", "red3", "done"]


def test_wi6_a_unit_that_does_not_shoot_may_still_melee() -> None:
    """WI-8: melee by the active units that did not shoot; holding is for the phase."""
    t = _shooting(**TODAY)
    t("shoot.target", "hold").shoot("red2", "blue1", "short", 6)
    t("shoot.target", "hold").no_shots().no_moves()
    assert t.offered() == ["red1", "red3", "done"]  # red2 shot: one combat action


def test_wi6_a_shooter_that_does_not_see_its_target_holds_and_the_next_is_asked() -> None:
    """Seed: a unit is hit only by units that see at least 50% of it: "no" holds it."""
    t = _shooting(**TODAY)
    t("shoot.target", "blue1")("shoot.sight", "out")
    assert t.stat("red1", "held") is True and t.stat("red1", "actions") == 0  # no shot
    assert t.asks.key == "shoot.target" and t.asks.actor == "red2"


def test_wi6_the_same_shots_and_dice_give_the_same_turn_in_either_order() -> None:
    """Seed: "gli effetti dei danni si applicano solo a fine turno": whether the player
    names Charlie's shot first (first pass) or the roster asks Alpha first, the same
    shots with the same dice end the turn the same way (three hits remove Xray)."""
    before, now = _shooting(**FIRST), _shooting(**TODAY)
    for t in (before, now):
        order = ("red3", "red2", "red1") if t.first else ("red1", "red2", "red3")
        face = {"red1": 4, "red2": 3, "red3": 2}  # each one its CMB: three hits
        for unit in order:
            t.shoot(unit, "blue1", "short", face[unit])
        assert t.stat("blue1", "pending") == 3 and not t.battle.units["blue1"].removed
        assert t.asks.side == "blue"
        t.no_shots().no_moves()
        t("melee.unit", "done")  # red: nobody left who did not shoot
    assert before.battle.result is not None and now.battle.result is not None
    assert (now.battle.result.winner, now.battle.round) == ("red", 1)
    assert _units(before) == _units(now)
    assert len(now.session.items) == len(before.session.items) - 3  # no shoot.unit


# -- WI-7: open or rough ground, one answer ---------------------------------------------


def _moving(**options: str) -> Table:
    """Red's Alpha active (Bravo not), blue nobody: Movement begins with red."""
    t = Table(**options).order(6, 1)
    t.activate("red1", 1)("activation.unit", "done")("activation.unit", "done")
    while t.battle.phase == "shooting":
        t.no_shots()
    return t


def test_wi7_open_or_rough_ground_is_one_move_showing_both_allowances() -> None:
    """Seed: 20 cm, "su terreno scosceso o accidentato la distanza si riduce a 10cm",
    impervious 10 cm and an ABI test, inactive units not on impervious ground (WI-7)."""
    t = _moving(**TODAY)
    assert t.asks.key == "move.units"
    moves = labels(t.asks)
    assert list(moves) == ["red1|moves", "red1|impervious", "red2|moves", "red2|impervious"]
    assert moves["red1|moves"].label == "Alpha: moves, up to 20 cm (10 cm on rough ground)"
    assert moves["red2|impervious"].disabled == "inactive units cannot enter impervious terrain"
    assert moves["red1|impervious"].chance == pytest.approx(4 / 6)  # ABI 4
    t("move.units", ["red1|moves"])
    assert t.battle.log[-1].text == "Alpha moves up to 20 cm (10 cm on rough ground)"


def test_wi7_a_prone_unit_moves_half_over_open_or_rough_ground() -> None:
    """Seed: "le unità prone si muovono di metà distanza"."""
    t = Table(**TODAY).order(6, 1)
    t.session.gm("gm.set", unit="red2", field="damage", value=1)
    t("activation.unit", "done")("activation.unit", "done")
    assert labels(t.asks)["red2|moves"].label == (
        "Bravo: moves, up to 10 cm (5 cm on rough ground)"
    )
    t("move.units", ["red2|moves"])
    assert t.battle.log[-1].text == "Bravo moves up to 10 cm (5 cm on rough ground)"


@pytest.mark.parametrize("ground", ["open", "rough"])
def test_wi4_wi7_a_move_over_open_or_rough_ground_spends_the_same_action(ground: str) -> None:
    """WI-4: moving is an action whatever the ground: Alpha recovered, then moved over
    open or rough ground (first pass) or "moves" (today): two actions, no melee."""
    turns = []
    for options, answer in ((FIRST, f"red1|{ground}"), (TODAY, "red1|moves")):
        t = Table(**options).order(6, 1)
        t.session.gm("gm.set", unit="red1", field="damage", value=1)
        t.activate("red1", 1).activate("red2", 1).activate("blue1", 1).activate("blue2", 1)
        t("recovery.unit", "red1")("recovery.roll", (1,))
        while t.battle.phase == "shooting":
            t.no_shots()
        t("move.units", [answer, "red2|impervious"])("move.impervious", (4,))  # Bravo fails
        t.no_moves()
        assert t.asks.key == "melee.unit" and t.offered() == ["red2", "done"]  # red1 spent
        turns.append(_units(t))
    assert turns[0] == turns[1]


def test_wi7_impervious_ground_keeps_its_ABI_test() -> None:
    """Seed: impervious ground needs an ABI test; a failed test still spends the move."""
    t = _moving(**TODAY)
    t("move.units", ["red1|impervious"])
    prompt = t.asks
    assert isinstance(prompt, Roll) and prompt.key == "move.impervious"
    assert (prompt.actor, prompt.threshold) == ("red1", 4)
    t("move.impervious", (5,))
    assert t.battle.log[-1].text == "Alpha fails to move through impervious terrain"
    assert t.stat("red1", "moved") is True


# -- saves of the first pass ------------------------------------------------------------


def test_a_save_of_the_first_pass_replays_as_it_was_played() -> None:
    """A battle saved with the first pass's questions (`skirmtui sim
    wargaming-introduttivo --battles 3 --seed 25 --save-dir DIR` at 5648226, its second
    battle: `shoot.unit`, open and rough moves) does not replay with today's: it replays
    with those, to the same log and result, and its setup says so."""
    session, _ = load_session(SAVED, systems())
    assert session.battle.result is not None and session.prompt is None
    assert session.setup.options.get("questions") == "first pass"
    doc = tomllib.loads(SAVED.read_text(encoding="utf-8"))
    assert replay_differences(doc, session) == []  # `skirmtui check`: the same log
