"""The help screen, key bar, palette and README say the same keys: one source (issue 22)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from skirmtui.systems.registry import systems
from skirmtui.tui.keys import BATTLE_BINDINGS, key_rows, palette_entries
from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.screens.help import help_text

README = Path(__file__).resolve().parents[2] / "README.md"


def test_each_key_is_listed_once_and_says_what_it_does() -> None:
    keys = [key for cell, _ in key_rows() for key in cell.replace(",", " ").split()]
    letters = Counter(k for k in keys if len(k) == 1 and k.isalpha())
    # n is "no" to a yes/no question and "next hit" while a search is on: both rows.
    assert all(n == 1 for k, n in letters.items() if k != "n"), letters
    for binding in BattleScreen.BINDINGS:
        key = getattr(binding, "key", "")
        if len(key) == 1 and key.isalpha():
            assert letters[key] >= 1, f"{key} ({binding.action}) is not in the help"
    assert all(what for _, what in key_rows())


def test_the_screen_s_bindings_are_the_one_list() -> None:
    assert BattleScreen.BINDINGS == BATTLE_BINDINGS
    actions = {action for _, _, action in palette_entries()}
    assert {"roll", "redo", "undo", "override", "export", "luck", "search"} <= actions


def test_the_palette_s_help_keeps_its_capitals() -> None:
    """Each help a sentence with "GM" and "JSON" as written (`str.capitalize` made them
    "Gm" and "json", and regole-base's "R" an "r")."""
    helps = {action: text for _, text, action in palette_entries()}
    assert all(text[:1].isupper() for text in helps.values())
    assert helps["damage"].startswith("GM: one more wound") and "current R)" in helps["damage"]
    assert helps["export"] == "Write the structured log (JSON) beside the save"


@pytest.mark.parametrize("system_id", sorted(systems()))
def test_the_glossary_is_the_system_s_own(system_id: str) -> None:
    system = systems()[system_id]
    text = help_text(system)
    assert system.glossary, f"{system_id} explains none of its words"
    for word, meaning in system.glossary:
        assert f"| {word} | {meaning} |" in text
    others = [w for s in systems().values() if s is not system for w, _ in s.glossary]
    assert not any(f"| {w} |" in text for w in others if w not in dict(system.glossary))


def _readme_keys() -> list[tuple[str, str]]:
    section = README.read_text(encoding="utf-8").split("| key | does |")[1].split("\n\n")[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    cells = [[c.strip() for c in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows]
    return [(key.strip("`"), what) for key, what in cells]


def test_readme_s_key_table_is_the_help_s() -> None:
    """README's table is the help's rows, in order (regenerate it from `key_rows()`)."""
    shown = [(key, what.replace("\\|", "|")) for key, what in _readme_keys()]
    assert shown == key_rows()
