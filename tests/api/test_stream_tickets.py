"""Stream tickets: a seat's stream opened without its token in the URL, in-process and against real
servers (one worker, and several sharing the ticket secret)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import httpx
import pytest
from api.app import create_app
from api.streams.tickets import REFUSAL, TICKET_SECONDS, StreamTickets
from engine.application import GameService
from litestar.exceptions import NotAuthorizedException
from litestar.testing import TestClient

from tests.api.http_players import bearer, open_game
from tests.api.servers import serving
from tests.api.test_streams import DELIVERY_SECONDS, LiveStream, events_seen
from tests.patience import PATIENCE


@pytest.fixture
def client() -> Iterator[TestClient[Any]]:
    games = GameService("memory://")
    with TestClient(create_app(games, stream_idle_seconds=0.1)) as test_client:
        yield test_client
    games.close()


def started_game(client: Any) -> tuple[str, str, tuple[str, ...]]:
    game = open_game(client, 2, "tickets")
    return game.game_id, game.host_token, game.tokens


def ticket_for(client: Any, game_id: str, token: str) -> str:
    issued = client.post(f"/games/{game_id}/stream-tickets", headers=bearer(token))
    assert issued.status_code == 201, issued.text
    return str(issued.json()["ticket"])


def streamed(text: str) -> list[dict[str, Any]]:
    return [json.loads(line.removeprefix("data: ")) for line in text.splitlines() if line.startswith("data: ")]


def test_given_a_seats_ticket_when_opening_the_stream_then_it_shows_what_the_seats_token_sees_and_not_the_spectators_view(
    client: TestClient[Any],
) -> None:
    game_id, _, tokens = started_game(client)
    ticket = ticket_for(client, game_id, tokens[0])
    stream = client.get(f"/games/{game_id}/stream", params={"ticket": ticket})
    assert stream.status_code == 200, stream.text
    assert streamed(stream.text) == events_seen(client, game_id, bearer(tokens[0]))
    assert streamed(stream.text) != events_seen(client, game_id, {})  # the seat's hand is in it


def test_given_the_hosts_ticket_when_opening_the_stream_then_it_shows_what_the_host_token_sees(client: TestClient[Any]) -> None:
    game_id, host, _ = started_game(client)
    stream = client.get(f"/games/{game_id}/stream", params={"ticket": ticket_for(client, game_id, host)})
    assert stream.status_code == 200, stream.text
    assert streamed(stream.text) == events_seen(client, game_id, bearer(host))


def test_given_a_used_ticket_when_opening_the_stream_again_then_401_invalid_or_expired(client: TestClient[Any]) -> None:
    game_id, _, tokens = started_game(client)
    ticket = ticket_for(client, game_id, tokens[0])
    assert client.get(f"/games/{game_id}/stream", params={"ticket": ticket}).status_code == 200
    again = client.get(f"/games/{game_id}/stream", params={"ticket": ticket})
    assert again.status_code == 401
    assert again.headers["content-type"].startswith("application/problem+json")
    assert again.json()["detail"] == REFUSAL


def test_given_a_ticket_for_another_game_when_opening_a_stream_then_401_and_the_ticket_still_opens_its_own_game(
    client: TestClient[Any],
) -> None:
    game_id, _, tokens = started_game(client)
    other_id, _, _ = started_game(client)
    ticket = ticket_for(client, game_id, tokens[0])
    refused = client.get(f"/games/{other_id}/stream", params={"ticket": ticket})
    assert (refused.status_code, refused.json()["detail"]) == (401, REFUSAL)
    assert client.get(f"/games/{game_id}/stream", params={"ticket": ticket}).status_code == 200


def forged(ticket: str) -> list[str]:
    """Tickets made from a real one by someone without the secret, and junk."""
    version, game, _seat, expiry, nonce, mac = ticket.split(".")
    return [
        "",
        "junk",
        "v1.....",
        ".".join([version, game, "1", expiry, nonce, mac]),  # another seat
        ".".join([version, game, "h", expiry, nonce, mac]),  # the host
        ".".join([version, game, "0", str(int(expiry) + 3600), nonce, mac]),  # a later expiry
        ".".join([version, game, "0", expiry, nonce, "0" * 64]),
        ticket + "0",
        ticket * 3,
        "é" * 40,
    ]


def test_given_forged_or_malformed_tickets_when_opening_the_stream_then_each_is_the_same_401(client: TestClient[Any]) -> None:
    game_id, _, tokens = started_game(client)
    answers = {
        (response.status_code, response.json()["detail"])
        for response in (
            client.get(f"/games/{game_id}/stream", params={"ticket": bad}) for bad in forged(ticket_for(client, game_id, tokens[0]))
        )
    }
    assert answers == {(401, REFUSAL)}


def test_given_an_expired_ticket_when_redeemed_then_refused_and_a_fresh_one_is_accepted_once() -> None:
    now = [1_000_000.0]
    tickets = StreamTickets(b"secret", clock=lambda: now[0])
    game_id = uuid4()
    late = tickets.issue(game_id, 2)
    now[0] += TICKET_SECONDS + 1
    with pytest.raises(NotAuthorizedException, match=REFUSAL):
        tickets.redeem(game_id, late)
    fresh = tickets.issue(game_id, 2)
    assert tickets.redeem(game_id, fresh).seat == 2
    with pytest.raises(NotAuthorizedException, match=REFUSAL):
        tickets.redeem(game_id, fresh)


def test_given_two_processes_sharing_the_ticket_secret_then_a_ticket_issued_by_one_is_accepted_by_the_other_and_not_by_a_stranger() -> None:
    game_id = UUID(int=7)
    issuing, redeeming, stranger = StreamTickets(b"shared"), StreamTickets(b"shared"), StreamTickets(b"other")
    ticket = issuing.issue(game_id, None)
    with pytest.raises(NotAuthorizedException):
        stranger.redeem(game_id, ticket)
    assert redeeming.redeem(game_id, ticket).seat is None


def test_given_no_token_or_an_unknown_token_when_asking_for_a_ticket_then_401(client: TestClient[Any]) -> None:
    game_id, _, _ = started_game(client)
    assert client.post(f"/games/{game_id}/stream-tickets").status_code == 401
    assert client.post(f"/games/{game_id}/stream-tickets", headers=bearer("x" * 32)).status_code == 401
    assert client.post(f"/games/{uuid4()}/stream-tickets", headers=bearer("x" * 32)).status_code == 404


def test_given_a_ticket_then_its_answer_is_never_stored_by_a_cache_and_a_stream_takes_a_ticket_or_a_token_not_both(
    client: TestClient[Any],
) -> None:
    game_id, _, tokens = started_game(client)
    issued = client.post(f"/games/{game_id}/stream-tickets", headers=bearer(tokens[0]))
    assert issued.headers["cache-control"] == "no-store"
    assert issued.json()["expires_in"] == TICKET_SECONDS
    both = client.get(issued.json()["stream"], headers=bearer(tokens[0]))
    assert both.status_code == 400


# -- real servers, a real SSE client -----------------------------------------------------------


def test_given_a_real_server_when_a_seat_follows_its_ticket_stream_then_a_new_event_arrives_as_the_seat_sees_it() -> None:
    with serving("memory://") as server, httpx.Client(base_url=server.url, timeout=PATIENCE) as http:
        game = open_game(http, 2, "live-ticket")
        issued = http.post(f"/games/{game.game_id}/stream-tickets", headers=bearer(game.tokens[0])).json()
        with LiveStream(server.url, f"{issued['stream']}&after={game.start_version}") as stream:
            actions = http.get(f"/games/{game.game_id}/actions", headers=bearer(game.tokens[0])).json()["actions"]
            assert http.post(f"/games/{game.game_id}/actions", json=actions[0], headers=bearer(game.tokens[0])).status_code == 200
            message = stream.next(DELIVERY_SECONDS)
        seen = events_seen(http, game.game_id, bearer(game.tokens[0]))
        assert message.data == seen[game.start_version]
        logged = server.stderr_text()
        assert "stream-tickets" in logged  # the access log is written …
        assert issued["ticket"] not in logged  # … and never holds a ticket
        assert game.tokens[0] not in logged


def test_given_two_workers_when_tickets_are_issued_and_redeemed_on_fresh_connections_then_every_one_opens_its_stream(
    tmp_path: Path,
) -> None:
    with (
        serving(f"sqlite:///{tmp_path / 'games.db'}", "--workers", "2") as server,
        httpx.Client(base_url=server.url, timeout=PATIENCE) as http,
    ):
        game = open_game(http, 2, "workers")
        statuses = []
        for _ in range(12):  # each on new connections: either worker may issue, either redeem
            with httpx.Client(base_url=server.url, timeout=PATIENCE) as issuing:
                path = issuing.post(f"/games/{game.game_id}/stream-tickets", headers=bearer(game.tokens[1])).json()["stream"]
            with LiveStream(server.url, path) as stream:
                statuses.append(stream.status)
                assert stream.next(30).id == 1
        assert statuses == [200] * 12
