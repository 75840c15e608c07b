"""No endpoint shows Dog Eat Dog's hidden information before the end ([SEE-PRIVATE], [SEE-SECRET]):
an embezzled amount is its embezzler's alone, the Red Tape deck's order and the seed nobody's.

The proof, as for Dodge City (``tests/api/test_hidden_information.py``): two games that differ
only in those secrets must look byte for byte the same to every other seat, the host and a
spectator, on every endpoint: the game, its actions, every page of its events and narration,
every past state, the stream, the board read model, the lists, and the errors of an attempt to
act. Game 1 is played through the engine by random players until seat C has declared an
embezzlement that a holder of Internal Investigation has still to answer (its amount private,
C's corporate account undisclosed, [EMBEZZLE-AMOUNT]); game 2 is game 1's log with another
amount for C's embezzlement (in his command too), two cards of the deck exchanged where no later
event names them, another seed and another nonce under the same commitment, stored in a second
store under the same game id and tokens. The domain's half of the proof is in
``tests/rulesets/dogeatdog/test_conformance.py`` and the conformance suite.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from uuid import UUID, uuid4

import msgspec
import pytest
from domain.dogeatdog.actions import DogEatDogEmbezzle
from domain.events.dogeatdog import DogEatDogEmbezzlementDeclared
from engine.application import GameService
from engine.credentials import credential_hash, new_token
from engine.records import ActCommand, Command, CreateCommand, Record, seal
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.test_hidden_information import Answer, assert_same, bearer, seen, serve
from tests.conformance.dogeatdog import secrets_twin
from tests.conformance.playouts import asked_now

#: A seed whose random players (chosen with it too) reach, in round 3, seat 2's embezzlement
#: awaiting seat 0's answer: whether to play his Internal Investigation.
SEED = "hidden 7"
NAMES = ("Ann", "Bob", "Cid")
EMBEZZLER = 2
Client = TestClient[Litestar]


@dataclass(frozen=True)
class Played:
    games: GameService
    game_id: UUID
    host: str
    seats: tuple[str, ...]


@dataclass(frozen=True)
class Served:
    """A game, and an API over its store (which closes the store when it stops)."""

    played: Played
    client: Client


def _game_1() -> Played:
    games = GameService("memory://")
    game_id, host = uuid4(), new_token()
    seats = tuple(new_token() for _ in NAMES)
    games.create_game(ruleset="dogeatdog", seats=3, seed=SEED, game_id=game_id, host_credential=credential_hash(game_id, host))
    for name, token in zip(NAMES, seats, strict=True):
        games.join(game_id, name, credential=credential_hash(game_id, token))
    games.start(game_id)
    choose = random.Random(SEED)
    while games.read(game_id, lambda game: game.state.embezzlement is None or not game.state.embezzlement.asked):
        asked = games.read(game_id, lambda game: sorted({d.seat for d in asked_now(game, game.pending())}))
        seat = choose.choice(asked)
        offered = games.seat_view(game_id, seat)
        games.perform(game_id, seat, choose.choice(offered.actions), expected_version=offered.version)
    return Played(games=games, game_id=game_id, host=host, seats=seats)


def twin_records(records: Sequence[Record]) -> list[Record]:
    """Game 1's records with the embezzler's amount, two cards of the deck's order, the seed and
    the nonce exchanged, re-sealed command by command at game 1's times so the chain is whole."""
    events = [record.event() for record in records]
    twin = secrets_twin(events, EMBEZZLER)
    assert twin is not None
    amounts = {e.amount for e in twin if isinstance(e, DogEatDogEmbezzlementDeclared) and e.seat == EMBEZZLER}

    def changed_command(command: Command) -> Command:
        if isinstance(command, CreateCommand):
            assert command.seed_nonce is not None
            return msgspec.structs.replace(command, seed_nonce=command.seed_nonce[::-1])
        if isinstance(command, ActCommand) and isinstance(command.action, DogEatDogEmbezzle):
            [amount] = amounts
            return msgspec.structs.replace(command, action=DogEatDogEmbezzle(amount=int(amount)))
        return command

    result: list[Record] = []
    head = "0" * 64
    start = 0
    while start < len(records):
        end = next((i for i in range(start + 1, len(records)) if records[i].command is not None), len(records))
        command = records[start].command
        assert command is not None
        sealed = seal(twin[start:end], head, records[start].recorded_at, changed_command(command))
        result.extend(sealed)
        head = sealed[-1].hash
        start = end
    return result


@pytest.fixture(scope="module")
def played() -> Iterator[tuple[Served, Served]]:
    first = _game_1()
    second = Played(games=GameService("memory://", clock=first.games.now), game_id=first.game_id, host=first.host, seats=first.seats)
    second.games.insert_records(second.game_id, twin_records(first.games.records(first.game_id)))
    with ExitStack() as stack:
        yield Served(first, stack.enter_context(serve(first.games))), Served(second, stack.enter_context(serve(second.games)))


def everything_seen(served: Served, token: str | None) -> list[Answer]:
    """Every answer the holder of ``token`` (a spectator for None) can get about the game without
    changing it, and the answers to attempts that change nothing."""
    client, url, headers = served.client, f"/games/{served.played.game_id}", bearer(token)
    answers = [seen(client, url, headers=headers), seen(client, f"{url}/actions", headers=headers)]
    latest = client.get(url).json()["version"]
    for after in (0, latest // 2, latest - 3, latest - 1):
        for limit in (1, 50, 500):
            answers.append(seen(client, f"{url}/events?after={after}&limit={limit}", headers=headers))
            answers.append(seen(client, f"{url}/narration?after={after}&limit={limit}", headers=headers))
    for version in sorted({1, 2, 10, latest // 3, latest // 2, latest - 2, latest - 1, latest, latest + 1}):
        answers.append(seen(client, f"{url}/states/{version}", headers=headers))
        answers.append(seen(client, f"{url}/states/{version}?as_played=true", headers=headers))
    answers.append(seen(client, f"{url}/stream?after={latest - 20}", headers=headers))
    for read in (f"{url}/dogeatdog-board", "/games", "/games?ruleset=dogeatdog", "/leaderboard"):
        answers.append(seen(client, read, headers=headers))
    # Attempts every viewer is refused (the holder may investigate: that would change the game).
    for action in ({"kind": "embezzle", "amount": 1}, {"kind": "pass"}, {"kind": "answer_offer", "offer": 1, "accept": True}):
        answers.append(seen(client, f"{url}/actions", "POST", {"action": action}, headers))
    answers.append(seen(client, f"{url}/actions", "POST", {"action": {"kind": "pass"}, "expected_version": latest - 1}, headers))
    assert client.get(url).json()["version"] == latest, "fetching changed the game"
    return answers


def test_given_twin_games_then_the_embezzler_and_the_stored_events_do_tell_them_apart(played: tuple[Served, Served]) -> None:
    first, second = (served.played for served in played)
    raw_1, raw_2 = first.games.records(first.game_id), second.games.records(second.game_id)
    differing = {r1.type for r1, r2 in zip(raw_1, raw_2, strict=True) if r1.payload != r2.payload}
    assert differing == {"dogeatdog.GameOpened", "dogeatdog.RedTapeShuffled", "dogeatdog.EmbezzlementDeclared"}
    assert raw_1[0].command.seed_commitment == raw_2[0].command.seed_commitment  # type: ignore[union-attr]
    mine = [everything_seen(served, served.played.seats[EMBEZZLER]) for served in played]
    assert [a.body for a in mine[0]] != [a.body for a in mine[1]]
    views = [game.games.seat_view(game.game_id, EMBEZZLER).view for game in (first, second)]
    assert views[0].seats[EMBEZZLER].embezzling != views[1].seats[EMBEZZLER].embezzling


@pytest.mark.rule("EMBEZZLE-AMOUNT")
@pytest.mark.parametrize("viewer", ["the holder asked", "the third seat", "the host", "a spectator"])
def test_given_twin_games_differing_only_in_an_embezzled_amount_and_the_decks_order_then_every_endpoint_answers_others_byte_for_byte_alike(
    played: tuple[Served, Served], viewer: str
) -> None:
    game = played[0].played  # the same tokens in both
    token = {"the holder asked": game.seats[0], "the third seat": game.seats[1], "the host": game.host, "a spectator": None}[viewer]

    seen_1, seen_2 = everything_seen(played[0], token), everything_seen(played[1], token)

    assert len(seen_1) > 50
    assert {a.status for a in seen_1} >= {200, 404}
    assert_same(seen_1, seen_2)
    view = msgspec.json.decode(seen_1[0].body)
    assert view["embezzlement"]["seat"] == EMBEZZLER
    assert view["seats"][EMBEZZLER]["corporate"] is None  # undisclosed while answered ([EMBEZZLE-AMOUNT])
