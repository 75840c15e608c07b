"""Every ruleset through the REST API: the kernel's routes serve the toy game, which they were not
written for, beside Dodge City in one server. A game is opened, seated, played to its end by
clients that only send what they are offered, replayed and listed; each body is decoded by its
own game; hidden cards stay hidden; the OpenAPI document describes both games without renaming
any of Dodge City's types.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from uuid import UUID

import pytest
from api.app import create_app
from api.document.finish import served_document
from api.dodgecity import API as DODGECITY_API
from domain.offers import AnswerOffer, WithdrawOffer
from domain.ruleset import GameStatus, Outcome, SeatResult
from engine.application import GameService
from engine.audit import verify
from engine.remote import RemoteBotError, play_remote
from litestar import Litestar
from litestar.testing import TestClient

from tests.conformance.engine_games import install_toy
from tests.kernel.toy.api import TOY_API
from tests.kernel.toy.rules import TOY

install_toy()

Client = TestClient[Litestar]
#: Types of the kernel's own that a game's view may hold: they are shared, not a game's.
#: The kernel's types a game's schemas may name, unprefixed: the toy's trades name the offers'.
KERNEL_TYPES = {kind.__name__ for kind in (GameStatus, Outcome, SeatResult, AnswerOffer, WithdrawOffer)} | {"Offer_int_"}


@pytest.fixture
def games() -> Iterator[GameService]:
    service = GameService("memory://")
    yield service
    service.close()


@pytest.fixture
def client(games: GameService) -> Iterator[Client]:
    # The test client hands over a stream's answer only when the stream ends: streams that wait
    # for news close after a second without any (300 s by default), as a live one ends when idle.
    with TestClient(create_app(games, served=[DODGECITY_API, TOY_API], stream_idle_seconds=1.0)) as test_client:
        yield test_client


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _open_toy(client: Client, seed: str) -> tuple[str, str, list[str]]:
    created = client.post("/games", json={"ruleset": "toy", "seed": seed, "settings": {"ante": 2}})
    assert created.status_code == 201, created.text
    assert created.json()["ruleset"] == "toy"
    game_id = created.json()["game_id"]
    tokens = [client.post(f"/games/{game_id}/players", json={"name": name}).json()["token"] for name in ("Ann", "Bob")]
    started = client.post(f"/games/{game_id}/start", headers=_bearer(created.json()["host_token"]))
    assert started.status_code == 200, started.text
    assert started.json()["ruleset"] == "toy"
    return game_id, created.json()["host_token"], tokens


def _play_to_the_end(client: Client, game_id: str, tokens: list[str], seed: str) -> int:
    """Both seats act, each sending one of the actions it is offered, until the game ends."""
    choose = random.Random(seed)
    actions = 0
    while True:
        views = [client.get(f"/games/{game_id}", headers=_bearer(token)).json() for token in tokens]
        if views[0]["status"] == "ended":
            return actions
        offered = [(seat, item) for seat, view in enumerate(views) for item in view["actions"]]
        assert offered, "a running game awaits somebody"
        seat, item = offered[choose.randrange(len(offered))]
        answer = client.post(f"/games/{game_id}/actions", json=item, headers=_bearer(tokens[seat]))
        assert answer.status_code == 200, answer.text
        assert answer.json()["ruleset"] == "toy"
        actions += 1


@pytest.mark.parametrize("seed", ["api-1", "api-2", "api-3"])
def test_given_a_toy_game_when_two_clients_play_it_over_http_then_it_ends_verifies_and_replays(
    client: Client, games: GameService, seed: str
) -> None:
    game_id, _, tokens = _open_toy(client, seed)

    assert _play_to_the_end(client, game_id, tokens, seed) >= 2

    final = client.get(f"/games/{game_id}").json()
    assert final["ruleset"] == "toy"
    assert final["outcome"]["winners"]
    latest = final["version"]
    assert verify(UUID(game_id), games.records(UUID(game_id))).ok
    for version in (0, 1, latest // 2, latest):
        step = client.get(f"/games/{game_id}/states/{version}")
        assert step.status_code == 200
        assert (step.json()["ruleset"], step.json()["version"]) == ("toy", version)
    events = client.get(f"/games/{game_id}/events", params={"limit": 500}).json()
    assert events["events"][0]["type"] == "toy.GameOpened"
    told = client.get(f"/games/{game_id}/narration", params={"limit": 500}).json()["entries"]
    assert len(told) == latest
    assert all(entry["text"] for entry in told)
    # The live stream of an ended game sends every event and closes after the last.
    streamed = client.get(f"/games/{game_id}/stream", params={"after": 0})
    assert streamed.status_code == 200
    ids = [int(line[3:]) for line in streamed.text.splitlines() if line.startswith("id:")]
    assert ids == list(range(1, latest + 1))
    assert client.get(f"/games/{game_id}/stream", headers={"Last-Event-ID": str(latest)}).status_code == 204


def test_given_a_running_toy_game_then_no_seat_and_no_spectator_sees_another_seats_card(client: Client) -> None:
    game_id, _, tokens = _open_toy(client, "hidden")
    spectator = client.get(f"/games/{game_id}").json()
    assert [seat["card"] for seat in spectator["seats"]] == [None, None]
    for me, token in enumerate(tokens):
        seen = client.get(f"/games/{game_id}", headers=_bearer(token)).json()
        assert seen["seats"][me]["card"] in {"J", "Q", "K"}
        assert seen["seats"][1 - me]["card"] is None
        dealt = [e for e in client.get(f"/games/{game_id}/events", headers=_bearer(token)).json()["events"] if e["type"] == "toy.CardDealt"]
        assert [e["card"] for e in dealt if e["seat"] == 1 - me] == ["?"]


def test_given_a_toy_game_then_its_bodies_are_decoded_by_its_own_rules_and_a_refusal_names_a_toy_rule(client: Client) -> None:
    game_id, _, tokens = _open_toy(client, "refusals")
    # Another game's bodies are well formed for the server, and wrong for this game: 409.
    dodgecity_action = {"action": {"kind": "end_turn"}}
    wrong_game = client.post(f"/games/{game_id}/actions", json=dodgecity_action, headers=_bearer(tokens[0]))
    assert wrong_game.status_code == 409
    assert wrong_game.json()["type"].endswith("/wrong-ruleset")
    colour = client.post(f"/games/{game_id}/players", json={"name": "Cy", "colour": "red"})
    assert colour.status_code == 409
    assert colour.json()["type"].endswith("/wrong-ruleset")
    # A body that is no game's is 400, naming what is wrong.
    hat = client.post(f"/games/{game_id}/players", json={"name": "Cy", "hat": "big"})
    assert hat.status_code == 400
    assert "unknown field `hat`" in hat.json()["detail"]
    out_of_turn = client.post(f"/games/{game_id}/actions", json={"action": {"kind": "fold"}}, headers=_bearer(tokens[0]))
    assert out_of_turn.status_code == 409
    assert out_of_turn.json()["rule"].startswith("TOY-")
    unknown_setting = client.post("/games", json={"ruleset": "toy", "settings": {"deck": "standard"}})
    assert unknown_setting.status_code == 400


def test_OFFER_WITHDRAW_given_a_toy_offer_over_http_then_its_unasked_proposer_withdraws_it_through_the_actions_route_and_refusals_name_the_offer_rules(
    client: Client,
) -> None:
    """No route of its own: a withdrawal is an action of the ruleset's union, sent by a seat that
    is asked nothing (docs/OFFERS.md)."""
    game_id, _, tokens = _open_toy(client, "offers")
    actions = f"/games/{game_id}/actions"
    withdrawal = {"action": {"kind": "withdraw_offer", "offer": 1}}
    too_long = client.post(
        actions, json={"action": {"kind": "propose", "gives": 1, "asks": 0, "note": "x" * 201}}, headers=_bearer(tokens[0])
    )
    assert too_long.status_code == 409
    assert too_long.json()["rule"] == "OFFER-NOTE"
    made = client.post(actions, json={"action": {"kind": "propose", "gives": 1, "asks": 0, "note": "for you"}}, headers=_bearer(tokens[0]))
    assert made.status_code == 200, made.text
    offer = {"id": 1, "proposer": 0, "recipient": 1, "proposer_gives": 1, "recipient_gives": 0, "note": "for you"}
    assert client.get(f"/games/{game_id}").json()["offers"] == [offer]
    assert client.get(f"/games/{game_id}", headers=_bearer(tokens[0])).json()["actions"] == []

    by_recipient = client.post(actions, json=withdrawal, headers=_bearer(tokens[1]))
    withdrawn = client.post(actions, json=withdrawal, headers=_bearer(tokens[0]))
    again = client.post(actions, json=withdrawal, headers=_bearer(tokens[0]))

    assert (by_recipient.status_code, by_recipient.json()["rule"]) == (409, "OFFER-WITHDRAW")
    assert withdrawn.status_code == 200, withdrawn.text
    assert client.get(f"/games/{game_id}").json()["offers"] == []
    assert (again.status_code, again.json()["rule"]) == (409, "OFFER-CLOSED")


def test_given_games_of_both_rulesets_then_the_lists_filter_by_ruleset_and_both_are_offered(client: Client) -> None:
    toy_id, _, tokens = _open_toy(client, "lists")
    _play_to_the_end(client, toy_id, tokens, "lists")
    dodgecity = client.post("/games", json={"players": 2}).json()
    assert dodgecity["ruleset"] == "dodgecity"
    by_ruleset = {name: client.get("/games", params={"ruleset": name}).json()["items"] for name in ("toy", "dodgecity")}
    assert [g["game_id"] for g in by_ruleset["toy"]] == [toy_id]
    assert [g["game_id"] for g in by_ruleset["dodgecity"]] == [dodgecity["game_id"]]
    assert {row["name"] for row in client.get("/leaderboard", params={"ruleset": "toy"}).json()} == {"Ann", "Bob"}
    assert client.get("/leaderboard", params={"ruleset": "dodgecity"}).json() == []
    offered = {item["name"]: item for item in client.get("/rulesets").json()}
    assert offered["toy"]["bot_kinds"] == ["random"]
    assert offered["toy"]["default"] is False
    assert client.get("/rulesets/toy").json() == {"rules_version": TOY.rules_version, "deck": ["J", "Q", "K"]}


def test_given_a_toy_game_with_a_bot_seat_then_the_server_plays_the_bot(client: Client) -> None:
    created = client.post("/games", json={"ruleset": "toy", "seed": "bot", "bots": [{}]}).json()
    game_id = created["game_id"]
    token = client.post(f"/games/{game_id}/players", json={"name": "Ann"}).json()["token"]
    client.post(f"/games/{game_id}/start", headers=_bearer(created["host_token"]))
    _play_to_the_end(client, game_id, [token], "bot")
    assert client.get(f"/games/{game_id}").json()["status"] == "ended"


def test_given_two_games_served_then_the_document_adds_the_toy_types_and_renames_none_of_dodgecity(games: GameService) -> None:
    alone = served_document(create_app(games, served=[DODGECITY_API]))["components"]["schemas"]
    both = served_document(create_app(games, served=[DODGECITY_API, TOY_API]))
    schemas = both["components"]["schemas"]
    # Two kernel types list what every game served adds, and so grow with them: the games'
    # names (below), and a stream message's events.
    assert schemas["StreamMessage"] != alone["StreamMessage"]
    for name, schema in alone.items():
        if name in {"RulesetName", "StreamMessage"}:
            continue
        assert schemas.get(name) == schema, f"Dodge City's {name} changed when another game was served"
    added = set(schemas) - set(alone)
    assert {"ToyCallerView", "ToyGameView", "ToyActionRequest", "ToyEventsPage", "ToyNewGame", "ToyNewPlayer", "ToyCatalog"} <= added
    assert {name for name in added if not name.startswith("Toy")} <= KERNEL_TYPES
    body = both["paths"]["/games/{game_id}/actions"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"anyOf": [{"$ref": "#/components/schemas/ActionRequest"}, {"$ref": "#/components/schemas/ToyActionRequest"}]}
    rulesets = both["paths"]["/games"]["get"]["parameters"]
    assert next(p for p in rulesets if p["name"] == "ruleset")["schema"] == {"$ref": "#/components/schemas/RulesetName"}
    assert schemas["RulesetName"]["enum"] == ["dodgecity", "toy"]


def test_given_a_toy_game_then_the_outside_bot_reads_its_ruleset_from_the_view_and_plays_it_to_the_end(client: Client) -> None:
    created = client.post("/games", json={"ruleset": "toy", "seed": "remote", "bots": [{}]}).json()
    game_id = created["game_id"]
    token = client.post(f"/games/{game_id}/players", json={"name": "Ann"}).json()["token"]
    client.post(f"/games/{game_id}/start", headers=_bearer(created["host_token"]))
    client.headers["Authorization"] = f"Bearer {token}"

    result = play_remote(client, game_id, "random", seed="remote", wait_seconds=5)

    final = client.get(f"/games/{game_id}").json()
    assert (result.ruleset, result.seat, final["status"]) == ("toy", 1, "ended")
    assert result.actions >= 1
    assert list(result.winners) == final["outcome"]["winners"]
    assert list(result.points) == [seat["score"] for seat in sorted(final["outcome"]["results"], key=lambda r: r["seat"])]
    with pytest.raises(RemoteBotError, match="unknown bot kind 'heuristic' for toy"):
        play_remote(client, game_id, "heuristic")
