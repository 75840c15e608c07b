"""A bot playing one seat of a game on a server, through the public REST API only.

It does what any third-party client would: ``GET /games/{id}`` with the seat token gives the
seat's view and the actions it may take; the bot sends one of them back as it came, and the
answer is the next view. While other seats decide, it waits on ``GET /games/{id}/stream`` for the
next event. Nothing here reads the database or imports the server: ``dodgecity bot`` is the proof
that a program outside the project can play.
"""

from __future__ import annotations

from collections.abc import Callable

import httpx
import msgspec

from domain.dodgecity.actions import AnyAction
from domain.dodgecity.views import GameView
from engine.kit import Bot

#: How long one wait on the stream may last before the bot reads the game again anyway.
WAIT_SECONDS = 30.0
#: Conflicts in a row (other clients acting first) before the bot gives up.
MAX_CONFLICTS = 100


class RemoteBotError(Exception):
    """The server refused the bot or could not be reached; the message says which and why."""


class _Offered(msgspec.Struct):
    action: AnyAction
    expected_version: int | None = None


class _Actions(msgspec.Struct):
    """The part of a view that lists what the caller may do."""

    actions: list[_Offered] = []


class _Version(msgspec.Struct):
    version: int


class _Problem(msgspec.Struct):
    title: str = ""
    detail: str = ""


class RemoteResult(msgspec.Struct, frozen=True, kw_only=True):
    """How the bot's game went: the actions it took, and the end as the final view shows it."""

    game_id: str
    seat: int | None
    actions: int
    winners: tuple[int, ...]
    points: tuple[int, ...]


def play_remote(
    http: httpx.Client,
    game_id: str,
    bot: Bot,
    *,
    wait_seconds: float = WAIT_SECONDS,
    on_action: Callable[[int, str], None] | None = None,
) -> RemoteResult:
    """Play the seat whose token ``http`` sends (``Authorization: Bearer …``) until the game ends.

    ``on_action(version, kind)`` hears of every action the server accepted."""
    path = f"/games/{game_id}"
    content = _answer(http.get(path), "reading the game")
    taken = conflicts = 0
    while True:
        view = msgspec.json.decode(content, type=GameView)
        if view.status == "ended":
            return RemoteResult(
                game_id=game_id,
                seat=view.viewer,
                actions=taken,
                winners=view.winners,
                points=tuple(player.points for player in view.players),
            )
        offered = msgspec.json.decode(content, type=_Actions).actions
        if not offered:
            _wait_for_news(http, game_id, view.version, wait_seconds)
            content = _answer(http.get(path), "reading the game")
            continue
        chosen = bot.decide(view, [item.action for item in offered])
        item = next(item for item in offered if item.action == chosen)
        answer = http.post(
            f"{path}/actions",
            content=msgspec.json.encode(item),
            headers={"Content-Type": "application/json"},
        )
        if answer.status_code == httpx.codes.CONFLICT and "version" in answer.text:
            # Another client of this seat, or a server restart, moved the game on: read again.
            conflicts += 1
            if conflicts > MAX_CONFLICTS:
                raise RemoteBotError(
                    f"{MAX_CONFLICTS} version conflicts in a row: is another "
                    "client playing this seat?"
                )
            content = _answer(http.get(path), "reading the game")
            continue
        content = _answer(answer, f"sending {item.action.__struct_config__.tag}")
        conflicts = 0
        taken += 1
        if on_action is not None:
            on_action(
                int(answer.headers.get("ETag", '"0"').strip('"')),
                str(item.action.__struct_config__.tag),
            )


def _answer(response: httpx.Response, doing: str) -> bytes:
    if response.is_success:
        return response.content
    try:
        problem = msgspec.json.decode(response.content, type=_Problem)
        reason = problem.detail or problem.title
    except msgspec.DecodeError:
        reason = response.text[:200]
    raise RemoteBotError(f"{doing}: the server answered {response.status_code}: {reason}")


def _wait_for_news(http: httpx.Client, game_id: str, version: int, seconds: float) -> None:
    """Until the stream brings an event after ``version``, or ``seconds`` pass, or it closes."""
    headers = {"Last-Event-ID": str(version), "Accept": "text/event-stream"}
    try:
        with http.stream(
            "GET", f"/games/{game_id}/stream", headers=headers, timeout=seconds
        ) as stream:
            if not stream.is_success:
                return  # the read that follows reports what is wrong
            for line in stream.iter_lines():
                if line.startswith("id:"):
                    return
    except httpx.TimeoutException:
        return
