"""Issue 14: a fuzz test over save files built from the shipped examples with random
mutations. Loading raises nothing but `SaveError`; `check` and `export` exit 0 or 1
(one line on stderr), never a traceback; the file is never modified.

`SKIRMTUI_FUZZ_EXAMPLES=2000 pytest tests/safety/test_fuzz_saves.py` for a long run.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmtui.cli import main
from skirmtui.engine.store.saves import SaveError, load_session
from skirmtui.systems.registry import systems

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "saves" / "examples").glob("*.toml"))
BASES = [p.read_bytes() for p in EXAMPLES]

#: Things a hostile or unlucky edit puts into a save.
SNIPPETS = [
    b"[/]", b"\x1b]0;PWNED\x07", b'"\\u001b[2J"', b"[[answers]]", b"[[more_answers]]",
    b"format = 1.0", b"title = 5", b'{ unit = ["x"] }', b"[" * 200, b"]", b'"', b"'''",
    b"\x00", b"\xff\xfe", b"nan", b"inf", b"-1", b"1e999", b"99999999999999999999", b"true",
    b'value = { unit = { a = 1 } }', b'{ key = "gm.end", value = [1, 2] },',
    b'{ key = "gm.set", value = { unit = "red1", field = "damage", value = [] } },',
    b'{ key = "gm.add", value = { id = "z", side = "red", profile = 3 } },',
    b"\n[result]\nwinner = 7\n", b"\n", b"=", b"answers = 5",
]  # fmt: skip


def mutate(data: bytes, rng: random.Random, steps: int) -> bytes:
    for _ in range(steps):
        at = rng.randrange(len(data) + 1)
        kind = rng.randrange(6)
        if kind == 0:  # insert a snippet
            data = data[:at] + rng.choice(SNIPPETS) + data[at:]
        elif kind == 1:  # delete a span
            data = data[:at] + data[at + rng.randint(1, 200) :]
        elif kind == 2:  # flip a byte
            if at < len(data):
                data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
        elif kind == 3:  # duplicate a line
            lines = data.split(b"\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            data = b"\n".join(lines)
        elif kind == 4:  # change a number
            digits = [i for i in range(len(data)) if data[i : i + 1].isdigit()]
            if digits:
                i = rng.choice(digits)
                data = data[:i] + str(rng.choice([0, 9, 77, -3])).encode() + data[i + 1 :]
        else:  # cut the tail
            data = data[:at]
    return data


def run_quietly(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, err.getvalue()


@settings(
    max_examples=int(os.environ.get("SKIRMTUI_FUZZ_EXAMPLES", "30")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(base=st.sampled_from(range(len(BASES))), seed=st.integers(0, 2**32), steps=st.integers(1, 4))
def test_mutated_saves_fail_only_as_documented(base: int, seed: int, steps: int) -> None:
    import tempfile

    data = mutate(BASES[base], random.Random(seed), steps)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzzed.toml"
        path.write_bytes(data)
        with contextlib.suppress(SaveError):  # anything else fails the test
            load_session(path, systems())
        for argv in (
            ["check", str(path)],
            ["export", str(path), "--format", "md", "--playouts", "0"],
        ):
            code, err = run_quietly(*argv)
            assert code in (0, 1), (argv, err)
            if code == 1:
                assert len(err.strip().splitlines()) == 1, err
            assert "Traceback" not in err
        assert path.read_bytes() == data  # never modified
        assert sorted(p.name for p in Path(folder).iterdir()) == ["fuzzed.toml"]
