"""The queue's ▶ marks the side whose turn it is, through the whole of its turn.

Found playing in tmux: in pequenas-guerras the queue marked the NEXT side while a
unit's activation went on (its move, its shots: "▶ 2. Milícia" while Bandoleiros'
Cangaceiros moved, the breadcrumb saying "Bandoleiros to act"; the player view showed
the same), and in regole-base it marked the side that acted last while the next was
asked which model moves. A turn here: from the question of which unit acts (and how)
to the next such question. Random legal battles of the demo, every answer checked.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from skirmtui.engine.core.session import Session
from skirmtui.systems.registry import get_system

#: Per system: the phase checked (None: every phase), the questions that start a
#: side's turn (their keys, every tier's) and the flag a unit gets when it starts to act
#: (a side with one unit ready is not asked: the unit just acts).
TURN_STARTS = {
    "pequenas-guerras": ("activation", {"activate.unit", "activate.action"}, "activated"),
    "regole-base": (
        None,  # movement, shooting and assault alike
        {
            "move.which",
            "move.which_made",
            "move.model",
            "shoot.model",
            "assault.which",
            "assault.which_charge",
            "assault.model",
        },
        "acted",
    ),
}


def each_question(system_id: str, battles: int, limit: int) -> Iterator[tuple[int, Session]]:
    """The demo battle of `system_id` played at random, seeds 0 to `battles` − 1: each
    (seed, session) with a question asked, answered once the caller has looked."""
    system = get_system(system_id)
    for seed in range(battles):
        session = Session(system, system.demo_setup())
        rng = random.Random(seed)
        while session.prompt is not None and len(session.items) < limit:
            yield seed, session
            session.answer(session.prompt.random_answer(rng))


def marked(session: Session) -> list[str | None]:
    return [r.side for r in session.system.queue(session.battle) if r.current]


def whose_turn(session: Session, keys: set[str], flag: str) -> str | None:
    """The side asked now which unit acts, else the side that last chose, or whose unit
    last started to act, in this phase of this round; None before that."""
    prompt, battle = session.prompt, session.battle
    if prompt is not None and prompt.key in keys:
        return prompt.side
    for entry in reversed(battle.log):
        if entry.round != battle.round or entry.phase != battle.phase:
            return None
        if entry.key in keys:
            return entry.side
        for effect in entry.effects:
            if effect.field == flag and effect.after and effect.unit:
                return battle.units[effect.unit].side
    return None


@pytest.mark.parametrize("system_id", sorted(TURN_STARTS))
def test_the_queue_marks_the_side_whose_turn_it_is(system_id: str) -> None:
    phase, keys, flag = TURN_STARTS[system_id]
    checked = 0
    for seed, session in each_question(system_id, 3, 400):
        prompt = session.prompt
        assert prompt is not None
        turn = whose_turn(session, keys, flag)
        if turn is not None and (phase is None or session.battle.phase == phase):
            # (nobody marked is fine: regole-base's assault fights, every model's)
            assert marked(session) in ([], [turn]), (
                seed,
                len(session.items),
                prompt.key,
                prompt.text,
            )
            checked += bool(marked(session))
    assert checked > 100


@pytest.mark.parametrize(
    "system_id",
    [
        "wargaming-introduttivo",
        "pequenas-guerras",
        "cape-et-epee",
        "combattimento-gdr",
        "regole-base",
    ],
)
def test_after_the_end_the_queue_marks_nobody(system_id: str) -> None:
    """Found reviewing a finished battle: the queue at the end still marked a side as if
    it were to act ("▶ 1. Briganti — done this phase", "▶ = Capo brigante (acting)"),
    in the battle screen, review and the player view alike. Nobody acts after the end."""
    from skirmtui.engine.play.sim import play_battle

    system = get_system(system_id)
    for seed in range(12):
        battle, _ = play_battle(system, system.demo_setup(), random.Random(seed))
        assert battle.result is not None
        rows = system.queue(battle)
        assert rows and not [r.text for r in rows if r.current], seed
        assert not [r.text for r in rows if "(acting" in r.text], seed


def test_a_battle_the_gm_ends_mid_impulse_marks_nobody() -> None:
    """Found in tmux (cape-et-epee, 80x24): the battle over, the queue still showed
    "▶ Jussac — 2 AP": the GM ended it while a character's impulse was under way, and
    the queue read the impulse, not the end (the natural ends above clear the impulse)."""
    from skirmtui.systems.cape_et_epee.position import pos

    system = get_system("cape-et-epee")
    session = Session(system, system.demo_setup())
    rng = random.Random(1)
    while not (session.battle.phase == "activated" and pos(session.battle).impulse):
        assert session.prompt is not None
        session.answer(session.prompt.random_answer(rng))
    assert marked(session)  # the character whose impulse it is, before the end
    session.gm("gm.end", winner="blue", reason="")
    assert session.battle.result is not None
    rows = system.queue(session.battle)
    assert not [r.text for r in rows if r.current]
    assert any(pos(session.battle).impulse == r.unit for r in rows)  # still listed, unmarked


@pytest.mark.parametrize("system_id", ["wargaming-introduttivo", "pequenas-guerras"])
def test_a_battle_the_gm_ends_mid_turn_marks_nobody(system_id: str) -> None:
    """The same found in the other systems: a battle the GM ended while a side's turn
    went on still marked that side ("▶ 2. Milícia — 3 left: …")."""
    system = get_system(system_id)
    checked = 0
    for answers in (5, 20, 40, 80, 120):
        session = Session(system, system.demo_setup())
        rng = random.Random(answers)
        for _ in range(answers):
            assert session.prompt is not None
            session.answer(session.prompt.random_answer(rng))
        checked += bool(marked(session))
        session.gm("gm.end")
        assert session.battle.result is not None and not marked(session), answers
    assert checked >= 3  # most were marked before the end


#: Questions about the acting model's own move or shots, asked of it (its actor).
OWN_ACT = ("move.", "shoot.", "charge.", "action.", "leap.", "jump.")


@pytest.mark.parametrize(
    ("system_id", "done"),
    [("regole-base", "done this phase"), ("pequenas-guerras", "none left")],
)
def test_a_side_whose_last_model_is_asked_is_not_done(system_id: str, done: str) -> None:
    """Found in tmux (80x24): "▶ 2. Briganti — done this phase" while Brigante 2 was
    asked which move passed enemies, "▶ 1. Bandoleiros — none left (passes)" while
    Cangaceiros 1 was asked what its move crosses: the side's last model to act was
    counted as done the moment it began. Now the marked row names it as acting."""
    checked = 0
    for seed, session in each_question(system_id, 4, 600):
        prompt, battle = session.prompt, session.battle
        assert prompt is not None
        actor = battle.units.get(prompt.actor or "")
        for row in session.system.queue(battle):
            if row.current and actor is not None and actor.side == row.side:
                assert done not in row.text, (seed, prompt.key, row.text)
                # its own move or shots (a save or a test may be another model's)
                if "the last" in row.text and prompt.key.startswith(OWN_ACT):
                    named = f"— {actor.label} act"  # the unit's label whole
                    assert named in row.text, (seed, prompt.key, row.text)
                    checked += 1
    assert checked > 20
