"""A `skirmtui serve` process on a free port, for the serve measure and the serve tests
(one way to start, find and stop it, so the bench measures the server the tests guard)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path


def free_port() -> int:
    """A port nothing listens on now (the OS picks it)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def children(pid: int) -> list[int]:
    """The live (not zombie) child processes of `pid`: a served save's views."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


class Served:
    """`skirmtui serve <save> --port <free> <extra…>`, started and listening.

    `first` is the line it printed first (the player link), `token` the link's access
    token (None when the line has none); stderr goes to stdout unless `errors` is False.
    """

    def __init__(self, save: Path, *extra: str, errors: bool = True) -> None:
        self.port = free_port()
        command = [sys.executable, "-m", "skirmtui", "serve", str(save), "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if errors else subprocess.DEVNULL,
            text=True,
        )
        assert self.process.stdout is not None
        self.first = self.process.stdout.readline().strip()
        self.token = self.first.split("token=", 1)[1] if "token=" in self.first else None
        self._wait_for(20)

    def _wait_for(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError(
            f"skirmtui serve did not listen on port {self.port} within {seconds} s"
        )

    @property
    def base(self) -> str:
        return f"http://localhost:{self.port}"

    def ws(self, token: str | None = None, width: object = 80, height: object = 24) -> str:
        """The websocket address of a view (this server's token unless another is given)."""
        return f"ws://localhost:{self.port}/ws/{token or self.token}?width={width}&height={height}"

    def stop(self) -> None:
        """Ctrl+C (the server ends its views), then a kill if it lingers."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
