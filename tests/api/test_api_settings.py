"""The server's settings over HTTP: CORS, the largest request body and the rate limit; the store's
worker threads; and how they are read from the environment."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from api.app import create_app
from api.http.threads import in_worker_thread, use_store_threads
from api.settings import MAX_BODY_BYTES, MAX_THREADS, ApiSettings, RateLimit, SettingsError
from engine.application import GameService
from engine.database import Backend
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.servers import run_cli
from tests.patience import PATIENCE

Client = TestClient[Litestar]

ORIGIN = "http://example.test"
PROBLEM_FIELDS = {"type", "title", "status", "detail", "instance"}
PREFLIGHT = {"Origin": ORIGIN, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, idempotency-key"}


@pytest.fixture(scope="module")
def games() -> Iterator[GameService]:
    store = GameService("memory://")
    yield store
    store.close()


def serve(games: GameService, settings: ApiSettings | None = None) -> Client:
    return TestClient(create_app(games, settings=settings, stream_idle_seconds=0.1))


def is_problem(response: httpx.Response, status: int, kind: str) -> dict[str, object]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, object] = response.json()
    assert body.keys() >= PROBLEM_FIELDS
    assert body["status"] == status
    assert str(body["type"]).endswith("/" + kind)
    return body


def cors_headers(response: httpx.Response) -> set[str]:
    return {name for name in response.headers if name.lower().startswith("access-control-")}


# -- CORS ---------------------------------------------------------------------------------------


def test_given_cors_origins_then_a_preflight_from_one_of_them_is_allowed(games: GameService) -> None:
    with serve(games, ApiSettings(cors_origins=(ORIGIN,))) as client:
        for path in ("/games", "/leaderboard", "/games/00000000-0000-0000-0000-000000000000/actions"):
            answer = client.options(path, headers=PREFLIGHT)
            assert answer.status_code in {200, 204}
            assert answer.headers["access-control-allow-origin"] == ORIGIN
            allowed_headers = {h.strip().lower() for h in answer.headers["access-control-allow-headers"].split(",")}
            assert {"authorization", "idempotency-key", "if-match", "if-none-match", "last-event-id"} <= allowed_headers
            assert "POST" in answer.headers["access-control-allow-methods"]


def test_given_cors_origins_then_answers_to_that_origin_expose_the_api_headers(games: GameService) -> None:
    with serve(games, ApiSettings(cors_origins=(ORIGIN,))) as client:
        created = client.post("/games", json={"players": 2, "seed": "cors"}, headers={"Origin": ORIGIN})
        assert created.status_code == 201
        assert created.headers["access-control-allow-origin"] == ORIGIN
        exposed = {h.strip().lower() for h in created.headers["access-control-expose-headers"].split(",")}
        assert {"etag", "location", "idempotent-replayed", "retry-after"} <= exposed
        # Other origins are not allowed.
        elsewhere = client.get("/leaderboard", headers={"Origin": "http://elsewhere.test"})
        assert elsewhere.status_code == 200
        assert "access-control-allow-origin" not in elsewhere.headers
        assert client.options("/games", headers=PREFLIGHT | {"Origin": "http://elsewhere.test"}).status_code >= 400


def test_given_no_cors_origins_then_no_cors_headers_at_all(games: GameService) -> None:
    with serve(games) as client:
        preflight = client.options("/games", headers=PREFLIGHT)
        assert preflight.status_code == 204
        assert "GET" in preflight.headers["allow"]
        assert cors_headers(preflight) == set()
        plain = client.get("/leaderboard", headers={"Origin": ORIGIN})
        assert plain.status_code == 200
        assert cors_headers(plain) == set()


@pytest.mark.parametrize(
    "refused",
    [
        {"Origin": "http://elsewhere.test"},
        {"Access-Control-Request-Headers": "x-not-allowed"},
    ],
)
def test_given_a_preflight_cors_does_not_allow_then_it_is_refused_with_a_problem(games: GameService, refused: dict[str, str]) -> None:
    with serve(games, ApiSettings(cors_origins=(ORIGIN,))) as client:
        answer = client.options("/games", headers=PREFLIGHT | refused)
        body = is_problem(answer, 400, "bad-request")
        assert "CORS preflight refused" in str(body["detail"])
        assert body["instance"] == "/games"
        assert int(answer.headers["content-length"]) == len(answer.content)
        assert "access-control-allow-origin" not in answer.headers


# -- the largest body ---------------------------------------------------------------------------


def test_given_a_body_larger_than_the_limit_then_413_and_no_game_is_created(games: GameService) -> None:
    with serve(games, ApiSettings(max_body_bytes=100)) as client:
        before = client.get("/games").json()["total"]
        small = client.post("/games", json={"players": 2, "seed": "small"})
        assert small.status_code == 201
        large = client.post("/games", json={"players": 2, "seed": "x" * 120})
        is_problem(large, 413, "request-entity-too-large")
        game_id = small.json()["game_id"]
        is_problem(
            client.post(f"/games/{game_id}/players", json={"name": "A" * 40, "colour": "green", "pad": "y" * 80}),
            413,
            "request-entity-too-large",
        )
        assert client.get("/games").json()["total"] == before + 1
        assert client.get(f"/games/{game_id}").json()["players"] == []


def test_given_the_default_settings_then_a_real_request_fits_and_a_huge_body_is_413(games: GameService) -> None:
    with serve(games) as client:
        assert client.post("/games", json={"players": 5, "seed": "s" * 128, "variants": {"max_passes": 1000}}).status_code == 201
        is_problem(
            client.post("/games", content=b" " * (MAX_BODY_BYTES + 1), headers={"content-type": "application/json"}),
            413,
            "request-entity-too-large",
        )


# -- the rate limit -----------------------------------------------------------------------------


def test_given_a_rate_limit_when_a_client_spends_it_then_429_with_an_integer_retry_after(games: GameService) -> None:
    with serve(games, ApiSettings(rate_limit=RateLimit.parse("3/hour"))) as client:
        assert [client.get("/leaderboard").status_code for _ in range(3)] == [200, 200, 200]
        for path in ("/leaderboard", "/games", "/games/00000000-0000-0000-0000-000000000000/board"):
            limited = client.get(path)
            is_problem(limited, 429, "too-many-requests")
            retry_after = limited.headers["retry-after"]
            assert retry_after.isdigit()
            assert 1 <= int(retry_after) <= 3600
        is_problem(client.post("/games", json={"players": 2}), 429, "too-many-requests")


def test_given_a_per_second_rate_limit_then_retry_after_is_rounded_up_to_a_whole_second(games: GameService) -> None:
    with serve(games, ApiSettings(rate_limit=RateLimit.parse("2/second"))) as client:
        answers = [client.get("/leaderboard") for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429]
    # The bucket refills in half a second; Retry-After is whole seconds, never 0.
    assert answers[-1].headers["retry-after"] == "1"


def test_given_a_rate_limit_then_health_is_never_limited(games: GameService) -> None:
    with serve(games, ApiSettings(rate_limit=RateLimit.parse("2/hour"))) as client:
        assert [client.get("/health").status_code for _ in range(20)] == [200] * 20
        assert [client.get("/leaderboard").status_code for _ in range(3)] == [200, 200, 429]
        assert client.get("/health").status_code == 200


def test_given_a_rate_limit_when_tokens_name_nobody_then_they_count_as_the_address(games: GameService) -> None:
    with serve(games, ApiSettings(rate_limit=RateLimit.parse("2/hour"))) as client:
        made_up = [{"Authorization": f"Bearer made-up-{n}"} for n in range(3)]
        assert [client.get("/leaderboard", headers=headers).status_code for headers in made_up] == [200, 200, 429]
        assert client.get("/leaderboard").status_code == 429


def test_given_a_rate_limit_then_each_app_counts_afresh(games: GameService) -> None:
    settings = ApiSettings(rate_limit=RateLimit.parse("1/hour"))
    with serve(games, settings) as client:
        assert [client.get("/leaderboard").status_code for _ in range(2)] == [200, 429]
    with serve(games, settings) as client:
        assert client.get("/leaderboard").status_code == 200


def test_given_no_rate_limit_then_many_requests_are_all_answered(games: GameService) -> None:
    with serve(games) as client:
        assert {client.get("/leaderboard").status_code for _ in range(200)} == {200}


# -- reading the settings -----------------------------------------------------------------------


def test_given_an_empty_environment_then_the_defaults() -> None:
    settings = ApiSettings.from_environment({})
    assert settings == ApiSettings()
    assert (settings.cors_origins, settings.rate_limit, settings.max_body_bytes) == ((), None, MAX_BODY_BYTES)


def test_given_the_environment_variables_then_origins_and_rate_are_parsed() -> None:
    settings = ApiSettings.from_environment(
        {"DODGECITY_CORS_ORIGINS": " http://a.test , http://b.test,, ", "DODGECITY_RATE_LIMIT": " 120 / minute ", "OTHER": "x"}
    )
    assert settings.cors_origins == ("http://a.test", "http://b.test")
    assert settings.rate_limit == RateLimit(requests=120, period=60.0)
    assert settings.max_body_bytes == MAX_BODY_BYTES


def test_given_blank_environment_variables_then_they_are_off() -> None:
    settings = ApiSettings.from_environment({"DODGECITY_CORS_ORIGINS": " , ", "DODGECITY_RATE_LIMIT": "   "})
    assert (settings.cors_origins, settings.rate_limit) == ((), None)


def test_given_a_bad_rate_in_the_environment_then_a_settings_error() -> None:
    with pytest.raises(SettingsError, match="120/minute"):
        ApiSettings.from_environment({"DODGECITY_RATE_LIMIT": "lots"})


def test_given_the_process_environment_then_it_is_read_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DODGECITY_CORS_ORIGINS", "*")
    monkeypatch.setenv("DODGECITY_RATE_LIMIT", "5/hour")
    assert ApiSettings.from_environment() == ApiSettings(cors_origins=("*",), rate_limit=RateLimit(requests=5, period=3600.0))


@pytest.mark.parametrize(
    ("text", "requests", "period"),
    [("1/second", 1, 1.0), ("120/minute", 120, 60.0), (" 7 / hour ", 7, 3600.0), ("0010/second", 10, 1.0)],
)
def test_given_a_rate_then_it_parses_and_prints_back(text: str, requests: int, period: float) -> None:
    rate = RateLimit.parse(text)
    assert (rate.requests, rate.period) == (requests, period)
    assert RateLimit.parse(str(rate)) == rate
    assert str(rate) == f"{requests}/{text.split('/')[1].strip()}"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "0/second",
        "-1/second",
        "5/day",
        "5/seconds",
        "5 per minute",
        "five/minute",
        "5",
        "/minute",
        "1.5/second",
        "5/minute/extra",
    ],
)
def test_given_a_malformed_rate_then_a_settings_error_saying_what_would_work(text: str) -> None:
    with pytest.raises(SettingsError) as raised:
        RateLimit.parse(text)
    assert "120/minute" in str(raised.value)
    assert isinstance(raised.value, ValueError)


# -- the store's worker threads -----------------------------------------------------------------


def test_given_threads_in_the_environment_then_they_are_read_and_bad_counts_refused() -> None:
    assert ApiSettings.from_environment({}).threads is None
    assert ApiSettings.from_environment({"DODGECITY_THREADS": " 3 "}).threads == 3
    for bad in ["0", "-1", "x", "1.5", str(MAX_THREADS + 1)]:
        with pytest.raises(SettingsError, match=f"1 to {MAX_THREADS}"):
            ApiSettings.from_environment({"DODGECITY_THREADS": bad})


@pytest.mark.parametrize(
    ("backend", "requested", "most"),
    [(Backend.SQLITE, None, 1), (Backend.MEMORY, None, 1), (Backend.POSTGRESQL, None, 2), (Backend.SQLITE, 3, 3)],
)
def test_given_a_thread_count_then_the_store_work_runs_on_at_most_that_many_threads(
    backend: Backend, requested: int | None, most: int
) -> None:
    async def names() -> tuple[int, set[str]]:
        count = use_store_threads(backend, requested)
        started = threading.Barrier(most, timeout=PATIENCE)

        def work() -> str:
            if most > 1:
                started.wait()  # all of them at once: proves there are that many threads
            time.sleep(0.01)
            return threading.current_thread().name

        seen = await asyncio.gather(*(in_worker_thread(work) for _ in range(most * 4)))
        return count, set(seen)

    count, seen = asyncio.run(names())
    assert count == most
    assert len(seen) == most
    assert all(name.startswith("store") for name in seen)


def test_given_a_bad_thread_count_then_serve_refuses_it_before_starting() -> None:
    finished = run_cli("serve", "--threads", "0", "--db", "memory://")
    assert finished.returncode == 2
    assert "threads '0' is not a whole number from 1 to 64" in finished.stderr
