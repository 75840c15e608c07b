"""``verify`` checks a game's seed against the commitment recorded when it was created: a game
whose seed or commitment was swapped fails at its first event even when the hash chain was
sealed again over the change, a player can check the commitment they were shown
(``dodgecity verify GAME --commitment HEX``, or ``import FILE --commitment HEX``), and a game
stored before commitments verifies as before, saying it predates them."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import msgspec
import pytest
from engine.application import GameService
from engine.audit import verify
from engine.fairness import seed_commitment
from engine.records import CreateCommand, decode_event, encode_event
from engine.transfer import RecordRejectedError, export_record, read_record
from entrypoints.cli import main

from tests.storage.forged import resealed

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _new_game(app: GameService, ruleset: str, seats: int, seed: str | None = None) -> UUID:
    return app.create_game(ruleset=ruleset, seats=seats, seed=seed)


@pytest.fixture
def app() -> Iterator[GameService]:
    service = GameService("memory://")
    yield service
    service.close()


@pytest.mark.parametrize(("ruleset", "seats"), [("dodgecity", 3), ("bang", 4)])
def test_given_a_new_game_when_verified_then_its_seed_matches_the_commitment_it_recorded(
    app: GameService, ruleset: str, seats: int
) -> None:
    game_id = _new_game(app, ruleset, seats, seed="chosen-seed")
    records = app.records(game_id)
    opening = records[0].command
    assert isinstance(opening, CreateCommand)
    assert opening.seed_nonce is not None
    assert opening.seed_commitment == seed_commitment(game_id, "chosen-seed", opening.seed_nonce)
    assert opening.seed_chosen is True
    verdict = verify(game_id, records)
    assert verdict.ok, verdict.describe()
    assert verdict.describe().splitlines()[1] == (
        f"{game_id}: the seed and its nonce match the commitment {opening.seed_commitment}, a seed its creator chose"
    )


@pytest.mark.parametrize(("ruleset", "seats"), [("dodgecity", 3), ("bang", 4)])
def test_given_a_game_whose_seed_was_swapped_and_the_chain_sealed_again_when_verified_then_it_fails_at_the_first_event(
    app: GameService, ruleset: str, seats: int
) -> None:
    game_id = _new_game(app, ruleset, seats)
    records = app.records(game_id)
    first = records[0]
    swapped = msgspec.structs.replace(decode_event(first.type, first.payload), seed="a-seed-i-like")
    forged = resealed([msgspec.structs.replace(first, payload=encode_event(swapped)), *records[1:]])
    verdict = verify(game_id, forged)
    assert (verdict.ok, verdict.version) == (False, 1)
    assert verdict.problem == "the seed is not the one committed to when the game was created"


@pytest.mark.parametrize(("ruleset", "seats"), [("dodgecity", 3), ("bang", 4)])
def test_given_a_game_whose_commitment_was_swapped_and_the_chain_sealed_again_when_verified_then_it_fails_at_the_first_event(
    app: GameService, ruleset: str, seats: int
) -> None:
    game_id = _new_game(app, ruleset, seats)
    records = app.records(game_id)
    opening = records[0].command
    assert isinstance(opening, CreateCommand)
    forged_opening = msgspec.structs.replace(opening, seed_commitment="ab" * 32)
    forged = resealed([msgspec.structs.replace(records[0], command=forged_opening), *records[1:]])
    verdict = verify(game_id, forged)
    assert (verdict.ok, verdict.version) == (False, 1)
    assert verdict.problem == "the seed is not the one committed to when the game was created"


def test_given_a_commitment_a_player_was_shown_when_verified_then_only_the_games_own_passes(app: GameService) -> None:
    game_id = _new_game(app, "dodgecity", 2)
    records = app.records(game_id)
    opening = records[0].command
    assert isinstance(opening, CreateCommand)
    assert opening.seed_commitment is not None
    assert verify(game_id, records, commitment=opening.seed_commitment.upper()).ok
    other = verify(game_id, records, commitment="cd" * 32)
    assert (other.ok, other.version) == (False, 1)
    assert other.problem is not None
    assert "not this game's" in other.problem


def test_given_a_game_record_and_the_commitment_shown_when_imported_then_a_wrong_commitment_is_refused(app: GameService) -> None:
    game_id = _new_game(app, "bang", 3)
    data = export_record(game_id, app.records(game_id))
    opening = app.records(game_id)[0].command
    assert isinstance(opening, CreateCommand)
    assert opening.seed_commitment is not None
    assert read_record(data, commitment=opening.seed_commitment)[0] == game_id
    with pytest.raises(RecordRejectedError, match="not this game's"):
        read_record(data, commitment="ef" * 32)


def test_given_a_game_stored_before_commitments_when_verified_then_it_passes_and_says_it_predates_them() -> None:
    game_id, records = read_record((GOLDEN / "dodgecity" / "2p-simulated-random.json").read_bytes())
    opening = records[0].command
    assert isinstance(opening, CreateCommand)
    assert opening.seed_commitment is None
    verdict = verify(game_id, records)
    assert verdict.ok
    assert verdict.seed_commitment is None
    assert verdict.describe().splitlines() == [
        f"{game_id}: ok, {len(records)} events, chain and rules agree",
        f"{game_id}: predates seed commitments: its seed was not committed to",
    ]
    # Its seed is public now that it has ended: a commitment to it still checks.
    seed = decode_event(records[0].type, records[0].payload).seed  # type: ignore[attr-defined]
    assert verify(game_id, records, commitment=hashlib.sha256(f"{game_id}:{seed}".encode()).hexdigest()).ok
    assert not verify(game_id, records, commitment="01" * 32).ok


def test_given_a_stored_game_when_verify_is_given_the_commitment_shown_then_it_exits_0_and_1_for_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    app = GameService(url)
    try:
        game_id = _new_game(app, "dodgecity", 2)
        opening = app.records(game_id)[0].command
    finally:
        app.close()
    assert isinstance(opening, CreateCommand)
    assert opening.seed_commitment is not None
    assert main(["verify", str(game_id), "--commitment", opening.seed_commitment, "--db", url]) == 0
    assert f"{game_id}: the seed and its nonce match the commitment {opening.seed_commitment}" in capsys.readouterr().out
    assert main(["verify", str(game_id), "--commitment", "12" * 32, "--db", url]) == 1
    assert "not this game's" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        main(["verify", str(game_id), "--commitment", "not-hex", "--db", url])
    assert refused.value.code == 2
