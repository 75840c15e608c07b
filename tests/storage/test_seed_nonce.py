"""A commitment that reveals nothing: a new game commits to its seed together with a secret random
nonce, so a seed its creator chose (``"4711"``) cannot be found from the published commitment by
trying seeds. ``verify`` checks the seed and the nonce against the commitment, refuses a stored
game whose seed or nonce was altered even when the chain was sealed again over the change, and
keeps verifying games recorded with the commitment from before nonces by that formula."""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import msgspec
import pytest
from engine.application import GameService
from engine.audit import verify
from engine.records import CreateCommand, Record, decode_event, encode_event
from engine.transfer import RecordRejectedError, export_record, read_record
from entrypoints.cli import main

from tests.storage.forged import resealed

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
NOT_COMMITTED = "the seed is not the one committed to when the game was created"


@pytest.fixture
def app() -> Iterator[GameService]:
    service = GameService("memory://")
    yield service
    service.close()


def _opening(records: list[Record]) -> CreateCommand:
    opening = records[0].command
    assert isinstance(opening, CreateCommand)
    return opening


def _by_hand(game_id: UUID, nonce: str, seed: str) -> str:
    """The commitment as the fairness module's docstring tells anyone to check it by hand."""
    shell = 'printf \'%s:%s:%s:%s\' seed-commitment-v2 "$1" "$2" "$3" | sha256sum'
    done = subprocess.run(["sh", "-c", shell, "sh", str(game_id), nonce, seed], capture_output=True, text=True, check=True)
    return done.stdout.split()[0]


@pytest.mark.parametrize(("ruleset", "seats"), [("dodgecity", 3), ("bang", 4)])
def test_given_a_new_game_with_a_chosen_seed_then_it_commits_to_the_seed_with_a_secret_nonce_anyone_can_check_by_hand(
    app: GameService, ruleset: str, seats: int
) -> None:
    game_id = app.create_game(ruleset=ruleset, seats=seats, seed="4711")
    other = app.create_game(ruleset=ruleset, seats=seats, seed="4711")
    opening, other_opening = _opening(app.records(game_id)), _opening(app.records(other))
    nonce = opening.seed_nonce
    assert nonce is not None
    assert len(nonce) == 64
    assert int(nonce, 16) >= 0  # 256 bits, hex
    assert other_opening.seed_nonce not in {None, nonce}
    assert opening.seed_commitment == _by_hand(game_id, nonce, "4711")
    assert opening.seed_commitment != hashlib.sha256(f"{game_id}:4711".encode()).hexdigest()
    verdict = verify(game_id, app.records(game_id), commitment=opening.seed_commitment)
    assert verdict.ok, verdict.describe()
    assert verdict.describe().splitlines()[1] == (
        f"{game_id}: the seed and its nonce match the commitment {opening.seed_commitment}, a seed its creator chose"
    )


@pytest.mark.parametrize(("ruleset", "seats"), [("dodgecity", 3), ("bang", 4)])
def test_given_a_game_whose_nonce_was_altered_and_the_chain_sealed_again_when_verified_then_it_fails_at_the_first_event(
    app: GameService, ruleset: str, seats: int
) -> None:
    game_id = app.create_game(ruleset=ruleset, seats=seats, seed="4711")
    records = app.records(game_id)
    opening = _opening(records)
    for forged_nonce in ("0" * 64, None):  # another nonce, or none: the formula from before nonces
        forged_opening = msgspec.structs.replace(opening, seed_nonce=forged_nonce)
        forged = resealed([msgspec.structs.replace(records[0], command=forged_opening), *records[1:]])
        verdict = verify(game_id, forged)
        assert (verdict.ok, verdict.version, verdict.problem) == (False, 1, NOT_COMMITTED)


@pytest.mark.parametrize("nonce", ["abc", "G" * 64, "A" * 64, "0" * 63 + ":", "0" * 64 + "\n"])
def test_given_a_stored_nonce_that_is_not_64_lowercase_hex_digits_when_verified_then_it_is_refused_saying_so(
    app: GameService, nonce: str
) -> None:
    game_id = app.create_game(ruleset="dodgecity", seats=2, seed="4711")
    records = app.records(game_id)
    forged_opening = msgspec.structs.replace(_opening(records), seed_nonce=nonce)
    verdict = verify(game_id, resealed([msgspec.structs.replace(records[0], command=forged_opening), *records[1:]]))
    assert (verdict.ok, verdict.version) == (False, 1)
    assert verdict.problem == "the seed nonce recorded at creation is not 64 lowercase hex digits"


@pytest.mark.parametrize(("ruleset", "seats"), [("dodgecity", 3), ("bang", 4)])
def test_given_a_nonced_game_whose_seed_was_swapped_and_the_chain_sealed_again_when_verified_then_it_fails_at_the_first_event(
    app: GameService, ruleset: str, seats: int
) -> None:
    game_id = app.create_game(ruleset=ruleset, seats=seats, seed="4711")
    records = app.records(game_id)
    assert _opening(records).seed_nonce is not None
    swapped = msgspec.structs.replace(decode_event(records[0].type, records[0].payload), seed="4712")
    forged = resealed([msgspec.structs.replace(records[0], payload=encode_event(swapped)), *records[1:]])
    verdict = verify(game_id, forged)
    assert (verdict.ok, verdict.version, verdict.problem) == (False, 1, NOT_COMMITTED)


@pytest.mark.parametrize("path", ["dodgecity/g2-2p-seated-variants.json", "bang/g2-5p-simulated-random.json"])
def test_given_a_game_recorded_with_the_commitment_from_before_nonces_when_verified_and_imported_then_it_passes_by_that_formula(
    path: str,
) -> None:
    data = (GOLDEN / path).read_bytes()
    game_id, records = read_record(data)
    opening = _opening(records)
    assert opening.seed_nonce is None
    seed = decode_event(records[0].type, records[0].payload).seed  # type: ignore[attr-defined]
    old_formula = hashlib.sha256(f"{game_id}:{seed}".encode()).hexdigest()
    assert opening.seed_commitment == old_formula
    verdict = verify(game_id, records, commitment=old_formula)
    assert verdict.ok, verdict.describe()
    assert verdict.describe().splitlines()[1] == (f"{game_id}: the seed matches the commitment {old_formula}, a seed its creator chose")
    assert read_record(data, commitment=old_formula)[0] == game_id


def test_given_a_nonced_game_record_when_imported_then_the_commitment_shown_checks_and_a_malformed_nonce_is_refused(
    app: GameService,
) -> None:
    game_id = app.create_game(ruleset="bang", seats=3, seed="4711")
    data = export_record(game_id, app.records(game_id))
    opening = _opening(app.records(game_id))
    assert opening.seed_commitment is not None
    assert opening.seed_nonce is not None
    assert read_record(data, commitment=opening.seed_commitment)[0] == game_id
    with pytest.raises(RecordRejectedError, match="not this game's"):
        read_record(data, commitment=hashlib.sha256(f"{game_id}:4711".encode()).hexdigest())
    malformed = data.replace(opening.seed_nonce.encode(), opening.seed_nonce[:-1].encode(), 1)
    with pytest.raises(RecordRejectedError, match="seed_nonce"):
        read_record(malformed)


def test_given_a_nonced_game_in_a_store_when_the_cli_verifies_it_then_it_says_seed_and_nonce_match_and_shows_neither(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    app = GameService(url)
    try:
        game_id = app.create_game(ruleset="dodgecity", seats=2, seed="4711")
        opening = _opening(app.records(game_id))
    finally:
        app.close()
    assert opening.seed_commitment is not None
    assert opening.seed_nonce is not None
    assert main(["verify", str(game_id), "--commitment", opening.seed_commitment, "--db", url]) == 0
    out = capsys.readouterr().out
    assert f"{game_id}: the seed and its nonce match the commitment {opening.seed_commitment}" in out
    assert opening.seed_nonce not in out  # the game is still in its lobby: both stay secret
