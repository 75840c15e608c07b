"""``X-Forwarded-For`` names the client only when ``serve --forwarded-allow-ips`` names the proxy
that sent it: by default a client cannot pick the address its allowance of new games (and its
``Idempotency-Key``) is counted against. Over real servers, from 127.0.0.1, which uvicorn itself
trusts unless told otherwise."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from api.settings import DEFAULT_GAME_LIMIT
from entrypoints.cli import main

from tests.api.http_players import client_for
from tests.api.servers import serving

ALLOWANCE = DEFAULT_GAME_LIMIT.requests  # 30 new games per address and 10 minutes
#: More requests than the allowance, so that the refusal is seen even should one game's worth
#: (20 s) refill while they are sent.
ATTEMPTS = ALLOWANCE + 5


def _open_game(client: httpx.Client, forwarded_for: str) -> int:
    answer = client.post("/games", json={"players": 2}, headers={"X-Forwarded-For": forwarded_for})
    return answer.status_code


def test_given_the_default_when_games_are_opened_under_made_up_forwarded_addresses_then_they_count_against_the_connecting_address(
    tmp_path: Path,
) -> None:
    with serving(f"sqlite:///{tmp_path / 'games.db'}") as server, client_for(server.url) as client:
        statuses = [_open_game(client, f"203.0.113.{n}") for n in range(ATTEMPTS)]

    assert statuses[:ALLOWANCE] == [201] * ALLOWANCE
    assert 429 in statuses[ALLOWANCE:], statuses


def test_given_the_proxy_is_named_when_one_forwarded_address_spends_its_allowance_then_another_still_opens_games(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with serving(url, "--forwarded-allow-ips", "127.0.0.1") as server, client_for(server.url) as client:
        spent = [_open_game(client, "203.0.113.7") for _ in range(ATTEMPTS)]
        another = _open_game(client, "198.51.100.9")

    assert spent[:ALLOWANCE] == [201] * ALLOWANCE
    assert 429 in spent[ALLOWANCE:], spent
    assert another == 201


@pytest.mark.parametrize("proxies", ["localhost", "10.0.0.1/8", "*,10.0.0.1", "", "10.0.0.1,"])
def test_given_proxies_that_are_not_addresses_when_serving_then_a_usage_error_before_anything_starts(
    proxies: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--forwarded-allow-ips", proxies, "--db", "memory://"])

    assert exited.value.code == 2
    assert "argument --forwarded-allow-ips: " in capsys.readouterr().err.splitlines()[-1]


def test_given_the_help_of_serve_then_it_says_to_name_the_proxy_only_behind_a_reverse_proxy(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])

    text = " ".join(capsys.readouterr().out.split())
    assert "--forwarded-allow-ips IPS behind a reverse proxy that sets X-Forwarded-For" in text
