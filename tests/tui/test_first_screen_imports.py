"""What `skirmtui demo` imports before its first frame (issue 25: start-up).

Start-up is held to 1.3× a bare Textual app (`python -m bench --only startup`); each
module imported before the first frame adds to it. The modules the first screen does
not need load lazily, behind the function that needs them: this runs the start-up
harness (`bench/child.py`, headless, exit at the first frame) in a fresh process and
lists what was imported by then.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FIRST_FRAME = """
import json, sys
import bench.child as child
report = child._report
def first_frame(app):
    print("MODULES " + json.dumps(sorted(sys.modules)), file=sys.__stderr__)
    report(app)
child._report = first_frame
child.main(["skirmtui", "demo", "-o", sys.argv[1]])
"""

#: The engine's modules the first screen may import, by room (others: lazily).
NEEDED = {
    "skirmtui.engine.report": {"wording"},  # the log's words
    "skirmtui.engine.play": {"sides"},  # which sides the app plays
    "skirmtui.engine.store": {"lock", "stamp"},  # the save's lock and time stamp
}
#: Packages the first screen never needs.
NEVER = ("attr", "attrs", "hypothesis", "icepool", "tomli_w")


def test_the_first_frame_imports_only_what_the_first_screen_needs(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, str(tmp_path / "demo.toml")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    line = next(s for s in done.stderr.splitlines() if s.startswith("MODULES "))
    modules: list[str] = json.loads(line.removeprefix("MODULES "))
    assert "skirmtui.tui.screens.battle" in modules  # the harness reached the first frame
    assert "skirmtui.engine.report.wording" in modules
    extra = [
        name
        for name in modules
        for room, needed in NEEDED.items()
        if name.startswith(room + ".") and name.removeprefix(room + ".").split(".")[0] not in needed
    ]
    assert extra == []
    assert [m for m in modules if m.split(".")[0] in NEVER] == []
