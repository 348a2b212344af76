"""syrupy ties a snapshot folder (`__snapshots__/test_x/`) to a test module by its file
name alone (`PyTestLocation.matches_snapshot_location` compares the basename), so a
module of the same name elsewhere made `tests/tui/test_watch.py`'s snapshot "unused"
whenever it ran with a TUI snapshot test and without that file: syrupy said
"1 snapshot unused" and exited 1 with every test passing (tests/engine/test_watch.py
with tests/tui/test_cape_et_epee.py). Test modules' names are unique in tests/."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).parents[1]


def test_no_two_test_modules_share_a_name() -> None:
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted(TESTS.rglob("test_*.py")):
        where[path.stem].append(str(path.relative_to(TESTS)))
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}


def test_every_snapshot_folder_has_its_test_module() -> None:
    for folder in TESTS.rglob("__snapshots__/*"):
        module = folder.parent.parent / f"{folder.name}.py"
        assert module.is_file(), f"{folder} belongs to no test module"
