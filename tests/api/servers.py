"""Real servers for tests: ``dodgecity serve`` in a subprocess on a free port of 127.0.0.1."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO

import httpx

from tests.patience import PATIENCE

START_SECONDS = PATIENCE  # a process start on a loaded machine takes seconds, not a minute


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    url: str  # http://127.0.0.1:PORT
    log: IO[bytes]  # the server's stderr

    def wait_until_healthy(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                if httpx.get(f"{self.url}/health", timeout=PATIENCE).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.stderr_text()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"the server did not answer within {START_SECONDS} s")
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL the server and its workers: no shutdown code runs."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=PATIENCE)
        self.log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=PATIENCE)
            except subprocess.TimeoutExpired:
                self.kill()
        self.log.close()

    def stderr_text(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]


def start_server(database_url: str, *arguments: str, port: int | None = None) -> Server:
    """Start ``dodgecity serve`` on ``database_url`` and wait until it answers /health."""
    port = port or free_port()
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed by the Server when it stops
    process = subprocess.Popen(
        [sys.executable, "-m", "entrypoints.cli", "serve", "--port", str(port), "--db", database_url, *arguments],
        stdout=subprocess.DEVNULL,
        stderr=log,  # a file, not a pipe nobody reads: a full pipe would stall the server
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        start_new_session=True,  # its own process group, so workers die with it
    )
    server = Server(process, f"http://127.0.0.1:{port}", log)
    try:
        server.wait_until_healthy()
    except BaseException:
        server.kill()
        raise
    return server


@contextmanager
def serving(database_url: str, *arguments: str) -> Iterator[Server]:
    server = start_server(database_url, *arguments)
    try:
        yield server
    finally:
        server.stop()


def run_cli(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "entrypoints.cli", *arguments],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
