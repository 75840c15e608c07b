"""One wire for every game (docs/WIRE.md), checked the same way for each ruleset served, the toy
included: the live stream names events ``<ruleset>.<Event>`` and ``kernel.<Event>``; an ended
game's record is a ``game-record`` of version 3 naming its ruleset; every view says ``status`` as
the kernel's ``GameStatus`` and ``game_id`` as a UUID, and so does the OpenAPI document; the
narration tells every event in the past tense; and the document's version is the package's.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from importlib.metadata import version as installed_version
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from api.app import create_app
from api.bang import API as BANG_API
from api.document.finish import served_document
from api.dodgecity import API as DODGECITY_API
from api.dogeatdog import API as DOGEATDOG_API
from domain.events.base import DomainEvent
from domain.events.kernel import ClockSet, DecisionTimedOut, GameAbandoned, SeatHandedToBot, SeatTakenBack
from domain.registry import wire_name
from domain.ruleset import GameStatus
from engine.application import GameService
from engine.simulation import simulate
from litestar import Litestar
from litestar.testing import TestClient

from tests.conformance.engine_games import install_toy
from tests.conformance.playouts import playout
from tests.conformance.rulesets import RULESETS, RulesetUnderTest
from tests.conformance.tense import tense_faults
from tests.kernel.toy.api import TOY_API

install_toy()

Client = TestClient[Litestar]
ROOT = Path(__file__).parents[2]
SERVED = [DODGECITY_API, BANG_API, DOGEATDOG_API, TOY_API]
#: The seats of the simulated game each ruleset is checked with (its fewest).
SEATS = {api.name: api.rules.min_seats for api in SERVED}
EACH_SERVED = [pytest.param(api.name, id=api.name) for api in SERVED]
EACH_RULESET = [pytest.param(entry, id=entry.id) for entry in RULESETS]


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[Client, dict[str, UUID]]]:
    """A server of every game, with one ended game of each, simulated between random players."""
    games = GameService("memory://")
    ended: dict[str, UUID] = {}
    for name, seats in SEATS.items():
        before = set(games.game_ids())
        summary = simulate(1, seats, f"wire-{name}", store=games.store_game, ruleset=name, bots=("random",))
        assert not summary.failed, summary.errors
        (ended[name],) = set(games.game_ids()) - before
    with TestClient(create_app(games, served=SERVED)) as client:
        yield client, ended
    games.close()


# -- the stream's event names -------------------------------------------------------------------


def _stream_messages(text: str) -> list[dict[str, str]]:
    messages = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if "event" in fields:
            messages.append(fields)
    return messages


@pytest.mark.parametrize("ruleset", EACH_SERVED)
def test_given_an_ended_game_of_any_ruleset_when_streamed_then_every_event_is_named_ruleset_dot_event(
    served: tuple[Client, dict[str, UUID]], ruleset: str
) -> None:
    client, ended = served
    answer = client.get(f"/games/{ended[ruleset]}/stream", params={"after": 0})
    assert answer.status_code == 200

    messages = _stream_messages(answer.text)
    latest = client.get(f"/games/{ended[ruleset]}").json()["version"]
    assert [int(message["id"]) for message in messages] == list(range(1, latest + 1))
    for message in messages:
        data_type = json.loads(message["data"])["type"]
        scope, _, event = message["event"].partition(".")
        assert scope in {ruleset, "kernel"}, message["event"]
        assert re.fullmatch(r"[A-Z][A-Za-z0-9]*", event), message["event"]
        assert data_type.rpartition(".")[2] == event  # the same event as the data's `type`


@pytest.mark.parametrize("entry", EACH_RULESET)
def test_given_every_event_class_of_a_ruleset_then_its_wire_name_is_its_ruleset_dot_its_name_and_unique(entry: RulesetUnderTest) -> None:
    rules = entry.rules
    names = [wire_name(rules, event_type) for event_type in rules.event_types]

    assert all(name.startswith(f"{rules.name}.") for name in names)
    assert len(set(names)) == len(names)
    assert wire_name(rules, ClockSet) == "kernel.ClockSet"


# -- the record's format ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", EACH_SERVED)
def test_given_an_ended_game_of_any_ruleset_when_its_record_is_read_then_it_is_a_game_record_naming_its_ruleset(
    served: tuple[Client, dict[str, UUID]], ruleset: str
) -> None:
    client, ended = served
    record = client.get(f"/games/{ended[ruleset]}/record").json()

    assert (record["format"], record["format_version"]) == ("game-record", 3)
    assert record["ruleset"] == ruleset
    assert UUID(record["game_id"]) == ended[ruleset]
    assert {"seats", "settings", "rules_version"} <= record.keys()
    assert not {"max_players", "variants"} & record.keys()


@pytest.mark.parametrize("ruleset", EACH_SERVED)
def test_given_a_running_game_of_any_ruleset_when_its_record_is_read_then_it_is_a_partial_record(
    served: tuple[Client, dict[str, UUID]], ruleset: str
) -> None:
    client, _ = served
    created = client.post("/games", json={"ruleset": ruleset})
    assert created.status_code == 201, created.text

    record = client.get(f"/games/{created.json()['game_id']}/record").json()

    assert (record["format"], record["importable"], record["ruleset"]) == ("partial-record", False, ruleset)


# -- status and ids -----------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", EACH_SERVED)
def test_given_games_of_any_ruleset_then_views_say_status_as_the_kernels_words_and_game_id_as_a_uuid(
    served: tuple[Client, dict[str, UUID]], ruleset: str
) -> None:
    client, ended = served
    created = client.post("/games", json={"ruleset": ruleset}).json()

    for game_id, status in ((ended[ruleset], "ended"), (UUID(created["game_id"]), "lobby")):
        view = client.get(f"/games/{game_id}").json()
        assert (view["ruleset"], view["status"]) == (ruleset, status)
        assert UUID(view["game_id"]) == game_id
        assert view["status"] in {status.value for status in GameStatus}


def test_given_the_document_then_every_games_status_is_the_game_status_enum_and_every_game_id_a_uuid(
    served: tuple[Client, dict[str, UUID]],
) -> None:
    client, _ = served
    schemas = client.get("/schema/openapi.json").json()["components"]["schemas"]
    views = [f"{api.prefix}{kind}" for api in SERVED for kind in ("GameView", "CallerView")]

    for view in views:
        assert schemas[view]["properties"]["status"] == {"$ref": "#/components/schemas/GameStatus"}, view
    assert schemas["GameStatus"]["enum"] == [status.value for status in GameStatus]
    with_game_id = {name: schema["properties"]["game_id"] for name, schema in schemas.items() if "game_id" in schema.get("properties", {})}
    assert set(views) <= set(with_game_id)
    assert {name for name, field in with_game_id.items() if field.get("format") != "uuid"} == set()


# -- narration ----------------------------------------------------------------------------------


def _kernel_events() -> list[DomainEvent]:
    return [
        ClockSet(decision_seconds=60, reserve_seconds=300, bot_after_timeouts=2, stand_in="random"),
        DecisionTimedOut(seat=0, decision="play_card", deadline="2026-01-01T00:01:00+00:00", at="2026-01-01T00:01:00+00:00", in_row=1),
        DecisionTimedOut(
            seat=1, decision="play_card", deadline="2026-01-01T00:01:00+00:00", at="2026-01-01T00:01:00+00:00", in_row=1, claimed_by=0
        ),
        SeatHandedToBot(seat=0, bot="random", reason="timeouts"),
        SeatHandedToBot(seat=1, bot="random", reason="host"),
        SeatTakenBack(seat=0),
        GameAbandoned(after_seconds=86_400),
    ]


@pytest.mark.parametrize("entry", EACH_RULESET)
def test_given_a_random_game_of_any_ruleset_when_told_then_every_sentence_is_in_the_past_tense(entry: RulesetUnderTest) -> None:
    played = playout(entry, entry.seat_counts[0], entry.seeds[0])
    rules = entry.rules
    names = [seat.name for seat in played.game.seats()]
    settings = rules.opening(played.events[0]).settings
    told = [
        rules.describe(rules.event_view(event, viewer, game_ended=False), names, settings)
        for event in [*played.events, *_kernel_events()]
        for viewer in (None, 0)
    ]

    assert tense_faults(told) == []


def test_given_sentences_in_the_present_then_the_tense_check_finds_them() -> None:
    faults = tense_faults(["Ann played the Queen.", "Bob plays the King.", "The game is over.", "Turn 3: Ann."])

    assert len(faults) == 3
    assert all("Ann played" not in fault for fault in faults)


@pytest.mark.parametrize("ruleset", EACH_SERVED)
def test_given_an_ended_game_of_any_ruleset_when_narrated_over_http_then_every_entry_is_in_the_past_tense(
    served: tuple[Client, dict[str, UUID]], ruleset: str
) -> None:
    client, ended = served
    entries = client.get(f"/games/{ended[ruleset]}/narration", params={"limit": 500}).json()["entries"]

    assert entries
    assert tense_faults([entry["text"] for entry in entries]) == []


# -- one version number -------------------------------------------------------------------------


def test_given_the_served_and_committed_documents_then_their_version_is_the_packages(served: tuple[Client, dict[str, UUID]]) -> None:
    client, _ = served
    package = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    documents: list[dict[str, Any]] = [
        client.get("/schema/openapi.json").json(),
        served_document(client.app),
        *(json.loads(path.read_text()) for path in sorted((ROOT / "openapi").rglob("*.json"))),
    ]

    assert installed_version("dodgecity-engine") == package  # reinstall (`pip install -e .`) after a bump
    assert {document["info"]["version"] for document in documents} == {package}
