"""What one client can hold of ``dodgecity serve``: connection timeouts, caps and what is logged.

Each test talks to a real server (``dodgecity serve`` in a subprocess) over a real socket, with
the timeouts made short by the serve options so the tests run in seconds. A socket's own timeout
(:data:`PATIENCE`) only keeps a failing test from hanging: none of them measures time. What must be
slow for a server timeout to pass is made slow for ever (the client never sends the rest), so a
busy machine cannot make the client quick enough to beat it; the one test whose client must be
quicker than a timeout keeps its pauses thirty times shorter than it.
"""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from entrypoints.connection_guard import SUMMARY_SECONDS
from entrypoints.connections import ConnectionLimits, accept_backlog, connection_budget, parse_connections, parse_seconds

from tests.api.servers import Server, free_port, serving
from tests.patience import PATIENCE, wait_until

#: The body timeout of :func:`short_timeouts`: thirty times the pause between the chunks of a body
#: that keeps coming, so only a stalled body (one that never comes) is cut off, however busy the
#: machine.
BODY_TIMEOUT = 3.0
CHUNK_PAUSE = 0.1
HALF_OPEN_HEAD = b"GET /health HTTP/1.1\r\nHost: x\r\n"  # no blank line: the head never ends
HEALTH = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
HEALTH_ACCESS_LINE = b'"GET /health HTTP/1.1" 200'
SUMMARY = b"connections since the last summary"


@pytest.fixture(scope="module")
def short_timeouts() -> Iterator[Server]:
    with serving("memory://", "--head-timeout", "0.5", "--body-timeout", str(BODY_TIMEOUT), "--keep-alive-timeout", "0.5") as server:
        yield server


@pytest.fixture(scope="module")
def four_per_client() -> Iterator[Server]:
    with serving("memory://", "--max-connections-per-client", "4") as server:
        yield server


@pytest.fixture
def fresh_four_per_client() -> Iterator[Server]:
    """A server that has logged no summary yet, so its first one is written at once."""
    with serving("memory://", "--max-connections-per-client", "4") as server:
        yield server


def connect(server: Server, source: str = "127.0.0.1") -> socket.socket:
    port = int(server.url.rsplit(":", 1)[1])
    sock = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE, source_address=(source, 0))
    sock.settimeout(PATIENCE)
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed this connection (without answering) before PATIENCE ran out."""
    try:
        return sock.recv(65536) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def health_from(server: Server, source: str) -> bytes:
    """The answer to ``GET /health`` from ``source``; empty if the server closed the connection."""
    with connect(server, source) as sock:
        try:
            sock.sendall(HEALTH)
            return sock.recv(65536)
        except (ConnectionResetError, BrokenPipeError):
            return b""


def log_since(server: Server, offset: int) -> list[bytes]:
    """The server's log lines written since ``offset``, less the access lines of /health."""
    server.log.seek(offset)
    return [line for line in server.log.read().splitlines() if HEALTH_ACCESS_LINE not in line]


def log_size(server: Server) -> int:
    return server.log.seek(0, os.SEEK_END)


def most_summary_lines(began: float) -> int:
    """The log lines a server may have written since ``began`` (``time.monotonic()``) if it sums
    up: one at once, then one per :data:`SUMMARY_SECONDS` at most (and one line of slack). A
    test slowed down by a busy machine is allowed the lines of its longer run, no more."""
    return 2 + int((time.monotonic() - began) // SUMMARY_SECONDS)


def test_given_a_request_head_without_its_blank_line_when_the_head_timeout_passes_then_the_server_closes_the_connection(
    short_timeouts: Server,
) -> None:
    with connect(short_timeouts) as sock:
        sock.sendall(HALF_OPEN_HEAD)
        assert closed_by_server(sock)


def test_given_a_connection_that_sends_nothing_when_the_head_timeout_passes_then_the_server_closes_it(short_timeouts: Server) -> None:
    with connect(short_timeouts) as sock:
        assert closed_by_server(sock)


def test_given_a_head_sent_a_byte_at_a_time_when_the_head_timeout_passes_then_the_server_closes_the_connection_anyway(
    short_timeouts: Server,
) -> None:
    endless_head = b"GET /health HTTP/1.1\r\n" + b"X-Slow: " + b"a" * 1000
    with connect(short_timeouts) as sock:
        sock.settimeout(0.1)
        for byte in endless_head:  # one byte every 0.1 s: more than PATIENCE in all
            try:
                sock.sendall(bytes([byte]))
                if sock.recv(65536) == b"":
                    break
            except TimeoutError:
                continue
            except (ConnectionResetError, BrokenPipeError):
                break
        else:
            pytest.fail("the server kept reading a head that never ended")


def test_given_a_post_whose_body_stalls_when_the_body_timeout_passes_then_the_server_closes_the_connection(
    short_timeouts: Server,
) -> None:
    with connect(short_timeouts) as sock:
        sock.sendall(b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        assert closed_by_server(sock)


def test_given_a_body_that_keeps_coming_when_it_takes_longer_than_the_body_timeout_in_all_then_the_request_is_answered(
    short_timeouts: Server,
) -> None:
    body = b" " * 200 + b'{"players": 2}'  # JSON may begin with blanks: one is sent at a time
    with connect(short_timeouts) as sock:
        sock.sendall(b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body))
        began, sent = time.monotonic(), 0
        # A byte per pause until the body has taken longer than the timeout in all: whatever the
        # load, the timeout passes in all, and no pause comes near it.
        while time.monotonic() - began <= BODY_TIMEOUT + 1 and sent < 200:  # 40 pauses at most
            sock.sendall(body[sent : sent + 1])
            sent += 1
            time.sleep(CHUNK_PAUSE)
        sock.sendall(body[sent:])
        assert sock.recv(65536).startswith(b"HTTP/1.1 201")


def test_given_a_kept_alive_connection_when_it_idles_past_the_keep_alive_timeout_then_the_server_closes_it(
    short_timeouts: Server,
) -> None:
    with connect(short_timeouts) as sock:
        sock.sendall(HEALTH)
        assert whole_response(sock).startswith(b"HTTP/1.1 200")
        assert closed_by_server(sock)


def whole_response(sock: socket.socket) -> bytes:
    """One whole answer, head and body, however many reads it arrives in: on a loaded machine the
    body may come after the head, and a second read must not take it for more than the answer."""
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = sock.recv(65536)
        if not chunk:
            return received
        received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    length = next(
        (int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")[1:] if line.lower().startswith(b"content-length:")),
        0,
    )
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def test_given_a_client_at_its_connection_cap_when_it_opens_one_more_then_that_one_is_closed_and_another_address_is_served(
    four_per_client: Server,
) -> None:
    held = [connect(four_per_client) for _ in range(4)]
    try:
        for sock in held:
            sock.sendall(HALF_OPEN_HEAD)
        with connect(four_per_client) as over_the_cap:
            assert closed_by_server(over_the_cap)
        assert health_from(four_per_client, "127.0.0.2").startswith(b"HTTP/1.1 200")
    finally:
        for sock in held:
            sock.close()


def test_given_a_client_that_was_at_its_cap_when_its_connections_close_then_it_is_served_again(four_per_client: Server) -> None:
    for _ in range(2):  # the cap counts connections open now, not ever opened
        held = [connect(four_per_client, "127.0.0.3") for _ in range(4)]
        for sock in held:
            sock.sendall(HALF_OPEN_HEAD)
        for sock in held:
            sock.close()
        # The server learns of the closes a moment later.
        assert wait_until(lambda: health_from(four_per_client, "127.0.0.3").startswith(b"HTTP/1.1 200"))


def test_given_hundreds_of_refused_connections_when_the_log_is_read_then_it_holds_one_summary_line_not_a_line_each(
    fresh_four_per_client: Server,
) -> None:
    four_per_client = fresh_four_per_client
    start, began = log_size(four_per_client), time.monotonic()
    held = [connect(four_per_client, "127.0.0.4") for _ in range(4)]
    try:
        refused = 0
        for _ in range(200):
            with connect(four_per_client, "127.0.0.4") as sock:
                refused += closed_by_server(sock)
        assert refused == 200
    finally:
        for sock in held:
            sock.close()
    lines = log_since(four_per_client, start)
    assert len(lines) <= most_summary_lines(began)  # not a line per refused connection
    assert any(SUMMARY in line and b"refused over the per-client cap" in line for line in lines)


def test_given_many_malformed_requests_when_the_log_is_read_then_they_are_counted_not_logged_one_by_one(
    fresh_four_per_client: Server,
) -> None:
    server = fresh_four_per_client
    start, began = log_size(server), time.monotonic()
    for _ in range(100):
        with connect(server) as sock:
            sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            assert sock.recv(65536).startswith(b"HTTP/1.1 400")
    lines = log_since(server, start)
    assert len(lines) <= most_summary_lines(began)
    assert any(SUMMARY in line and b"malformed requests" in line for line in lines)


def test_given_a_server_with_few_file_descriptors_when_more_half_open_connections_arrive_than_it_has_then_it_never_runs_out() -> None:
    descriptors = 256  # 128 connections at most, 16 accepted in one go
    with limited_server(descriptors, "--head-timeout", "1") as server:
        start, began = log_size(server), time.monotonic()
        attack = []
        for index in range(300):  # from 60 addresses: five each, under the per-client cap
            try:
                sock = connect(server, f"127.0.1.{10 + index % 60}")
                sock.sendall(HALF_OPEN_HEAD)
                attack.append(sock)
            except OSError:
                pass  # the listen queue is full: the kernel may turn a connection away
        for sock in attack:
            sock.close()
        lines = log_since(server, start)
        assert not [line for line in lines if b"Traceback" in line or b"out of system resource" in line]
        assert len(lines) <= most_summary_lines(began)
        assert wait_until(lambda: health_from(server, "127.0.0.5").startswith(b"HTTP/1.1 200"))


@contextmanager
def limited_server(descriptors: int, *arguments: str) -> Iterator[Server]:
    """``dodgecity serve`` on ``memory://`` with a file-descriptor limit of its own."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    port = free_port()
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed by the Server when it stops
    process = subprocess.Popen(
        [sys.executable, "-m", "entrypoints.cli", "serve", "--port", str(port), "--db", "memory://", *arguments],
        stdout=subprocess.DEVNULL,
        stderr=log,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=limit,  # noqa: PLW1509 - only sets a limit before exec
        start_new_session=True,
    )
    server = Server(process, f"http://127.0.0.1:{port}", log)
    try:
        server.wait_until_healthy()
        yield server
    finally:
        server.stop()


def test_given_a_descriptor_limit_when_the_connection_budget_is_read_then_a_quarter_and_at_least_128_are_kept_for_the_rest() -> None:
    assert connection_budget(1024) == 768
    assert connection_budget(256) == 128
    assert connection_budget(65536) == 49152
    assert ConnectionLimits(total=5000).total_under(1024) == 768  # an explicit cap never above the budget
    assert ConnectionLimits(total=100).total_under(1024) == 100
    assert accept_backlog(1024) == 32  # three batches accepted at once fit in the reserve of 256
    assert accept_backlog(1 << 20) == 2048


def test_given_connection_settings_in_the_environment_when_read_then_they_round_trip_and_bad_ones_are_refused() -> None:
    limits = ConnectionLimits(head_timeout=2.5, body_timeout=3.0, keep_alive_timeout=1.0, per_client=16, total=100)
    assert ConnectionLimits.from_environment(limits.environment()) == limits
    assert ConnectionLimits.from_environment({}) == ConnectionLimits()
    for bad in ("0", "-1", "nan", "inf", "3601", "ten"):
        with pytest.raises(ValueError, match="timeout"):
            parse_seconds(bad)
    for bad in ("0", "-3", "1.5", "٣", "many"):
        with pytest.raises(ValueError, match="connection cap"):
            parse_connections(bad)
