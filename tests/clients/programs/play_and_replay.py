"""Play a game of Dodge City to its end with the client openapi-python-client generates from
``openapi/rulesets/dodgecity.json``, then replay it as a spectator, with no token at all.

What a developer adopting the API writes: ``tests/clients/test_generated_clients.py`` generates
the client as ``dodgecity_client`` beside it, checks this program with ``mypy --strict`` and runs
it against a real server. Usage: ``python play_and_replay.py BASE_URL``; the last line printed is
a JSON summary of what the spectator read.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import TypeVar
from uuid import UUID

from dodgecity_client import AuthenticatedClient, Client
from dodgecity_client.api.lobby import add_bot, create_game, join_game, start_game
from dodgecity_client.api.play import get_game, list_actions, perform_action, stream_events
from dodgecity_client.api.records import get_record
from dodgecity_client.api.replay import get_state, list_events, list_narration
from dodgecity_client.models import (
    BotSeated,
    CallerView,
    CreatedGame,
    EventsPage,
    GameRecordBody,
    GameStatus,
    GameView,
    LegalActions,
    NarrationPage,
    NewBot,
    NewBotKind,
    NewGame,
    NewPlayer,
    SeatTaken,
    Variants,
)

#: A bound on the seat's requests, so that a game that never ends fails instead of hanging.
MAX_REQUESTS = 20_000
#: How long the seat waits before asking again while the server's bot plays.
BOT_PAUSE = 0.01

Answer = TypeVar("Answer")


def expect(kind: type[Answer], answer: object, what: str) -> Answer:
    """``answer`` as ``kind``; anything else (a problem, nothing) ends the program."""
    if not isinstance(answer, kind):
        raise SystemExit(f"{what}: expected {kind.__name__}, got {answer!r}")
    return answer


def play(base_url: str) -> UUID:
    """Create a two-seat game with one pass, take a seat, seat a random bot in the other, start
    and play random legal actions until the game has ended; answer its id."""
    anyone = Client(base_url=base_url)
    new_game = NewGame(players=2, seed="generated-python-client", settings=Variants(max_passes=1))
    created = expect(CreatedGame, create_game.sync(client=anyone, body=new_game), "create")
    host = AuthenticatedClient(base_url=base_url, token=created.host_token)
    taken = join_game.sync(created.game_id, client=anyone, body=NewPlayer(name="Ada"))
    seat = AuthenticatedClient(base_url=base_url, token=expect(SeatTaken, taken, "join").token)
    expect(BotSeated, add_bot.sync(created.game_id, client=host, body=NewBot(kind=NewBotKind.RANDOM)), "bot")
    expect(GameView, start_game.sync(created.game_id, client=host), "start")

    choices = random.Random(0)
    for _ in range(MAX_REQUESTS):
        legal = expect(LegalActions, list_actions.sync(created.game_id, client=seat), "actions")
        if legal.actions:
            chosen = choices.choice(legal.actions)  # ready to send, its version filled in
            expect(CallerView, perform_action.sync(created.game_id, client=seat, body=chosen), "act")
            continue
        view = expect(CallerView, get_game.sync(created.game_id, client=seat), "game")
        if view.status == GameStatus.ENDED:
            return created.game_id
        time.sleep(BOT_PAUSE)
    raise SystemExit(f"the game had not ended after {MAX_REQUESTS} requests")


def replay(base_url: str, game_id: UUID) -> dict[str, object]:
    """Read the ended game back as a spectator: its events page by page, the game after each of
    them, their narration, its record and its stream; check they agree and count them."""
    spectator = Client(base_url=base_url)  # no token: what anyone may read
    final = expect(CallerView, get_game.sync(game_id, client=spectator), "final game")
    versions: list[int] = []
    after = 0
    while True:
        page = expect(EventsPage, list_events.sync(game_id, client=spectator, after=after), "events")
        versions.extend(event.originator_version for event in page.events)
        if page.next_after is None:
            break
        after = page.next_after
    if versions != list(range(1, final.version + 1)):
        raise SystemExit(f"the events run {versions[:3]}…, not 1 to {final.version}")
    for version in range(final.version + 1):
        state = expect(GameView, get_state.sync(game_id, version, client=spectator), "state")
        if state.version != version:
            raise SystemExit(f"the state after event {version} says version {state.version}")
    told = 0
    after = 0
    while True:
        lines = expect(NarrationPage, list_narration.sync(game_id, client=spectator, after=after), "narration")
        told += len(lines.entries)
        if lines.next_after is None:
            break
        after = lines.next_after
    record = expect(GameRecordBody, get_record.sync(game_id, client=spectator), "record")
    streamed = expect(str, stream_events.sync(game_id, client=spectator), "stream")
    return {
        "game_id": str(game_id),
        "status": final.status.value,
        "version": final.version,
        "events": len(versions),
        "states": final.version + 1,
        "narration": told,
        "record_events": len(record.events),
        "streamed": sum(line.startswith("id:") for line in streamed.splitlines()),
    }


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: play_and_replay.py BASE_URL")
    base_url = sys.argv[1]
    print(json.dumps(replay(base_url, play(base_url))))


if __name__ == "__main__":
    main()
