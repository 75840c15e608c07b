"""The server's secret for ``dodgecity serve``, kept across restarts.

Every secret of a server is derived from this one (``api/settings.py``): the names an idempotency
key gives a game and its host token, and the stream tickets' signatures. Its workers must share
it, and a restarted server must find it again, or a retried ``POST /games`` opens a second game
and live tickets die. It comes from ``DODGECITY_SECRET`` when that is set; else from a file, made
(mode 0600, 256 random bits as hex) when missing: ``--secret-file``, by default the SQLite
database's name with ``.secret`` added. A PostgreSQL server given neither, or a database in
memory, gets a fresh secret for this run only.
"""

from __future__ import annotations

import os
import secrets
import stat
import tempfile
from contextlib import suppress
from pathlib import Path

import attrs

from api.settings import SECRET_VARIABLE
from engine.database import Backend, Database

SECRET_BYTES = 32
#: The two secrets a server kept before this one; set, they would be ignored without a word.
RETIRED_VARIABLES = ("DODGECITY_IDEMPOTENCY_SECRET", "DODGECITY_TICKET_SECRET")
#: The shortest secret accepted from a file or the environment: 128 bits as hex.
MIN_SECRET_CHARACTERS = 32


class SecretError(Exception):
    """A secret that cannot be read or made; the message says what to do."""


@attrs.frozen
class ServerSecret:
    text: str
    source: Path | str | None  # the file, the variable's name, or None: made for this run


def server_secret(
    database: Database, secret_file: Path | None, environ: dict[str, str] | os._Environ[str]
) -> ServerSecret:
    """The secret to hand the workers, and where it came from."""
    given = environ.get(SECRET_VARIABLE, "").strip()
    retired = [name for name in RETIRED_VARIABLES if environ.get(name, "").strip()]
    if retired and not given:
        # Refused rather than ignored: an operator who set one expects retries and tickets to
        # survive a restart, which a secret made in its place would quietly undo.
        raise SecretError(
            f"{' and '.join(retired)} {'is' if len(retired) == 1 else 'are'} no longer read: "
            f"set {SECRET_VARIABLE} to one secret instead (the server derives the others)"
        )
    if given:
        return ServerSecret(_checked(given, SECRET_VARIABLE), SECRET_VARIABLE)
    if secret_file is None and database.backend is Backend.SQLITE:
        secret_file = Path(f"{database.sqlite_path}.secret")
    if secret_file is None:
        return ServerSecret(secrets.token_hex(SECRET_BYTES), None)
    return ServerSecret(_kept_in(secret_file), secret_file)


def _kept_in(path: Path) -> str:
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    except OSError as error:
        raise SecretError(f"cannot read the server secret {path}: {error.strerror}") from None
    try:
        _create(path)
        return _read(path)
    except OSError as error:
        raise SecretError(f"cannot make the server secret {path}: {error.strerror}") from None


def _read(path: Path) -> str:
    text = path.read_bytes().decode("ascii", errors="replace").strip()
    return _checked(text, str(path))


def _create(path: Path) -> None:
    """Write a new secret to ``path`` unless another process has just made one: written whole
    to a private file first (``mkstemp`` makes it 0600) and then linked into place, so nobody
    ever reads half a secret, and the first server to link wins."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", encoding="ascii") as file:
            file.write(secrets.token_hex(SECRET_BYTES) + "\n")
            file.flush()
            os.fsync(file.fileno())
        # If another server made it meanwhile, that one is the secret.
        with suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        os.unlink(temporary)


def _checked(text: str, source: str) -> str:
    if len(text) < MIN_SECRET_CHARACTERS or not text.isprintable():
        raise SecretError(
            f"the server secret in {source} is not at least {MIN_SECRET_CHARACTERS} printable "
            f"characters: use {SECRET_BYTES * 2} random hex digits (a missing secret file is "
            "made with one)"
        )
    return text


def readable_by_others(path: Path) -> bool:
    return bool(path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO))
