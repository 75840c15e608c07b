"""The ``dodgecity`` command line.

Exit codes: 0 success; 1 the command ran and found a problem (unknown game, failed verification,
rejected import, unreadable file, unreachable database, failed simulated games, or an error of
ours); 2 bad usage (arguments, database URL); 130 interrupted. Every failure is one line on
standard error, never a traceback (``--debug`` adds it).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import ipaddress
import os
import socket
import sqlite3
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

import httpx
import msgspec
from eventsourcing.persistence import PersistenceError

if TYPE_CHECKING:
    import uvicorn

from api.settings import (
    ABANDON_AFTER_VARIABLE,
    ACCESS_LOG_VARIABLE,
    BOT_LIMIT_VARIABLE,
    CORS_ORIGINS_VARIABLE,
    DEFAULT_ABANDON_AFTER_SECONDS,
    DEFAULT_BOT_LIMIT,
    DEFAULT_GAME_LIMIT,
    DEFAULT_MAX_STREAMS,
    DEFAULT_STREAM_IDLE_SECONDS,
    GAME_LIMIT_VARIABLE,
    LOG_FORMATS,
    MAX_STREAMS_VARIABLE,
    MAX_THREADS,
    METRICS_VARIABLE,
    OFF,
    ON,
    RATE_LIMIT_VARIABLE,
    SECRET_VARIABLE,
    STREAM_IDLE_VARIABLE,
    THREADS_VARIABLE,
    RateLimit,
    SettingsError,
    parse_abandon_after,
    parse_max_streams,
    parse_optional_limit,
    parse_stream_idle,
    parse_threads,
)
from domain.registry import default_registry
from domain.ruleset import GameStatus
from engine.application import (
    GameExistsError,
    GameNotFoundError,
    GameService,
    VersionOutOfRangeError,
)
from engine.audit import verify
from engine.database import STORE_TIMEOUT_SECONDS, Backend, Database, DatabaseURLError, resolve
from engine.kit import installed_kits, kit_for
from engine.progress import ProgressBar
from engine.records import CorruptRecordError, Record
from engine.remote import WAIT_SECONDS, RemoteBotError, play_remote
from engine.simulation import Summary, simulate
from engine.store_gate import StoreUnavailableError
from engine.transfer import RecordRejectedError, export_record, read_untrusted_record
from entrypoints.connections import (
    BODY_TIMEOUT_VARIABLE,
    HEAD_TIMEOUT_VARIABLE,
    KEEP_ALIVE_VARIABLE,
    PER_CLIENT_VARIABLE,
    TOTAL_VARIABLE,
    ConnectionLimits,
    descriptor_limit,
    parse_connections,
    parse_seconds,
)
from entrypoints.cpu_pinning import AUTO, PINNED, PINNING_VARIABLE
from entrypoints.server_secret import SecretError, ServerSecret, readable_by_others, server_secret
from entrypoints.terminal import escaped, json_escaped
from projections.projector import ReadModelsOutdatedError
from projections.read_models import GameSummary

T = TypeVar("T")


#: Where ``dodgecity bot`` finds the seat's token when ``--token`` is not given.
TOKEN_VARIABLE = "DODGECITY_TOKEN"


class CommandError(Exception):
    """A command that cannot be carried out; printed without a traceback, exit code 1."""


#: The game ``simulate`` plays when no ``--ruleset`` is given: the first this engine played.
DEFAULT_RULESET = "dodgecity"

#: The distribution whose metadata holds the version ``dodgecity --version`` prints.
DISTRIBUTION = "dodgecity-engine"

#: The most seats any installed game has: seat numbers are below it.
MAX_SEATS = max(rules.max_seats for rules in default_registry().rulesets())


def _commitment(text: str) -> str:
    """A seed commitment as games publish it: 64 hex digits (engine/fairness.py)."""
    hexed = text.strip().lower()
    if len(hexed) != 64 or any(digit not in "0123456789abcdef" for digit in hexed):
        raise argparse.ArgumentTypeError("must be 64 hex digits (a SHA-256 as games publish it)")
    return hexed


def _add_commitment(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--commitment",
        type=_commitment,
        metavar="HEX",
        help="the seed commitment you were shown when the game was created: the game must be "
        "the one it commits to",
    )


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _bot_kinds(text: str) -> tuple[str, ...]:
    return tuple(kind.strip() for kind in text.split(","))


def _check_simulation(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """What only the chosen game can tell: its seat counts and its kinds of bot (exit 2)."""
    registry = default_registry()
    if args.ruleset not in registry:
        parser.error(
            f"argument --ruleset: unknown game {args.ruleset!r}: use {', '.join(registry.names())}"
        )
    rules = registry.get(args.ruleset)
    if args.players is None:
        args.players = min(max(4, rules.min_seats), rules.max_seats)
    if not rules.min_seats <= args.players <= rules.max_seats:
        parser.error(
            f"argument --players: a game of {rules.title} has {rules.min_seats} to "
            f"{rules.max_seats} players"
        )
    kinds = tuple(kit_for(rules).bots)
    if args.bots is None:
        args.bots = kinds[:1]
    unknown = [kind for kind in args.bots if kind not in kinds]
    if unknown:
        parser.error(
            f"argument --bots: unknown bot kind {unknown[0]!r}: use {', '.join(kinds)}, "
            "comma-separated"
        )


#: More processes than this is a typo, not a machine.
MAX_JOBS = 256


def _jobs(text: str) -> int:
    value = _positive(text)
    if value > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"at most {MAX_JOBS} processes")
    return value


def _game_id(text: str) -> UUID:
    try:
        return UUID(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game id (a UUID)") from None


def _port(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port is 1 to 65535")
    return value


def _not_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def _forwarded_allow_ips(text: str) -> list[str]:
    """The proxies for uvicorn's ``forwarded_allow_ips``: IP addresses or networks, or ``*``
    alone. Checked here because uvicorn takes anything else for a name no client ever has, and
    would silently trust no proxy."""
    entries = [entry.strip() for entry in text.split(",")]
    if entries == ["*"]:
        return entries
    for entry in entries:
        try:
            if "/" in entry:
                ipaddress.ip_network(entry)
            else:
                ipaddress.ip_address(entry)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{entry!r} is not an IP address or network (comma-separated, or * alone)"
            ) from None
    return entries


def _seat(text: str) -> int:
    value = int(text)
    if not 0 <= value < MAX_SEATS:
        raise argparse.ArgumentTypeError(f"seats are numbered 0 to {MAX_SEATS - 1}")
    return value


def _add_db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="URL",
        help="memory://, sqlite:///FILE or postgresql://USER:PASSWORD@HOST:PORT/DB "
        "(default: $DODGECITY_DB, else sqlite:///dodgecity.db)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dodgecity", description="Dodge City rules engine")
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {_installed_version()}",
        help="print the version of the installed package and exit",
    )
    parser.add_argument(
        "--debug",
        action="store_true",
        help="print the traceback of a failure as well as its message",
    )
    commands = parser.add_subparsers(dest="command", required=True)

    sim = commands.add_parser("simulate", help="play complete games between computer players")
    sim.add_argument("--games", type=_positive, default=10, help="how many games (default 10)")
    sim.add_argument(
        "--ruleset",
        default=DEFAULT_RULESET,
        help=f"the game: {', '.join(default_registry().names())} (default {DEFAULT_RULESET})",
    )
    sim.add_argument(
        "--players", type=int, help="players per game (default 4, within the game's limits)"
    )
    sim.add_argument(
        "--bots",
        type=_bot_kinds,
        metavar="KIND,...",
        help="the kind of player per seat (random, or the game's own: dodgecity, bang and "
        "dogeatdog have heuristic); "
        "the last fills the seats "
        "left, and the line-up turns one seat each game (default: random)",
    )
    sim.add_argument("--seed", help="base seed: the same seed plays the same games")
    sim.add_argument("--jobs", type=_jobs, default=1, help="processes to play in (default 1)")
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    sim.add_argument(
        "--check",
        action="store_true",
        help="check the engine's invariants after every action (a violation fails the game)",
    )
    sim.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="a progress bar on standard error (auto: when it is a terminal)",
    )
    sim.add_argument("--db", metavar="URL", help="store the games in this database")

    replay = commands.add_parser("replay", help="print a game step by step in plain words")
    replay.add_argument("game_id", type=_game_id)
    replay.add_argument(
        "--as", dest="seat", type=_seat, help="what this seat saw (default: a spectator)"
    )
    replay.add_argument(
        "--as-played",
        action="store_true",
        help="hide what was hidden at the time, even after the game has ended",
    )
    replay.add_argument("--to", type=int, metavar="VERSION", help="stop after this event")
    _add_db(replay)

    state = commands.add_parser("state", help="print a game's state as JSON, now or at a step")
    state.add_argument("game_id", type=_game_id)
    state.add_argument("--version", type=int, help="the state after this event (default: now)")
    state.add_argument("--as", dest="seat", type=_seat, help="as this seat may see it")
    state.add_argument(
        "--as-played",
        action="store_true",
        help="hide what was hidden at that step, even after the game has ended",
    )
    _add_db(state)

    export = commands.add_parser("export", help="write a game record (JSON) of one game")
    export.add_argument("game_id", type=_game_id)
    export.add_argument("--output", "-o", type=Path, help="file to write (default: stdout)")
    _add_db(export)

    imports = commands.add_parser("import", help="check a game record and store it")
    imports.add_argument("file", type=Path)
    _add_commitment(imports)
    _add_db(imports)

    check = commands.add_parser(
        "verify", help="check hash chains and re-run games through the rules"
    )
    target = check.add_mutually_exclusive_group(required=True)
    target.add_argument("game_id", nargs="?", type=_game_id)
    target.add_argument("--all", action="store_true", help="every stored game")
    _add_commitment(check)
    _add_db(check)

    rulesets = default_registry().names()
    games = commands.add_parser(
        "games",
        help="list stored games (newest first): each game's id, game, status in its own words "
        "(how far it has gone), last event, time and players",
    )
    games.add_argument("--status", choices=[str(status) for status in GameStatus])
    games.add_argument("--ruleset", choices=rulesets, help="only the games of this game")
    games.add_argument("--limit", type=_positive, default=50)
    games.add_argument("--offset", type=_not_negative, default=0)
    _add_db(games)

    board = commands.add_parser(
        "leaderboard",
        help="players by games won, then points, in ended games played here: one table per "
        "game (a point is whatever that game scores, so games are never added up), or only "
        "the table of --ruleset",
    )
    board.add_argument("--ruleset", choices=rulesets, help="only the table of this game")
    board.add_argument("--limit", type=_positive, default=20, help="rows per table (default 20)")
    board.add_argument(
        "--imported",
        action="store_true",
        help="count the games imported from records too (by default only games played here)",
    )
    _add_db(board)

    bot = commands.add_parser(
        "bot", help="play one seat of a game on a server, as an outside client of its REST API"
    )
    bot.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8000")
    bot.add_argument("--game", required=True, type=_game_id, help="the game's id")
    bot.add_argument(
        "--token",
        default=os.environ.get(TOKEN_VARIABLE),
        help=f"the seat's token (default: ${TOKEN_VARIABLE}, which keeps it out of ps)",
    )
    bot.add_argument(
        "--kind",
        choices=sorted({kind for kit in installed_kits().values() for kind in kit.bots}),
        default="heuristic",
        help="the bot, one of its game's kinds (heuristic)",
    )
    bot.add_argument("--seed", help="makes the bot's own choices reproducible")
    bot.add_argument("--quiet", action="store_true", help="print only the final line")

    serve = commands.add_parser("serve", help="run the REST API server")
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    serve.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    serve.add_argument("--workers", type=_positive, default=1, help="worker processes (default 1)")
    serve.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a browser origin allowed to call the API, such as http://localhost:5173 "
        "(repeatable; * for any; default: none)",
    )
    serve.add_argument(
        "--rate-limit",
        type=_setting(RateLimit.parse),
        metavar="N/UNIT",
        help="requests per client per second, minute or hour, such as 120/minute "
        "(default: no limit)",
    )
    serve.add_argument(
        "--game-limit",
        type=_setting(parse_optional_limit),
        default=_UNSET,
        metavar="N/UNIT",
        help=f"new games (POST /games) per client address, such as 30/10minutes, or {OFF} "
        f"(default: {DEFAULT_GAME_LIMIT})",
    )
    serve.add_argument(
        "--bot-limit",
        type=_setting(parse_optional_limit),
        default=_UNSET,
        metavar="N/UNIT",
        help=f"bot seats per client address, such as 60/10minutes, or {OFF} "
        f"(default: {DEFAULT_BOT_LIMIT})",
    )
    serve.add_argument(
        "--threads",
        type=_setting(parse_threads),
        metavar="N",
        help=f"worker threads per process for the database calls, 1 to {MAX_THREADS} "
        "(default: 1 on SQLite, 2 on PostgreSQL, the fastest measured)",
    )
    serve.add_argument(
        "--cpu-pinning",
        choices=[AUTO, OFF],
        default=AUTO,
        help=f"{AUTO}: a single worker on SQLite keeps its threads on the CPU it starts on, "
        "which spends less CPU per request than threads handing the interpreter lock across "
        f"CPUs; {OFF}: the scheduler places them (default {AUTO}; several workers, and servers "
        "on PostgreSQL, are never pinned)",
    )
    serve.add_argument(
        "--stream-idle",
        type=_setting(parse_stream_idle),
        metavar="SECONDS",
        help="close a live stream with no news for this long; clients reconnect with "
        f"Last-Event-ID (default {DEFAULT_STREAM_IDLE_SECONDS:g})",
    )
    serve.add_argument(
        "--max-streams",
        type=_setting(parse_max_streams),
        metavar="N",
        help=f"live streams one client (its token, else its address) may hold open at once "
        f"(default {DEFAULT_MAX_STREAMS})",
    )
    serve.add_argument(
        "--abandon-after",
        type=_setting(parse_abandon_after),
        default=_UNSET,
        metavar="SECONDS",
        help="close a game still in the lobby this long after it was created; 0 for never "
        f"(default {DEFAULT_ABANDON_AFTER_SECONDS:g}, a day)",
    )
    serve.add_argument(
        "--log-format",
        choices=LOG_FORMATS,
        default="text",
        help="text: one readable line per record; json: one JSON object per line (time, level, "
        "logger, message, request_id, and method, route, status, duration_ms for requests) "
        "(default text)",
    )
    serve.add_argument(
        "--access-log",
        choices=(ON, OFF),
        default=ON,
        help="one log line per request, with its request id (default on)",
    )
    serve.add_argument(
        "--metrics",
        choices=(ON, OFF),
        default=ON,
        help="GET /metrics, every worker's counters in the Prometheus text format, unprotected: "
        "turn it off, or keep /metrics from the public at your proxy (default on)",
    )
    defaults = ConnectionLimits()
    serve.add_argument(
        "--head-timeout",
        type=_setting(parse_seconds),
        metavar="SECONDS",
        help="close a connection whose request head is not complete this long after it opened "
        f"or began (default {defaults.head_timeout:g})",
    )
    serve.add_argument(
        "--body-timeout",
        type=_setting(parse_seconds),
        metavar="SECONDS",
        help="close a connection whose request body stalls this long between two chunks "
        f"(default {defaults.body_timeout:g})",
    )
    serve.add_argument(
        "--keep-alive-timeout",
        type=_setting(parse_seconds),
        metavar="SECONDS",
        help=f"close a connection idle this long between requests (default "
        f"{defaults.keep_alive_timeout:g})",
    )
    serve.add_argument(
        "--max-connections-per-client",
        type=_setting(parse_connections),
        metavar="N",
        help="open connections per client address and worker; more are closed at once "
        f"(default {defaults.per_client})",
    )
    serve.add_argument(
        "--max-connections",
        type=_setting(parse_connections),
        metavar="N",
        help="open connections per worker in all; more are closed at once (default, and at "
        "most: the file-descriptor limit less a quarter of it, at least 128, kept for the rest)",
    )
    serve.add_argument(
        "--forwarded-allow-ips",
        type=_forwarded_allow_ips,
        metavar="IPS",
        help="behind a reverse proxy that sets X-Forwarded-For (and X-Forwarded-Proto): its "
        "addresses or networks, comma-separated (* for any, only if nobody can reach the server "
        "but through the proxy); the client of a request from one of them is the address the "
        "header names, for the per-address limits and Idempotency-Key. Default: off, the headers "
        "are ignored and the client is the address that connected, so that no client can pick "
        "the address it is counted as",
    )
    serve.add_argument(
        "--secret-file",
        type=Path,
        metavar="FILE",
        help="where the server's secret is kept across restarts (made, readable by its owner "
        f"only, when missing), unless ${SECRET_VARIABLE} holds it; it names the game and host "
        "token an Idempotency-Key stands for, and signs stream tickets. Default: the SQLite "
        "database's file name with .secret added; for PostgreSQL, none (a fresh secret each run)",
    )
    _add_db(serve)

    openapi = commands.add_parser("openapi", help="write the API's OpenAPI document")
    openapi.add_argument("--output", "-o", type=Path, help="file to write (default: stdout)")
    openapi.add_argument(
        "--ruleset", help="the document of this ruleset's games alone (default: the whole server)"
    )
    openapi.add_argument(
        "--rulesets-dir",
        type=Path,
        help="also write each installed ruleset's document into this folder, as NAME.json",
    )

    projections = commands.add_parser("projections", help="manage the read models")
    action = projections.add_subparsers(dest="projection_command", required=True)
    rebuild = action.add_parser("rebuild", help="recompute every read model from the event log")
    _add_db(rebuild)
    for name in _READING_COMMANDS:
        commands.choices[name].add_argument(
            "--lock-timeout",
            type=_positive,
            default=DEFAULT_LOCK_TIMEOUT,
            metavar="SECONDS",
            help="how long to wait for a lock another process holds on the SQLite database "
            f"before giving up with 'the database is busy' (default {DEFAULT_LOCK_TIMEOUT})",
        )
    return parser


def _print_summary(summary: Summary) -> None:
    print(
        f"{summary.games} games of {summary.players} players in {summary.seconds} s "
        f"({summary.games_per_second} games/s, {summary.events_per_second:.0f} events/s)"
    )
    print(f"{'bot':<12}{'seats':>8}{'wins':>10}{'win rate':>10}   95% interval")
    for kind, record in summary.bots.items():
        print(
            f"{kind:<12}{record.games:>8}{record.wins:>10g}{record.win_rate:>10.1%}   "
            f"{record.low:.1%} to {record.high:.1%}"
        )
    print(
        "wins by seat:   "
        + ", ".join(f"seat {s}: {w:g}" for s, w in summary.wins_by_seat.items())
        + f" (shared wins: {summary.shared_wins})"
    )
    print(
        "game ends:      " + ", ".join(f"{k}: {v}" for k, v in sorted(summary.end_reasons.items()))
    )
    kit = kit_for(summary.ruleset)
    if summary.roles:
        print(
            f"{kit.role_name:<20}{'bot':<12}{'seats':>8}{'wins':>10}{'win rate':>10}   95% interval"
        )
        for role, kinds in summary.roles.items():
            for kind, record in kinds.items():
                print(
                    f"{role:<20}{kind:<12}{record.games:>8}{record.wins:>10g}"
                    f"{record.win_rate:>10.1%}   {record.low:.1%} to {record.high:.1%}"
                )
    if summary.teams:
        print(f"{'team':<24}{'games':>8}{'wins':>10}{'win rate':>10}   95% interval")
        for team, record in summary.teams.items():
            print(
                f"{team:<24}{record.games:>8}{record.wins:>10g}{record.win_rate:>10.1%}   "
                f"{record.low:.1%} to {record.high:.1%}"
            )
    figures = {
        "average_actions": summary.average_actions,
        "average_events": summary.average_events,
        **summary.statistics,
    }
    for line in kit.statistics_lines(figures):
        print(line)
    if summary.capped_turns:
        print(
            f"turns capped:   {summary.capped_turns} in {summary.capped_games} games (a player "
            "made no end of its turn: the rules' default decisions played the rest)"
        )
    for error in summary.errors:
        print(f"FAILED {error}", file=sys.stderr)


def _open(
    url: str | None,
    *,
    must_exist: bool,
    read_only: bool = False,
    lock_timeout: int = STORE_TIMEOUT_SECONDS,
) -> GameService:
    database = resolve(url)
    if must_exist:
        _require_existing(database)
    elif database.backend is Backend.SQLITE:
        folder = os.path.dirname(database.sqlite_path) or "."
        if not os.path.isdir(folder):
            raise CommandError(
                f"no folder {folder} for the database {database.sqlite_path}: create it first"
            )
    return GameService(database, read_only=read_only, lock_timeout=lock_timeout)


def _require_existing(database: Database) -> None:
    """Reading commands never create a database as a side effect of a typo."""
    if database.backend is Backend.SQLITE and not os.path.exists(database.sqlite_path):
        raise CommandError(f"no database at {database.sqlite_path} (give --db or $DODGECITY_DB)")
    if database.backend is Backend.MEMORY:
        raise CommandError("memory:// holds nothing between commands; give a stored database")


def _simulate(args: argparse.Namespace) -> int:
    app = None if args.db is None else _open(args.db, must_exist=False)
    if app is not None:
        app.project_after_commands = False  # one catch-up at the end is enough
    shown = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(args.games, sys.stderr) if shown else None
    try:
        summary = simulate(
            args.games,
            args.players,
            args.seed,
            store=None if app is None else app.store_game,
            ruleset=args.ruleset,
            bots=args.bots,
            jobs=args.jobs,
            check=args.check,
            progress=bar,
        )
        if app is not None:
            app.projections.catch_up()
    finally:
        if bar is not None:
            bar.close()
        if app is not None:
            app.close()
    if args.json:
        print(msgspec.json.encode(_flat(summary)).decode())
    else:
        _print_summary(summary)
        if app is not None:
            print(f"stored in:      {app.database.describe()}")
    return 1 if summary.failed else 0


def _flat(summary: Summary) -> dict[str, Any]:
    """The summary with the game's own statistics beside the common figures, one level deep."""
    fields = msgspec.to_builtins(summary)
    return {**fields, **fields.pop("statistics")}


def _replay(app: GameService, args: argparse.Namespace) -> int:
    events = app.domain_events(args.game_id)
    ended = app.read(args.game_id, lambda game: game.is_over)
    if args.to is not None:
        if not 0 <= args.to <= len(events):
            raise VersionOutOfRangeError(args.game_id, args.to, len(events))
        events = events[: args.to]
    kit = kit_for(app.ruleset_of(args.game_id))
    for line in kit.tell(events, args.seat, reveal_all=ended and not args.as_played):
        print(escaped(line))
    return 0


def _state(app: GameService, args: argparse.Namespace) -> int:
    view = app.view(args.game_id, args.seat, args.version, as_played=args.as_played)
    print(json_escaped(msgspec.json.format(msgspec.json.encode(view), indent=2).decode()))
    return 0


def _export(app: GameService, args: argparse.Namespace) -> int:
    imported = app.is_imported(args.game_id)
    data = export_record(args.game_id, app.records(args.game_id), imported=imported)
    if args.output is None:
        sys.stdout.buffer.write(data)
    else:
        _write(args.output, data)
        print(f"wrote game {args.game_id} to {args.output}", file=sys.stderr)
    return 0


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None


def _import(args: argparse.Namespace) -> int:
    """Check the whole record before opening the target, so a bad file changes nothing."""
    try:
        data = args.file.read_bytes()
    except OSError as error:
        raise CommandError(f"cannot read {args.file}: {error.strerror or error}") from None
    game_id, records = _read_as_posted(data, args.commitment)
    app = _open(args.db, must_exist=False)
    try:
        app.import_records(game_id, records)
    finally:
        app.close()
    print(
        f"imported game {game_id}: {len(records)} events, verified; marked as imported, "
        "it counts on no leaderboard unless asked for (leaderboard --imported)"
    )
    return 0


def _read_as_posted(data: bytes, commitment: str | None) -> tuple[UUID, list[Record]]:
    """The record in ``data``, read as ``POST /games/records`` reads a body, so that both refuse
    the same files in the same words: the body checks of api/http/bodies.py with its limits and the
    record body's schema, then engine/transfer.py's checks. Raises RecordRejectedError."""
    from litestar.exceptions import ValidationException

    from api.http.bodies import MAX_DEPTH, decode_once, nesting_depth, strictly
    from api.routes.records import GameRecordBody

    if not data.strip():
        raise RecordRejectedError("the game record is empty")
    if nesting_depth(data) > MAX_DEPTH:
        raise RecordRejectedError(
            f"the game record nests deeper than {MAX_DEPTH} levels of arrays and objects"
        )
    try:
        strictly(decode_once(data), GameRecordBody)
    except ValidationException as error:
        raise RecordRejectedError(
            str(error.detail).replace("the request body", "the game record", 1)
        ) from None
    return read_untrusted_record(data, commitment=commitment)


def _read_models_game(app: GameService, game_id: UUID) -> Any:
    """The game as the read models last saw it; None, said on standard error, when they are of
    another version (a reading command does not rebuild them)."""
    try:
        return app.projections.game(game_id)
    except ReadModelsOutdatedError as error:
        print(f"dodgecity: not compared with the read models: {error}", file=sys.stderr)
        return None


def _verify(app: GameService, args: argparse.Namespace) -> int:
    if args.all and args.commitment is not None:
        raise CommandError("a commitment is one game's: give a game id with --commitment")
    game_ids = app.game_ids() if args.all else [args.game_id]
    failures = 0
    for game_id in game_ids:
        try:
            verdict = verify(game_id, app.records(game_id), commitment=args.commitment)
        except CorruptRecordError as error:
            print(escaped(f"{game_id}: FAILED: {error}"))
            failures += 1
            continue
        seen = _read_models_game(app, game_id)
        if verdict.ok and seen is not None and seen.version > verdict.events:
            # The chain cannot show that its newest events were cut off; the read models can.
            print(
                f"{game_id}: FAILED after version {verdict.events}: the read models saw version "
                f"{seen.version}: the newest events were removed from the store"
            )
            failures += 1
            continue
        for line in verdict.describe().split("\n"):
            print(escaped(line))
        failures += not verdict.ok
    if args.all:
        print(f"{len(game_ids)} games verified, {failures} failed")
    return 1 if failures else 0


def _games(app: GameService, args: argparse.Namespace) -> int:
    _note_unprojected(app)
    page = app.projections.games(
        status=args.status, ruleset=args.ruleset, limit=args.limit, offset=args.offset
    )
    width = max((len(game.ruleset) for game in page.items), default=0)
    for game in page.items:
        players = ", ".join(game.players) or "-"
        line = (
            f"{game.game_id}  {game.ruleset:<{width}}  {_status_words(game):<16}  "
            f"v{game.version:<5}  {game.updated_at[:19]}  {players}"
            + ("  (seed chosen by its creator)" if game.seed_chosen else "")
            + ("  (imported)" if game.imported else "")
        )
        print(escaped(line))
    print(f"{len(page.items)} of {page.total} games")
    return 0


def _status_words(game: GameSummary) -> str:
    """The game's status, and how far it has gone in its own game's words ("running, turn 14"
    for BANG!, "ended, pass 9" for Dodge City); the status alone for a game with no such figure
    or not begun, or of a game this installation does not have."""
    kits = installed_kits()
    unit = kits[game.ruleset].progress_unit if game.ruleset in kits else None
    if unit is None or game.pass_number == 0:
        return str(game.status)
    return f"{game.status}, {unit} {game.pass_number}"


def _leaderboard(app: GameService, args: argparse.Namespace) -> int:
    _note_unprojected(app)
    registry = default_registry()
    names = [args.ruleset] if args.ruleset is not None else registry.names()
    shown = 0
    for name in names:
        rows = app.projections.leaderboard(ruleset=name, imported=args.imported, limit=args.limit)
        if not rows and args.ruleset is None:
            continue  # a game nobody has finished here has no table
        print(("\n" if shown else "") + f"{registry.get(name).title} ({name})")
        print(f"{'player':<24} {'played':>6} {'won':>5} {'points':>6}")
        for row in rows:
            print(f"{escaped(row.name):<24} {row.played:>6} {row.won:>5} {row.points:>6}")
        shown += 1
    if not shown:
        print("no ended games yet")
    return 0


def _installed_version() -> str:
    """This installation's version, from its package metadata (the one version number)."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:  # run from a tree that is not installed
        return "unknown (not installed)"


#: An option not given (None means "off" for the limits).
_UNSET: Any = object()


def _setting(parse: Callable[[str], T]) -> Callable[[str], T]:
    """An argparse type from a server setting's parser: its message becomes argparse's."""

    def convert(text: str) -> T:
        try:
            return parse(text)
        except SettingsError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return convert


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from api.http.request_log import logging_config
    from entrypoints.connection_guard import guarded_config
    from entrypoints.metrics_dir import MetricsDirError, metrics_dir

    # Open it once here, so a bad database fails now with a message rather than in each worker.
    opened = _open(args.db, must_exist=False)
    database = opened.database
    opened.close()
    # Each worker process builds its own app from the environment: pass the settings on there.
    os.environ["DODGECITY_DB"] = args.db or os.environ.get("DODGECITY_DB") or database.describe()
    if args.cors_origin:
        os.environ[CORS_ORIGINS_VARIABLE] = ",".join(args.cors_origin)
    if args.rate_limit is not None:
        os.environ[RATE_LIMIT_VARIABLE] = str(args.rate_limit)
    for variable, limit in (
        (GAME_LIMIT_VARIABLE, args.game_limit),
        (BOT_LIMIT_VARIABLE, args.bot_limit),
    ):
        if limit is not _UNSET:
            os.environ[variable] = OFF if limit is None else str(limit)
    # One secret for every worker and every run, so that a retried POST /games with an
    # Idempotency-Key, or a stream ticket, is answered alike by any worker, before and after a
    # restart (entrypoints/server_secret.py).
    try:
        secret = server_secret(database, args.secret_file, os.environ)
    except SecretError as error:
        print(f"dodgecity serve: {error}", file=sys.stderr)
        return 2
    os.environ[SECRET_VARIABLE] = secret.text
    os.environ[METRICS_VARIABLE] = args.metrics
    os.environ[ACCESS_LOG_VARIABLE] = args.access_log
    if args.threads is not None:
        os.environ[THREADS_VARIABLE] = str(args.threads)
    # One worker, not on PostgreSQL: why, in entrypoints/cpu_pinning.py.
    single = args.workers == 1 and database.backend is not Backend.POSTGRESQL
    if args.cpu_pinning == AUTO and single:
        os.environ[PINNING_VARIABLE] = PINNED
    else:
        os.environ.pop(PINNING_VARIABLE, None)
    if args.max_streams is not None:
        os.environ[MAX_STREAMS_VARIABLE] = str(args.max_streams)
    if args.stream_idle is not None:
        os.environ[STREAM_IDLE_VARIABLE] = repr(args.stream_idle)
    if args.abandon_after is not _UNSET:
        os.environ[ABANDON_AFTER_VARIABLE] = (
            "0" if args.abandon_after is None else repr(args.abandon_after)
        )
    for variable, value in (
        (HEAD_TIMEOUT_VARIABLE, args.head_timeout),
        (BODY_TIMEOUT_VARIABLE, args.body_timeout),
        (KEEP_ALIVE_VARIABLE, args.keep_alive_timeout),
        (PER_CLIENT_VARIABLE, args.max_connections_per_client),
        (TOTAL_VARIABLE, args.max_connections),
    ):
        if value is not None:
            os.environ[variable] = repr(value)
    try:
        limits = ConnectionLimits.from_environment()
    except SettingsError as error:  # a variable set by hand, not through an option
        print(f"dodgecity serve: {error}", file=sys.stderr)
        return 2
    print(f"serving {database.describe()} on http://{args.host}:{args.port}", file=sys.stderr)
    _describe_secret(secret, database)
    print(limits.describe(descriptor_limit()), file=sys.stderr)
    proxies = args.forwarded_allow_ips
    if proxies is not None:
        print(f"clients named by X-Forwarded-For from {', '.join(proxies)}", file=sys.stderr)
    config = guarded_config(
        "entrypoints.server:app_from_environment",
        limits,
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level="info",
        # Every line, uvicorn's too, in one format with the request's id; the access log is the
        # app's own (api/http/request_log.py): uvicorn's would write query strings, and tickets.
        log_config=logging_config(args.log_format),
        access_log=False,
        # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise: anyone on this
        # host, or any proxy that passes the header on, could pick the address it is counted as.
        proxy_headers=proxies is not None,
        forwarded_allow_ips=proxies,
    )
    workers = config.workers if args.metrics == ON else 1
    try:
        with metrics_dir(workers, os.environ):  # where the workers' counts meet, if need be
            if config.workers == 1:
                uvicorn.Server(config).run()
                return 0
            from uvicorn.supervisors import Multiprocess

            Multiprocess(config, sockets=[bind_without_nagle(config)]).run()
            return 0
    except MetricsDirError as error:
        print(f"dodgecity serve: {error}", file=sys.stderr)
        return 2


def _describe_secret(secret: ServerSecret, database: Database) -> None:
    if isinstance(secret.source, Path):
        print(f"server secret kept in {secret.source}", file=sys.stderr)
        if readable_by_others(secret.source):
            print(f"warning: others may read {secret.source}: chmod 600 it", file=sys.stderr)
    elif secret.source is None and database.backend is Backend.POSTGRESQL:
        print(
            f"no server secret kept (set {SECRET_VARIABLE} or --secret-file): a fresh one for "
            "this run, so after a restart a retried POST /games opens a new game and open "
            "stream tickets are refused",
            file=sys.stderr,
        )


def bind_without_nagle(config: uvicorn.Config) -> socket.socket:
    """The listening socket for uvicorn's worker processes, with Nagle's algorithm off.

    uvicorn makes that socket without naming TCP as its protocol, so asyncio does not switch
    Nagle's algorithm off on the connections the workers accept, and every answer written in two
    parts waited for the client's delayed ACK: 44 ms at the median with two workers, 15 ms with
    this (``benchmarks/bench_api.py --postgres --workers 2``). Accepted connections inherit the
    listener's TCP_NODELAY on Linux (tests/test_serve_socket.py checks it)."""
    sock = config.bind_socket()
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def _openapi(args: argparse.Namespace) -> int:
    from api.routes.rulesets import installed_game_apis
    from entrypoints.server import openapi_document

    try:
        document = openapi_document(args.ruleset)
    except ValueError as unknown:
        print(f"dodgecity openapi: {unknown}", file=sys.stderr)
        return 2
    if args.output is None:
        sys.stdout.buffer.write(document)
    else:
        _write(args.output, document)
    if args.rulesets_dir is not None:
        try:
            args.rulesets_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(
                f"cannot make the folder {args.rulesets_dir}: {error.strerror or error}"
            ) from None
        for game in installed_game_apis():
            _write(args.rulesets_dir / f"{game.name}.json", openapi_document(game.name))
    return 0


def _projections(app: GameService, _args: argparse.Namespace) -> int:
    app.projections.catch_up()
    before = app.projections.dump()
    processed = app.projections.rebuild()
    identical = app.projections.dump() == before
    print(f"rebuilt every read model from {processed} events")
    print(
        "tables identical to before the rebuild" if identical else "tables CHANGED by the rebuild"
    )
    return 0 if identical else 1


def _note_unprojected(app: GameService) -> None:
    """A reading command reads the read models as far as they were projected (catching them up
    would take the write lock): say so when the log holds newer events."""
    newer = (app.recorder.max_notification_id() or 0) - app.projections.position()
    if newer > 0:
        print(
            f"(the read models do not show the newest {newer} events yet: a running server "
            "projects them, or `dodgecity projections rebuild`)",
            file=sys.stderr,
        )


#: The commands that only read. They open the store read-only: on SQLite they never take the
#: write lock a server writing to the same file needs (they once caught the read models up, as
#: a write, and could chase a log the server's bots kept growing), and any wait for a lock
#: another process holds lasts at most ``--lock-timeout`` seconds.
_READING_COMMANDS = ("replay", "state", "export", "verify", "games", "leaderboard")
DEFAULT_LOCK_TIMEOUT = 10


def _run_reading(
    args: argparse.Namespace,
    handler: Callable[[GameService, argparse.Namespace], int],
    must_exist: bool,
) -> int:
    """A reading command on a store opened read-only; a lock still held after
    ``--lock-timeout`` is a message ("the database is busy"), never a traceback."""
    try:
        app = _open(args.db, must_exist=must_exist, read_only=True, lock_timeout=args.lock_timeout)
        try:
            return handler(app, args)
        finally:
            app.close()
    except ReadModelsOutdatedError as error:
        raise CommandError(str(error)) from None
    except (StoreUnavailableError, PersistenceError, sqlite3.Error) as error:
        if "locked" not in str(error) and "busy" not in str(error):
            raise
        raise CommandError(
            f"the database is busy: another process held a lock on it for {args.lock_timeout} s "
            f"(--lock-timeout sets how long to wait): {error}"
        ) from None


_STORED_COMMANDS: dict[str, tuple[Callable[[GameService, argparse.Namespace], int], bool]] = {
    # command: (handler, needs an existing database)
    "replay": (_replay, True),
    "state": (_state, True),
    "export": (_export, True),
    "verify": (_verify, True),
    "games": (_games, True),
    "leaderboard": (_leaderboard, True),
    "projections": (_projections, True),
}


def _bot(args: argparse.Namespace) -> int:
    if not args.token:
        raise CommandError(f"give the seat's token with --token or ${TOKEN_VARIABLE}")
    url = args.url.rstrip("/")
    if not url.startswith(("http://", "https://")):
        raise CommandError(f"--url must be an http:// or https:// address, not {args.url!r}")

    def report(version: int, kind: str) -> None:
        if not args.quiet:
            print(f"version {version}: {kind}", flush=True)

    headers = {"Authorization": f"Bearer {args.token}"}
    try:
        with httpx.Client(base_url=url, headers=headers, timeout=WAIT_SECONDS + 10) as http:
            result = play_remote(http, str(args.game), args.kind, seed=args.seed, on_action=report)
    except httpx.HTTPError as error:
        raise CommandError(f"cannot reach {url}: {error}") from None
    except RemoteBotError as error:
        raise CommandError(str(error)) from None
    won = result.seat in result.winners
    print(
        f"game {result.game_id} ended: seat {result.seat} took {result.actions} actions and "
        f"{'won' if won else 'lost'} (points {list(result.points)}, winners {list(result.winners)})"
    )
    return 0


def _run(args: argparse.Namespace) -> int:
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "bot":
        return _bot(args)
    if args.command == "import":
        return _import(args)
    if args.command == "serve":
        return _serve(args)
    if args.command == "openapi":
        return _openapi(args)
    handler, must_exist = _STORED_COMMANDS[args.command]
    if args.command in _READING_COMMANDS:
        return _run_reading(args, handler, must_exist)
    app = _open(args.db, must_exist=must_exist)
    try:
        return handler(app, args)
    finally:
        app.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        _check_simulation(parser, args)
    try:
        return _run(args)
    except DatabaseURLError as error:
        return _failed(error, args.debug, status=2)
    except (
        CommandError,
        GameNotFoundError,
        GameExistsError,
        VersionOutOfRangeError,
        RecordRejectedError,
        StoreUnavailableError,
        CorruptRecordError,
    ) as error:
        return _failed(error, args.debug)
    except BrokenPipeError:
        # The reader went away (`dodgecity games | head`): not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("dodgecity: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # the last line of defence: a bug of ours is a line too
        return _failed(error, args.debug, unexpected=True)


def _failed(error: Exception, debug: bool, *, status: int = 1, unexpected: bool = False) -> int:
    """One line on standard error for ``error``, with its traceback first under ``--debug``, and
    the exit code. A failure nothing foresaw (unexpected, or the cause of a refused record) is a
    bug of ours: the line says how to see where it happened."""
    if debug:
        traceback.print_exception(error, file=sys.stderr)
    message = f"unexpected error: {type(error).__name__}: {error}" if unexpected else str(error)
    unforeseen = unexpected or (
        isinstance(error, RecordRejectedError) and error.__cause__ is not None
    )
    if unforeseen and not debug:
        message += " (dodgecity --debug shows where)"
    # A database's own words may run over several lines: one line here.
    print(escaped(f"dodgecity: {' '.join(message.split())}"), file=sys.stderr)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
