"""A bot playing one seat of a game on a server, through the public REST API only.

It does what any third-party client would: ``GET /games/{id}`` with the seat token gives the
seat's view and the actions it may take; the bot sends one of them back as it came, and the
answer is the next view. While other seats decide, it waits on ``GET /games/{id}/stream`` for the
next event. Nothing here reads the database or imports the server: ``dodgecity bot`` is the proof
that a program outside the project can play.

Any installed game: the view names its ``ruleset``, whose kit makes the bot (``kind``) and whose
rules read the view and the actions offered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import msgspec

from engine.kit import GameKit, kit_for
from engine.records import decode_action

#: How long one wait on the stream may last before the bot reads the game again anyway.
WAIT_SECONDS = 30.0
#: Conflicts in a row (other clients acting first) before the bot gives up.
MAX_CONFLICTS = 100


class RemoteBotError(Exception):
    """The server refused the bot or could not be reached; the message says which and why."""


class _Offered(msgspec.Struct):
    action: msgspec.Raw  # decoded by the game's own rules
    expected_version: int | None = None


class _Served(msgspec.Struct):
    """What every served view says whatever the game: which game, where it stands, and what
    the caller may do."""

    ruleset: str
    status: str
    version: int
    viewer: int | None = None
    actions: list[_Offered] = []


class _Problem(msgspec.Struct):
    title: str = ""
    detail: str = ""


class RemoteResult(msgspec.Struct, frozen=True, kw_only=True):
    """How the bot's game went: the actions it took, and the end as the final view shows it."""

    game_id: str
    ruleset: str
    seat: int | None
    actions: int
    winners: tuple[int, ...]
    points: tuple[int, ...]  # each seat's score, in seat order (0 in a game that keeps none)


def play_remote(
    http: httpx.Client,
    game_id: str,
    kind: str,
    *,
    seed: int | str | None = None,
    wait_seconds: float = WAIT_SECONDS,
    on_action: Callable[[int, str], None] | None = None,
) -> RemoteResult:
    """Play the seat whose token ``http`` sends (``Authorization: Bearer …``) until the game ends,
    as a bot of ``kind`` (one of the game's kit, reproducible from ``seed``).

    ``on_action(version, kind)`` hears of every action the server accepted."""
    path = f"/games/{game_id}"
    content = _answer(http.get(path), "reading the game")
    served = msgspec.json.decode(content, type=_Served)
    kit = _kit(served.ruleset)
    try:
        bot = kit.bot(kind, seed)
    except ValueError as unknown:
        raise RemoteBotError(str(unknown)) from None
    taken = conflicts = 0
    while True:
        served = msgspec.json.decode(content, type=_Served)
        view = msgspec.json.decode(content, type=kit.rules.view_type)
        if served.status == "ended":
            return _result(kit, game_id, served, view, taken)
        if not served.actions:
            _wait_for_news(http, game_id, served.version, wait_seconds)
            content = _answer(http.get(path), "reading the game")
            continue
        offered = [decode_action(kit.rules, item.action) for item in served.actions]
        chosen = bot.decide(view, offered)
        action = next(action for action in offered if action == chosen)
        answer = http.post(
            f"{path}/actions",
            content=msgspec.json.encode({"action": action, "expected_version": served.version}),
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
        content = _answer(answer, f"sending {_kind_of(action)}")
        conflicts = 0
        taken += 1
        if on_action is not None:
            # The ETag begins with the version: "12-<digest>" (or "12" from older servers).
            tag = answer.headers.get("ETag", '"0"').strip('"')
            on_action(int(tag.partition("-")[0]), _kind_of(action))


def _kit(ruleset: str) -> GameKit:
    try:
        return kit_for(ruleset)
    except LookupError:
        raise RemoteBotError(
            f"the game is of ruleset {ruleset!r}, which this program does not play"
        ) from None


def _kind_of(action: Any) -> str:
    return str(action.__struct_config__.tag)


def _result(kit: GameKit, game_id: str, served: _Served, view: Any, taken: int) -> RemoteResult:
    outcome = kit.outcome_of_view(view)
    results = sorted(outcome.results, key=lambda result: result.seat) if outcome else []
    return RemoteResult(
        game_id=game_id,
        ruleset=served.ruleset,
        seat=served.viewer,
        actions=taken,
        winners=outcome.winners if outcome else (),
        points=tuple(result.score or 0 for result in results),
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
