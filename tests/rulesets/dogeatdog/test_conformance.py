"""Dog Eat Dog's own part of the kernel's conformance suite: the suite itself runs over it
(``tests/conformance``, where ``rulesets.RULESETS`` holds its entry: random games of 3 to 6
players with the invariants after every step, the pending decisions' contract, replay, round
trips, legal actions, twins, the clock and the offers on trades). Here, what only this game says:
every random game ends by a rule of RULES.md section 18, never the playouts' cap of steps; and two
twins apart, each for one kind of secret: the deck's order, which no seat sees ([SEE-SECRET]),
and a stopped embezzlement's amount, which only its embezzler sees ([SEE-PRIVATE])."""

from __future__ import annotations

from dataclasses import replace

import pytest
from domain.events.dogeatdog import DogEatDogEmbezzlementDeclared, DogEatDogEmbezzlementStopped, DogEatDogRedTapeShuffled

from tests.conformance import test_conformance as suite
from tests.conformance.dogeatdog import TWIN_ROUNDS, amounts_twin, deck_twin, first_rounds
from tests.conformance.playouts import playout, running_part
from tests.conformance.rulesets import RULESETS

ENTRY = next(entry for entry in RULESETS if entry.id == "dogeatdog")
GAMES = [pytest.param(seats, seed, id=f"{seats}-{seed}") for seats in ENTRY.seat_counts for seed in ENTRY.seeds]


@pytest.mark.parametrize(("seats", "seed"), GAMES)
def test_given_random_players_when_playing_to_the_end_then_a_rule_of_section_18_ends_it_not_the_cap_end_stall(
    seats: int, seed: str
) -> None:
    game = playout(ENTRY, seats, seed).game  # the suite checks its invariants at every step
    assert game.is_over
    assert game.state.end_reason in {"END-SWISS-150", "END-STAGE3", "END-STALL", "END-LIMIT", "BANKRUPT-OUT"}


@pytest.mark.parametrize("seed", ENTRY.seeds)
def test_given_twin_games_differing_only_in_the_decks_order_then_every_seat_and_a_spectator_see_them_byte_for_byte_alike_see_secret(
    seed: str,
) -> None:
    played = playout(ENTRY, 3, seed)
    assert played.started_at < len(running_part(ENTRY, played.events)) < len(played.events)
    running = first_rounds(running_part(ENTRY, played.events), TWIN_ROUNDS)
    found = suite.twins(replace(ENTRY, twin=deck_twin), running, played.boundaries, 0)
    assert found, "no twin of the deck's order"
    viewers: list[int | None] = [0, 1, 2, None]
    original = {viewer: suite.seen_along(ENTRY, running, viewer) for viewer in viewers}
    for twin in found:
        since = next(index for index in range(1, len(twin)) if twin[index] != running[index])
        assert any(isinstance(twin[i], DogEatDogRedTapeShuffled) and twin[i] != running[i] for i in range(len(twin)))
        assert suite.broken_along(ENTRY, twin, set(played.boundaries), since=since) == []
        for viewer in viewers:
            difference = suite.first_difference(original[viewer], suite.seen_along(ENTRY, twin, viewer, since=since))
            assert difference is None, f"the deck's order shows to {viewer}: {difference}"


def test_given_twin_games_differing_only_in_a_stopped_embezzlements_amount_then_every_other_seat_and_a_spectator_see_them_alike_see_private() -> (
    None
):
    played = playout(ENTRY, 6, "b")  # seat 5's embezzlement is stopped by an Internal Investigation
    running = running_part(ENTRY, played.events)
    stopped = [event for event in running if isinstance(event, DogEatDogEmbezzlementStopped)]
    assert stopped, "no embezzlement was stopped in this game"
    secret = stopped[0].seat
    found = suite.twins(replace(ENTRY, twin=amounts_twin), running, played.boundaries, secret)
    assert found, f"no twin of seat {secret}'s amounts"
    viewers: list[int | None] = [*range(6), None]
    original = {viewer: suite.seen_along(ENTRY, running, viewer) for viewer in viewers}
    for twin in found:
        since = next(index for index in range(1, len(twin)) if twin[index] != running[index])
        assert isinstance(twin[since], DogEatDogEmbezzlementDeclared)
        assert suite.first_difference(original[secret], suite.seen_along(ENTRY, twin, secret, since=since)) is not None
        assert suite.broken_along(ENTRY, twin, set(played.boundaries), since=since) == []
        for viewer in viewers:
            if viewer != secret:
                difference = suite.first_difference(original[viewer], suite.seen_along(ENTRY, twin, viewer, since=since))
                assert difference is None, f"seat {secret}'s amount shows to {viewer}: {difference}"
