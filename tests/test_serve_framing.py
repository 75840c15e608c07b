"""What the connection guard reads of a client's bytes: whether a request head is due, a body,
or nothing (entrypoints/framing.py). The guard's timeouts on a real server are tested in
tests/test_serve_connections.py."""

from __future__ import annotations

from entrypoints.framing import MAX_HEAD_BYTES, RequestFraming, Waiting

POST = b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Length: 14\r\n\r\n"
CHUNKED = b"POST /games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"


def test_given_a_new_connection_then_a_head_is_due() -> None:
    assert RequestFraming().waiting_for is Waiting.HEAD


def test_given_a_get_in_pieces_when_its_blank_line_arrives_then_nothing_more_is_due() -> None:
    framing = RequestFraming()
    for piece in (b"GET /health HTTP/1.1\r\nHo", b"st: x\r\n\r", b"\n"):
        assert framing.waiting_for is Waiting.HEAD
        assert framing.feed(piece)
    assert framing.waiting_for is None


def test_given_a_post_with_a_length_then_its_body_is_due_until_the_last_byte() -> None:
    framing = RequestFraming()
    framing.feed(POST + b'{"players"')
    assert framing.waiting_for is Waiting.BODY
    framing.feed(b": 2}")
    assert framing.waiting_for is None


def test_given_pipelined_requests_then_the_second_head_is_followed_after_the_first_body() -> None:
    framing = RequestFraming()
    framing.feed(POST + b'{"players": 2}' + b"GET /health HTTP/1.1\r\n")
    assert framing.waiting_for is Waiting.HEAD
    framing.feed(b"\r\n")
    assert framing.waiting_for is None


def test_given_a_chunked_body_then_it_is_due_until_its_last_chunk_even_split_across_reads() -> None:
    framing = RequestFraming()
    framing.feed(CHUNKED + b'e\r\n{"players": 2}\r\n0\r')
    assert framing.waiting_for is Waiting.BODY
    framing.feed(b"\n\r\n")
    assert framing.waiting_for is None


def test_given_a_head_larger_than_the_limit_then_it_is_refused() -> None:
    framing = RequestFraming()
    assert framing.feed(b"GET / HTTP/1.1\r\nX-Big: ")
    assert not framing.feed(b"a" * MAX_HEAD_BYTES)


def test_given_a_malformed_length_then_no_body_is_awaited_and_the_parser_behind_refuses_it() -> None:
    framing = RequestFraming()
    framing.feed(b"POST / HTTP/1.1\r\nContent-Length: many\r\n\r\n")
    assert framing.waiting_for is None
