"""Races over HTTP against real servers: many clients on one version of one game, and two server
processes sharing one PostgreSQL database. Every version is taken exactly once, every loser gets
the documented conflict answer, and the stored log replays to the live state."""

from __future__ import annotations

import functools
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

import httpx
import pytest

from tests.api.http_players import (
    Accepted,
    Attempt,
    Json,
    RandomHttpPlayer,
    SeatedGame,
    all_events,
    as_state,
    assert_tiles,
    awaited_seats,
    client_for,
    open_game,
    problem_kind,
    view_of,
)
from tests.api.servers import Server, run_cli, serving

CLIENTS = 50
RACE_ROUNDS = 12
TWO_SERVER_ROUNDS = 40
SERVER_GAMES = 4
SERVER_GAME_ACTIONS = 120  # accepted actions per game before its clients stop (or its end)
SERVER_SECONDS = 60  # the two-server load stops here whatever happened


def _check_the_log(client: httpx.Client, game: SeatedGame, accepted: Sequence[Accepted]) -> Json:
    """The game's events are 1..latest exactly once, the accepted actions made every event after
    the start, and the live view is what replaying the log to its latest version gives."""
    live = view_of(client, game.game_id)
    events = all_events(client, game.game_id)
    versions = [event["originator_version"] for event in events]
    assert versions == list(range(1, live["version"] + 1)), "the log has a gap or a duplicate"
    assert_tiles(accepted, game.start_version + 1, live["version"], events)
    replayed = client.get(f"/games/{game.game_id}/states/{live['version']}")
    assert replayed.status_code == 200, replayed.text
    assert replayed.json() == as_state(live), "the stored log does not replay to the live state"
    return live


def _verified_and_rebuilt(url: str, games: int) -> None:
    verified = run_cli("verify", "--all", "--db", url)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert f"{games} games verified, 0 failed" in verified.stdout
    rebuilt = run_cli("projections", "rebuild", "--db", url)
    assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
    assert "tables identical" in rebuilt.stdout


def _warm(clients: Sequence[httpx.Client]) -> None:
    """Open every client's connection, so a race is not a race to connect."""
    for client in clients:
        assert client.get("/health").status_code == 200


def test_given_50_clients_acting_on_one_version_at_once_then_each_version_is_taken_exactly_once(durable_url: str) -> None:
    accepted: list[Accepted] = []
    with serving(durable_url) as server, ExitStack() as stack:
        lead = stack.enter_context(client_for(server.url))
        clients = [stack.enter_context(client_for(server.url)) for _ in range(CLIENTS)]
        _warm(clients)
        game = open_game(lead, 3, "fifty-clients")
        choosers = [random.Random(f"fifty/{n}") for n in range(CLIENTS)]
        pool = stack.enter_context(ThreadPoolExecutor(max_workers=CLIENTS))
        last_version = game.start_version
        for round_number in range(RACE_ROUNDS):
            view = view_of(lead, game.game_id)
            assert view["status"] == "running", "the race needs a running game"
            seat = awaited_seats(view)[0]
            players = [RandomHttpPlayer([client], game, seat, n) for n, client in enumerate(clients)]
            version, items = players[0].legal_actions()
            assert version == view["version"] == last_version
            assert items, f"seat {seat} is awaited at version {version} but lists no action"
            barrier = threading.Barrier(CLIENTS)

            def race(
                n: int, items: list[Json] = items, barrier: threading.Barrier = barrier, players: list[RandomHttpPlayer] = players
            ) -> Attempt:
                player = players[n]
                item = items[choosers[n].randrange(len(items))]
                barrier.wait(timeout=30)
                return player.send(item)

            attempts = list(pool.map(race, range(CLIENTS)))
            winners = [a.accepted for a in attempts if a.accepted is not None]
            answers = Counter((a.response.status_code, problem_kind(a.response)) for a in attempts)
            assert len(winners) == 1, f"round {round_number}: {len(winners)} clients won version {version}: {answers}"
            assert answers[(409, "version-conflict")] == CLIENTS - 1, f"round {round_number}: {answers}"
            won = winners[0]
            assert won.expected_version == version
            assert won.version > version, "versions must strictly increase"
            for attempt in attempts:
                if attempt.accepted is None:
                    # All 49 were served after the winner, in this one process: each is told the
                    # version the winner made.
                    assert attempt.response.json()["current_version"] == won.version
            accepted.append(won)
            last_version = won.version

        live = _check_the_log(lead, game, accepted)
        assert live["version"] == last_version
    _verified_and_rebuilt(durable_url, 1)


class _Tally:
    """What every client of the two-server load saw, shared between threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.accepted: list[Accepted] = []
        self.conflicts: list[Json] = []  # every 409 version-conflict body
        self.unexpected: list[str] = []  # any other answer to an action
        self.pairs = 0  # requests sent to both servers at once

    def count(self, game_id: str) -> int:
        with self.lock:
            return sum(1 for a in self.accepted if a.game_id == game_id)

    def note(self, attempt: Attempt) -> None:
        with self.lock:
            if attempt.accepted is not None:
                self.accepted.append(attempt.accepted)
            elif attempt.response.status_code == 409 and problem_kind(attempt.response) == "version-conflict":
                self.conflicts.append(attempt.response.json())
            else:
                self.unexpected.append(f"{attempt.response.status_code} {attempt.response.text[:300]}")


def _seat_client(
    player: RandomHttpPlayer,
    servers: Sequence[httpx.Client],
    tally: _Tally,
    deadline: float,
    pair_sender: Callable[[Callable[[], Attempt]], Attempt],
) -> None:
    """One seat's client: act whenever it may, alternating servers, sometimes sending the same
    action to both servers at once; stop at the game's end or its share of actions."""
    chooser = random.Random(f"pairs/{player.game.game_id}/{player.seat}")
    turn = 0
    while time.monotonic() < deadline and tally.count(player.game.game_id) < SERVER_GAME_ACTIONS:
        _version, items = player.legal_actions()
        if not items:
            if view_of(servers[turn % 2], player.game.game_id)["status"] == "ended":
                return
            turn += 1
            time.sleep(0.005)
            continue
        item = player.choose(items)
        if chooser.random() < 0.25:
            # The same request to both servers at the same moment: one may win, never both.
            other = pair_sender(functools.partial(player.send, item, servers[1]))
            mine = player.send(item, servers[0])
            pair = [mine, other]
            for attempt in pair:
                tally.note(attempt)
            with tally.lock:
                tally.pairs += 1
            assert sum(a.accepted is not None for a in pair) <= 1, "both servers accepted one version"
        else:
            tally.note(player.send(item))


@pytest.fixture
def two_servers(postgres_url: str) -> Iterator[tuple[Server, Server]]:
    with serving(postgres_url) as first, serving(postgres_url) as second:
        yield first, second


def test_given_two_server_processes_on_one_postgresql_database_then_no_event_is_lost_or_duplicated(
    postgres_url: str, two_servers: tuple[Server, Server]
) -> None:
    tally = _Tally()
    failures: list[BaseException] = []
    with ExitStack() as stack:
        lobby = [stack.enter_context(client_for(server.url)) for server in two_servers]
        games = [open_game(lobby[n % 2], 3, f"two-servers-{n}") for n in range(SERVER_GAMES)]
        helpers = stack.enter_context(ThreadPoolExecutor(max_workers=SERVER_GAMES * 3))
        deadline = time.monotonic() + SERVER_SECONDS

        def run(game: SeatedGame, seat: int) -> None:
            # Each seat alternates between the servers, starting on a different one per seat.
            order = list(two_servers) if (seat + games.index(game)) % 2 == 0 else list(reversed(two_servers))

            def pair_sender(send: Callable[[], Attempt]) -> Attempt:
                return helpers.submit(send).result(timeout=60)

            try:
                with client_for(order[0].url) as first, client_for(order[1].url) as second:
                    player = RandomHttpPlayer([first, second], game, seat, f"two-servers/{game.game_id}/{seat}")
                    _seat_client(player, [first, second], tally, deadline, pair_sender)
            except BaseException as error:
                failures.append(error)

        threads = [threading.Thread(target=run, args=(game, seat)) for game in games for seat in range(game.players)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=SERVER_SECONDS + 60)
        assert not any(thread.is_alive() for thread in threads), "a client hung"
        assert not failures, failures[0]
        assert not tally.unexpected, tally.unexpected[:5]
        assert tally.pairs > 0, "no request was sent to both servers at once"

        for game in games:
            mine = [a for a in tally.accepted if a.game_id == game.game_id]
            assert len(mine) >= min(SERVER_GAME_ACTIONS, 20), f"game {game.game_id} barely moved"
            # Both servers see the same log and the same game.
            live = _check_the_log(lobby[0], game, mine)
            assert view_of(lobby[1], game.game_id) == live
            assert all_events(lobby[1], game.game_id) == all_events(lobby[0], game.game_id)
        # Some losers lost in the store rather than in a server's own version check; the next
        # test holds those answers to the documented shape (current_version included).
        assert all(body["status"] == 409 for body in tally.conflicts)
    for server in two_servers:
        server.stop()
    _verified_and_rebuilt(postgres_url, SERVER_GAMES)


def test_given_clients_racing_on_one_version_through_two_servers_then_one_wins_and_every_loser_is_told_the_current_version(
    two_servers: tuple[Server, Server],
) -> None:
    """The documented conflict answer holds across processes too: 409 version-conflict *with*
    the current version, whichever server the loser asked and wherever it lost."""
    racers = 4  # two per server: about every other round, the loser on one server lost in the store
    accepted: list[Accepted] = []
    conflicts: list[Json] = []
    with ExitStack() as stack:
        clients = [stack.enter_context(client_for(two_servers[n % 2].url)) for n in range(racers)]
        _warm(clients)
        game = open_game(clients[0], 3, "two-servers-race")
        pool = stack.enter_context(ThreadPoolExecutor(max_workers=racers))
        for round_number in range(TWO_SERVER_ROUNDS):
            view = view_of(clients[round_number % 2], game.game_id)
            seat = awaited_seats(view)[0]
            players = [RandomHttpPlayer([client], game, seat, n) for n, client in enumerate(clients)]
            version, items = players[1].legal_actions()
            barrier = threading.Barrier(racers)

            def race(
                n: int, items: list[Json] = items, barrier: threading.Barrier = barrier, players: list[RandomHttpPlayer] = players
            ) -> Attempt:
                item = players[n].choose(items)
                barrier.wait(timeout=30)
                return players[n].send(item)

            attempts = list(pool.map(race, range(racers)))
            winners = [a.accepted for a in attempts if a.accepted is not None]
            answers = Counter((a.response.status_code, problem_kind(a.response)) for a in attempts)
            assert len(winners) == 1, f"round {round_number}: {len(winners)} clients won version {version}: {answers}"
            assert answers[(409, "version-conflict")] == racers - 1, f"round {round_number}: {answers}"
            accepted.append(winners[0])
            conflicts.extend(a.response.json() for a in attempts if a.accepted is None)
        _check_the_log(clients[0], game, accepted)

    winners_versions = {a.version for a in accepted}
    without = [body for body in conflicts if body.get("current_version") is None]
    assert not without, (
        f"{len(without)} of {len(conflicts)} version conflicts lost in the store (the other server won the "
        f"insert) are answered without current_version, which the API documents for every stale version: {without[0]}"
    )
    assert all(body["current_version"] in winners_versions for body in conflicts)
