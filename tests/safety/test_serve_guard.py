"""Issue 23, points 2–4: `serve` on the network. A token in the URL, the websocket's
Origin checked, sizes clamped, a client limit, no process left behind, a page that
uses the address the browser used and serves its own assets, bad --host values in one
line. The real-browser half is tests/browser/test_serve.py."""

from __future__ import annotations

import asyncio
import os
import socket
import time
from pathlib import Path

import aiohttp
import pytest

from bench.served import Served, children
from skirmtui.tui.serve import MAX_COLUMNS, MAX_ROWS, MIN_COLUMNS, MIN_ROWS, clamp_size
from tests.engine.test_cli import one_line_error, run

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "wargaming-introduttivo.toml"


@pytest.fixture
def served():  # type: ignore[no-untyped-def]
    server = Served(EXAMPLE, "--max-clients", "2")
    yield server
    server.stop()


async def _screen_of(ws: aiohttp.ClientWebSocketResponse, text: str, seconds: float = 20) -> bool:
    seen = ""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            message = await ws.receive(timeout=1)
        except TimeoutError:
            continue
        if message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSE):
            return False
        if isinstance(message.data, bytes):
            seen += message.data.decode("utf-8", "replace")
        elif isinstance(message.data, str):
            seen += message.data
        if text in seen:
            return True
    return False


async def test_the_page_and_the_websocket_need_the_token(served: Served) -> None:
    assert served.token and len(served.token) >= 16
    assert served.first.endswith(f"http://localhost:{served.port}/?token={served.token}")
    async with aiohttp.ClientSession() as client:
        async with client.get(served.base + "/") as page:
            assert page.status == 403
        async with client.get(served.base + "/?token=wrong") as page:
            assert page.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(served.ws("wrong"))
        assert refused.value.status == 403
        async with client.get(f"{served.base}/?token={served.token}") as page:
            body = await page.text()
        assert page.status == 200
        # the address the browser used, and nothing from the internet
        assert f"ws://localhost:{served.port}/ws/{served.token}" in body
        assert "https://" not in body and "googleapis" not in body
        assert f"http://localhost:{served.port}/static/fonts/RobotoMono" in body
        async with client.get(served.base + "/static/js/textual.js") as script:
            assert script.status == 200
        async with client.get(served.base + "/static/") as listing:
            assert listing.status in (403, 404)  # no folder listings


async def test_a_websocket_from_another_sites_page_is_refused(served: Served) -> None:
    async with aiohttp.ClientSession() as client:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(served.ws(), headers={"Origin": "http://evil.example"})
        assert refused.value.status == 403
        ws = await client.ws_connect(
            served.ws(), headers={"Origin": f"http://localhost:{served.port}"}
        )
        assert await _screen_of(ws, "Roster")
        await ws.close()


def test_sizes_are_clamped() -> None:
    assert clamp_size(100_000, 100_000) == (MAX_COLUMNS, MAX_ROWS)
    assert clamp_size(-5, -5) == (MIN_COLUMNS, MIN_ROWS)
    assert clamp_size("x", None) == (80, 24)
    assert clamp_size(10**400, 3) == (MAX_COLUMNS, MIN_ROWS)


async def test_a_huge_or_negative_size_serves_a_clamped_view(served: Served) -> None:
    async with aiohttp.ClientSession() as client:
        ws = await client.ws_connect(served.ws(width=100_000, height=100_000))
        assert await _screen_of(ws, "Roster")
        await ws.send_json(["resize", {"width": -5, "height": -5}])
        await ws.send_json(["ping", "still there?"])
        assert await _screen_of(ws, "still there?")
        await ws.close()


async def test_the_client_limit_and_no_orphans(served: Served) -> None:
    async with aiohttp.ClientSession() as client:
        first = await client.ws_connect(served.ws())
        second = await client.ws_connect(served.ws())
        assert await _screen_of(first, "Roster") and await _screen_of(second, "Roster")
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(served.ws())
        assert refused.value.status == 503
        assert len(children(served.process.pid)) == 2
        await first.close()
        for _ in range(100):
            if len(children(served.process.pid)) == 1:
                break
            await asyncio.sleep(0.1)
        assert len(children(served.process.pid)) == 1  # the leaving client's process ended
        views = children(served.process.pid)
        served.stop()  # with a client still connected
        assert served.process.returncode is not None
        await asyncio.sleep(0.5)
        for pid in views:
            assert not os.path.exists(f"/proc/{pid}") or _zombie(pid), f"orphan {pid}"


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_a_killed_server_leaves_no_view_behind() -> None:
    server = Served(EXAMPLE)

    async def connect() -> list[int]:
        async with aiohttp.ClientSession() as client:
            ws = await client.ws_connect(server.ws())
            assert await _screen_of(ws, "Roster")
            views = children(server.process.pid)
            server.process.kill()  # no chance to clean up
            server.process.wait()
            await ws.close()
            return views

    views = asyncio.run(connect())
    assert views
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(not _zombie(p) for p in views):
        time.sleep(0.2)
    assert all(_zombie(p) for p in views), "a view outlived its server"


@pytest.mark.parametrize(
    ("host", "why"),
    [
        ("bad host", "not a name or address that resolves here"),
        ("999.1.1.1", "not a name or address that resolves here"),
        ("no-such-name.invalid", "not a name or address that resolves here"),
        ("192.0.2.77", "not an address of this machine"),
    ],
)
def test_a_bad_host_is_one_line(host: str, why: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "serve", str(EXAMPLE), "--host", host, "--port", "8123")
    assert code == 2
    assert one_line_error(err).endswith(f"--host {host}: {why}")


def test_a_port_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = run(
            capsys, "serve", str(EXAMPLE), "--host", "127.0.0.1", "--port", str(port)
        )
    assert code == 2
    assert one_line_error(err).endswith(f"--port {port}: in use by another program")


def test_urls_for_the_players() -> None:
    from skirmtui.tui.serve import addresses

    assert addresses("::1", 8000, "t", None) == ["http://[::1]:8000/?token=t"]
    everywhere = addresses("", 8000, None, None)
    assert everywhere[-1] == "http://localhost:8000/" and "0.0.0.0" not in everywhere[0]
    assert addresses("0.0.0.0", 80, "t", "https://table.example/") == [
        "https://table.example/?token=t"
    ]
