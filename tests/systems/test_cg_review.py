"""combattimento-gdr: the fixes of the review of issue 17, played with fixed dice; each test
quotes seed 003 or the ruling it completes and is named after it (CG-n)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import Setup, SetupError, UnitSpec
from skirmtui.systems.registry import get_system
from tests.systems.cg_helpers import (
    CG,
    ch,
    duel,
    engaged_during_a_charge,
    engaged_during_another_action,
    key,
    options,
    play,
    scene,
    session,
    stat,
    texts,
)


def setup_of(units: list[UnitSpec], sides: Sequence[Side] = ()) -> Setup:
    two = list(sides) or [Side("red", "Red"), Side("blue", "Blue")]
    return Setup(CG, "typed", 1, two, units, {})


# -- review fixes: D2 (CG-1, typed setup) and D3 (CG-3 shield, CG-12) ---------------------


def test_cg1_a_combatant_typed_in_the_setup_form_can_be_created() -> None:
    """CG-1: characters are characteristics and skills as dice, VPB, weapons …; the setup
    form types the yes/no fields (ambidextrous, spells) as 1/0."""
    from skirmtui.systems.combattimento_gdr.profile import PROFILE_FIELDS
    from skirmtui.tui.screens.setup import _parse_units

    line = "Aldo 8 1 1 0 | character | d6 | d6 | d8 | d6 | spade:d8 | spada"
    units = _parse_units(line, "red", "Red", PROFILE_FIELDS)
    foe = _parse_units("Bruto 8 1 0 0 | character", "blue", "Blue", PROFILE_FIELDS)
    s = Session(get_system(CG), setup_of(units + foe))
    aldo = s.battle.units["red1"]
    assert aldo.profile["ambidextrous"] is True and aldo.profile["spells"] is False
    assert aldo.stats["ready"] == "spada"
    with pytest.raises(SetupError, match="ambidextrous is 1"):
        _parse_units("Aldo 8 1 2 0 | character", "red", "Red", PROFILE_FIELDS)


def test_cg1_a_preset_scenarios_text_parses_back_after_an_edit() -> None:
    """CG-1 sheets of the shipped scenario, written in the form and edited (a renamed
    knight): the text still parses and the battle starts."""
    from skirmtui.engine.core.armies import setup_from_scenario
    from skirmtui.systems.combattimento_gdr.profile import PROFILE_FIELDS
    from skirmtui.tui.screens.setup import _parse_units, _typed_line

    preset = setup_from_scenario(CG, "duello")
    units = []
    for side in preset.sides:
        mine = [u for u in preset.units if u.side == side.id]
        text = "\n".join(_typed_line(u, PROFILE_FIELDS) for u in mine)
        units += _parse_units(text.replace("Ser ", "Messer "), side.id, side.name, PROFILE_FIELDS)
    s = Session(get_system(CG), setup_of(units, preset.sides))
    for unit, spec in zip(s.battle.units.values(), preset.units, strict=True):
        assert unit.name == spec.name.replace("Ser ", "Messer ")
        assert unit.profile == get_system(CG).make_unit(spec).profile


def test_cg3_a_shield_starts_readied_and_counts_in_the_dp() -> None:
    """Seed: the DP is "data dalla somma del suo VPB con i VP di eventuali protezioni
    (generalmente lo scudo)"; CG-12 (ours): weapons start drawn. With no `ready` on the
    sheet the shield is readied, then what the other hand can hold."""
    s = session(
        [ch("Aldo", agi="d10")],
        [ch("Bruto", shield="scudo", skills="parare_scudo:d6")],
        contact=["red1 blue1"],
    )
    assert stat(s, "blue1", "ready") == "shield spada"
    scene(s)
    play(s, ("action.choose", "melee"))
    assert s.prompt.threshold == 10  # type: ignore[union-attr]  # DP 8 + shield 2
    play(s, ("attack.roll", (8, 5)))
    assert key(s) == "defence.roll" and "scudo" in s.prompt.text.lower()  # type: ignore[union-attr]


def test_cg12_a_sword_and_bow_sheet_without_ready_is_not_refused() -> None:
    """CG-12 (ours): weapons start drawn, as many as two hands hold: the sword; the
    two-handed bow stays slung (readied later with a "ready" action)."""
    s = session([ch("Arc", weapons="spada arco_corto")], [ch("Bruto")])
    assert stat(s, "red1", "ready") == "spada"
    s = session([ch("Arc", weapons="spada arco_corto", ready="none")], [ch("Bruto")])
    assert stat(s, "red1", "ready") == ""


# -- review fixes: D4/D5 (CG-11, CG-14), D7 (CG-11), D8 (CG-10, CG-16) --------------------


def test_cg11_another_action_stops_when_the_combatant_is_engaged() -> None:
    """Seed: "Un personaggio può eseguire diverse altre azioni, se non è impegnato
    direttamente nel combattimento"; CG-11: "another action" only when not in contact."""
    s = engaged_during_another_action()
    assert key(s) == "action.choose" and s.prompt.actor == "red1"  # type: ignore[union-attr]
    assert "Aldo is engaged in melee: its action stops" in texts(s)
    assert stat(s, "red1", "busy") == 0 and "melee" in options(s)


def test_cg14_a_charge_under_way_does_not_leave_a_melee() -> None:
    """CG-14: "Flee: only from contact; each opponent in contact gets one free attack";
    CG-11: contact is "ended by a flight, a death or the GM": a charge in progress stops
    when its charger is engaged."""
    s = engaged_during_a_charge()
    assert key(s) == "action.choose" and s.prompt.actor == "red1"  # type: ignore[union-attr]
    assert "Aldo is engaged in melee: its charge stops (leaving is a flight)" in texts(s)
    assert stat(s, "red1", "charging") == 0 and stat(s, "blue1", "contact") == ("red1",)
    assert "charge" not in options(s) and "flee" in options(s)


def test_cg11_a_critical_failure_in_a_group_is_held_until_the_group_acted() -> None:
    """CG-11: a simultaneous group's "effects (damage, armour, criticals, deaths) apply
    after its last member acted"; seed "Fallimento critico". Aldo fumbles (faces 1, 10 × 1
    ≤ Bruto's 19; table 10: loses its next action): Bruto, same group, attacks him with no
    stunned-target bonus, and the effect lands after."""
    s = duel(ch("Aldo", agi="d8", des="d8"), ch("Bruto", agi="d8", des="d8"))
    play(
        s,
        ("action.choose", "melee"),
        ("attack.roll", (1,)),
        ("defence.roll", (8, 8, 3)),
        ("fumble.roll", (10,)),
    )
    assert stat(s, "red1", "fumbled") is False  # held
    play(s, ("action.choose", "melee"))
    assert s.prompt.key == "attack.roll" and not s.prompt.modifiers  # type: ignore[union-attr]
    play(s, ("attack.roll", (1,)), ("defence.roll", (2,)))
    assert stat(s, "red1", "fumbled") is True  # the group has acted
    assert any(t.startswith("Applied: Aldo: ") for t in texts(s))


def test_cg16_a_fumbles_lost_action_gives_no_stunned_target_bonus() -> None:
    """CG-16: failure 01–50 "loses its next action"; CG-10's +2 is "against a stunned or
    prone target" only: the fumbler is off balance, not stunned."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto", agi="d8"))
    play(
        s,
        ("action.choose", "melee"),
        ("attack.roll", (1,)),
        ("defence.roll", (8, 2)),
        ("fumble.roll", (10,)),
    )
    assert stat(s, "red1", "fumbled") is True and stat(s, "red1", "stunned") is False
    play(s, ("action.choose", "melee"))
    assert not s.prompt.modifiers  # type: ignore[union-attr]
    play(s, ("attack.roll", (1,)), ("defence.roll", (2,)))
    scene(s)
    assert "Aldo loses this action (off balance after a critical failure)" in texts(s)


# -- review: creatures' attacks, and the tests the review found missing --------------------


def test_cg1_a_creature_with_ordinary_weapons_makes_its_attacks_a_turn() -> None:
    """Seed: "Il numero di Attacchi per Turno (AT) di una creatura è indicato sulla
    Scheda"; CG-1: attacks per turn for creatures, whatever weapons they use."""
    s = duel(ch("Orco", kind="creature", agi="d10", weapons="spada", attacks=2), ch("Bruto"))
    play(
        s,
        ("action.choose", "melee"),
        ("attack.roll", (2,)),
        ("defence.roll", (3,)),
        ("attack.roll", (2,)),
        ("defence.roll", (3,)),
    )
    assert key(s) == "action.choose" and s.prompt.actor == "blue1"  # type: ignore[union-attr]


def test_cg16_a_ranged_critical_needs_twice_the_modified_difficulty() -> None:
    """CG-16: "the difficulty is DP + range/cover/size modifiers"; seed: critical when
    the attacker reaches twice it. Medium range: 8 + 2 = 10, so 19 is a plain hit."""
    s = session([ch("Arc", agi="d10", pre="d8", weapons="arco_corto")], [ch("Bruto")])
    scene(s)
    play(s, ("action.choose", "ranged"), ("ranged.range", "medium"), ("ranged.cover", "none"))
    play(s, ("defence.choose", "still"))
    assert s.prompt.threshold == 10  # type: ignore[union-attr]
    play(s, ("attack.roll", (8, 8, 3)), ("hit.damage", (3,)))
    assert not any(t.startswith("Critical hit") for t in texts(s))
    s = session([ch("Arc", agi="d10", pre="d8", weapons="arco_corto")], [ch("Bruto")])
    scene(s)
    play(s, ("action.choose", "ranged"), ("ranged.range", "medium"), ("ranged.cover", "none"))
    play(s, ("defence.choose", "still"), ("attack.roll", (8, 8, 4)), ("hit.location", (52,)))
    assert any(t.startswith("Critical hit! Table at 25") for t in texts(s))


def test_cg16_a_ranged_critical_failure_at_exactly_ten_times_the_total() -> None:
    """CG-16: critical failure when every die shows 1 and "10 × the unmodified total ≤
    that difficulty (ranged …)": at medium range (8 + 2 = 10) a single 1 is exactly
    10 × 1 = 10, a fumble; at long range behind partial cover (8 + 4 + 2 = 14) two 1s
    (10 × 2 = 20) are not."""
    s = session([ch("Arc", agi="d10", pre="d8", weapons="arco_corto")], [ch("Bruto")])
    scene(s)
    play(s, ("action.choose", "ranged"), ("ranged.range", "medium"), ("ranged.cover", "none"))
    play(s, ("defence.choose", "still"), ("attack.roll", (1,)))
    assert key(s) == "fumble.roll"
    s = session(
        [ch("Arc", agi="d10", pre="d8", skills="archi:d6", weapons="arco_corto")], [ch("Bruto")]
    )
    scene(s)
    play(s, ("action.choose", "ranged"), ("ranged.range", "long"), ("ranged.cover", "partial"))
    play(s, ("defence.choose", "still"), ("attack.roll", (1, 1)))
    assert key(s) != "fumble.roll"


def test_cg15_the_wound_penalty_applies_to_the_defenders_roll() -> None:
    """CG-15: "the penalty of the lowest full section applies to every check" (seed:
    "a tutte le prove"), the defender's included."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto", blacked="4 0 0 0 0"))
    play(s, ("action.choose", "melee"), ("attack.roll", (8, 2)))
    assert ("wounds: Lieve", -1) in list(s.prompt.modifiers)  # type: ignore[union-attr]


def test_cg13_defences_reset_each_turn() -> None:
    """CG-13: "Defences reset each turn": Schivare used against Aldo's blow in turn 1 is
    offered again in turn 2."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto", skills="schivare:d6 parare_arma:d6"))
    play(s, ("action.choose", "melee"))
    assert "schivare" in options(s)
    play(s, ("defence.choose", "schivare"), ("attack.roll", (1,)), ("defence.roll", (1, 1)))
    play(s, ("action.choose", "nothing"))
    scene(s)
    play(s, ("action.choose", "melee"))
    assert key(s) == "defence.choose" and "schivare" in options(s)


def test_cg10_the_attacker_gets_2_against_a_prone_and_4_against_a_helpless_target() -> None:
    """CG-10: "attacker +2 against a stunned or prone target, +4 against a helpless one";
    seed: "un bonus se l'avversario sta dormendo". The GM says so by an override."""
    s = duel(ch("Aldo", agi="d10"), ch("Bruto"))
    s.gm("gm.set", unit="blue1", field="prone", value=True)
    play(s, ("action.choose", "melee"))
    assert list(s.prompt.modifiers) == [("target prone", 2)]  # type: ignore[union-attr]
    s = duel(ch("Aldo", agi="d10"), ch("Bruto"))
    s.gm("gm.set", unit="blue1", field="helpless", value=True)
    s.gm("gm.set", unit="blue1", field="prone", value=True)
    play(s, ("action.choose", "melee"))
    assert list(s.prompt.modifiers) == [("target helpless", 4)]  # type: ignore[union-attr]
