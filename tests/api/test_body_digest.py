"""The digest in a game view's ETag (api/http/game_requests.py): SHA-256 of the body, hashed in
pieces short enough that the hash keeps the interpreter lock, the same digest at every length."""

from __future__ import annotations

import hashlib

import pytest
from api.http.game_requests import DIGEST_LENGTH, body_digest, entity_tag


@pytest.mark.parametrize("length", [0, 1, 2046, 2047, 2048, 4094, 4095, 4096, 10_000, 65_537])
def test_given_a_body_of_any_length_then_its_digest_is_its_sha256(length: int) -> None:
    body = bytes(range(256)) * (length // 256) + bytes(range(length % 256))
    assert len(body) == length
    assert body_digest(body) == hashlib.sha256(body).hexdigest()


def test_given_a_view_then_its_tag_is_its_version_and_the_start_of_its_digest() -> None:
    body = b'{"version": 12}' * 500
    assert entity_tag(12, body) == f'"12-{hashlib.sha256(body).hexdigest()[:DIGEST_LENGTH]}"'
