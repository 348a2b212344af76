"""No file of the repository keeps a merge's conflict markers: a merge that left them
in CHANGELOG.md once reached main, where nothing else would have failed on a Markdown file."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The folders that are not the repository's own text (tools' output, environments).
SKIPPED = {".git", ".venv", "venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache"}
SUFFIXES = {".py", ".md", ".toml", ".tcss", ".txt", ".cfg", ".yml", ".yaml", ".json", ""}
#: The opening and closing marker lines git writes (the middle `=======` alone is also a
#: Markdown heading's underline, so it is not looked for).
MARKER = re.compile(r"^(<{7}|>{7}) ", re.MULTILINE)


def _texts() -> list[Path]:
    found = []
    for path in ROOT.rglob("*"):
        if any(part in SKIPPED or part.startswith(".pytest") for part in path.parts):
            continue
        if path.is_file() and path.suffix in SUFFIXES and path.stat().st_size < 2_000_000:
            found.append(path)
    return found


def test_no_file_keeps_merge_conflict_markers() -> None:
    marked = []
    for path in _texts():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if MARKER.search(text):
            marked.append(str(path.relative_to(ROOT)))
    assert marked == [], f"merge conflict markers left in: {marked}"


def test_the_marker_pattern_finds_what_git_writes() -> None:
    merged = "a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> main\n"
    assert len(MARKER.findall(merged)) == 2
    assert not MARKER.search("A heading\n=======\n\nquoted: <<<<<<< not at a line's start\n")
