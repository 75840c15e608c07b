"""Attack: half-open connections against a served server, over 127.0.0.x only.

Starts ``dodgecity serve`` (on ``memory://``) in a subprocess whose file-descriptor limit is
``--nofile`` (the usual ``ulimit -n 1024`` by default), its log in a temporary file, then opens
``--connections`` connections that each send a request head without its closing blank line
(``GET /health HTTP/1.1\\r\\nHost: x\\r\\n``) and nothing more: all from 127.0.0.1, or with
``--spread N`` from N loopback addresses (127.0.0.2 upwards, about the same number from each).
``--body`` sends a POST head announcing a body that never comes instead.

Printed: how many connected (all are opened at once; the kernel's listen queue takes what
the server's backlog allows and the rest retry for up to 10 s); just after and ``--wait`` seconds
later (set it a little above the server's head timeout), how many of them the server has not
closed and how many descriptors the server process has open; whether a normal
client, from an address of its own (127.0.0.254), gets ``GET /health`` during the attack and how
long it took; and the log lines and bytes the server wrote during the attack, and its most
frequent lines.

    .venv/bin/python benchmarks/attack_connections.py [--connections 1100] [--spread 1] \\
        [--nofile 1024] [--wait 12] [--serve-arg=--head-timeout=10 ...]

The connections come from this process, which raises its own descriptor limit as far as it may.
"""

from __future__ import annotations

import argparse
import os
import resource
import select
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
HALF_OPEN_HEAD = b"GET /health HTTP/1.1\r\nHost: x\r\n"
STALLED_BODY = (
    b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100\r\n\r\n{"
)
NORMAL_CLIENT = "127.0.0.254"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(port: int, nofile: int, serve_args: list[str], log: IO[bytes]) -> subprocess.Popen[bytes]:
    def limit_descriptors() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    command = [
        sys.executable,
        "-m",
        "entrypoints.cli",
        "serve",
        "--port",
        str(port),
        "--db",
        "memory://",
        *serve_args,
    ]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=log,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=limit_descriptors,  # noqa: PLW1509 - only sets a limit, before exec
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if health(port, "127.0.0.1", timeout=1.0) is not None:
            return process
        if process.poll() is not None:
            raise SystemExit("the server exited before it answered")
        time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not answer within 60 s")


def health(port: int, source: str, timeout: float) -> float | None:
    """Seconds a ``GET /health`` from ``source`` took to a 200, or None if it got none."""
    began = time.monotonic()
    try:
        with socket.create_connection(
            ("127.0.0.1", port), timeout=timeout, source_address=(source, 0)
        ) as sock:
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
    except OSError:
        return None
    return time.monotonic() - began if answer.startswith(b"HTTP/1.1 200") else None


def open_attack(
    port: int, count: int, spread: int, payload: bytes, patience: float = 10.0
) -> list[socket.socket]:
    """Opens ``count`` connections at once, as a flood would, and sends ``payload`` on each that
    connects within ``patience`` seconds: those are returned; the others are dropped."""
    pending: dict[int, socket.socket] = {}
    poller = select.poll()  # not select.select: these descriptors go above 1024
    for index in range(count):
        slot = index % spread
        source = "127.0.0.1" if spread <= 1 else f"127.0.{slot // 250}.{2 + slot % 250}"
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((source, 0))
        sock.connect_ex(("127.0.0.1", port))
        pending[sock.fileno()] = sock
        poller.register(sock, select.POLLOUT)
    sent = []
    deadline = time.monotonic() + patience
    while pending and time.monotonic() < deadline:
        for descriptor, _ in poller.poll(100):
            sock = pending.pop(descriptor)
            poller.unregister(descriptor)
            if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                try:
                    sock.send(payload)
                    sent.append(sock)
                    continue
                except OSError:
                    pass
            sock.close()
    for sock in pending.values():
        sock.close()
    return sent


def still_held(sockets: list[socket.socket]) -> int:
    """How many of these connections the server has not closed (nor reset)."""
    held = 0
    for sock in sockets:
        poller = select.poll()  # not select.select: these descriptors go above 1024
        poller.register(sock, select.POLLIN)
        if not poller.poll(0):
            held += 1
            continue
        try:
            if sock.recv(65536, socket.MSG_PEEK):
                held += 1  # it answered something and kept the connection: still held
        except OSError:
            pass  # reset: closed
    return held


def open_descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=1100)
    parser.add_argument(
        "--spread", type=int, default=1, help="loopback addresses to attack from (1: 127.0.0.1)"
    )
    parser.add_argument(
        "--nofile", type=int, default=1024, help="the server's file-descriptor limit"
    )
    parser.add_argument("--wait", type=float, default=12.0, help="seconds before counting again")
    parser.add_argument("--body", action="store_true", help="stall a POST body instead of the head")
    parser.add_argument(
        "--serve-arg", action="append", default=[], help="an option for dodgecity serve"
    )
    args = parser.parse_args()

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    port = free_port()
    with tempfile.TemporaryFile() as log:
        server = start(port, args.nofile, args.serve_arg, log)
        try:
            log.seek(0)
            startup_log = log.read()
            began = time.monotonic()
            payload = STALLED_BODY if args.body else HALF_OPEN_HEAD
            attack = open_attack(port, args.connections, args.spread, payload)
            opened = time.monotonic() - began
            began = time.monotonic()
            time.sleep(0.5)
            held_now = still_held(attack)
            descriptors_now = open_descriptors(server.pid)
            during = health(port, NORMAL_CLIENT, timeout=5.0)
            time.sleep(max(0.0, args.wait - (time.monotonic() - began)))
            held_later = still_held(attack)
            descriptors_later = open_descriptors(server.pid)
            after = health(port, NORMAL_CLIENT, timeout=5.0)
            log.seek(len(startup_log))
            written = log.read()
            for sock in attack:
                sock.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    kind = "stalled POST bodies" if args.body else "half-open heads"
    source = "127.0.0.1" if args.spread <= 1 else f"{args.spread} loopback addresses"
    print(f"{args.connections} {kind} from {source}, server limited to {args.nofile} descriptors")
    print(f"  connected and sent the bytes:  {len(attack)} in {opened:.1f} s")
    print(
        f"  0.5 s after that:              {held_now} not closed, server has {descriptors_now} fds"
    )
    later = f"{args.wait:g} s after that:"
    print(f"  {later:<30} {held_later} not closed, server has {descriptors_later} fds")
    print(f"  normal client GET /health:     {_seconds(during)} during, {_seconds(after)} after")
    lines = written.count(b"\n")
    print(f"  log during the attack:         {lines} lines, {len(written)} bytes")
    for line, times in Counter(written.splitlines()).most_common(3):
        print(f"    {times:>8} x {line[:100].decode(errors='replace')}")
    print(f"  server exit code:              {server.returncode}")


def _seconds(taken: float | None) -> str:
    return "no answer" if taken is None else f"200 in {taken * 1000:.0f} ms"


if __name__ == "__main__":
    main()
