"""A server killed with SIGKILL in the middle of a load of concurrent games, then restarted on the
same database: nothing acknowledged is lost, the log verifies, and the read models catch up to
exactly what a rebuild produces."""

from __future__ import annotations

import threading
import time
from collections import Counter
from uuid import UUID

import httpx
import msgspec
from engine.application import GameService
from engine.records import ActCommand

from tests.api.http_players import (
    Accepted,
    RandomHttpPlayer,
    SeatedGame,
    all_events,
    as_state,
    awaited_seats,
    client_for,
    open_game,
    problem_kind,
    view_of,
    wait_for,
)
from tests.api.servers import Server, run_cli, start_server

GAMES = 8
LOAD_SECONDS = 1.5  # of load before the kill
MIN_ACCEPTED = 20  # the load must really have been running


class _Load:
    """Every seat of every game acting as fast as it can, until the server goes away."""

    def __init__(self, server: Server, games: list[SeatedGame]) -> None:
        self.server = server
        self.games = games
        self.lock = threading.Lock()
        self.accepted: list[Accepted] = []
        self.cut_off: Counter[str] = Counter()  # requests per game that never got an answer
        self.unexpected: list[str] = []
        self.threads = [
            threading.Thread(target=self._seat, args=(game, seat), daemon=True) for game in games for seat in range(game.players)
        ]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def join(self) -> None:
        for thread in self.threads:
            thread.join(timeout=60)
        assert not any(thread.is_alive() for thread in self.threads), "a client hung after the kill"

    def accepted_count(self) -> int:
        with self.lock:
            return len(self.accepted)

    def _seat(self, game: SeatedGame, seat: int) -> None:
        with client_for(self.server.url) as client:
            player = RandomHttpPlayer([client], game, seat, f"crash/{game.game_id}/{seat}")
            while True:
                try:
                    _version, items = player.legal_actions()
                    if not items:
                        if view_of(client, game.game_id)["status"] == "ended":
                            return
                        time.sleep(0.005)
                        continue
                    item = player.choose(items)
                except httpx.TransportError:
                    return  # the server is gone; no action was in flight
                try:
                    attempt = player.send(item)
                except httpx.TransportError:
                    with self.lock:
                        self.cut_off[game.game_id] += 1  # it may or may not have been stored
                    return
                with self.lock:
                    if attempt.accepted is not None:
                        self.accepted.append(attempt.accepted)
                    elif not (attempt.response.status_code == 409 and problem_kind(attempt.response) == "version-conflict"):
                        self.unexpected.append(f"{attempt.response.status_code} {attempt.response.text[:300]}")


def _stored_commands(url: str, games: list[SeatedGame]) -> dict[str, dict[int, ActCommand | None]]:
    """For each game, the command stored on each event (None on events a command caused after
    its first), read straight from the store."""
    app = GameService(url)
    try:
        found: dict[str, dict[int, ActCommand | None]] = {}
        for game in games:
            found[game.game_id] = {
                record.version: record.command if isinstance(record.command, ActCommand) else None
                for record in app.records(UUID(game.game_id))
            }
        return found
    finally:
        app.close()


def _last_position(url: str) -> int:
    app = GameService(url)
    try:
        return int(app.recorder.max_notification_id() or 0)
    finally:
        app.close()


def test_given_a_server_killed_mid_load_then_every_acknowledged_action_survives_and_the_projections_catch_up(
    durable_url: str,
) -> None:
    server = start_server(durable_url)
    try:
        with client_for(server.url) as lobby:
            games = [open_game(lobby, 2 + n % 4, f"crash-{n}") for n in range(GAMES)]
        load = _Load(server, games)
        load.start()
        time.sleep(LOAD_SECONDS)
        assert wait_for(lambda: load.accepted_count() >= MIN_ACCEPTED, seconds=30), "the load never got going"
        playing = sum(thread.is_alive() for thread in load.threads)
        server.kill()  # SIGKILL: the server and its workers stop mid-request, no shutdown code runs
        load.join()
    finally:
        server.kill()
    assert not load.unexpected, load.unexpected[:5]
    assert playing > len(load.threads) // 2, "the games had mostly ended before the kill: not a crash mid-load"
    acknowledged = list(load.accepted)

    restarted = start_server(durable_url)
    try:
        with client_for(restarted.url) as client:
            latest: dict[str, int] = {}
            for game in games:
                events = all_events(client, game.game_id)
                versions = [event["originator_version"] for event in events]
                assert versions == list(range(1, len(events) + 1)), f"game {game.game_id}: the log has a gap or a duplicate"
                latest[game.game_id] = len(events)
                live = view_of(client, game.game_id)
                assert live["version"] == len(events)
                replayed = client.get(f"/games/{game.game_id}/states/{live['version']}")
                assert replayed.json() == as_state(live), "the stored log does not replay to the live state"
            for action in acknowledged:
                assert action.version <= latest[action.game_id], f"acknowledged {action} is missing from the log after the restart"

            # Every game goes on where it stopped: the restarted server acts from the stored log.
            for number, game in enumerate(games):
                view = view_of(client, game.game_id)
                if view["status"] == "ended":
                    continue
                seat = awaited_seats(view)[0]
                attempt = RandomHttpPlayer([client], game, seat, f"after/{number}").step()
                assert attempt is not None, f"seat {seat} is awaited but lists no action"
                assert attempt.accepted is not None, attempt.response.text
                assert attempt.accepted.expected_version == latest[game.game_id]
                acknowledged.append(attempt.accepted)
                latest[game.game_id] = attempt.accepted.version

            # Those commands brought the read models up to the end of the log.
            position = _last_position(durable_url)
            assert wait_for(lambda: client.get("/health").json()["projected_position"] == position), (
                f"the read models stopped at {client.get('/health').json()['projected_position']}, the log ends at {position}"
            )
            listed = {g["game_id"]: g for g in client.get("/games", params={"limit": 100}).json()["items"]}
            for game in games:
                assert listed[game.game_id]["version"] == latest[game.game_id]
                points = {p["seat"]: p["points"] for p in view_of(client, game.game_id)["players"]}
                scores = client.get(f"/games/{game.game_id}/scores").json()
                assert {p["seat"]: p["points"] for p in scores["players"]} == points
    finally:
        restarted.stop()

    # The first event of each acknowledged action carries that very command, and the log holds
    # no command beyond those acknowledged and those whose answer the kill cut off.
    stored = _stored_commands(durable_url, games)
    for action in acknowledged:
        log = stored[action.game_id]
        first = action.expected_version + 1
        if action.action["kind"] == "commit_card":
            # Other seats' commitments may have come first without making its version stale.
            first = next((v for v in range(first, action.version + 1) if (c := log.get(v)) is not None and c.seat == action.seat), first)
        command = log.get(first)
        assert command is not None, f"no command starts at version {first} of {action.game_id}"
        assert command.seat == action.seat
        assert msgspec.json.decode(command.action) == action.action
        later = [log.get(v) for v in range(first + 1, action.version + 1)]
        assert all(c is None for c in later), "an acknowledged action's events hold another command"
    for game in games:
        commands = sum(1 for version, command in stored[game.game_id].items() if command is not None and version > game.start_version)
        answered = sum(1 for action in acknowledged if action.game_id == game.game_id)
        assert answered <= commands <= answered + load.cut_off[game.game_id], (
            f"game {game.game_id}: {commands} commands stored, {answered} acknowledged, {load.cut_off[game.game_id]} cut off"
        )

    verified = run_cli("verify", "--all", "--db", durable_url)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert f"{GAMES} games verified, 0 failed" in verified.stdout
    rebuilt = run_cli("projections", "rebuild", "--db", durable_url)
    assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
    assert "tables identical" in rebuilt.stdout
