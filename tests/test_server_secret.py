"""The server's secret: kept across restarts, shared by the workers, and the one source of the
secrets derived from it."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from api.settings import SECRET_VARIABLE, ApiSettings
from engine.database import parse
from entrypoints.server_secret import SecretError, server_secret

from tests.api.servers import free_port, run_cli

SQLITE = "sqlite:///{}"


def test_given_a_sqlite_database_then_its_secret_is_made_beside_it_readable_by_its_owner_only_and_found_again(tmp_path: Path) -> None:
    database = parse(SQLITE.format(tmp_path / "games.db"))
    made = server_secret(database, None, {})
    assert made.source == tmp_path / "games.db.secret"
    assert stat.S_IMODE((tmp_path / "games.db.secret").stat().st_mode) == 0o600
    assert server_secret(database, None, {}).text == made.text
    assert [path.name for path in tmp_path.iterdir()] == ["games.db.secret"]  # no temporary file left


def test_given_the_variable_then_it_wins_over_any_file(tmp_path: Path) -> None:
    database = parse(SQLITE.format(tmp_path / "games.db"))
    given = "a" * 64
    assert server_secret(database, tmp_path / "other.secret", {SECRET_VARIABLE: given}).text == given
    assert not (tmp_path / "other.secret").exists()


def test_given_postgresql_without_a_file_then_a_fresh_secret_for_this_run_only() -> None:
    database = parse("postgresql://user@localhost/games")
    first, second = server_secret(database, None, {}), server_secret(database, None, {})
    assert first.source is None
    assert first.text != second.text


@pytest.mark.parametrize("retired", ["DODGECITY_IDEMPOTENCY_SECRET", "DODGECITY_TICKET_SECRET"])
def test_given_a_retired_secret_variable_alone_then_it_is_refused_naming_the_one_to_set(tmp_path: Path, retired: str) -> None:
    database = parse(SQLITE.format(tmp_path / "games.db"))
    with pytest.raises(SecretError, match=f"{retired} is no longer read: set {SECRET_VARIABLE}"):
        server_secret(database, None, {retired: "b" * 64})
    assert list(tmp_path.iterdir()) == []  # no secret made in its place
    # Beside the one secret it is only redundant.
    assert server_secret(database, None, {retired: "b" * 64, SECRET_VARIABLE: "a" * 64}).text == "a" * 64


def test_given_a_secret_file_too_short_to_be_a_secret_then_serve_refuses_to_start_with_a_message(tmp_path: Path) -> None:
    short = tmp_path / "short.secret"
    short.write_text("1234\n")
    with pytest.raises(SecretError, match="at least 32"):
        server_secret(parse(SQLITE.format(tmp_path / "games.db")), short, {})
    served = run_cli("serve", "--db", SQLITE.format(tmp_path / "games.db"), "--port", str(free_port()), "--secret-file", str(short))
    assert served.returncode == 2
    assert "server secret" in served.stderr
    assert "Traceback" not in served.stderr


def test_given_one_server_secret_then_the_idempotency_and_ticket_secrets_are_derived_apart_and_alike_in_every_process() -> None:
    one, again, other = (
        ApiSettings(secret=b"s" * 32),
        ApiSettings.from_environment({SECRET_VARIABLE: "s" * 32}),
        ApiSettings(secret=b"t" * 32),
    )
    assert one.idempotency_secret == again.idempotency_secret
    assert one.ticket_secret == again.ticket_secret
    assert len({one.idempotency_secret, one.ticket_secret, one.secret, other.idempotency_secret, other.ticket_secret}) == 5
