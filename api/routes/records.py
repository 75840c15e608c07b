"""Game records over HTTP: download a game's record, and import one into this server.

Once a game has ended, ``GET /games/{game_id}/record`` answers exactly the bytes
``dodgecity export`` writes (``engine/transfer.py``), so ``dodgecity import`` and
``dodgecity verify`` take the download as they take the command's file. Before the end a
complete record would show every hand and the seed, so the caller gets a *partial record*
instead: a different ``format`` that no import accepts, holding the events exactly as ``GET
/games/{game_id}/events`` shows them to the same token, and neither hashes nor commands (a hash
over a hidden card, of which there are few, would tell the card to whoever tries them all; a
command may name a card played face down).

``POST /games/records`` reads a record the same way ``dodgecity import`` does: the format, the
header against the first event, the hash chain and a re-run of every command through the rules,
all before anything is written, then the whole game in one write, marked as imported
(``engine/import_marks.py``): shown so in the game list, its views and its record, and counted on
no leaderboard unless asked for (``?imported=true``). Verifying re-runs a whole game,
so it runs on a thread of its own, never on the event loop nor on the threads serving the store,
and each import counts against the client address's allowance of new games.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any, Final, Literal
from uuid import UUID

import msgspec
from litestar import Request, Response, get, post
from litestar.params import FromPath, JSONBody, QueryParameter

from api.dependencies import ServicesController
from api.http.auth import OPTIONAL_BEARER, caller_of
from api.http.bodies import STRICT_BODY
from api.http.game_requests import ETAG, LOCATION, NOT_MODIFIED, IfNoneMatch, game_of, tagged
from api.http.problems import problem_responses
from api.http.threads import in_worker_thread
from domain.names import shown_name
from domain.registry import default_registry
from engine.records import Record
from engine.transfer import RecordRejectedError, export_record, read_record

log = logging.getLogger(__name__)

#: The largest record ``POST /games/records`` reads. Records of real games measured 0.2 to
#: 1.0 MB (the two games' largest tables, heuristic and random bots), far above the 64 KiB
#: every other body may have; 8 MiB leaves room for the longest games while bounding the memory
#: one request may hold.
MAX_RECORD_BYTES = 8 * 1024 * 1024

#: The format of a running game's record as one caller may see it: never importable.
PARTIAL_FORMAT: Final = "partial-record"

#: Verification is pure CPU: one thread, so imports queue rather than take every core.
_verifier = ThreadPoolExecutor(max_workers=1, thread_name_prefix="record-verifier")

Commitment = Annotated[
    str | None,
    QueryParameter(
        pattern="^[0-9a-fA-F]{64}$",
        description="the seed commitment (SHA-256, hex) a player was shown when the game was "
        "created: the record is refused unless its game is the one committed to "
        "(as `dodgecity import --commitment`)",
        required=False,
    ),
]


class RecordedEventBody(msgspec.Struct, frozen=True, kw_only=True):
    """One stored event: its version, type, time, chain hash, the command that caused it (on
    the first event of each command) and the event itself."""

    version: int
    type: str
    recorded_at: str
    hash: str
    command: dict[str, Any] | None = None
    event: dict[str, Any]


class GameRecordBody(msgspec.Struct, frozen=True, kw_only=True):
    """A whole game, as `dodgecity export` writes it: everything, hands and seed included.
    Every game is written in one format, `game-record` version 3, which names the `ruleset` and
    says `seats` and `settings`. Records written before import as well: their format is
    `dodgecity-game-record`, version 1 (the first game's first records, which name the seats
    `max_players` and the settings `variants`) or version 2 (the header of version 3)."""

    format: Literal["game-record", "dodgecity-game-record"]
    format_version: int
    game_id: UUID
    #: True when the server that exported the record had imported the game itself; absent for a
    #: game played there. Importing takes any value: the importing server marks the game anyway.
    imported: bool | msgspec.UnsetType = msgspec.UNSET
    ruleset: str | msgspec.UnsetType = msgspec.UNSET
    rules_version: str
    max_players: int | msgspec.UnsetType = msgspec.UNSET
    variants: dict[str, Any] | msgspec.UnsetType = msgspec.UNSET
    seats: int | msgspec.UnsetType = msgspec.UNSET
    settings: dict[str, Any] | msgspec.UnsetType = msgspec.UNSET
    players: list[str]
    events: list[RecordedEventBody]


class PartialRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A game that has not ended, as the caller may see it: not a game record, and no import
    takes it. `events` are exactly those of GET /games/{game_id}/events for the same token
    (other seats' cards hidden); the complete record is served once the game has ended."""

    format: Literal["partial-record"]
    importable: bool  # always false: hands, the seed, hashes and commands are left out
    game_id: UUID
    ruleset: str
    seat: int | None  # whose view this is: the token's seat, or null (a spectator, the host)
    latest_version: int
    players: list[str]
    events: list[dict[str, Any]]


class ImportedGame(msgspec.Struct, frozen=True, kw_only=True):
    """A game record stored by `POST /games/records`, after it verified from its first event to
    its last: the game's id, its ruleset and how many events were stored."""

    game_id: UUID
    ruleset: str
    events: int  # how many events were stored
    verified: bool  # always true: a record that does not verify is never stored


def _verified(raw: bytes, commitment: str | None) -> tuple[UUID, list[Record]]:
    """``read_record``, where any record anyone sends is refused as a record, never a 500: a
    failure it does not foresee (a crafted history the rules trip over) is our bug to log, and
    the sender's record not to store."""
    try:
        return read_record(raw, commitment=commitment)
    except RecordRejectedError:
        raise
    except Exception:
        log.exception("a game record sent for import could not be verified")
        raise RecordRejectedError(
            "the game record could not be verified: replaying it failed"
        ) from None


class RecordsController(ServicesController):
    tags = ["records"]

    @get(
        "/games/{game_id:uuid}/record",
        operation_id="getRecord",
        summary="Download a game's record",
        response_headers=[ETAG],
        responses={**NOT_MODIFIED, **problem_responses(400, 401, 404, 429, 503)},
        security=OPTIONAL_BEARER,
    )
    async def record(
        self,
        *,
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        if_none_match: IfNoneMatch = None,
    ) -> Response[GameRecordBody | PartialRecord]:
        """The game's record. Once the game has ended: the complete record, byte for byte what
        `dodgecity export` writes, which `dodgecity import` and `POST /games/records` take.
        Before: a partial record of what the caller may see (`format`
        `partial-record`, `importable` false), its events as GET …/events shows
        them to the same token. The `ETag` begins with the version (304 with `If-None-Match`)."""
        games, served = self.services.games, self.services.served

        def recorded() -> tuple[bytes, int]:
            seat = caller_of(games, game_id, request).seat
            ended, latest, names = games.read(
                game_id,
                lambda game: (
                    game.is_over,
                    game.version,
                    [shown_name(s.name) for s in game.seats()],
                ),
            )
            if ended:  # everything is public now ([SEE-END]), the seed included
                imported = games.is_imported(game_id)
                return export_record(game_id, games.records(game_id), imported=imported), latest
            game = game_of(served, games, game_id)
            page, latest = games.events_page(game_id, seat, after=0, limit=max(latest, 1))
            events = game.wire.events_page(
                game_id=game_id, events=page, latest_version=latest, next_after=None
            )
            partial = PartialRecord(
                format=PARTIAL_FORMAT,
                importable=False,
                game_id=game_id,
                ruleset=game.name,
                seat=seat,
                latest_version=latest,
                players=names,
                events=msgspec.to_builtins(events)["events"],
            )
            return msgspec.json.encode(partial), latest

        content, version = await in_worker_thread(recorded)
        return tagged(content, version, if_none_match=if_none_match)

    @post(
        "/games/records",
        operation_id="importRecord",
        summary="Import a game record",
        response_headers=[LOCATION],
        opt={STRICT_BODY: GameRecordBody},
        request_max_body_size=MAX_RECORD_BYTES,
        status_code=201,
        responses=problem_responses(400, 409, 413, 415, 422, 429, 503),
    )
    async def import_record(
        self,
        *,
        data: JSONBody[GameRecordBody],
        request: Request[Any, Any, Any],
        commitment: Commitment = None,
    ) -> Response[ImportedGame]:
        """Store a game from its record (as GET …/record or `dodgecity export` gives it), after
        checking all of it: the format, the header against the first event, the hash chain, and
        a re-run of every command through the rules. A record that fails is 422 saying where,
        and nothing is stored; a game id this server already has is 409 (`…/game-exists`).
        Bodies up to 8 MiB. Each import counts as a new game against the client address's
        allowance (429 with `Retry-After` beyond)."""
        del data  # the schema's reading; the record is read from its own bytes, as the CLI does
        games, served = self.services.games, self.services.served
        raw = await request.body()
        # Charged before verifying: the re-run of a whole game is the work being limited.
        self.services.limits.charge(request, games=1)
        loop = asyncio.get_running_loop()
        game_id, records = await loop.run_in_executor(_verifier, lambda: _verified(raw, commitment))
        ruleset = default_registry().of_topic(records[0].type).name
        if ruleset not in served:
            raise RecordRejectedError(
                f"this server does not play the ruleset {ruleset!r} "
                f"(it plays {', '.join(served.names)})"
            )
        await in_worker_thread(lambda: games.import_records(game_id, records))
        return Response(
            ImportedGame(game_id=game_id, ruleset=ruleset, events=len(records), verified=True),
            status_code=201,
            headers={"Location": f"/games/{game_id}"},
        )
