"""Issue 26, regole-base: the app's models move with a purpose. Distances are the
table's, so the engine never sees a move bring a model within reach; when the app moves
a model the table moves it toward the nearest enemy model, clear of the others
(docs/rules/regole-base.md, "The app as a player"). A model that closed in this round
and may still charge counts the charge it may make on it (`edge.closing_in`; which
enemy is nearest the engine does not know: each as likely),
weighed by a persona's `closing`; and what the move passed within 1" (RB-4, RB-17) is
read as nothing half the time, else one enemy listed (`edge.passed_odds`), not every
enemy half the time. Before, a move was all risk and no gain: the balanced side passed
94% of its moves."""

from __future__ import annotations

import attrs
import pytest

from skirmtui.engine.core.options import Option
from skirmtui.engine.core.prompts import Pick
from skirmtui.engine.core.session import Session
from skirmtui.engine.play.auto import let_app_play
from skirmtui.engine.play.personas import persona
from skirmtui.engine.play.policy import decide
from skirmtui.engine.play.sides import table_cue
from skirmtui.engine.play.why import why_lines
from skirmtui.systems.regole_base import SYSTEM, edge
from tests.systems.rb_helpers import initiative, key, model, setup

#: A march that keeps its assault (RB-4: it gives up its shooting) closes in as a simple
#: move does; a model without a ranged weapon loses nothing by it.
CLOSING = {"simple", "march/shooting"}


def _today(units: dict[str, list[tuple[str, dict[str, object]]]], persona_name: str) -> Session:
    """Red played by the app, Blue at random (as the bench plays it: the look-ahead
    stops at Blue's choice), today's questions (which model moves and how, then the
    table says what the move passed), Red moving first."""
    s = Session(SYSTEM, attrs.evolve(setup(units), options={}))
    let_app_play(s, {"red": persona_name, "blue": "random"})
    initiative(s, 6, 1)
    return s


def _lupo_against(foe: tuple[str, dict[str, object]], persona_name: str = "balanced") -> Session:
    lupo = model("Lupo", c=6, f=5, armour="mail", shield=True, weapons="Spada da guerra")
    s = _today({"red": [lupo], "blue": [foe]}, persona_name)
    assert key(s) == "move.mode"
    return s


def test_balanced_closes_in_on_an_enemy_it_would_beat_and_says_so() -> None:
    """Lupo (C 6, F 5, mail and shield) against Debole (C 3, R 3, no armour): its charge
    is expected to take off most of Debole (3 attacks at F 6 against R 3, RB-6, RB-8);
    a free attack from Debole if the move passes it (half the time) barely scratches
    it. The app moves, keeping its assault, and its reason says what for."""
    s = _lupo_against(model("Debole", c=3, r=3))
    decision = decide(s)
    assert decision is not None
    assert decision.value in CLOSING
    assert "closing in +" in decision.reason
    chosen = next(c for c in decision.considered if c.chosen)
    assert chosen.outlook is not None and chosen.outlook.closing > 1.0
    outlooks = {c.value: c.outlook for c in decision.considered}
    for holds in ("pass", "run", "march/assault"):  # none of them may charge this round
        held = outlooks[holds]
        assert held is not None and held.closing == 0.0, holds
    lines = why_lines(decision, "Red")
    assert any("closing in +" in line and "if the table says it reaches" in line for line in lines)


def test_balanced_holds_against_an_enemy_it_would_not_beat() -> None:
    """The same Lupo against Forte (C 7, F 6, R 5, plate and shield, a war sword): the
    charge's edge is Forte's, so closing in is worth nothing, and the free attack it may
    draw is a loss: the app holds."""
    forte = model("Forte", c=7, f=6, r=5, armour="plate", shield=True, weapons="Spada da guerra")
    s = _lupo_against(forte)
    assert edge.charge_edge(s.battle.units["red1"], s.battle.units["blue1"]) < 0.0
    decision = decide(s)
    assert decision is not None
    assert decision.value == "pass"
    assert "closing in" not in decision.reason


def test_a_persona_without_closing_holds_where_balanced_closes_in() -> None:
    """The weight is the persona's: with `closing` 0 the same move is all risk again."""
    s = _lupo_against(model("Debole", c=3, r=3))
    question_persona = persona("regole-base", "balanced")
    assert question_persona.closing > 0.0
    from skirmtui.engine.play import personas

    table = personas.personas("regole-base")
    table["still"] = attrs.evolve(question_persona, name="still", closing=0.0)
    try:
        decision = decide(s, "still")
    finally:
        del table["still"]
    assert decision is not None and decision.value == "pass"


def _closing_battle() -> Session:
    lupo = model("Lupo", c=6, f=5, armour="mail", shield=True, weapons="Spada da guerra")
    return _today({"red": [lupo], "blue": [model("Debole", c=3, r=3)]}, "balanced")


def test_closing_in_counts_a_model_that_moved_and_may_still_charge() -> None:
    """RB-4: a simple move or a march keeping its assault may charge; a run or a march
    giving up the assault may not; in the Assault phase nothing once a model of the
    side has acted, and past it nothing."""
    s = _closing_battle()
    b = s.battle
    lupo, debole = b.units["red1"], b.units["blue1"]
    best = edge.charge_edge(lupo, debole)
    assert best > 0.0
    assert edge.closing_in(b, "red") == 0.0  # it has not moved yet
    lupo.stats["moved"] = True
    assert edge.closing_in(b, "red") == pytest.approx(best)
    assert edge.closing_in(b, "blue") == 0.0  # Debole has not moved
    lupo.stats["gave_up"] = "assault"
    assert edge.closing_in(b, "red") == 0.0
    lupo.stats["gave_up"] = ""
    lupo.stats["ran"] = b.round
    assert edge.closing_in(b, "red") == 0.0
    lupo.stats["ran"] = 0
    b.phase = "assault"
    lupo.stats["acted"] = False
    assert edge.closing_in(b, "red") == pytest.approx(best)
    # A model of the side has acted in the Assault phase: its charges are the melee
    # edge from then on (the one acting first does not lose its own closing alone).
    lupo.stats["acted"] = True
    assert edge.closing_in(b, "red") == 0.0
    lupo.stats["acted"] = False
    b.phase = "shooting"
    assert edge.closing_in(b, "red") == 0.0


def test_a_charge_s_edge_is_its_blows_with_the_charger_s_f_less_the_blows_back() -> None:
    """RB-6, RB-8: Lupo's 3 attacks (C 6) at F 5 +1 against Debole's R 3, less Debole's
    one attack (C 3) at F 4 against Lupo's R 4, through mail and shield (RB-7)."""
    s = _closing_battle()
    lupo, debole = s.battle.units["red1"], s.battle.units["blue1"]
    dealt = 3 * edge.blow(lupo, debole, charging=True)
    back = 1 * edge.blow(debole, lupo)
    assert edge.charge_edge(lupo, debole) == pytest.approx(dealt - back)
    assert edge.blow(lupo, debole, charging=True) > edge.blow(lupo, debole)
    debole.stats["fleeing"] = True  # RB-11: a fleeing model does not strike back
    assert edge.charge_edge(lupo, debole) == pytest.approx(dealt)


def _passed(minimum: int = 0) -> Pick:
    return Pick(
        key="move.passed",
        text='Which enemy models did Lupo pass within 1" of?',
        minimum=minimum,
        options=[
            Option("blue1", "Uno"),
            Option("blue2", "Due"),
            Option("blue1:frombola", "Uno's sling", group="blue1"),
            Option("blue2:pugnale", "Due's dagger", group="blue2"),
        ],
    )


def test_what_a_move_passed_is_nothing_half_the_time_else_one_enemy() -> None:
    """As "did it pass within 1\" of an enemy?" (yes or no) then "which one?" were
    weighed before issue 25 folded them into one multi-select; never every enemy."""
    odds = edge.passed_odds(_passed())
    assert odds == [
        ((), 0.5),
        (("blue1",), 0.125),
        (("blue2",), 0.125),
        (("blue1:frombola",), 0.125),
        (("blue2:pugnale",), 0.125),
    ]
    assert sum(p for _, p in odds) == pytest.approx(1.0)
    # The table said it passed some (a side the table plays, "passing enemies"): one.
    assert edge.passed_odds(_passed(minimum=1)) == [
        ((v,), 0.25) for v in ("blue1", "blue2", "blue1:frombola", "blue2:pugnale")
    ]
    other = attrs.evolve(_passed(), key="shoot.under")
    assert edge.passed_odds(other) is None


def _lupo_among_bruti() -> Session:
    """Lupo (C 6, F 5, no armour) against Debole (C 3, R 3) and three Bruti (C 5, F 6,
    R 5, plate and shield): its charge on Debole is worth making, on a Bruto not (0);
    a Bruto's free attack hurts it (F 6 against R 4, RB-8)."""
    lupo = model("Lupo", c=6, f=5, weapons="Spada da guerra")
    bruto = {"c": 5, "f": 6, "r": 5, "armour": "plate", "shield": True}
    bruti = [model(n, **bruto, weapons="Spada da guerra") for n in ("Uno", "Due", "Tre")]
    s = _today({"red": [lupo], "blue": [model("Debole", c=3, r=3), *bruti]}, "balanced")
    assert key(s) == "move.mode"
    return s


def test_among_enemies_it_would_not_beat_it_still_closes_in_and_says_what_it_risks() -> None:
    """Each enemy as likely the nearest: a quarter of Lupo's charge on Debole is what its
    move is for; it may pass one Bruto within 1" (RB-17), half the time. The app moves
    and says both."""
    s = _lupo_among_bruti()
    decision = decide(s)
    assert decision is not None
    assert decision.value in CLOSING
    assert "closing in +" in decision.reason and "risks" in decision.reason
    lupo, debole = s.battle.units["red1"], s.battle.units["blue1"]
    chosen = next(c for c in decision.considered if c.chosen)
    assert chosen.outlook is not None
    assert chosen.outlook.closing == pytest.approx(edge.charge_edge(lupo, debole) / 4, rel=0.05)


def test_the_look_ahead_reads_what_a_move_passed_with_the_system_s_odds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The free attacks a move risks are those of `fact_odds`' answers, by their chances:
    read as "nothing" for sure, the same move risks nothing."""
    s = _lupo_among_bruti()
    decision = decide(s)
    assert decision is not None
    risked = {c.value: c.outlook.taken for c in decision.considered if c.outlook is not None}
    assert risked["simple"] > 0.0

    def nothing_passed(battle: object, prompt: Pick) -> list[tuple[object, float]] | None:
        return [((), 1.0)] if prompt.key == "move.passed" else None

    monkeypatch.setattr(SYSTEM, "fact_odds", nothing_passed)
    nothing = decide(s)
    assert nothing is not None
    calm = {c.value: c.outlook.taken for c in nothing.considered if c.outlook is not None}
    assert calm["simple"] == 0.0 < risked["simple"]


def test_the_table_is_told_where_to_move_the_app_s_model() -> None:
    """G-1: the table moves every model; the app says how its model moves, and the
    question of what the move passed tells the table which way (what closing in counts
    on). A model of a side the table plays gets no such line."""
    s = _lupo_among_bruti()
    s.answer("simple")
    prompt = s.prompt
    assert prompt is not None and prompt.key == "move.passed"
    cue = table_cue(SYSTEM, s.battle, prompt)  # above the question (the Now pane)
    side = s.battle.side_name(str(s.battle.units[str(prompt.actor)].side))
    assert cue.startswith(f"{side} (app, ")
    assert cue.endswith(
        ': move it toward the nearest enemy model, over 1" from the others; stop it over 1" '
        "from that one"
    )
    table = Session(SYSTEM, attrs.evolve(s.setup, options={}))
    initiative(table, 6, 1)
    assert key(table) == "move.made"
    table.answer("passing")
    table.answer("simple")
    assert table.prompt is not None and table.prompt.key == "move.passed"
    assert "nearest enemy" not in table.prompt.help
    assert table_cue(SYSTEM, table.battle, table.prompt) == ""
