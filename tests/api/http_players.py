"""Clients that play Dodge City over HTTP only, for tests against real servers.

A :class:`RandomHttpPlayer` is one seat: it lists its legal actions with ``GET /games/{id}/actions``
and sends one of them, chosen by its own seeded ``random.Random``, to ``POST /games/{id}/actions``.
It may spread its requests over several servers (one ``httpx.Client`` each), taking the next one
for every request. Nothing here reaches into the application: only HTTP.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from tests.patience import PATIENCE, wait_until

REQUEST_TIMEOUT = PATIENCE  # one answer, however busy the server's machine
PROBLEM_BASE = "https://dodgecity.invalid/problems/"

Json = dict[str, Any]
#: The events of a simultaneous decision, one per seat that commits.
COMMITMENTS = frozenset({"StartCardCommitted", "DuelCardCommitted"})


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def client_for(base_url: str) -> httpx.Client:
    """A keep-alive client for one server."""
    return httpx.Client(base_url=base_url, timeout=REQUEST_TIMEOUT)


def problem_kind(response: httpx.Response) -> str:
    """The last part of a problem's ``type`` (``version-conflict``), or "" for any other body."""
    if not response.headers.get("content-type", "").startswith("application/problem+json"):
        return ""
    kind = str(response.json().get("type", ""))
    return kind.removeprefix(PROBLEM_BASE)


@dataclass(frozen=True)
class SeatedGame:
    """A started game and every token needed to play it."""

    game_id: str
    host_token: str
    tokens: tuple[str, ...]  # by seat
    start_version: int  # the version right after GameStarted and the deal

    @property
    def players(self) -> int:
        return len(self.tokens)


def open_game(client: httpx.Client, players: int, seed: str, *, name_prefix: str = "p") -> SeatedGame:
    """Create a game, fill every seat and start it, all over HTTP."""
    created = client.post("/games", json={"players": players, "seed": seed})
    assert created.status_code == 201, created.text
    game_id, host_token = created.json()["game_id"], created.json()["host_token"]
    tokens: list[str] = []
    for seat in range(players):
        joined = client.post(f"/games/{game_id}/players", json={"name": f"{name_prefix}{seat}"})
        assert joined.status_code == 201, joined.text
        assert joined.json()["seat"] == seat
        tokens.append(joined.json()["token"])
    started = client.post(f"/games/{game_id}/start", headers=bearer(host_token))
    assert started.status_code == 200, started.text
    assert started.json()["status"] == "running"
    return SeatedGame(game_id, host_token, tuple(tokens), int(started.json()["version"]))


@dataclass(frozen=True)
class Accepted:
    """One action the server answered 2xx: it stored events up to ``version``, from
    ``expected_version + 1`` on, or for a commitment from the seat's first commitment event after
    ``expected_version`` (other seats' commitments may have come in between: they do not make
    the expected version stale)."""

    game_id: str
    seat: int
    expected_version: int
    version: int
    action: Json

    def versions(self, events: Sequence[Json]) -> range:
        """The versions of the events this action stored, found in the game's ``events``."""
        first = self.expected_version + 1
        if self.action["kind"] == "commit_card":
            first = next(
                e["originator_version"]
                for e in events
                if e["originator_version"] > self.expected_version and e["type"] in COMMITMENTS and e["seat"] == self.seat
            )
        return range(first, self.version + 1)


@dataclass(frozen=True)
class Attempt:
    """An action sent and what the server answered."""

    item: Json  # the body sent: {"action": ..., "expected_version": ...}
    response: httpx.Response
    accepted: Accepted | None  # set when the answer was 2xx


class RandomHttpPlayer:
    """One seat's client: picks uniformly among the actions ``GET /actions`` lists."""

    def __init__(self, clients: Sequence[httpx.Client], game: SeatedGame, seat: int, seed: int | str) -> None:
        assert clients, "a player needs at least one server"
        self.game = game
        self.seat = seat
        self._headers = bearer(game.tokens[seat])
        self._clients: Iterator[httpx.Client] = itertools.cycle(clients)
        self._random = random.Random(seed)

    def _client(self) -> httpx.Client:
        return next(self._clients)

    def legal_actions(self) -> tuple[int, list[Json]]:
        """The game's version and every item this seat may send now (empty when not awaited)."""
        response = self._client().get(f"/games/{self.game.game_id}/actions", headers=self._headers)
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["seat"] == self.seat
        assert all(item["expected_version"] == body["version"] for item in body["actions"])
        return int(body["version"]), list(body["actions"])

    def choose(self, items: Sequence[Json]) -> Json:
        return items[self._random.randrange(len(items))]

    def send(self, item: Json, client: httpx.Client | None = None) -> Attempt:
        """Send ``item`` to the next server, or to ``client``'s."""
        client = client or self._client()
        response = client.post(f"/games/{self.game.game_id}/actions", json=item, headers=self._headers)
        accepted = None
        if response.is_success:
            accepted = Accepted(
                game_id=self.game.game_id,
                seat=self.seat,
                expected_version=int(item["expected_version"]),
                version=int(response.json()["version"]),
                action=item["action"],
            )
        return Attempt(item, response, accepted)

    def step(self) -> Attempt | None:
        """List this seat's actions and send a random one; None when it has nothing to do."""
        _version, items = self.legal_actions()
        if not items:
            return None
        return self.send(self.choose(items))


def as_state(view: Json) -> Json:
    """A view of the game now less the caller's next actions, to compare with a state."""
    return {key: value for key, value in view.items() if key != "actions"}


def view_of(client: httpx.Client, game_id: str, token: str | None = None) -> Json:
    response = client.get(f"/games/{game_id}", headers=bearer(token) if token else None)
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


def awaited_seats(view: Json) -> list[int]:
    """The seats the game waits for, each once, in the order the view lists them."""
    return list(dict.fromkeys(int(decision["seat"]) for decision in view["awaiting"]))


def play_round_robin(client: httpx.Client, game: SeatedGame, seed: str, *, max_actions: int = 5000) -> tuple[Json, list[Accepted]]:
    """Play ``game`` to its end with one random client per seat, taking turns in one thread.

    Each round asks every awaited seat's client for its actions and lets it send one. Every
    action a server lists must be accepted: no one else is playing. Returns the final spectator
    view and every accepted action, in order."""
    players = [RandomHttpPlayer([client], game, seat, f"{seed}/seat-{seat}") for seat in range(game.players)]
    accepted: list[Accepted] = []
    view = view_of(client, game.game_id)
    idle_rounds = 0
    while view["status"] != "ended":
        assert len(accepted) < max_actions, f"game {game.game_id} did not end within {max_actions} actions"
        acted = False
        for seat in awaited_seats(view):
            attempt = players[seat].step()
            if attempt is None:
                continue
            assert attempt.accepted is not None, f"a listed action was refused: {attempt.item} -> {attempt.response.text}"
            accepted.append(attempt.accepted)
            acted = True
        idle_rounds = 0 if acted else idle_rounds + 1
        assert idle_rounds < 3, f"the game awaits {view['awaiting']} but none of those seats lists an action"
        view = view_of(client, game.game_id)
    return view, accepted


def all_events(client: httpx.Client, game_id: str, *, page: int = 500) -> list[Json]:
    """Every event of a game, following ``next_after`` from page to page."""
    events: list[Json] = []
    after: int | None = 0
    while after is not None:
        response = client.get(f"/games/{game_id}/events", params={"after": after, "limit": page})
        assert response.status_code == 200, response.text
        body = response.json()
        events.extend(body["events"])
        after = body["next_after"]
    return events


def assert_tiles(accepted: Sequence[Accepted], first: int, last: int, events: Sequence[Json]) -> None:
    """The accepted actions' events cover versions ``first .. last`` exactly once each."""
    covered = sorted(version for action in accepted for version in action.versions(events))
    assert covered == list(range(first, last + 1)), "accepted actions do not cover the log exactly once"


def wait_for(condition: Any, *, seconds: float = PATIENCE, interval: float = 0.05) -> bool:
    """Poll ``condition()`` until it is true or ``seconds`` pass; whether it became true."""
    return wait_until(condition, seconds=seconds, interval=interval)
