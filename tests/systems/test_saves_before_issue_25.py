"""Saves played before issue 25 (the example battles of that time, kept here) load and
replay to their end: their logs answer the questions asked then, one at a time, so the
session replays them with `questions = "one at a time"` (engine/core/asking.py) in the
systems that ask less since; the other systems' saves replay as they are."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems

SAVES = Path(__file__).parent / "saves" / "before-issue-25"
ASKING_LESS = {
    "wargaming-introduttivo",
    "pequenas-guerras",
    "cape-et-epee",
    "regole-base",
    "combattimento-gdr",
}


@pytest.mark.parametrize("path", sorted(SAVES.glob("*.toml")), ids=lambda p: p.stem)
def test_a_save_from_before_issue_25_replays_to_its_end(path: Path) -> None:
    session, _ = load_session(path, systems())
    assert session.battle.result is not None and session.prompt is None
    older = session.setup.options.get("questions")
    assert older == ("one at a time" if path.stem in ASKING_LESS else None)


@pytest.mark.parametrize("system_id", ["regole-base", "pequenas-guerras"])
def test_an_older_save_that_does_not_replay_names_its_own_bad_answer(system_id: str) -> None:
    """A save of older questions with one answer spoiled late in its log: today's
    questions refuse one of its first answers, the older ones replay up to the spoiled
    one. The error names the spoiled answer (it named today's first refusal, a question
    the save was never asked)."""
    import attrs

    from skirmtui.engine.core.items import Item
    from skirmtui.engine.core.session import ReplayError, Session

    system = systems()[system_id]
    played, _ = load_session(SAVES / f"{system_id}.toml", systems())
    options = {k: v for k, v in played.setup.options.items() if k != "questions"}
    setup = attrs.evolve(played.setup, options=options)
    items = list(played.items)
    spoiled = len(items) - 5
    items[spoiled] = Item(items[spoiled].key, "no such answer", items[spoiled].by)
    with pytest.raises(ReplayError) as refused:
        Session(system, setup, items)
    assert refused.value.index == spoiled
