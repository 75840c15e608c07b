"""A client generated from each committed OpenAPI document plays a complete game against a real
server, with the generated functions and models alone: what a developer who adopts the API with
openapi-python-client gets, checked in CI.

For each document (the whole server's, and each ruleset's alone) and each game it describes:
create the game, take a seat, seat bots in the others, start, then list the seat's legal actions
and perform one (a seeded random choice) until the game has ended; then the final view says
ended, its seed matches the commitment published at creation, the events read back page by page
run from version 1 to the last without a gap and end with the game's end, and the stream of the
ended game, read whole, holds the same events.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

from tests.api.servers import Server
from tests.client.generated import DOCUMENTS, operation

#: A bound on the client's requests in one game, so a game that never ends fails instead of
#: hanging (the longest of these games needs a few hundred).
MAX_REQUESTS = 20_000
#: How long the client waits before looking again while the bots play.
BOTS_PAUSE = 0.01


@dataclass(frozen=True)
class Game:
    """How the test plays one ruleset with a generated client."""

    prefix: str  # of the game's component (and so model) names
    players: int
    new_game: Callable[[ModuleType, str], Any]  # the POST /games body, from the models and a seed


GAMES = {
    "dodgecity": Game(
        prefix="",
        players=2,
        # one pass instead of 30: a complete game (it ends at the pass limit) in a few seconds
        new_game=lambda models, seed: models.NewGame(players=2, seed=seed, settings=models.Variants(max_passes=1)),
    ),
    "bang": Game(
        prefix="Bang",
        players=3,
        new_game=lambda models, seed: models.BangNewGame(ruleset=models.BangNewGameRuleset.BANG, players=3, seed=seed),
    ),
    "dogeatdog": Game(
        prefix="DogEatDog",
        players=3,
        # the short game of six rounds ([OPT-SHORT-ROUNDS]): a complete game in a few seconds
        new_game=lambda models, seed: models.DogEatDogNewGame(
            ruleset=models.DogEatDogNewGameRuleset.DOGEATDOG,
            players=3,
            seed=seed,
            settings=models.DogEatDogSettings(round_limit=models.DogEatDogSettingsRoundLimitType0.VALUE_6),
        ),
    ),
}


def _games_described() -> list[tuple[str, str]]:
    """(document, ruleset) for every game each committed document describes."""
    pairs: list[tuple[str, str]] = []
    for name, path in DOCUMENTS.items():
        rulesets = json.loads(path.read_text())["components"]["schemas"]["RulesetName"]["enum"]
        pairs.extend((name, ruleset) for ruleset in rulesets)
    return pairs


def call(package: ModuleType, name: str, status: int, /, **arguments: Any) -> Any:
    """Call the generated operation ``name``; answer its parsed body, which must be ``status``'s."""
    response = operation(package, name).sync_detailed(**arguments)
    assert response.status_code == status, f"{name}: {response.status_code} {response.content!r}"
    return response.parsed


@pytest.mark.parametrize(("document", "ruleset"), _games_described())
def test_given_a_client_generated_from_the_document_when_it_plays_a_game_with_bots_then_the_game_ends_and_its_events_verify(
    document: str, ruleset: str, server: Server, generated_client: Callable[[str], ModuleType]
) -> None:
    assert ruleset in GAMES, f"say in GAMES how a generated client plays {ruleset}"
    game = GAMES[ruleset]
    client = generated_client(document)
    models = client.models

    def model(name: str) -> Any:
        return getattr(models, f"{game.prefix}{name}")

    anyone = client.Client(base_url=server.url)
    created = call(client, "create_game", 201, client=anyone, body=game.new_game(models, f"client-{document}"))
    assert isinstance(created, models.CreatedGame)
    game_id = created.game_id
    host = client.AuthenticatedClient(base_url=server.url, token=created.host_token)
    taken = call(client, "join_game", 201, game_id=game_id, client=anyone, body=model("NewPlayer")(name="Ada"))
    assert isinstance(taken, models.SeatTaken)
    seat = client.AuthenticatedClient(base_url=server.url, token=taken.token)
    for _ in range(game.players - 1):
        bot = model("NewBot")(kind=model("NewBotKind").RANDOM)
        seated = call(client, "add_bot", 201, game_id=game_id, client=host, body=bot)
        assert isinstance(seated, models.BotSeated)
    # the optional body left out, as a generated function lets one
    started = call(client, "start_game", 200, game_id=game_id, client=host)
    assert isinstance(started, model("GameView"))

    choices = random.Random(f"{document}-{ruleset}")
    performed = 0
    for _ in range(MAX_REQUESTS):
        legal = call(client, "list_actions", 200, game_id=game_id, client=seat)
        assert isinstance(legal, model("LegalActions"))
        if legal.actions:
            chosen = choices.choice(legal.actions)
            body = model("ActionRequest")(action=chosen.action, expected_version=legal.version)
            after = call(client, "perform_action", 200, game_id=game_id, client=seat, body=body)
            assert isinstance(after, model("CallerView"))
            performed += 1
            continue
        view = call(client, "get_game", 200, game_id=game_id, client=seat)
        if view.status == "ended":
            break
        time.sleep(BOTS_PAUSE)  # the bots' turn: the server plays them
    else:
        pytest.fail(f"the game had not ended after {MAX_REQUESTS} requests")

    final = call(client, "get_game", 200, game_id=game_id, client=anyone)
    assert isinstance(final, model("CallerView"))
    assert final.status == "ended"
    assert performed > 0
    assert final.seed is not None
    revealed = f"seed-commitment-v2:{game_id}:{final.seed_nonce}:{final.seed}"
    assert hashlib.sha256(revealed.encode()).hexdigest() == created.seed_commitment

    events: list[Any] = []
    after_version = 0
    while True:
        page = call(client, "list_events", 200, game_id=game_id, client=anyone, after=after_version)
        assert isinstance(page, model("EventsPage"))
        events.extend(page.events)
        if page.next_after is None:
            break
        after_version = page.next_after
    assert [event.originator_version for event in events] == list(range(1, final.version + 1))
    assert page.latest_version == final.version
    assert {event.originator_id for event in events} == {game_id}
    assert type(events[-1]).__name__ == f"{game.prefix}GameEnded"

    # The stream of an ended game closes after its last event: read whole, it holds them all.
    text = call(client, "stream_events", 200, game_id=game_id, client=anyone)
    messages = [models.StreamMessage.from_dict(fields) for fields in _sse_messages(text)]
    assert [int(message.id) for message in messages] == list(range(1, final.version + 1))
    # Named `<ruleset>.<Event>` for every game (docs/WIRE.md); the data's `type` ends the same.
    assert messages[-1].event == f"{ruleset}.{json.loads(messages[-1].data)['type'].rpartition('.')[2]}"


def _sse_messages(text: str) -> list[dict[str, str]]:
    """The messages of a Server-Sent Events text (lines end with CRLF, LF or CR; a blank line
    ends a message; a line starting with a colon is a comment), each as its fields."""
    messages: list[dict[str, str]] = []
    fields: dict[str, str] = {}
    for line in [*text.splitlines(), ""]:
        if not line:
            if fields:
                messages.append(fields)
            fields = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
    return messages
