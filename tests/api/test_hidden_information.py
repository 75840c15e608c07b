"""No endpoint shows a seat's hand or unrevealed card to anyone else, or the pile order or the
seed to anyone, before the game ends ([SEE-PRIVATE], [SEE-SECRET]).

The proof: two games that differ only in seat B's secrets (and the secrets of nobody: pile order,
seed and the nonce committed to with it) must look byte for byte the same to seat A and to a spectator, on every endpoint: the game,
its actions, every page of its events, every past state, the stream, the read models, and the
errors A's attempts are answered with. Game 1 is played over HTTP; game 2 is game 1's event log
with B's cards exchanged for cards of the draw pile, consistently in every event, stored in a
second store under the same game id, so the same tokens work in both.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid4

import msgspec
import pytest
from api.app import create_app
from domain.dodgecity.actions import CommitCard
from domain.dodgecity.catalog import CardKind, deck
from domain.dodgecity.views import HIDDEN
from domain.events.dodgecity import (
    CardsDealt,
    DomainEvent,
    DrawPileShuffled,
    EventPileShuffled,
    GameCreated,
    StartCardCommitted,
)
from domain.table import ClockSettings
from engine.application import GameService
from engine.credentials import credential_hash, new_token
from engine.records import ActCommand, Command, CreateCommand, Record, seal
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]

A, B = 0, 1
DECK = deck("default_32")
CARD_ID = re.compile(r'"(C\d\d)"')
STREAM_IDLE_SECONDS = 0.05
VARYING_HEADERS = {"date", "x-request-id"}  # the request id is random per request, never the game's
#: A seed whose first actions (chosen with it too) draw, discard face down and reshuffle the draw
#: pile, for both seats.
LONG_GAME_SEED = "long game 157"
STEPS = 130
#: The fields of each private event that only its seat may see before the end.
PRIVATE_FIELDS = {
    "CardsDealt": ("cards",),
    "CardsDrawn": ("cards",),
    "CardsDiscarded": ("cards",),
    "StartCardCommitted": ("card",),
    "DuelCardCommitted": ("card", "forced"),
}


@dataclass(frozen=True)
class Answer:
    """One request and everything about its answer that a client can see."""

    request: str
    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes


@dataclass(frozen=True)
class Played:
    """A game, its store and an API over it, and its tokens."""

    games: GameService
    client: Client
    game_id: str
    host: str
    seats: tuple[str, str]
    replacement: dict[str, str] = field(default_factory=dict)  # game 2: B's card -> his card in game 2

    @property
    def url(self) -> str:
        return f"/games/{self.game_id}"


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def seen(client: Client, request: str, method: str = "GET", json: Any = None, headers: dict[str, str] | None = None) -> Answer:
    path, _, query = request.partition("?")
    params = dict(part.split("=", 1) for part in query.split("&")) if query else {}
    response = client.request(method, path, params=params, json=json, headers=headers or {})
    kept = tuple(sorted((name, value) for name, value in response.headers.multi_items() if name.lower() not in VARYING_HEADERS))
    return Answer(
        request=f"{method} {request} {sorted((headers or {}).items())}", status=response.status_code, headers=kept, body=response.content
    )


def everything_seen(client: Client, game_id: str, token: str | None, others: Sequence[str]) -> list[Answer]:
    """Every answer the holder of ``token`` (a spectator for None) can get about the game, without
    changing it: ``others`` are card ids to try acting with."""
    url = f"/games/{game_id}"
    headers = bearer(token)
    answers = [seen(client, url, headers=headers), seen(client, f"{url}/actions", headers=headers)]
    latest = client.get(url).json()["version"]
    for after in range(latest + 2):
        for limit in (1, 2, 5, 100):
            answers.append(seen(client, f"{url}/events?after={after}&limit={limit}", headers=headers))
    for version in range(latest + 2):
        answers.append(seen(client, f"{url}/states/{version}", headers=headers))
        answers.append(seen(client, f"{url}/states/{version}?as_played=true", headers=headers))
    answers.append(seen(client, f"{url}/stream", headers=headers))
    answers.append(seen(client, f"{url}/stream?after={latest // 2}", headers=headers))
    answers.append(seen(client, f"{url}/stream", headers=headers | {"Last-Event-ID": str(latest - 1)}))
    for read_model in (f"{url}/board", f"{url}/scores", "/games", "/games?status=running", "/leaderboard", "/health"):
        answers.append(seen(client, read_model, headers=headers))
    # Attempts that change nothing, and what they are answered: none may depend on B's cards.
    for card in others:
        for action in ({"kind": "commit_card", "card": card}, {"kind": "play_card", "card": card}):
            answers.append(seen(client, f"{url}/actions", "POST", {"action": action}, headers))
    answers.append(seen(client, f"{url}/actions", "POST", {"action": {"kind": "end_turn"}, "expected_version": latest - 1}, headers))
    assert client.get(url).json()["version"] == latest, "fetching changed the game"
    return answers


def _map_cards(cards: tuple[str, ...], exchange: dict[str, str]) -> tuple[str, ...]:
    return tuple(exchange.get(card, card) for card in cards)


def exchanged_secrets(records: Sequence[Record]) -> tuple[list[Record], dict[str, str]]:
    """Game 1's records with seat B's cards exchanged for cards of the draw pile, the event pile
    reversed, another seed and another nonce under the same commitment: everything B or nobody
    may know, and nothing else."""
    events = [record.event() for record in records]
    dealt = {e.seat: e.cards for e in events if isinstance(e, CardsDealt)}
    committed = next(e.card for e in events if isinstance(e, StartCardCommitted) and e.seat == B)
    order = next(e.order for e in events if isinstance(e, DrawPileShuffled))
    undealt = [card for card in order if card not in dealt[A] + dealt[B]]
    # B's committed card becomes one he may commit as well (not an Indian, [START-NO-INDIAN]).
    replacement = {committed: next(c for c in undealt if DECK[c].kind is not CardKind.INDIAN)}
    spare = iter(c for c in undealt if c not in replacement.values())
    replacement |= {card: next(spare) for card in dealt[B] if card != committed}
    exchange = replacement | {new: old for old, new in replacement.items()}

    def changed(event: DomainEvent) -> DomainEvent:
        if isinstance(event, GameCreated):
            return msgspec.structs.replace(event, seed=event.seed + " but another")
        if isinstance(event, DrawPileShuffled):
            return msgspec.structs.replace(event, order=_map_cards(event.order, exchange))
        if isinstance(event, EventPileShuffled):
            return msgspec.structs.replace(event, order=event.order[::-1])
        if isinstance(event, CardsDealt) and event.seat == B:
            return msgspec.structs.replace(event, cards=_map_cards(event.cards, exchange))
        if isinstance(event, StartCardCommitted) and event.seat == B:
            return msgspec.structs.replace(event, card=exchange[event.card])
        return event

    def changed_command(command: Command) -> Command:
        if isinstance(command, CreateCommand):
            assert command.seed_nonce is not None
            return msgspec.structs.replace(command, seed_nonce=command.seed_nonce[::-1])
        if isinstance(command, ActCommand) and command.seat == B and isinstance(command.action, CommitCard):
            return msgspec.structs.replace(command, action=CommitCard(card=exchange[command.action.card]))
        return command

    # Re-seal command by command, each at the time game 1 recorded it, so the chain is whole.
    result: list[Record] = []
    head = "0" * 64
    start = 0
    while start < len(records):
        end = next((i for i in range(start + 1, len(records)) if records[i].command is not None), len(records))
        command = records[start].command
        assert command is not None
        sealed = seal([changed(r.event()) for r in records[start:end]], head, records[start].recorded_at, changed_command(command))
        result.extend(sealed)
        head = sealed[-1].hash
        start = end
    return result, replacement


def card_ids(answers: Sequence[Answer]) -> set[str]:
    return {card for answer in answers for card in CARD_ID.findall(answer.body.decode())}


def assert_same(first: Sequence[Answer], second: Sequence[Answer]) -> None:
    assert [a.request for a in first] == [a.request for a in second]
    for one, other in zip(first, second, strict=True):
        assert (one.status, one.headers) == (other.status, other.headers), one.request
        assert one.body == other.body, f"{one.request} differs:\n{one.body[:2000]!r}\n{other.body[:2000]!r}"


# -- fixtures -----------------------------------------------------------------------------------


def serve(games: GameService) -> Client:
    return TestClient(create_app(games, close_on_shutdown=True, stream_idle_seconds=STREAM_IDLE_SECONDS))


class FakeClock:
    def __init__(self) -> None:
        self.time = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.time


@pytest.fixture(scope="module", params=["chosen", "timed out"])
def game_1(request: pytest.FixtureRequest) -> Iterator[Played]:
    """Seats A and B, dealt; B has committed his start card, A not yet, so B's is unrevealed.
    B committed it himself, or (on a clock) A claimed B's timeout and the rules committed for
    him ([CLOCK-PUBLIC]): the timeout must tell A no more than B's own commitment would."""
    if request.param == "timed out":
        yield from _timed_out_game_1()
        return
    games = GameService("memory://")
    with serve(games) as client:
        created = client.post("/games", json={"players": 2, "seed": "hidden information"}).json()
        url = f"/games/{created['game_id']}"
        seats = tuple(client.post(f"{url}/players", json={"name": name}).json()["token"] for name in ("Ann", "Bob"))
        assert client.post(f"{url}/start", headers=bearer(created["host_token"])).status_code == 200
        choices = client.get(f"{url}/actions", headers=bearer(seats[B])).json()["actions"]
        committed = client.post(f"{url}/actions", json=random.Random("bob").choice(choices), headers=bearer(seats[B]))
        assert committed.status_code == 200
        view = client.get(url, headers=bearer(seats[A])).json()
        assert (view["players"][B]["committed"], view["players"][A]["committed"]) == (True, False)
        yield Played(games=games, client=client, game_id=created["game_id"], host=created["host_token"], seats=(seats[A], seats[B]))


def _timed_out_game_1() -> Iterator[Played]:
    """Game 1 on a 60 s clock, where A claimed B's overdue commitment. It is set up through the
    service before the server starts, and the clock is then turned back before A's own deadline:
    the server's timer would otherwise time A out as well, revealing both."""
    clock = FakeClock()
    games = GameService("memory://", clock=clock.now)
    game_id, host = uuid4(), new_token()
    seats = (new_token(), new_token())
    games.create_game(
        ruleset="dodgecity",
        seats=2,
        seed="hidden information",
        game_id=game_id,
        host_credential=credential_hash(game_id, host),
        clock=ClockSettings(decision_seconds=60),
    )
    for name, token in zip(("Ann", "Bob"), seats, strict=True):
        games.join(game_id, name, credential=credential_hash(game_id, token))
    games.start(game_id)
    clock.time += timedelta(seconds=61)
    games.time_out(game_id, B, claimed_by=A)
    clock.time -= timedelta(seconds=31)
    with serve(games) as client:
        view = client.get(f"/games/{game_id}", headers=bearer(seats[A])).json()
        assert (view["players"][B]["committed"], view["players"][A]["committed"]) == (True, False)
        assert view["clock"]["seats"][A]["deadline"] is not None
        yield Played(games=games, client=client, game_id=str(game_id), host=host, seats=seats)


@pytest.fixture(scope="module")
def game_2(game_1: Played) -> Iterator[Played]:
    """Game 1 with B's secrets exchanged, in a store of its own under the same id and tokens."""
    records, replacement = exchanged_secrets(game_1.games.records(UUID(game_1.game_id)))
    # The same time as game 1's, so that a clock runs out in both alike.
    games = GameService("memory://", clock=game_1.games.now)
    games.insert_records(UUID(game_1.game_id), records)
    with serve(games) as client:
        yield Played(games=games, client=client, game_id=game_1.game_id, host=game_1.host, seats=game_1.seats, replacement=replacement)


def not_in_hand_of_a(played: Played) -> list[str]:
    hand = played.client.get(played.url, headers=bearer(played.seats[A])).json()["players"][A]["hand"]
    return [card for card in DECK if card not in hand]


# -- the proof ----------------------------------------------------------------------------------


def test_given_two_games_differing_only_in_bs_secrets_then_b_and_the_stored_events_do_tell_them_apart(
    game_1: Played, game_2: Played
) -> None:
    # The test can fail: what differs is really there, for B and in the store.
    b_1 = game_1.client.get(game_1.url, headers=bearer(game_1.seats[B])).json()["players"][B]
    b_2 = game_2.client.get(game_2.url, headers=bearer(game_2.seats[B])).json()["players"][B]
    assert set(b_1["hand"]).isdisjoint(b_2["hand"])
    assert [game_2.replacement[card] for card in b_1["hand"]] == b_2["hand"]
    assert b_2["committed_card"] == game_2.replacement[b_1["committed_card"]]
    assert b_2["committed_card"] not in b_2["hand"]
    assert everything_seen(game_1.client, game_1.game_id, game_1.seats[B], []) != everything_seen(
        game_2.client, game_2.game_id, game_2.seats[B], []
    )
    raw_1, raw_2 = game_1.games.records(UUID(game_1.game_id)), game_2.games.records(UUID(game_2.game_id))
    assert [r.type for r in raw_1] == [r.type for r in raw_2]
    differing = {r1.type for r1, r2 in zip(raw_1, raw_2, strict=True) if r1.payload != r2.payload}
    assert differing == {"GameCreated", "DrawPileShuffled", "EventPileShuffled", "CardsDealt", "StartCardCommitted"}
    nonces = [msgspec.to_builtins(raw[0].command)["seed_nonce"] for raw in (raw_1, raw_2)]
    assert nonces[0] != nonces[1]
    assert raw_1[0].command.seed_commitment == raw_2[0].command.seed_commitment  # type: ignore[union-attr]
    # Both are whole, playable games: A may still commit, and the same cards, in both.
    offered_1 = game_1.client.get(f"{game_1.url}/actions", headers=bearer(game_1.seats[A])).json()
    assert offered_1["actions"]
    assert game_2.client.get(f"{game_2.url}/actions", headers=bearer(game_2.seats[A])).json() == offered_1


@pytest.mark.parametrize("viewer", ["seat A", "the host", "a spectator"])
def test_given_two_games_differing_only_in_bs_secrets_then_every_endpoint_answers_others_byte_for_byte_the_same(
    game_1: Played, game_2: Played, viewer: str
) -> None:
    token = {"seat A": game_1.seats[A], "the host": game_1.host, "a spectator": None}[viewer]
    assert not_in_hand_of_a(game_1) == not_in_hand_of_a(game_2)
    tries = not_in_hand_of_a(game_1) if viewer == "seat A" else ["C01"]
    seen_1 = everything_seen(game_1.client, game_1.game_id, token, tries)
    seen_2 = everything_seen(game_2.client, game_2.game_id, token, tries)
    assert len(seen_1) > 80
    assert {a.status for a in seen_1} >= {200, 404, 409 if viewer == "seat A" else 401 if token is None else 403}
    assert_same(seen_1, seen_2)


def test_given_the_start_round_then_seat_a_sees_no_card_but_his_own_and_a_spectator_none(game_1: Played) -> None:
    hand = game_1.client.get(game_1.url, headers=bearer(game_1.seats[A])).json()["players"][A]["hand"]
    to_a = [a for a in everything_seen(game_1.client, game_1.game_id, game_1.seats[A], []) if a.request.startswith("GET")]
    assert card_ids(to_a) == set(hand)
    assert card_ids(everything_seen(game_1.client, game_1.game_id, None, [])) == set()
    assert card_ids(everything_seen(game_1.client, game_1.game_id, game_1.host, [])) == set()
    to_b = everything_seen(game_1.client, game_1.game_id, game_1.seats[B], [])
    assert card_ids(to_b).isdisjoint(hand)
    assert len(card_ids(to_b)) == 4


# -- a longer game ------------------------------------------------------------------------------


def test_given_a_long_running_game_then_at_every_step_no_one_sees_another_seats_private_cards() -> None:
    games = GameService("memory://")
    with serve(games) as client:
        created = client.post("/games", json={"players": 2, "seed": LONG_GAME_SEED}).json()
        url = f"/games/{created['game_id']}"
        seats = [client.post(f"{url}/players", json={"name": name}).json()["token"] for name in ("Ann", "Bob")]
        client.post(f"{url}/start", headers=bearer(created["host_token"]))
        rng = random.Random(LONG_GAME_SEED)
        for _ in range(STEPS):
            views = [client.get(url, headers=bearer(token)).json() for token in seats]
            spectator = client.get(url).json()
            assert views[A]["status"] == "running"
            for owner, other in ((A, B), (B, A)):
                private = private_cards(views[owner], views[other], owner)
                assert private.isdisjoint(CARD_ID.findall(msgspec.json.encode(views[other]).decode()))
                assert private.isdisjoint(CARD_ID.findall(msgspec.json.encode(spectator).decode()))
            assert all(p["hand"] is None for p in spectator["players"])
            assert spectator["secrets"] is None
            seat = next(s for s, token in enumerate(seats) if client.get(f"{url}/actions", headers=bearer(token)).json()["actions"])
            choices = client.get(f"{url}/actions", headers=bearer(seats[seat])).json()["actions"]
            assert client.post(f"{url}/actions", json=rng.choice(choices), headers=bearer(seats[seat])).status_code == 200

        kinds: set[tuple[str, int | None]] = set()
        for token, viewer in ((seats[A], A), (None, None)):
            events, after = [], 0
            while after is not None:
                page = client.get(f"{url}/events", params={"after": after, "limit": 500}, headers=bearer(token)).json()
                events.extend(page["events"])
                after = page["next_after"]
            assert len(events) == client.get(url).json()["version"]
            for event in events:
                kinds.add((event["type"], event.get("seat", event.get("from_discard"))))
                assert_redacted(event, viewer)
        # Every kind of private or secret event happened, for both seats, and a reshuffle.
        private_kinds = {(kind, seat) for kind in PRIVATE_FIELDS for seat in (A, B)}
        assert kinds >= private_kinds | {("GameCreated", None), ("DrawPileShuffled", True), ("EventPileShuffled", False)}


def private_cards(own: dict[str, Any], others: dict[str, Any], seat: int) -> set[str]:
    """The cards ``seat`` sees as his own that ``others`` (another seat's view) must not show:
    his hand, his commitment while unrevealed and his face-down discards."""
    player, seen_by_others = own["players"][seat], others["players"][seat]
    private = set(player["hand"])
    if player["committed_card"] is not None and seen_by_others["committed_card"] is None:
        private.add(player["committed_card"])
    private |= {mine for mine, theirs in zip(own["discard_pile"], others["discard_pile"], strict=True) if theirs == HIDDEN != mine}
    return private


def assert_redacted(event: dict[str, Any], viewer: int | None) -> None:
    kind = event["type"]
    if kind == "GameCreated":
        assert event["seed"] == HIDDEN
    elif kind in {"DrawPileShuffled", "EventPileShuffled"}:
        assert set(event["order"]) == {HIDDEN}
    elif kind in PRIVATE_FIELDS:
        for name in PRIVATE_FIELDS[kind]:
            value = event[name]
            if event["seat"] == viewer:
                assert value is not None, event
                assert HIDDEN not in (value if isinstance(value, list) else [value]), event
            elif name == "forced":
                assert value is None, event
            elif isinstance(value, list):
                assert set(value) <= {HIDDEN}, event
            else:
                assert value == HIDDEN, event
