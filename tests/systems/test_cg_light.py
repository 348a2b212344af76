"""combattimento-gdr asks the turn's light where a rule first reads it (issue 25, after
its first cut): the light changes only an attack's difficulty (CG-10: ranged +2 in dim
light, +4 in darkness; melee +2 in darkness), so it is asked at the turn's first attack
(`turn.light`), offering last turn's light, where it was asked at every turn's start
(`turn.scene`, how saves of the first pass replay: `questions = "first pass"`). The same
light gives the same difficulty, rolls and outcome; a turn with no attack asks nothing.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest

from skirmtui.engine.core.prompts import Choose
from skirmtui.engine.core.session import Session
from skirmtui.engine.core.system import decides
from skirmtui.engine.play.sim import play_random
from skirmtui.engine.store.compare import replay_differences
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import get_system, systems
from tests.systems.cg_helpers import ch, key, play, scene, session, stat

BEFORE = {"questions": "first pass"}
TODAY = {"questions": "today"}  # not a tier: today's questions
SAVES = Path(__file__).parent / "saves" / "first-pass"
SYSTEM = get_system("combattimento-gdr")
ARCHER = {"agi": "d10", "weapons": "arco_corto pugnale", "ready": "arco_corto", "skills": ""}


def _outcome(s: Session) -> tuple[list[Any], dict[str, Any]]:
    """Every roll (its faces, total and words) and every combatant's stats."""
    rolls = [(e.key, e.text, e.roll) for e in s.battle.log if e.kind == "roll"]
    return rolls, {u.id: ({**u.stats}, u.removed) for u in s.battle.units.values()}


def _duel(**options: Any) -> Session:
    """Aldo (AGI d10) and Bruto in contact: Aldo acts first."""
    return session([ch("Aldo", agi="d10")], [ch("Bruto")], contact=["red1 blue1"], **options)


@pytest.mark.parametrize("light", ["bright", "dim", "dark"])
def test_cg10_a_melee_reads_the_light_asked_at_its_attack_as_at_the_turn_start(
    light: str,
) -> None:
    """Seed: the GM describes "le condizioni di luce" at each turn's start; CG-10 (ours,
    data): darkness +2 to a melee's difficulty. Said at the first attack, the same light
    gives the same difficulty: 8 + 2 = 10 hits in bright or dim light, misses in the
    DP 8 + 2 in the dark, with the same dice."""
    before, now = _duel(**BEFORE), _duel(**TODAY)
    scene(before, light)
    assert key(now) == "action.choose"  # nothing asked at the turn's start
    play(now, ("action.choose", "melee"))
    prompt = now.prompt
    assert isinstance(prompt, Choose) and prompt.key == "turn.light"
    assert [o.value for o in prompt.options] == ["bright", "dim", "dark"]
    play(now, ("turn.light", light))
    play(before, ("action.choose", "melee"))
    for s in (before, now):
        play(s, ("attack.roll", (8, 1)), ("defence.roll", (1,)))
        if key(s) == "hit.damage":
            play(s, ("hit.damage", (5,)))
    assert _outcome(now) == _outcome(before)
    assert stat(now, "blue1", "damage") == (0 if light == "dark" else 5)


def test_cg10_a_shot_in_dim_light_has_the_same_difficulty_as_when_asked_at_the_start() -> None:
    """CG-10: dim light +2 to a ranged attack's difficulty (with range and cover)."""

    def archers(**options: Any) -> Session:
        return session([ch("Bianca", **ARCHER)], [ch("Bruto")], **options)

    before, now = archers(**BEFORE), archers(**TODAY)
    scene(before, "dim")
    for s in (before, now):
        play(s, ("action.choose", "ranged"), ("ranged.range", "medium"))
        play(s, ("ranged.cover", "none"))
    assert key(now) == "turn.light"  # read with the range and the cover, asked then
    play(now, ("turn.light", "dim"))
    for s in (before, now):
        play(s, ("defence.choose", "agi"), ("attack.roll", (6, 6, 1)), ("defence.roll", (2,)))
    assert _outcome(now) == _outcome(before)
    shot = [e.text for e in now.battle.log if e.key == "attack.roll"]
    assert shot and "dim light +2" in shot[0]


def test_cg4_a_turn_without_an_attack_asks_no_light_and_a_second_attack_reads_the_first() -> None:
    """The light is asked once a turn, at its first attack; a turn of readying asks none,
    and the next turn asks again, offering the last light said (Enter keeps it)."""
    s = session([ch("Aldo", agi="d10"), ch("Carla")], [ch("Bruto")], **TODAY)
    play(s, ("action.choose", "nothing"), ("action.choose", "nothing"))
    play(s, ("action.choose", "nothing"))
    assert s.battle.round == 2 and key(s) == "action.choose"
    assert not any(e.key in ("turn.light", "turn.scene") for e in s.battle.log)
    s = _duel(**TODAY)
    play(s, ("action.choose", "melee"), ("turn.light", "dim"))
    play(s, ("attack.roll", (2,)), ("defence.roll", (1,)))
    assert key(s) == "action.choose" and s.prompt is not None and s.prompt.actor == "blue1"
    play(s, ("action.choose", "melee"))
    assert key(s) == "attack.roll"  # the light already said this turn
    assert [e.key for e in s.battle.log].count("turn.light") == 1


def test_cg4_the_next_turn_offers_the_last_light() -> None:
    s = _duel(**TODAY)
    s.battle.offers = True
    play(s, ("action.choose", "melee"), ("turn.light", "dark"))
    play(s, ("attack.roll", (2,)), ("defence.roll", (1,)))
    play(s, ("action.choose", "nothing"))
    assert s.battle.round == 2
    play(s, ("action.choose", "melee"))
    prompt = s.prompt
    assert isinstance(prompt, Choose) and prompt.key == "turn.light"
    assert prompt.default == "dark"


def test_the_light_is_a_table_fact_never_answered_by_an_app_side() -> None:
    prompt = Choose(key="turn.light", text="light?", options=[])
    assert "turn.light" in SYSTEM.table_facts and not decides(SYSTEM, prompt)


@pytest.mark.parametrize(
    "path", sorted(SAVES.glob("combattimento-gdr*.toml")), ids=lambda p: p.stem
)
def test_a_save_of_the_first_pass_replays_as_it_was_played(path: Path) -> None:
    """A battle saved with the first pass's questions (`skirmtui sim combattimento-gdr
    --battles 2 --seed 25 --save-dir DIR` at 78ccaa6, its second battle: the light at
    each turn's start) replays with those, to the same log and result."""
    loaded, _ = load_session(path, systems())
    assert loaded.battle.result is not None and loaded.prompt is None
    assert loaded.setup.options.get("questions") == "first pass"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert replay_differences(doc, loaded) == []


def test_a_log_played_with_the_first_pass_questions_replays_unchanged() -> None:
    """A seeded random battle played with the first pass's questions, its answers given
    to a fresh session with no option said: the same log, the option found."""
    setup = SYSTEM.demo_setup()
    first = attrs.evolve(setup, seed=7, options={**setup.options, **BEFORE})
    played = play_random(SYSTEM, first, random.Random(7))
    assert "turn.scene" in {i.key for i in played.items}
    replayed = Session(SYSTEM, attrs.evolve(setup, seed=7), played.items)
    assert replayed.setup.options.get("questions") == "first pass"
    assert [e.text for e in replayed.battle.log] == [e.text for e in played.battle.log]
    assert replayed.battle.result == played.battle.result
