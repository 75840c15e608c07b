"""Verification: the hash chain and the re-run of every recorded command through the rules."""

from __future__ import annotations

import msgspec
import pytest
from domain.dodgecity.actions import EndTurn
from domain.events.dodgecity import StoneBought
from engine.audit import verify
from engine.records import ActCommand, Record, act_command, chain_hash, encode_event

from tests.storage.games import recorded_game, sealed


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_given_an_honest_record_when_verified_then_ok(players: int) -> None:
    game, commands = recorded_game(players, f"audit-{players}")
    records = sealed(commands)

    verdict = verify(game.id, records)

    assert verdict.ok, verdict.problem
    assert verdict.events == game.version == len(records)


def _rechain(records: list[Record]) -> list[Record]:
    """What a careful forger does after editing: recompute every hash from the genesis on."""
    out, previous = [], "0" * 64
    for r in records:
        digest = chain_hash(previous, event_type=r.type, version=r.version, recorded_at=r.recorded_at, command=r.command, payload=r.payload)
        out.append(msgspec.structs.replace(r, hash=digest))
        previous = digest
    return out


def _first_stone_bought(records: list[Record]) -> int:
    return next(i for i, r in enumerate(records) if r.type == "StoneBought")


def test_given_an_edited_event_when_verified_then_the_chain_names_its_version() -> None:
    game, commands = recorded_game(3, "tamper")
    records = sealed(commands)
    index = _first_stone_bought(records)
    bought = records[index].event()
    assert isinstance(bought, StoneBought)
    cheaper = msgspec.structs.replace(bought, price=0)
    records[index] = msgspec.structs.replace(records[index], payload=encode_event(cheaper))

    verdict = verify(game.id, records)

    assert not verdict.ok
    assert verdict.version == records[index].version
    assert "hash mismatch" in (verdict.problem or "")


def test_given_an_edited_event_with_a_recomputed_chain_when_verified_then_the_rules_catch_it() -> None:
    game, commands = recorded_game(3, "forger")
    records = sealed(commands)
    index = _first_stone_bought(records)
    bought = records[index].event()
    assert isinstance(bought, StoneBought)
    records[index] = msgspec.structs.replace(records[index], payload=encode_event(msgspec.structs.replace(bought, price=0)))

    verdict = verify(game.id, _rechain(records))

    assert not verdict.ok
    assert verdict.version == records[index].version
    assert "differs from what the rules record in: price" in (verdict.problem or "")


def test_given_a_forged_command_when_verified_then_the_rules_refusal_is_reported() -> None:
    game, commands = recorded_game(2, "forged-command")
    records = sealed(commands)
    index = next(i for i, r in enumerate(records) if isinstance(r.command, ActCommand) and i > 30)
    command = records[index].command
    assert isinstance(command, ActCommand)
    # The same seat "ends its turn" where it did something else: not what the rules accept here,
    # or not what produced these events.
    records[index] = msgspec.structs.replace(records[index], command=act_command((command.seat + 1) % 2, EndTurn()))

    verdict = verify(game.id, _rechain(records))

    assert not verdict.ok
    assert verdict.version is not None
    assert verdict.version <= records[index].version
    assert verdict.problem


def test_given_a_dropped_event_when_verified_then_the_gap_is_reported() -> None:
    game, commands = recorded_game(2, "gap")
    records = sealed(commands)
    del records[40]

    verdict = verify(game.id, records)

    assert not verdict.ok
    assert verdict.version == 41
    assert "version 42 where 41 belongs" in (verdict.problem or "")


def test_given_swapped_events_when_verified_then_detected() -> None:
    game, commands = recorded_game(2, "swap")
    records = sealed(commands)
    records[50], records[51] = records[51], records[50]

    verdict = verify(game.id, records)

    assert not verdict.ok
    assert verdict.version == 51


def test_given_events_of_another_game_when_verified_then_detected() -> None:
    game, commands = recorded_game(2, "mine")
    other, other_commands = recorded_game(2, "theirs")
    records = sealed(commands)
    records[10] = sealed(other_commands)[10]

    verdict = verify(game.id, records)

    assert not verdict.ok
    assert verdict.version == 11
    assert str(other.id) in (verdict.problem or "")


def test_given_a_mismatch_when_reported_then_no_card_or_seed_is_named() -> None:
    game, commands = recorded_game(3, "quiet")
    records = sealed(commands)
    dealt_index = next(i for i, r in enumerate(records) if r.type == "CardsDealt")
    dealt = records[dealt_index].event()
    swapped = msgspec.structs.replace(dealt, cards=tuple(reversed(dealt.cards)))  # type: ignore[attr-defined]
    records[dealt_index] = msgspec.structs.replace(records[dealt_index], payload=encode_event(swapped))

    verdict = verify(game.id, _rechain(records))

    assert not verdict.ok
    assert verdict.problem is not None
    assert "cards" in verdict.problem
    for card in dealt.cards:  # type: ignore[attr-defined]
        assert card not in verdict.problem
