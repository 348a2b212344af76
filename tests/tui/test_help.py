"""The help screen: every key once, and the abbreviations a system shows explained."""

from __future__ import annotations

from collections import Counter

from skirmtui.tui.screens.battle import BattleScreen
from skirmtui.tui.screens.help import HELP


def _key_cells() -> list[str]:
    rows = [line for line in HELP.split("## ")[0].splitlines() if line.startswith("| ")]
    return [row.split("|")[1].strip() for row in rows[1:]]  # after the header row


def test_each_key_is_listed_once_and_says_what_it_does() -> None:
    keys = [key for cell in _key_cells() for key in cell.replace(",", " ").split()]
    letters = Counter(k for k in keys if len(k) == 1 and k.isalpha())
    # n is "no" to a yes/no question and "next hit" while a search is on: both rows.
    assert all(n == 1 for k, n in letters.items() if k != "n"), letters
    for binding in BattleScreen.BINDINGS:
        key = getattr(binding, "key", "")
        if len(key) == 1 and key.isalpha():
            assert letters[key] >= 1, f"{key} ({binding.action}) is not in the help"
    assert "x" in letters and "t" in letters  # status and timed condition apart


def test_the_glossary_explains_what_the_screens_abbreviate() -> None:
    glossary = HELP.split("## Words and abbreviations")[1]
    for word in ("um", "CA", "CMB, ABI", "VPB, DP", "V F R M C T"):
        assert f"| {word} |" in glossary
