"""The bad-input corpus (``requests.json``): requests no client should send, each with the 4xx it
must be answered with, and what sends them to a server holding the games they name.

An entry is ``{"name", "method", "path", "status", "headers"?, "body"?}``. A path or body is text,
or a list of pieces so that long and binary inputs stay readable: a piece is text, ``[text,
times]`` (repeated) or ``{"hex": "fffe"}`` (raw bytes). ``{lobby}``, ``{running}`` and ``{ended}``
in a path name real games (one waiting for players, one being played, one over); ``{host}``,
``{seat}`` and ``{lobby_seat}`` in a header are the lobby's host token, the running game's seat 0
token and a seat token of the lobby.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

CORPUS = Path(__file__).with_name("requests.json")
PROBLEM_MEDIA_TYPE = "application/problem+json"
PROBLEM_TYPE_BASE = "https://dodgecity.invalid/problems/"


@dataclass(frozen=True)
class BadRequest:
    name: str
    method: str
    path: Any
    status: int
    headers: dict[str, str]
    body: Any

    def send(self, client: httpx.Client, names: dict[str, str]) -> httpx.Response:
        path = _filled(_joined(self.path).decode(), names)
        headers = {key: _filled(value, names) for key, value in self.headers.items()}
        content = None if self.body is None else _joined(self.body)
        return client.request(self.method, path, headers=headers, content=content)


def corpus() -> list[BadRequest]:
    return [
        BadRequest(
            name=entry["name"],
            method=entry["method"],
            path=entry["path"],
            status=entry["status"],
            headers=entry.get("headers", {}),
            body=entry.get("body"),
        )
        for entry in json.loads(CORPUS.read_text(encoding="utf-8"))
    ]


def stored_games(client: httpx.Client) -> dict[str, str]:
    """Games in the three states the corpus names, made through the API itself, and their
    tokens: what ``{…}`` in an entry stands for."""
    ended = client.get("/games", params={"status": "ended"}).json()["items"][0]["game_id"]
    lobby = client.post("/games", json={"players": 5}).json()
    lobby_seat = client.post(f"/games/{lobby['game_id']}/players", json={"name": "Lou"}).json()
    running = client.post("/games", json={"players": 2}).json()
    seat = client.post(f"/games/{running['game_id']}/players", json={"name": "Ann"}).json()
    client.post(f"/games/{running['game_id']}/players", json={"name": "Ben"})
    started = client.post(
        f"/games/{running['game_id']}/start",
        headers={"Authorization": f"Bearer {running['host_token']}"},
    )
    assert started.status_code == 200, started.text
    return {
        "ended": ended,
        "lobby": lobby["game_id"],
        "running": running["game_id"],
        "host": lobby["host_token"],
        "seat": seat["token"],
        "lobby_seat": lobby_seat["token"],
    }


def wrong_answer(entry: BadRequest, response: httpx.Response) -> str | None:
    """What is wrong with ``response`` as the answer to ``entry``, or None if nothing is."""
    if response.status_code != entry.status:
        return f"{entry.name}: {response.status_code} instead of {entry.status}: {response.text[:200]}"
    if response.headers.get("content-type") != PROBLEM_MEDIA_TYPE:
        return f"{entry.name}: answered as {response.headers.get('content-type')}, not a problem"
    body = response.json()
    if body.get("status") != entry.status or not str(body.get("type")).startswith(PROBLEM_TYPE_BASE):
        return f"{entry.name}: not the problem of a {entry.status}: {body}"
    if not body.get("detail") or not body.get("title"):
        return f"{entry.name}: a problem without a title or detail: {body}"
    return None


def _joined(pieces: Any) -> bytes:
    if isinstance(pieces, str):
        return pieces.encode()
    joined = bytearray()
    for piece in pieces:
        if isinstance(piece, str):
            joined += piece.encode()
        elif isinstance(piece, dict):
            joined += bytes.fromhex(piece["hex"])
        else:
            text, times = piece
            joined += text.encode() * times
    return bytes(joined)


def _filled(text: str, names: dict[str, str]) -> str:
    for name, value in names.items():
        text = text.replace("{" + name + "}", value)
    return text
