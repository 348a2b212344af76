"""Unique unit labels, effects in words, typed faces without spaces (issue 13)."""

from __future__ import annotations

from skirmtui.engine.core.battle import Effect
from skirmtui.engine.core.dice import Dice, parse_faces
from skirmtui.engine.core.session import Session
from skirmtui.engine.report.wording import entry_effects, value_words
from skirmtui.systems.registry import get_system

WI = "wargaming-introduttivo"


def demo() -> Session:
    system = get_system(WI)
    return Session(system, system.demo_setup())


def test_repeated_names_read_apart_through_the_battle_s_labels() -> None:
    battle = demo().battle
    labels = battle.labels
    legionari = [labels[u.id] for u in battle.units.values() if u.name == "Legionario"]
    assert legionari == ["Legionario 1", "Legionario 2", "Legionario 3"]
    assert len(set(labels.values())) == len(labels)


def test_effects_are_written_in_words_naming_the_unit() -> None:
    session = demo()
    for value in [(6,), (2,), "red1", (1,)]:
        session.answer(value)
    entry = session.battle.log[-1]
    assert entry_effects(session.battle, session.system, entry) == (
        "Centurione: now tried, now active"
    )
    entry.effects.append(Effect("blue1", "damage", 0, 1))
    assert "Capo tribù: damage 0 → 1 (+1)" in entry_effects(session.battle, session.system, entry)


def test_ids_in_values_read_as_names() -> None:
    battle = demo().battle
    assert value_words(battle, "blue") == "Barbari"
    assert value_words(battle, "blue1") == "Capo tribù"
    assert value_words(battle, 3) == "3"


def test_the_header_uses_the_log_s_round_word() -> None:
    session = demo()
    for value in [(6,), (2,)]:
        session.answer(value)
    word = session.system.round_word
    assert any(e.text.startswith(f"{word} 1 ·") for e in session.battle.log)


def test_faces_typed_without_spaces_when_every_face_is_one_digit() -> None:
    assert parse_faces("12345", Dice(5, 6)) == (1, 2, 3, 4, 5)
    assert parse_faces("10", Dice(1, 10)) == (10,)  # a d10 face is not split


def test_a_label_is_given_its_side_once() -> None:
    """cape-et-epee's target list read "Alfiere (Guardie) (Guardie)": the label another
    side's Alfiere made unique already names the side (a QA play-through)."""
    from skirmtui.engine.core.labels import with_side
    from skirmtui.systems.cape_et_epee.actions import target_options

    assert with_side("Alfiere (Guardie)", "Guardie") == "Alfiere (Guardie)"
    assert with_side("Rochefort", "Guardie") == "Rochefort (Guardie)"
    assert with_side("Capo (Barbari) 2", "Barbari") == "Capo (Barbari) 2 (Barbari)"
    session = Session(get_system("cape-et-epee"), get_system("cape-et-epee").demo_setup())
    battle = session.battle
    for unit in battle.units.values():
        unit.stats["deployed"] = True  # every enemy a target
    labels = [o.label for o in target_options(battle, "red")]
    guardie = next(s.name for s in battle.sides if s.id != "red")
    assert "Alfiere (Guardie)" in labels and not any(
        label.endswith(f"({guardie}) ({guardie})") for label in labels
    )
