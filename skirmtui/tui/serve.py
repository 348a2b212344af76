"""`skirmtui serve`: the player view in web browsers on the local network.

textual-serve runs one `skirmtui watch` process per browser and relays its screen over
a websocket. Its stock server trusts everyone who can reach the port; this one keeps
the relay (`AppService`) and guards the door:

- an access token in the URL (`serve` prints it; `--no-token` for a trusted network),
  checked on the page and on the websocket, which also must come from the page's own
  origin (another site's page in a player's browser cannot connect);
- terminal sizes clamped to what a screen can be (a 100000×100000 request grew one
  process to 4 GB; −5×−5 killed it);
- at most `max_clients` browsers at once;
- every client's process ended when its browser leaves or the server stops (a process
  that does not quit when asked is killed; a process whose server died exits itself);
- the page built with the address the browser used (or `--public-url`), its font and
  script served from here (an offline table has no internet).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hmac
import html
import logging
import secrets
import socket
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

log = logging.getLogger("skirmtui.serve")

#: The largest and smallest terminal a browser may ask for (cells).
MAX_COLUMNS, MAX_ROWS = 400, 150
MIN_COLUMNS, MIN_ROWS = 20, 5
#: Browsers at once by default: a table's players, with room to spare.
DEFAULT_MAX_CLIENTS = 10
#: How long a client's process has to quit when asked before it is killed.
QUIT_GRACE_S = 3.0
STATIC = Path(str(resources.files("textual_serve") / "static"))


def clamp_size(width: Any, height: Any) -> tuple[int, int]:
    """A terminal size a screen can be, from whatever a browser sent."""

    def number(value: Any, default: int) -> int:
        try:
            return int(value)
        except (TypeError, ValueError, OverflowError):
            return default

    columns = min(MAX_COLUMNS, max(MIN_COLUMNS, number(width, 80)))
    rows = min(MAX_ROWS, max(MIN_ROWS, number(height, 24)))
    return columns, rows


def new_token() -> str:
    return secrets.token_urlsafe(16)


class PlayerServer:
    """The web server of `skirmtui serve` (one per command)."""

    def __init__(
        self,
        command: str,
        title: str,
        token: str | None,
        max_clients: int = DEFAULT_MAX_CLIENTS,
        public_url: str | None = None,
    ) -> None:
        self.command = command
        self.title = title
        self.token = token
        self.max_clients = max_clients
        self.public_url = public_url.rstrip("/") if public_url else None
        self.services: set[AppService] = set()
        self._downloads = DownloadManager()

    # -- the application ------------------------------------------------------------------

    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024)
        app.add_routes(
            [
                web.get("/", self.handle_index),
                web.get("/ws/{token}", self.handle_websocket),
                web.static("/static", STATIC, show_index=False),
            ]
        )
        app.on_shutdown.append(self._stop_all)
        return app

    def _allowed(self, given: str | None) -> bool:
        if self.token is None:
            return True
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    def _base(self, request: web.Request) -> str:
        """The address the browser used (or `--public-url`): the page's links use it."""
        if self.public_url:
            return self.public_url
        return f"{request.scheme}://{request.host}"

    async def handle_index(self, request: web.Request) -> web.Response:
        if not self._allowed(request.query.get("token")):
            return web.Response(status=403, text=REFUSED, content_type="text/html")
        base = self._base(request)
        socket = ("wss:" if base.startswith("https:") else "ws:") + base.split(":", 1)[1]
        page = PAGE.format(
            title=html.escape(self.title),
            static=html.escape(f"{base}/static/"),
            websocket=html.escape(f"{socket}/ws/{self.token or '-'}"),
        )
        return web.Response(text=page, content_type="text/html")

    def _same_origin(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:  # not a browser (a browser always sends it on a websocket)
            return True
        allowed = {f"http://{request.host}", f"https://{request.host}"}
        if self.public_url:
            scheme, rest = self.public_url.split("://", 1)
            allowed.add(f"{scheme}://{rest.split('/', 1)[0]}")
        return origin in allowed

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        if not self._allowed(None if token == "-" else token):
            raise web.HTTPForbidden(text="this player view needs the link with its token")
        if not self._same_origin(request):
            raise web.HTTPForbidden(text="a page from another site may not connect")
        if len(self.services) >= self.max_clients:
            raise web.HTTPServiceUnavailable(
                text=f"this player view already has {self.max_clients} browsers"
            )
        width, height = clamp_size(request.query.get("width"), request.query.get("height"))
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        await websocket.prepare(request)
        service = AppService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=lambda: _close(websocket),
            download_manager=self._downloads,
        )
        self.services.add(service)
        try:
            await service.start(width, height)
            await self._relay(websocket, service)
        except Exception as error:  # one browser's trouble is not the server's
            log.warning("player view client: %s", error)
        finally:
            self.services.discard(service)
            await stop_service(service)
            with contextlib.suppress(Exception):
                await websocket.close()
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """What the browser sends: keys, sizes (clamped), pings, focus."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
                kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            except (ValueError, TypeError, IndexError, KeyError):
                continue
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(*clamp_size(data.get("width"), data.get("height")))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    async def _stop_all(self, app: web.Application) -> None:
        await asyncio.gather(*(stop_service(s) for s in list(self.services)))
        self.services.clear()


async def _close(websocket: web.WebSocketResponse) -> None:
    await websocket.close()


async def stop_service(service: AppService) -> None:
    """Ask a client's process to quit; kill it if it has not within `QUIT_GRACE_S`."""
    process = service._process
    with contextlib.suppress(TimeoutError, Exception):
        await asyncio.wait_for(service.stop(), QUIT_GRACE_S)
    if process is not None and process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(process.wait(), QUIT_GRACE_S)


REFUSED = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>skirmtui</title></head>
<body><p>This player view needs the link with its access token: ask the game master
for the address <code>skirmtui serve</code> printed.</p></body></html>
"""

PAGE = """<!DOCTYPE html>
<html>
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{title}</title>
    <link rel="stylesheet" href="{static}css/xterm.css">
    <style>
      @font-face {{
        font-family: "Roboto Mono";
        src: url("{static}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
      }}
      html, body {{ margin: 0; height: 100%; background: #0c181f; }}
      .textual-terminal {{ width: 100vw; height: 100vh; }}
      .closed {{ display: none; color: #eee; font-family: "Roboto Mono", monospace;
        padding: 2em; }}
      body.-closed .closed {{ display: block; }}
    </style>
    <script src="{static}js/textual.js"></script>
  </head>
  <body>
    <p class="closed">The player view ended. <a href="javascript:location.reload()">Again</a></p>
    <div id="terminal" class="textual-terminal" data-session-websocket-url="{websocket}"
      data-font-size="16"></div>
  </body>
</html>
"""


class ListenError(Exception):
    """The host or port cannot be listened on: the message says why, in one line."""


def listen(host: str, port: int) -> list[socket.socket]:
    """Bound listening sockets for `host` ('' or `0.0.0.0`/`::`: every address)."""
    try:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (socket.gaierror, UnicodeError, ValueError):
        raise ListenError(f"--host {host}: not a name or address that resolves here") from None
    sockets: list[socket.socket] = []
    seen: set[tuple[Any, ...]] = set()
    try:
        for family, kind, proto, _, address in found:
            if (family, address) in seen:
                continue
            seen.add((family, address))
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(64)
            sock.setblocking(False)
    except OSError as error:
        for sock in sockets:
            sock.close()
        raise ListenError(_why(host, port, error)) from None
    return sockets


def _why(host: str, port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"--port {port}: in use by another program"
    if error.errno == errno.EACCES:
        return f"--port {port}: not allowed (ports below 1024 need privileges)"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"--host {host}: not an address of this machine"
    return f"--host {host}: {error.strerror or error}"


def url_host(address: str) -> str:
    """An address as a URL writes it (an IPv6 address in brackets)."""
    return f"[{address}]" if ":" in address else address


def local_address() -> str | None:
    """This machine's address on the local network (the one a route out would use; no
    packet is sent), or None."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        address: str = probe.getsockname()[0]
        return None if address.startswith("127.") else address
    return None


def addresses(host: str, port: int, token: str | None, public_url: str | None) -> list[str]:
    """The URLs to give the players: the public one, or this machine's."""
    query = f"/?token={token}" if token else "/"
    if public_url:
        return [public_url.rstrip("/") + query]
    if host in ("", "0.0.0.0", "::"):
        found = local_address()
        names = ([found] if found else []) + ["localhost"]
    else:
        names = [host]
    return [f"http://{url_host(name)}:{port}{query}" for name in names]


def run(server: PlayerServer, sockets: list[socket.socket]) -> None:
    """Serve until Ctrl+C (or SIGTERM); every client's process ends with it."""
    web.run_app(
        server.make_app(),
        sock=sockets,
        print=None,
        access_log=None,
        shutdown_timeout=QUIT_GRACE_S,
    )
