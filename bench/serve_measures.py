"""`skirmtui serve` under a table's load: 10 browsers (websocket clients speaking the
page's protocol) on one served save; memory and CPU of each client's view process.

Each client is a `skirmtui watch` process (textual-serve's model: one app a browser),
so a client costs what a watch costs. Memory is each view's resident set once its
first screen is drawn; CPU is measured over `IDLE_S` seconds with the save unchanged
(the views poll it), then over the same time while a GM's writer appends an answer
every 0.25 s (every view follows and repaints).
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from bench.common import Row, Sizes, row
from bench.served import Served, children
from skirmtui.engine.store.saves import JournalWriter, save_session, snapshot
from skirmtui.systems.registry import get_system

CLIENTS = 10
IDLE_S = 10.0
STAMP = "2026-01-01T00:00:00Z"
_TICK = os.sysconf("SC_CLK_TCK")


def _cpu_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def _clients(url: str, count: int) -> list[object]:
    import aiohttp

    session = aiohttp.ClientSession()
    sockets = []
    for _ in range(count):
        ws = await session.ws_connect(url)
        seen = ""
        deadline = time.monotonic() + 60
        while "Roster" not in seen and time.monotonic() < deadline:
            message = await ws.receive(timeout=5)
            if isinstance(message.data, bytes):
                seen += message.data.decode("utf-8", "replace")
        sockets.append(ws)
    return [session, *sockets]


async def _drain(ws: object) -> None:
    while True:
        message = await ws.receive()  # type: ignore[attr-defined]
        if message.type.name in ("CLOSE", "CLOSED", "ERROR"):
            return


async def _measure(
    url: str, server: subprocess.Popen[str], path: Path, clients: int, seconds: float
) -> tuple[list[float], list[float], list[float], float, int]:
    """Connect the clients, then measure while their loop answers the server's pings
    (a client that stops answering is a browser gone: its view is ended)."""
    from skirmtui.engine.core.session import Session

    held = await _clients(url, clients)
    # A browser reads what it is sent (and answers the server's pings while reading).
    readers = [asyncio.create_task(_drain(ws)) for ws in held[1:]]
    await asyncio.sleep(1.0)
    views = children(server.pid)
    memory = [_rss_mb(p) for p in views]
    before = {p: _cpu_ticks(p) for p in views}
    await asyncio.sleep(seconds)
    idle = [(_cpu_ticks(p) - before[p]) / _TICK / seconds * 100 for p in views]
    system = get_system("wargaming-introduttivo")
    session = Session(system, system.demo_setup())
    writer = JournalWriter(path)
    writer.adopt(snapshot(session, STAMP))
    rng = random.Random(1)
    before = {p: _cpu_ticks(p) for p in views}
    start = time.monotonic()
    while time.monotonic() - start < seconds and session.prompt is not None:
        session.answer(session.prompt.random_answer(rng))
        writer.save(snapshot(session, STAMP))
        await asyncio.sleep(0.25)
    spent = time.monotonic() - start
    busy = [(_cpu_ticks(p) - before[p]) / _TICK / spent * 100 for p in views]
    alive = len(children(server.pid))
    for ws in held[1:]:
        await ws.close()  # type: ignore[attr-defined]
    for reader in readers:
        reader.cancel()
    await held[0].close()  # type: ignore[attr-defined]
    return memory, idle, busy, _rss_mb(server.pid), alive


def bench_serve(sizes: Sizes) -> list[Row]:
    clients = CLIENTS if sizes.runs >= 10 else 3
    seconds = IDLE_S if sizes.runs >= 10 else 2.0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "served.toml"
        system = get_system("wargaming-introduttivo")
        from skirmtui.engine.core.session import Session

        save_session(Session(system, system.demo_setup()), path, STAMP)
        served = Served(path, errors=False)
        try:
            assert served.token is not None, served.first
            time.sleep(1.0)
            memory, idle_cpu, busy_cpu, server_mb, alive = asyncio.run(
                _measure(served.ws(width=120, height=40), served.process, path, clients, seconds)
            )
            views = memory
        finally:
            served.stop()
    name = f"serve: {len(views)} browsers on one save"
    return [
        row(
            "serve",
            f"{name}: memory per client (its view's RSS), mean",
            statistics.mean(memory),
            "MB",
            120.0,
            detail={"max": round(max(memory), 1)},
        ),
        row("serve", f"{name}: the server's own RSS", server_mb, "MB"),
        row(
            "serve",
            f"{name}: views still running at the end",
            alive,
            "views",
            len(views),
            at_least=True,
        ),
        row(
            "serve",
            f"{name}: CPU per client, save unchanged",
            statistics.mean(idle_cpu),
            "% of a core",
            3.0,
            detail={"max": round(max(idle_cpu), 2)},
        ),
        row(
            "serve",
            f"{name}: CPU per client, an answer every 0.25 s",
            statistics.mean(busy_cpu),
            "% of a core",
            15.0,
            detail={"max": round(max(busy_cpu), 2)},
        ),
    ]
