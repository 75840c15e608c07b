"""Making the rules faster changes nothing they record: seeded games of random and heuristic
players at 3 to 6 seats, with and without every engine variant, record byte for byte the events
they recorded before (no rules-version bump, stored games replay as they were played).

The expected digests were computed by :func:`recorded_digest` from the rules as they were at
commit 21ffb1a, before ``check`` stopped listing every legal action to judge one (issue 26);
a change that alters what these games record changes them, and must bump the rules version."""

from __future__ import annotations

import hashlib
from uuid import UUID, uuid5

import msgspec
import pytest
from domain.events.base import DomainEvent
from domain.events.dogeatdog import DogEatDogSettings
from engine.dogeatdog.kit import KIT
from engine.records import Command
from engine.simulation import play_game

EVERY_VARIANT = DogEatDogSettings(honour=True, kickback=True, auction_sealed=True, embezzle_own_turn=True, open_info=True)
#: Any fixed UUID: the games' ids are named by their seeds in it, so that the events are fixed.
NAMESPACE = UUID("5d0e8a36-7b1f-4c29-9a64-2f8e1c3b7d90")
GAMES_PER_TABLE = 4  # per kind of player and table size: 32 games per settings
#: (digest, events) by settings, from commit 21ffb1a's rules.
EXPECTED = {
    "standard": ("d642bcd7d36dc29c4c808595a9e4db78617442ea10cb74173e5c7fbfc0548e57", 120779),
    "every-variant": ("d0fa25f06d492a27afae13e7d69d21e89de04d992d15d9e301e416396d182b10", 103883),
}


def recorded_digest(settings: DogEatDogSettings | None) -> tuple[str, int]:
    """The SHA-256 of every event (type and JSON) the seeded games record, in order, and how
    many events that was."""
    digest = hashlib.sha256()
    encoder = msgspec.json.Encoder()
    counted = 0

    def log(_command: Command, events: list[DomainEvent]) -> None:
        nonlocal counted
        for event in events:
            digest.update(type(event).__name__.encode())
            digest.update(encoder.encode(event))
            counted += 1

    for kind in ("random", "heuristic"):
        for seats in (3, 4, 5, 6):
            for index in range(GAMES_PER_TABLE):
                seed = f"unchanged-{settings is None}-{kind}-{seats}-{index}"
                players = [KIT.bot(kind, f"{seed}/seat{seat}") for seat in range(seats)]
                _game, result = play_game(
                    KIT,
                    seats,
                    seed,
                    seats=players,
                    game_id=uuid5(NAMESPACE, seed),
                    log=log,
                    settings=settings,
                )
                assert result.error is None, result.error
    return digest.hexdigest(), counted


@pytest.mark.parametrize("settings", [None, EVERY_VARIANT], ids=["standard", "every-variant"])
def test_given_seeded_random_and_heuristic_games_when_played_then_they_record_the_same_events_as_before(
    settings: DogEatDogSettings | None, request: pytest.FixtureRequest
) -> None:
    """[TURN-DECISIONS] [TRADE-PROPOSE] [TRADE-ACCEPT]"""
    name = request.node.callspec.id
    assert recorded_digest(settings) == EXPECTED[name]
