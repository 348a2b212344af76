"""The after-battle report (`export --format md`, engine/report/report.py)."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.session import Session
from skirmtui.engine.report.report import losses, markdown_report
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems

EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"


def _report(name: str, full: bool = False) -> tuple[Session, str]:
    session, _ = load_session(EXAMPLES / f"{name}.toml", systems())
    summary = session.system.summary(session.battle)
    return session, markdown_report(session, summary, None, full=full)


def _section(text: str, title: str) -> str:
    return text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_side_table_says_who_lost_and_who_destroyed() -> None:
    _, text = _report("pequenas-guerras")
    sides = _section(text, "Sides")
    assert (
        "| Side | Units fielded | Units it lost | Points it lost | Enemy units it destroyed "
        "| Enemy points it destroyed |" in sides
    )
    # The system's own credit (PG-8) agrees: "Bandoleiros: … 15 points destroyed".
    assert "- Bandoleiros: 3 objectives held, 15 points destroyed" in text
    assert "| Bandoleiros | 4 | 1 | 20 | 1 | 15 |" in sides
    assert "| Guarda Real | 4 | 4 | 120 | 1 | 25 |" in sides
    assert "| Milícia | 4 | 4 | 120 | 0 | 0 |" in sides
    assert "Bandoleiros won: most objectives after round 4 (3)." in _section(text, "Round by round")


def test_who_destroyed_whom_follows_the_log() -> None:
    session, text = _report("wargaming-introduttivo")
    battle = session.battle
    melee = [loss for loss in losses(battle) if battle.log[loss.entry].kind == "roll"]
    first = melee[0]
    assert first.cause is not None
    entry = battle.log[first.cause.entry]
    # WI melee: the hit that removed Veles 1 is Guerriero 1's roll, naming both (its cause).
    assert entry.kind == "roll" and entry.target == first.unit and entry.actor == first.by
    assert "| 8 | Veles 1 | Legionari | Guerriero 1 (Barbari): melee attack |" in _section(
        text, "Who destroyed whom"
    )
    assert "**Barbari won** in turn 15: the only player with units left." in text


def test_the_narrative_tells_results_in_the_past() -> None:
    _, text = _report("wargaming-introduttivo", full=True)
    story = _section(text, "The whole battle")
    assert "- Legionario 1 activated (ABI 3; rolled 2, needed ≤ 3)." in story
    assert "- Legionario 3 did not activate (ABI 3; rolled 5, needed ≤ 3)." in story
    assert "- Veles 2 hit Capo tribù (CMB 3; rolled 3, needed ≤ 3)." in story
    assert "→" not in story and "activates?" not in story


def test_luck_and_roster() -> None:
    _, text = _report("cape-et-epee", full=True)
    assert "Not estimated" in _section(text, "Turning points")  # no play-outs asked
    luck = _section(text, "Dice luck")
    assert re.search(
        r"\| Moschettieri \| \d+ \(\d+ not recorded\) \| [\d.]+ \| \d+ \| \d+ \|", luck
    )
    assert "| Athos |" in _section(text, "Final roster")


def test_user_text_is_data_and_private_notes_stay_out() -> None:
    system = systems()["wargaming-introduttivo"]
    setup = system.demo_setup()
    evil = attrs.evolve(setup.units[0], name="Bad|\x1b]0;pwned\x07Name")
    sides = [Side(s.id, "Red\x1b[31m" if s.id == "red" else s.name) for s in setup.sides]
    session = Session(system, attrs.evolve(setup, units=(evil, *setup.units[1:]), sides=sides))
    session.gm("gm.note", text="the ambush is at the ford", private=True)
    session.gm("gm.note", text="Welcome,\nplayers")
    session.gm("gm.condition", unit="red2", text="Blessed", until="removed")
    text = markdown_report(session, session.system.summary(session.battle), None, full=True)
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]", text)
    assert "Bad\\|␛]0;pwned␇Name" in text
    assert "ambush" not in text
    assert "GM's note: Welcome,\n  players" in text
    assert "Blessed (until removed)" in _section(text, "Final roster")


def test_the_default_report_is_a_page_and_full_is_the_transcript() -> None:
    """Issue 27: an 8-round game gave a 623-line report; the default fits a page or two
    (at most five turning points, a paragraph per round), `--full` keeps everything."""
    session, short = _report("wargaming-introduttivo")
    _, full = _report("wargaming-introduttivo", full=True)
    assert len(short.splitlines()) < 120 < len(full.splitlines())
    rounds = _section(short, "Turn by turn")
    assert all(f"**Turn {n}.**" in rounds for n in range(1, session.battle.round + 1))
    assert "## The whole battle" not in short and "## Final roster" not in short
    assert "## The whole battle" in full and "## Final roster" in full


def test_a_battle_not_finished_stands_in_its_round_not_after_it() -> None:
    """A QA play-through's report of a battle at turn 3's activation said "3 turns
    played" and "Standing at its end" of a turn not ended."""
    system = systems()["wargaming-introduttivo"]
    full, _ = load_session(EXAMPLES / "wargaming-introduttivo.toml", systems())
    cut = next(i for i, e in enumerate(full.battle.log) if e.round == 3) + 1
    answers = full.battle.log[cut].answer or 0
    session = Session(system, full.setup, full.items[:answers])
    assert session.battle.round == 3 and session.battle.result is None
    text = markdown_report(session, system.summary(session.battle), None)
    assert "· 2 turns played, turn 3 under way" in text
    rounds = _section(text, "Turn by turn")
    assert "**Turn 3.**" in rounds and "Standing now:" in rounds.split("**Turn 3.**")[1]
    assert "Standing at its end:" in rounds.split("**Turn 3.**")[0]
    _, finished = _report("wargaming-introduttivo")
    assert "· 15 turns played" in finished


def test_the_report_says_who_played_each_side() -> None:
    """Issue 26: the players reading the report learn which side the app played, as
    whom, and from when (a QA play-through found it only in --full and the JSON)."""
    from skirmtui.engine.core.items import GM_AI
    from skirmtui.engine.play.auto import let_app_play

    system = systems()["combattimento-gdr"]
    session = Session(system, system.demo_setup())
    _company, bandits = (s.id for s in session.battle.sides)
    let_app_play(session, {bandits: "balanced"})
    session.gm(GM_AI, side=bandits, persona="aggressive")
    text = markdown_report(session, [], None)
    assert (
        "Played by: I Briganti: the app (balanced) from turn 1, the app (aggressive) from "
        "turn 1; La Compagnia: the table throughout." in text
    )
    _, by_table = _report("combattimento-gdr")
    assert "Played by" not in by_table  # the table played every side


def test_a_roll_s_modifier_is_told_where_it_came_from() -> None:
    """pequenas-guerras' "Does Tambor die of its wounds?" with one marker read "rolled
    4 = 5" in the full report (a QA play-through): the +1 is written as the log writes
    it; a modifier of the difficulty, not of the total, is not added to the faces."""
    from skirmtui.engine.report.narrative import _dice_words

    markers = {"faces": [4], "modifiers": [["wound markers", 1]], "total": 5}
    assert _dice_words({**markers, "compare": ">=", "target": 6}) == "rolled 4 +1 = 5, needed ≥ 6"
    range_ = {"faces": [5, 3], "modifiers": [["medium range", 2]], "total": 8}
    assert _dice_words({**range_, "compare": ">=", "target": 10}) == "rolled 5 3 = 8, needed ≥ 10"
