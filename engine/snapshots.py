"""Snapshots of loaded games: a cache kept in the store beside the events, never a fact.

Opening a game folds every stored event (about 12 µs each): a long game (a ruleset with no turn
limit) would cost more to open at every step. A snapshot is a loaded game written down at a
command's end (its state, its table, what its commands said about who may do what, and the hash
of its last event) so that opening it later folds only the events stored since.

When one is written: by the command that takes a game :data:`SNAPSHOT_INTERVAL` events past its
last snapshot, at its end, under the game's lock, once its events are stored; and by an opening
that had to fold that many events. Encoding and keeping one cost 0.1 to 0.3 ms of CPU (1,000 to
50,000 events, ``benchmarks/bench_open_game.py``), once per interval. A process that only reads
(the CLI's verify, export …) reads snapshots but never writes one.

What keeps a snapshot from ever being trusted over the events:

- its **key** names the ruleset, the rules version the game is played by, and a digest of the
  code and data that fold a game and write snapshots (every file of ``domain/``, the ruleset's
  own package, the engine modules that fold and keep games, and the versions of Python, attrs
  and msgspec): a snapshot written by any other code is ignored, so a change of state or
  encoding never needs anyone to remember a version to bump;
- its bytes carry their own digest, and the event at its version must still be stored with the
  hash it recorded: a corrupt snapshot, or one of another history, is ignored;
- anything wrong with it (unreadable, another key, another game, a class it may not name) only
  costs time: the game is folded from its events, as if there were none.

Nothing that checks or exports a game reads snapshots: ``verify``, the audit, import and export
read the records alone. A snapshot holds the whole state (hands, seeds, pile order), so it is read
only to open a game on the server, never served, exported or logged.

The state is written with :mod:`pickle`, which keeps every state exactly as the rules made it
(attrs classes, unions of frames, sets, tuples, enums) without a schema per game; it is read back
with an unpickler that may name only plain data types, the game's own packages and the engine's
records, so a forged row cannot make it run anything else.
"""

from __future__ import annotations

import functools
import hashlib
import io
import pickle
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol, runtime_checkable
from uuid import UUID

from domain.registry import AnyRules
from domain.table import Table
from engine.credentials import Access

#: A new snapshot is written once a game has this many events more than its last one.
SNAPSHOT_INTERVAL = 100
#: The table of snapshots, beside the events' table: one row per game, its latest snapshot.
TABLE = "game_snapshots"

_DIGEST_SIZE = 32


class StoredSnapshot:
    """A snapshot as the store keeps it: the game's version it was taken at, its key and its
    bytes."""

    __slots__ = ("data", "key", "version")

    def __init__(self, version: int, key: str, data: bytes) -> None:
        self.version = version
        self.key = key
        self.data = data


@runtime_checkable
class SnapshotShelf(Protocol):
    """What a recorder that keeps snapshots answers (``engine/*_events.py``)."""

    def latest_snapshot(self, game_id: UUID) -> StoredSnapshot | None:
        """The game's latest snapshot; None if it has none (or the store keeps none)."""
        ...

    def keep_snapshot(self, game_id: UUID, snapshot: StoredSnapshot) -> None:
        """Keep ``snapshot`` as the game's, in place of any kept before: the latest written is
        kept, so a bad one is replaced as soon as the game is opened (two processes writing
        at once may leave the earlier version, which only costs a longer fold)."""
        ...


@dataclass(frozen=True)
class Taken:
    """A loaded game at a command's end: everything a snapshot restores."""

    game_id: UUID
    version: int
    head: str  # the hash of the event at ``version``
    state: Any
    table: Table
    access: Access


class UnusableSnapshotError(ValueError):
    """A snapshot that must not be used: the game is folded from its events instead."""


def snapshot_key(rules: AnyRules, rules_version: str) -> str:
    """The key a snapshot of a game of ``rules``, played by ``rules_version``, is kept under by
    this code; a snapshot under any other key is ignored."""
    return f"{rules.name}|{rules_version}|{_code_digest(_package_of(rules))}"


def encode(taken: Taken) -> bytes:
    payload = pickle.dumps(taken, protocol=pickle.HIGHEST_PROTOCOL)
    return hashlib.blake2b(payload, digest_size=_DIGEST_SIZE).digest() + payload


def decode(data: bytes, rules: AnyRules, game_id: UUID) -> Taken:
    """The game ``data`` holds; :class:`UnusableSnapshotError` if it is corrupt, names a class
    it may not, or is not a snapshot of ``game_id``."""
    digest, payload = data[:_DIGEST_SIZE], data[_DIGEST_SIZE:]
    if hashlib.blake2b(payload, digest_size=_DIGEST_SIZE).digest() != digest:
        raise UnusableSnapshotError("its bytes do not match their digest")
    try:
        taken = _Unpickler(payload, _package_of(rules)).load()
    except UnusableSnapshotError:
        raise
    except Exception as error:  # whatever a bad payload raises, it only costs a fold
        raise UnusableSnapshotError(f"unreadable: {type(error).__name__}") from None
    if not isinstance(taken, Taken) or taken.game_id != game_id:
        raise UnusableSnapshotError("it is not a snapshot of this game")
    return taken


# -- what a snapshot may name ---------------------------------------------------------------

_PLAIN = {
    "builtins": {"set", "frozenset", "dict", "list", "tuple", "bytes", "bytearray", "complex"},
    "datetime": {"datetime", "date", "time", "timedelta", "timezone"},
    "uuid": {"UUID", "SafeUUID"},
    "msgspec": {"Raw"},
    # How an array (a loaded game's command starts) is pickled: an array from its bytes.
    "array": {"array", "_array_reconstructor"},
    "collections": {"OrderedDict", "defaultdict", "deque", "Counter"},
    # How msgspec pickles a keyword-only Struct: ``cls(**kwargs)``, with a class found here.
    "msgspec._utils": {"rebuild"},
}
#: Modules of the engine whose data a loaded game holds (the opening command, its credentials).
_ENGINE_MODULES = ("engine.records", "engine.credentials", "engine.snapshots")
#: The code a snapshot's key covers besides the kernel's and the game's own packages: how a
#: game is folded and what a loaded game keeps (application.py), how records are read, how
#: snapshots are written.
_ENGINE_FILES = ("application.py", "records.py", "credentials.py", "snapshots.py")


class _Unpickler(pickle.Unpickler):
    """An unpickler that finds only plain data types, the kernel's and the game's classes."""

    def __init__(self, payload: bytes, package: str) -> None:
        super().__init__(io.BytesIO(payload))
        self._packages = ("domain", package)

    def find_class(self, module: str, name: str) -> Any:
        if name in _PLAIN.get(module, ()):
            return super().find_class(module, name)
        ours = module in _ENGINE_MODULES or any(
            module == package or module.startswith(f"{package}.") for package in self._packages
        )
        found = super().find_class(module, name) if ours and module in sys.modules else None
        if not isinstance(found, type):  # classes only: no function is ever called
            raise UnusableSnapshotError(f"it names {module}.{name}, which it may not")
        return found


def _package_of(rules: AnyRules) -> str:
    """The package a ruleset's code lives in (``domain.<ruleset>``, or a test's toy game)."""
    module = type(rules).__module__
    return module.rpartition(".")[0] or module


def _kernel_digest() -> bytes:
    """A digest of the kernel and every game inside ``domain``, the engine files that fold and
    keep games, and the versions of the libraries that pickle them."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{sys.version}|{_version('attrs')}|{_version('msgspec')}".encode())
    engine = Path(__file__).parent
    _add_files(digest, engine, [engine / name for name in _ENGINE_FILES])
    kernel = _folder("domain")
    _add_files(digest, kernel, _files_under(kernel))
    return digest.digest()


def _add_files(digest: Any, root: Path, files: Iterable[Path]) -> None:
    for path in files:
        digest.update(f"{root.name}/{path.relative_to(root)}".encode() + b"\0")
        digest.update(path.read_bytes())


@functools.cache
def _code_digest(package: str) -> str:
    """A digest of every file that decides what a game's state is after its events and how a
    snapshot holds it: the kernel's (:data:`_KERNEL`), and the game's package's if it lives
    outside ``domain`` (a test's toy game)."""
    digest = hashlib.blake2b(_KERNEL, digest_size=16)
    game, kernel = _folder(package), _folder("domain")
    if not game.is_relative_to(kernel):
        _add_files(digest, game, _files_under(game))
    return digest.hexdigest()


def _folder(package: str) -> Path:
    module = sys.modules.get(package) or __import__(package, fromlist=["_"])
    return Path(module.__file__ or "").parent


def _files_under(root: Path) -> Iterable[Path]:
    return sorted(
        path
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    )


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "?"


#: Taken when the engine is imported, with the code it runs: a process whose files are replaced
#: under it (a deployment before its restart) keeps writing under its own code's key.
_KERNEL = _kernel_digest()


__all__ = [
    "SNAPSHOT_INTERVAL",
    "TABLE",
    "SnapshotShelf",
    "StoredSnapshot",
    "Taken",
    "UnusableSnapshotError",
    "decode",
    "encode",
    "snapshot_key",
]
