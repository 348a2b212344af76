"""A question already waiting sees what the GM just did (G-4; the engine plays the step
again from its start, docs/architecture.md). The cases found in random battles with GM
entries, each with fixed dice; each fails on the engine that kept the step going."""

from __future__ import annotations

import pytest

from skirmtui.engine.core.prompts import AnswerError, Roll
from tests.systems import ce_helpers as ce
from tests.systems import pg_helpers as pg
from tests.systems.scripting import play
from tests.systems.test_wargaming_introduttivo import Table

EXTRA = {"rank": "extra", "morale": 6, "tiro": 6, "mischia": 4, "ca": 5, "move": 5}
SQUAD = (("Fuzileiros", 5, 4, pg.RIFLE), ("Atiradores", 5, 4, pg.RIFLE))


def test_wi_a_unit_removed_while_activation_is_asked_is_no_longer_offered() -> None:
    """Seed: "quando fallisce il turno passa al giocatore seguente": only a failed test
    passes the turn. Centurione is removed while "which unit tries to activate?" waits:
    he is no longer offered (the answer picking him is refused) and Legionario tries."""
    t = Table(
        {
            "red": [("Centurione", 5, 4), ("Legionario", 4, 3)],
            "blue": [("Capo", 5, 3), ("Guerriero", 4, 3)],
        }
    )
    t.order(6, 1)
    assert t.asks.key == "activation.unit" and t.offered() == ["red1", "red2", "done"]
    t.session.gm("gm.remove", unit="red1")
    assert t.offered() == ["red2", "done"]
    with pytest.raises(AnswerError):
        t.session.answer("red1")
    t("activation.unit", "red2")
    assert t.asks.key == "activation.roll" and t.asks.actor == "red2"


def test_pg_a_unit_removed_in_the_middle_of_its_activation_does_not_shoot() -> None:
    """Seed: "Avançar: Move 15 cm, pode atirar apenas depois de se mover". Fuzileiros is
    removed after moving, while its target is asked: its activation is withdrawn and Red
    activates another unit."""
    s = pg.session({"red": list(SQUAD), "blue": list(SQUAD)})
    pg.start(s, 6, 1)
    pg.act(s, "red1", "advance")
    play(s, ("move.terrain", "open"))
    assert pg.key(s) == "shoot.target"
    s.gm("gm.remove", unit="red1")
    assert pg.key(s) == "activate.unit" and pg.enabled(s) == ["red2"]
    withdrawn = [e.text for e in s.battle.log if e.kind == "withdrawn"]
    assert len(withdrawn) == 3 and "which unit activates? → Fuzileiros" in withdrawn[0]
    assert not any(e.key.startswith("shoot.") for e in s.battle.log)


def test_pg_a_shot_at_a_target_just_removed_is_not_resolved() -> None:
    """Seed: a unit shoots at an enemy unit it sees. Bandidos is removed while the number
    of shooting models is asked: the target is asked again, among the units in play."""
    s = pg.session({"red": list(SQUAD), "blue": list(SQUAD)})
    pg.start(s, 6, 1)
    pg.act(s, "red1", "advance")
    play(s, ("move.terrain", "open"), ("shoot.target", "blue1"))
    assert pg.key(s) == "shoot.models"
    s.gm("gm.remove", unit="blue1")
    assert pg.key(s) == "shoot.target" and pg.enabled(s) == ["blue2", "none"]
    assert s.prompt is not None and s.prompt.actor == "red1"  # its move still stands


def test_pg_after_a_gm_add_the_turn_goes_to_the_next_player_in_order() -> None:
    """Seed: "players alternate activating one unit each" (PG-3: a player with no unit
    left passes). Blue's only unit has activated, so Red activates again; a unit the GM
    adds to Blue while Red's question waits gives the turn back to Blue."""
    s = pg.session({"red": [*SQUAD, ("Atiradores", 5, 4, pg.RIFLE)], "blue": [SQUAD[0]]})
    pg.start(s, 6, 1)
    assert pg.sides_of_prompts(s, 3) == ["red", "blue", "red"]
    assert s.prompt is not None and s.prompt.side == "red"
    profile = {"models": 5, "quality": 4, "weapons": pg.RIFLE, "points": 10}
    s.gm("gm.add", id="blue9", side="blue", name="Capangas", profile=profile)
    assert s.prompt is not None and s.prompt.side == "blue"
    assert pg.enabled(s) == ["blue9"]


def test_ce_activation_dice_are_recounted_after_a_gm_add_between_the_rolls() -> None:
    """Seed §2.1: each player rolls one d6 per autonomous character not out. Red has
    rolled 2 dice; the GM adds a third Red character before Blue rolls: Red's roll no
    longer fits (it is withdrawn) and Red rolls 3 dice."""
    s = ce.session([ce.ch("A"), ce.ch("B")], [ce.ch("X"), ce.ch("Y")])
    play(s, ("activation.roll", (1, 2)))
    assert isinstance(s.prompt, Roll) and s.prompt.side == "blue"
    s.gm("gm.add", id="red3", side="red", name="C", profile=EXTRA)
    assert isinstance(s.prompt, Roll) and (s.prompt.side, s.prompt.dice) == ("red", "3d6")
    assert [e.answer for e in s.battle.log if e.kind == "withdrawn"] == [0]


def test_ce_activation_dice_are_recounted_after_a_restore_between_the_rolls() -> None:
    """Seed §2.1 as above: Y, put back by the GM while Blue's roll waits, gets its die."""
    s = ce.session([ce.ch("A"), ce.ch("B")], [ce.ch("X"), ce.ch("Y")])
    s.gm("gm.remove", unit="blue2")
    play(s, ("activation.roll", (1, 2)))
    assert isinstance(s.prompt, Roll) and s.prompt.dice == "1d6"
    s.gm("gm.restore", unit="blue2")
    assert isinstance(s.prompt, Roll) and (s.prompt.side, s.prompt.dice) == ("blue", "2d6")
    assert not any(e.kind == "withdrawn" for e in s.battle.log)  # Red's 2 dice still fit


def test_ce_a_shot_at_a_removed_target_is_not_rolled() -> None:
    """CE-7: "Shooting: d10 ≤ tiro hits". X is removed while the range is asked: the
    target is asked again among the characters in play."""
    s = ce.session([ce.ch("A", weapon="pistol")], [ce.ch("X"), ce.ch("Y")])
    ce.activate(s, (3,), (1,), (3, "red1"))
    play(s, ("impulse.action", "shoot"), ("shoot.target", "blue1"))
    s.gm("gm.remove", unit="blue1")
    assert s.prompt is not None and s.prompt.key == "shoot.target"
    assert ce.options(s) == ["blue2", "cancel"]
    assert not any(e.key == "shoot.to_hit" for e in s.battle.log)
