"""The repository explains itself: every ruling id the code cites is stated in docs/rules/,
and no doc sends a reader to a file outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

from skirmtui.systems.registry import systems

ROOT = Path(__file__).resolve().parent.parent
#: The general rulings (G-n) and each registered system's own (its `ruling_prefix`).
PREFIXES = "|".join(["G", *(system.ruling_prefix for system in systems().values())])
RULING_ID = re.compile(rf"\b(?:{PREFIXES})-\d+\b")
#: A ruling is stated where a docs/rules table row starts with its id: `| WI-7 | … |`.
STATED_ROW = re.compile(rf"^\|\s*((?:{PREFIXES})-\d+)\s*\|", re.MULTILINE)


def _files(*folders: str, suffixes: tuple[str, ...]) -> list[Path]:
    return [
        path
        for folder in folders
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in suffixes and "__snapshots__" not in path.parts
    ]


def _stated() -> set[str]:
    stated: set[str] = set()
    for doc in (ROOT / "docs" / "rules").glob("*.md"):
        stated.update(STATED_ROW.findall(doc.read_text(encoding="utf-8")))
    return stated


def test_every_cited_ruling_is_stated_in_docs_rules() -> None:
    cited: dict[str, str] = {}
    sources = _files("skirmtui", "tests", "data", "docs", suffixes=(".py", ".toml", ".md"))
    for path in [*sources, ROOT / "README.md"]:
        for ruling in RULING_ID.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(ruling, str(path.relative_to(ROOT)))
    missing = {ruling: where for ruling, where in cited.items() if ruling not in _stated()}
    assert not missing, f"ruling ids cited but not stated in a docs/rules table: {missing}"


def test_the_general_rulings_are_stated_in_the_rules_readme() -> None:
    readme = (ROOT / "docs" / "rules" / "README.md").read_text(encoding="utf-8")
    assert set(STATED_ROW.findall(readme)) >= {"G-1", "G-2", "G-3", "G-4"}


def test_docs_name_no_file_outside_the_repository() -> None:
    outside = re.compile(r"RULINGS\.md|\.\./shared|shared folder|seeds/\d{3}_")
    docs = [ROOT / "README.md", *_files("docs", suffixes=(".md",))]
    code = _files("skirmtui", "tests", "bench", "tools", suffixes=(".py",))
    offenders = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in [*docs, *code]
        if path != Path(__file__).resolve()
        for match in outside.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not offenders, offenders


def test_rules_index_links_resolve() -> None:
    readme = ROOT / "docs" / "rules" / "README.md"
    for target in re.findall(r"\]\(([^)#]+\.md)\)", readme.read_text(encoding="utf-8")):
        assert (readme.parent / target).is_file(), target
