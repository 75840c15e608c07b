"""The listening socket ``dodgecity serve --workers N`` hands its worker processes."""

from __future__ import annotations

import socket

import uvicorn
from entrypoints.cli import bind_without_nagle


def test_given_the_workers_socket_then_connections_it_accepts_have_nagle_switched_off() -> None:
    config = uvicorn.Config("entrypoints.server:app_from_environment", factory=True, host="127.0.0.1", port=0, workers=2)
    listener = bind_without_nagle(config)
    try:
        listener.listen()
        with socket.create_connection(listener.getsockname()[:2], timeout=5):
            accepted, _ = listener.accept()
            with accepted:
                assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        listener.close()
