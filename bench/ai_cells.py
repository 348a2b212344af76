"""One cell of the persona table (issue 26), played battle by battle into a journal, so
that a cell of hours survives a restart and two processes can share it.

    python -m bench.ai_cells SYSTEM A:B DIR [--battles 1070] [--precision 3]
                             [--seed 26] [--least 100] [--part K/M] [--tally]

The battles are `bench.ai`'s for the same arguments (`pair_jobs`: the same seeds, A on
the demo's first side in the even ones), so a cell played here is the cell
`python -m bench.ai --pairs A:B --systems SYSTEM --battles N --precision P --seed S`
would play, battle for battle. Each battle played is one line of a JSON Lines file in
DIR (its number, A's score and each side's play as `bench.ai.Played` holds them);
`DIR/cell.json` names the cell, and a DIR that holds another cell is refused. Battles
already in DIR are not played again. `--part K/M` plays only the battles whose number
is K modulo M (two processes on two cores: `--part 0/2` and `--part 1/2`, the same DIR;
every process of a cell with the same M). A second process on a part already being
played is refused (exit 2).

It stops as `--precision` does in `bench.ai`: the first battles in order, none
missing, once A's score is known within the precision after at least `--least` and
an even count; with parts, each reads the others' lines before each battle. It prints
what the journal holds then (or, with `--tally`, at once without playing): the
battles counted, A's score with its 95% margin and by seat, each side's play a battle.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import IO

from bench.ai import LEAST, Played, add_battle, known_within, pair_jobs, play_job
from bench.ai_tally import Tally
from bench.script import run_main

CELL = "cell.json"


def read_journal(folder: Path) -> dict[int, Played]:
    """Every battle the cell's journal files hold, by number. A line a killed process
    left cut short is skipped (its battle is played again)."""
    played: dict[int, Played] = {}
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                got = json.loads(line)
                played[got["n"]] = Played(got["score"], tuple(got["a"]), tuple(got["b"]), ())
            except (ValueError, KeyError, TypeError):
                continue
    return played


def tally(
    played: dict[int, Played], precision: float | None, least: int
) -> tuple[Tally, Tally, bool]:
    """A's and B's tallies over the first battles in order (none missing), and whether
    the cell is known within `precision` there (it then stops)."""
    ta, tb = Tally(), Tally()
    n = 0
    while n in played:
        add_battle(ta, tb, n, played[n])
        n += 1
        if precision is not None and known_within(ta, precision, least):
            return ta, tb, True
    return ta, tb, False


def claim(folder: Path, cell: dict[str, object]) -> str | None:
    """DIR made the cell's (its `cell.json` written), or why it cannot be."""
    folder.mkdir(parents=True, exist_ok=True)
    named = folder / CELL
    if named.exists():
        held = json.loads(named.read_text(encoding="utf-8"))
        if held != cell:
            return f"{folder} holds another cell: {held}"
    else:
        named.write_text(json.dumps(cell) + "\n", encoding="utf-8")
    return None


def play_cell(
    folder: Path,
    cell: dict[str, object],
    battles: int,
    precision: float | None,
    least: int,
    part: tuple[int, int],
) -> None:
    """Play the cell's battles of `part` not yet in the journal, until it is known."""
    k, m = part
    jobs = pair_jobs(
        str(cell["system"]), str(cell["a"]), str(cell["b"]), battles, int(str(cell["seed"]))
    )
    out = folder / (f"part-{k}-of-{m}.jsonl" if m > 1 else "battles.jsonl")
    cut = out.exists() and not out.read_bytes().endswith(b"\n") and out.stat().st_size > 0
    with out.open("a", encoding="utf-8") as journal:
        _only_player(journal, part)
        if cut:  # a killed process's last line: the next one starts on its own
            journal.write("\n")
        played = read_journal(folder)
        for job in jobs:
            n = job[3]
            if n % m != k or n in played:
                continue
            played = read_journal(folder)  # again before a battle: the other parts' lines
            if tally(played, precision, least)[2]:
                return
            if n in played:
                continue
            got = play_job(job)
            line = {"n": n, "score": got.score, "a": list(got.a), "b": list(got.b)}
            journal.write(json.dumps(line) + "\n")
            journal.flush()


class Busy(Exception):
    """Another process plays this part of the cell now."""


def _only_player(journal: IO[str], part: tuple[int, int]) -> None:
    """Hold the part's journal for this process alone (released when it ends, however
    it ends): a second process on the same part would play the same battles."""
    import fcntl

    try:
        fcntl.flock(journal.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise Busy(f"another process plays part {part[0]}/{part[1]} of this cell") from None


def report(system_id: str, a: str, b: str, ta: Tally, tb: Tally, known: bool, held: int) -> None:
    """What the journal holds, as `bench.ai` prints a pair."""
    n = ta.battles
    if n == 0:
        print(f"{system_id} {a} vs {b}: no battle yet ({held} in the journal)")
        return
    state = "known within the precision" if known else f"not known yet ({held} in the journal)"
    print(
        f"{system_id} {a} vs {b}: {ta.score / n:.1%} ± {ta.margin():.1%} over {n} battles, {state}"
    )
    second = n - ta.first_battles
    first, on_second = ta.seat_scores()
    seats = f"on the first side: {first:.1%} ({ta.first_battles})"
    print(f"  {a} {seats}, on the second: {on_second:.1%} ({second})")
    for name, t in ((a, ta), (b, tb)):
        print(f"  {name}: {t.per_battle()}")
        print(f"  {name}: {t.style(system_id)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ai_cells", description=__doc__)
    parser.add_argument("system")
    parser.add_argument("pair", metavar="A:B")
    parser.add_argument("folder", metavar="DIR", type=Path)
    parser.add_argument("--battles", type=int, default=1070)
    parser.add_argument("--precision", type=float, metavar="POINTS")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--least", type=int, default=LEAST)
    parser.add_argument("--part", default="0/1", metavar="K/M")
    parser.add_argument("--tally", action="store_true", help="print the journal, play nothing")
    args = parser.parse_args(argv)
    a, _, b = args.pair.partition(":")
    k, _, m = args.part.partition("/")
    if not a or not b:
        parser.error(f"A:B expected, got {args.pair!r}")
    if not (k.isdigit() and m.isdigit() and int(k) < int(m)):
        parser.error(f"--part K/M expected with 0 <= K < M, got {args.part!r}")
    from skirmtui.engine.play.personas import personas
    from skirmtui.systems.registry import systems

    if args.system not in systems():
        parser.error(f"unknown system {args.system!r}: {', '.join(systems())}")
    persona_names = personas(args.system)
    for name in (a, b):
        if name not in persona_names:
            parser.error(
                f"no persona {name!r} in {args.system} (known: {', '.join(persona_names)})"
            )
    cell: dict[str, object] = {"system": args.system, "a": a, "b": b, "seed": args.seed}
    refused = claim(args.folder, cell)
    if refused:
        print(refused, file=sys.stderr)
        return 2
    precision = None if args.precision is None else args.precision / 100
    if not args.tally:
        try:
            play_cell(args.folder, cell, args.battles, precision, args.least, (int(k), int(m)))
        except Busy as busy:
            print(f"{args.folder}: {busy}", file=sys.stderr)
            return 2
    played = read_journal(args.folder)
    ta, tb, known = tally(played, precision, args.least)
    report(args.system, a, b, ta, tb, known, len(played))
    return 0


if __name__ == "__main__":
    run_main(main)
