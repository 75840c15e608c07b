"""Game records over HTTP, against real servers (``dodgecity serve`` on SQLite files): an ended
game's record is the CLI's export byte for byte and imports anywhere; a running game's record
shows each caller only what GET …/events shows it; POST /games/records verifies a record whole
before storing it. Both games."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from api.routes.records import MAX_RECORD_BYTES
from engine.transfer import export_record, read_record

from tests.api.http_players import bearer, client_for, problem_kind
from tests.api.servers import Server, run_cli, start_server

Json = dict[str, Any]
#: Each game with the largest table of the measurements in api/routes/records.py: the largest records
#: there are (Dodge City's far above the 64 KiB other bodies may have).
GAMES = [("dodgecity", 5), ("bang", 7)]
PLAY_SECONDS = 300.0


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("records")


@pytest.fixture(scope="module")
def origin(places: Path) -> Iterator[Server]:
    server = start_server(f"sqlite:///{places / 'origin.db'}", "--game-limit", "off")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def ended(origin: Server) -> dict[str, str]:
    """An ended all-bot game of each ruleset on the origin server, by ruleset."""
    with client_for(origin.url) as client:
        made = {ruleset: _bot_game(client, ruleset, players) for ruleset, players in GAMES}
        deadline = time.monotonic() + PLAY_SECONDS
        for game_id in made.values():
            while client.get(f"/games/{game_id}").json()["status"] != "ended":
                assert time.monotonic() < deadline, "the bots did not finish their game"
                time.sleep(0.2)
    return made


def _bot_game(client: httpx.Client, ruleset: str, players: int) -> str:
    created = client.post(
        "/games",
        json={"ruleset": ruleset, "players": players, "bots": [{"kind": "heuristic"}] * players},
    )
    assert created.status_code == 201, created.text
    game = created.json()
    started = client.post(f"/games/{game['game_id']}/start", headers=bearer(game["host_token"]))
    assert started.status_code == 200, started.text
    return str(game["game_id"])


def _running_game(client: httpx.Client, ruleset: str, seed: str) -> tuple[str, list[str]]:
    """A started game of three people who have not moved yet, and their tokens."""
    game = client.post("/games", json={"ruleset": ruleset, "players": 3, "seed": seed}).json()
    tokens = [client.post(f"/games/{game['game_id']}/players", json={"name": name}).json()["token"] for name in ("Ann", "Ben", "Cid")]
    started = client.post(f"/games/{game['game_id']}/start", headers=bearer(game["host_token"]))
    assert started.status_code == 200, started.text
    return str(game["game_id"]), tokens


def _events(client: httpx.Client, game_id: str, headers: dict[str, str]) -> list[Json]:
    """Every event GET …/events shows the caller, page by page."""
    events: list[Json] = []
    after: int | None = 0
    while after is not None:
        page = client.get(f"/games/{game_id}/events", params={"after": after, "limit": 500}, headers=headers).json()
        events.extend(page["events"])
        after = page["next_after"]
    return events


@pytest.mark.parametrize(("ruleset", "players"), GAMES, ids=[game[0] for game in GAMES])
def test_given_an_ended_game_when_its_record_is_downloaded_then_it_is_the_cli_export_and_imports_into_a_fresh_database(
    origin: Server, ended: dict[str, str], places: Path, ruleset: str, players: int
) -> None:
    game_id = ended[ruleset]
    downloaded = httpx.get(f"{origin.url}/games/{game_id}/record", timeout=60)
    assert downloaded.status_code == 200
    assert downloaded.headers["content-type"].startswith("application/json")
    exported = run_cli("export", game_id, "--db", f"sqlite:///{places / 'origin.db'}")
    assert exported.returncode == 0, exported.stderr
    assert downloaded.content == exported.stdout.encode()
    if ruleset == "dodgecity":
        # Larger than any other body the API takes. Dodge City's record always is (five players
        # play every pass of every stage: about 450 KB); a BANG! game of seven bots can end in
        # a few rounds (one of 63,632 bytes was seen), so its size proves nothing either way.
        assert len(downloaded.content) > 64 * 1024, len(downloaded.content)
    # Everything is public at the end: a seat's token gets the very same bytes.
    record = downloaded.json()
    assert len(record["players"]) == players

    saved = places / f"{ruleset}-downloaded.json"
    saved.write_bytes(downloaded.content)
    fresh = f"sqlite:///{places / f'fresh-{ruleset}.db'}"
    imported = run_cli("import", str(saved), "--db", fresh)
    assert imported.returncode == 0, imported.stderr
    verified = run_cli("verify", game_id, "--db", fresh)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    again = run_cli("export", game_id, "--db", fresh)
    # The same events, and the header says the game was imported there.
    assert json.loads(again.stdout) == {**record, "imported": True}


@pytest.mark.parametrize("ruleset", [game[0] for game in GAMES])
def test_given_a_running_game_when_each_caller_downloads_its_record_then_it_is_partial_and_shows_what_its_events_show(
    origin: Server, ruleset: str
) -> None:
    seed = f"secret seed of {ruleset} nobody may read"
    with client_for(origin.url) as client:
        game_id, tokens = _running_game(client, ruleset, seed)
        seen: dict[str, list[Json]] = {}
        for who, headers in [("spectator", {}), *((f"seat {i}", bearer(t)) for i, t in enumerate(tokens))]:
            answer = client.get(f"/games/{game_id}/record", headers=headers)
            assert answer.status_code == 200, answer.text
            assert seed.encode() not in answer.content
            partial = answer.json()
            assert partial["format"] == "partial-record"
            assert partial["importable"] is False
            assert partial["ruleset"] == ruleset
            assert partial["seat"] == (None if who == "spectator" else int(who[5:]))
            assert partial["players"] == ["Ann", "Ben", "Cid"]
            assert set(partial) == {"format", "importable", "game_id", "ruleset", "seat", "latest_version", "players", "events"}
            assert partial["events"] == _events(client, game_id, headers)
            assert partial["latest_version"] == partial["events"][-1]["originator_version"]
            seen[who] = partial["events"]
        # Each seat sees its own cards where the others see blanks: four different records.
        assert len({json.dumps(events) for events in seen.values()}) == 4
        # No import takes a partial record, and it says why.
        refused = client.post("/games/records", json=client.get(f"/games/{game_id}/record").json())
        assert refused.status_code == 400
        assert problem_kind(refused) == "invalid-request"
        assert "format" in refused.json()["detail"]


def test_given_an_ended_game_when_it_is_exported_and_imported_over_http_then_the_other_server_has_the_same_game(
    origin: Server, ended: dict[str, str], places: Path
) -> None:
    target = start_server(f"sqlite:///{places / 'target.db'}", "--game-limit", "off")
    try:
        for ruleset, game_id in ended.items():
            record = httpx.get(f"{origin.url}/games/{game_id}/record", timeout=60).content
            assert len(record) < MAX_RECORD_BYTES
            with client_for(target.url) as client:
                imported = client.post("/games/records", content=record, headers={"Content-Type": "application/json"})
                assert imported.status_code == 201, imported.text
                assert imported.headers["location"] == f"/games/{game_id}"
                events = len(json.loads(record)["events"])
                assert imported.json() == {"game_id": game_id, "ruleset": ruleset, "events": events, "verified": True}
                assert client.get(f"/games/{game_id}/record").json() == {**json.loads(record), "imported": True}
                with client_for(origin.url) as there:
                    assert _events(client, game_id, {}) == _events(there, game_id, {})

                again = client.post("/games/records", content=record, headers={"Content-Type": "application/json"})
                assert again.status_code == 409
                assert problem_kind(again) == "game-exists"
    finally:
        target.stop()
    verified = run_cli("verify", "--all", "--db", f"sqlite:///{places / 'target.db'}")
    assert verified.returncode == 0, verified.stdout
    assert "2 games verified, 0 failed" in verified.stdout


def test_given_a_record_that_does_not_verify_when_imported_over_http_then_it_is_422_saying_why_and_nothing_is_stored(
    origin: Server, ended: dict[str, str], places: Path
) -> None:
    game_id = ended["dodgecity"]
    record = httpx.get(f"{origin.url}/games/{game_id}/record", timeout=60).json()
    created = record["events"][0]
    target = start_server(f"sqlite:///{places / 'refusing.db'}", "--game-limit", "off")
    try:
        with client_for(target.url) as client:
            # One event changed: its hash no longer chains.
            tampered = json.loads(json.dumps(record))
            tampered["events"][5]["recorded_at"] = "2000-01-01T00:00:00+00:00"
            refused = client.post("/games/records", json=tampered)
            assert refused.status_code == 422, refused.text
            assert problem_kind(refused) == "record-rejected"
            assert "verification at version 6" in refused.json()["detail"]

            # A commitment the game was not made under.
            wrong = client.post("/games/records", json=record, params={"commitment": "0" * 64})
            assert wrong.status_code == 422
            assert "commitment" in wrong.json()["detail"]
            assert client.get(f"/games/{game_id}").status_code == 404

            # Not JSON by its Content-Type, and larger than any record.
            assert client.post("/games/records", content=b"x", headers={"Content-Type": "text/plain"}).status_code == 415
            huge = client.post("/games/records", content=b" " * (MAX_RECORD_BYTES + 1), headers={"Content-Type": "application/json"})
            assert huge.status_code == 413
            assert problem_kind(huge) == "request-entity-too-large"

            # The commitment published when the game was created is the right one.
            commitment = httpx.get(f"{origin.url}/games/{game_id}").json()["seed_commitment"]
            accepted = client.post("/games/records", json=record, params={"commitment": commitment})
            assert accepted.status_code == 201, accepted.text
            assert created["type"] in {e["type"] for e in _events(client, game_id, {})}
    finally:
        target.stop()


def test_given_an_address_that_spent_its_game_allowance_when_it_imports_then_it_is_429(
    origin: Server, ended: dict[str, str], places: Path
) -> None:
    record = httpx.get(f"{origin.url}/games/{ended['bang']}/record", timeout=60).content
    target = start_server(f"sqlite:///{places / 'limited.db'}", "--game-limit", "1/10minutes")
    try:
        with client_for(target.url) as client:
            assert client.post("/games", json={"players": 2}).status_code == 201
            limited = client.post("/games/records", content=record, headers={"Content-Type": "application/json"})
            assert limited.status_code == 429
            assert int(limited.headers["retry-after"]) >= 1
            assert client.get(f"/games/{ended['bang']}").status_code == 404
    finally:
        target.stop()


def test_given_the_root_when_fetched_or_headed_then_it_redirects_to_the_page_and_is_not_in_the_document(origin: Server) -> None:
    for method in ("GET", "HEAD"):
        answer = httpx.request(method, f"{origin.url}/", follow_redirects=False)
        assert answer.status_code == 307
        assert answer.headers["location"] == "/play"
        assert answer.content == b""
    assert httpx.get(f"{origin.url}/", follow_redirects=True).url.path == "/play"
    document = httpx.get(f"{origin.url}/schema/openapi.json").json()
    assert "/" not in document["paths"]
    assert {"/games/{game_id}/record", "/games/records"} <= set(document["paths"])


def test_given_every_golden_record_when_imported_over_http_then_each_is_stored_verified_and_downloads_as_the_same_game_in_todays_format(
    places: Path,
) -> None:
    """Both old format versions and every stored generation of records: the body's schema must
    take every record the CLI takes. Downloaded again, each is today's ``game-record``, as
    ``export_record`` writes the same game (docs/WIRE.md)."""
    golden = sorted((Path(__file__).parents[1] / "golden").glob("*/*.json"))
    records = [path for path in golden if path.name != "manifest.json"]
    assert {json.loads(path.read_bytes())["format_version"] for path in records} == {1, 2}
    target = start_server(f"sqlite:///{places / 'golden.db'}", "--game-limit", "off")
    try:
        with client_for(target.url) as client:
            for path in records:
                record = path.read_bytes()
                imported = client.post("/games/records", content=record, headers={"Content-Type": "application/json"})
                assert imported.status_code == 201, f"{path.name}: {imported.text}"
                assert imported.json()["verified"] is True
                game_id = imported.json()["game_id"]
                if client.get(f"/games/{game_id}").json()["status"] == "ended":
                    again = client.get(f"/games/{game_id}/record").json()
                    assert again == json.loads(export_record(*read_record(record), imported=True)), path.name
                    assert (again["format"], again["format_version"]) == ("game-record", 3)
    finally:
        target.stop()
