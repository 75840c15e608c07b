"""The clock over real HTTP, against a real `dodgecity serve` on real time: a BANG! – Dodge City
table with one person who never answers and two server bots, on a 5-second clock that hands a
seat over after one timeout, plays itself to its end, and the record verifies ([CLOCK-TIMEOUT],
[CLOCK-ABSENT]). Nothing sleeps a fixed time to wait out a deadline: the test polls for the end,
within a generous bound for a busy machine."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from tests.api.servers import run_cli, serving
from tests.patience import PATIENCE

#: How long the table may take to finish on a loaded machine: one 5-second timeout, then bots.
END_SECONDS = 300


def test_CLOCK_ABSENT_given_a_silent_person_and_two_server_bots_on_a_clock_when_served_then_the_game_ends_by_itself_and_verifies(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with serving(url) as server, httpx.Client(timeout=PATIENCE) as http:
        api = server.url
        created = http.post(
            f"{api}/games",
            json={
                "ruleset": "bang",
                "players": 3,
                "bots": [{"kind": "heuristic"}, {"kind": "heuristic"}],
                "clock": {"decision_seconds": 5, "bot_after_timeouts": 1},
            },
        )
        assert created.status_code == 201, created.text
        game_id, host = created.json()["game_id"], created.json()["host_token"]
        joined = http.post(f"{api}/games/{game_id}/players", json={"name": "Silent Sam"})
        assert joined.status_code == 201, joined.text
        seat = joined.json()["seat"]
        started = http.post(f"{api}/games/{game_id}/start", headers={"Authorization": f"Bearer {host}"})
        assert started.status_code == 200, started.text

        bound = time.monotonic() + END_SECONDS
        while (seen := http.get(f"{api}/games/{game_id}").json())["status"] != "ended":
            assert time.monotonic() < bound, f"the table did not finish: {seen.get('clock')}"
            time.sleep(0.2)
        assert seen["clock"]["decision_seconds"] == 5

        events: list[dict[str, object]] = []
        after = 0
        while True:
            page = http.get(f"{api}/games/{game_id}/events", params={"after": after, "limit": 100}).json()
            events += page["events"]
            if page["next_after"] is None:
                break
            after = page["next_after"]
        types = [event["type"] for event in events]
        assert "kernel.ClockSet" in types
        timed_out = [e for e in events if e["type"] == "kernel.DecisionTimedOut"]
        assert timed_out
        assert {e["seat"] for e in timed_out} == {seat}  # the bots answered in time
        handed = [(e["seat"], e["reason"]) for e in events if e["type"] == "kernel.SeatHandedToBot"]
        assert handed == [(seat, "timeouts")]

        record = http.get(f"{api}/games/{game_id}/record")
        assert record.status_code == 200
    verified = run_cli("verify", game_id, "--db", url)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert f"{game_id}: ok" in verified.stdout
    # The downloaded record imports into another store and verifies there too.
    path = tmp_path / "game.json"
    path.write_bytes(record.content)
    elsewhere = f"sqlite:///{tmp_path / 'elsewhere.db'}"
    imported = run_cli("import", str(path), "--db", elsewhere)
    assert imported.returncode == 0, imported.stdout + imported.stderr
    again = run_cli("verify", game_id, "--db", elsewhere)
    assert again.returncode == 0, again.stdout + again.stderr
