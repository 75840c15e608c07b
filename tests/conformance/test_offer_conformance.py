"""Offers answered by another seat (docs/OFFERS.md), the same way for every ruleset that makes them
(``RulesetUnderTest.offers``): the recipient is asked with a deadline; a timeout rejects, recording
what the recipient's own rejection records; the proposer withdraws while the offer is open, unasked
and without his time counted, and is refused after; the offer lapses when the ruleset says; every
refusal names the kernel's rule; the views show the offer to its two seats and, if the ruleset says
offers are public, to everyone; and a game served by the engine with a withdrawal and a timeout in
it verifies. The random playouts check the rest on every step (``playouts.offer_breaches``)."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

import msgspec
import pytest
from domain import offers
from domain.aggregates.game import AnyGame, Game
from domain.errors import RuleViolation
from domain.events.kernel import DecisionTimedOut
from domain.offers import ANSWER, AnswerOffer, Offer, WithdrawOffer
from domain.table import ClockSettings
from engine.application import GameService
from engine.audit import verify

from tests.conformance.engine_games import install_toy
from tests.conformance.playouts import NAMES, game_id
from tests.conformance.rulesets import RULESETS, OfferScenario, RulesetUnderTest

install_toy()

T0 = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
CLOCK = ClockSettings(decision_seconds=60, reserve_seconds=30, bot_after_timeouts=3)
OFFERING = [pytest.param(entry, id=entry.id) for entry in RULESETS if entry.offers is not None]


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def scenario(entry: RulesetUnderTest) -> OfferScenario:
    assert entry.offers is not None
    return entry.offers


def clocked(entry: RulesetUnderTest) -> AnyGame:
    """A game of the fewest seats on a clock, every seat taken and started at T0."""
    seats = entry.seat_counts[0]
    game: AnyGame = Game.create(
        game_id(entry, seats, "offers"), entry.rules, seed="offers", seats=seats, clock=CLOCK, stand_in="random", at=T0
    )
    for seat in range(seats):
        game.join(NAMES[seat], at=T0)
    game.start(at=T0)
    return game


def ready(entry: RulesetUnderTest) -> AnyGame:
    """A clocked game where a seat may make an offer now."""
    game = clocked(entry)
    while (step := scenario(entry).ready(game)) is not None:
        game.act(*step)
    return game


def offered(entry: RulesetUnderTest, *, when: datetime = T0, note: str = "") -> tuple[AnyGame, Offer[Any]]:
    """A clocked game with one offer just made at ``when``, and that offer."""
    game = ready(entry)
    seat, proposal = scenario(entry).propose(game, note)
    game.act(seat, proposal, at=when)
    [offer] = game.open_offers()
    assert offer.proposer == seat
    game.collect_events()
    return game, offer


def refusal(game: AnyGame, seat: int, action: Any, *, when: datetime | None = None) -> str:
    """The rule ``seat``'s ``action`` is refused by; nothing is recorded."""
    game.collect_events()
    version = game.version
    assert not game.is_legal(seat, action)
    with pytest.raises(RuleViolation) as refused:
        game.act(seat, action, at=when)
    assert game.version == version
    assert game.collect_events() == []
    return refused.value.rule


def payloads(events: list[Any]) -> list[bytes]:
    return [msgspec.json.encode(msgspec.structs.replace(event, originator_version=0)) for event in events]


@pytest.mark.parametrize("entry", OFFERING)
def test_OFFER_ASKED_given_an_open_offer_then_its_recipient_is_asked_to_answer_with_a_deadline(entry: RulesetUnderTest) -> None:
    game, offer = offered(entry, when=at(10))

    assert game.asked().get(offer.recipient) == ANSWER
    assert game.table.deadline(offer.recipient) == at(10 + CLOCK.decision_seconds + CLOCK.reserve_seconds)
    legal = game.legal_actions(offer.recipient)
    assert all(answer in legal for answer in offers.answers(offer))


@pytest.mark.parametrize("entry", OFFERING)
def test_OFFER_DEFAULT_given_an_open_offer_when_the_recipients_time_runs_out_then_it_is_rejected_as_his_own_rejection_would_be(
    entry: RulesetUnderTest,
) -> None:
    game, offer = offered(entry, when=at(10))
    deadline = game.table.deadline(offer.recipient)
    assert deadline is not None
    default = entry.rules.default_action(game.state, offer.recipient, game.pending())
    assert default == offers.default_answer(offer)
    chosen = copy.deepcopy(game)
    chosen.act(offer.recipient, default, at=deadline)

    game.time_out(offer.recipient, at=deadline)

    timed_out, *rest = game.collect_events()
    assert isinstance(timed_out, DecisionTimedOut)
    assert (timed_out.seat, timed_out.decision) == (offer.recipient, ANSWER)
    assert payloads(rest) == payloads(chosen.collect_events())
    assert offers.find(game.open_offers(), offer.id) is None


@pytest.mark.parametrize("entry", OFFERING)
def test_OFFER_WITHDRAW_given_an_open_offer_when_its_proposer_withdraws_it_unasked_then_it_is_closed_without_his_time_counted_and_refused_after(
    entry: RulesetUnderTest,
) -> None:
    game, offer = offered(entry, when=at(10))
    others = [seat for seat in range(len(game.seats())) if seat != offer.proposer]
    withdrawal = WithdrawOffer(offer=offer.id)
    reserve = game.table.reserve_left(offer.proposer)
    asked_before = game.asked().get(offer.proposer)

    assert game.withdrawals(offer.proposer) == [withdrawal]
    assert withdrawal not in game.legal_actions(offer.proposer)
    for seat in others:
        assert refusal(game, seat, withdrawal) == "OFFER-WITHDRAW"
    game.act(offer.proposer, withdrawal, at=at(10 + 10 * CLOCK.decision_seconds))

    assert game.collect_events()
    assert offers.find(game.open_offers(), offer.id) is None
    if asked_before is None:  # not asked: none of his time was counted, however long he took
        assert game.table.reserve_left(offer.proposer) == reserve
    assert refusal(game, offer.proposer, withdrawal) == "OFFER-CLOSED"
    assert refusal(game, offer.recipient, AnswerOffer(offer=offer.id, accept=True)) == "OFFER-CLOSED"


@pytest.mark.parametrize("entry", OFFERING)
def test_OFFER_ANSWER_given_an_open_offer_when_anyone_but_its_recipient_answers_then_it_is_refused(entry: RulesetUnderTest) -> None:
    game, offer = offered(entry)

    for seat in range(len(game.seats())):
        if seat != offer.recipient:
            assert refusal(game, seat, AnswerOffer(offer=offer.id, accept=True)) == "OFFER-ANSWER"
    game.act(offer.recipient, AnswerOffer(offer=offer.id, accept=False))
    assert refusal(game, offer.recipient, AnswerOffer(offer=offer.id, accept=True)) == "OFFER-CLOSED"


@pytest.mark.parametrize("entry", OFFERING)
def test_OFFER_LAPSE_given_an_open_offer_when_the_ruleset_says_it_lapses_then_it_is_closed(entry: RulesetUnderTest) -> None:
    game, offer = offered(entry)

    scenario(entry).lapse(game)

    assert offers.find(game.open_offers(), offer.id) is None
    assert refusal(game, offer.proposer, WithdrawOffer(offer=offer.id)) == "OFFER-CLOSED"
    assert refusal(game, offer.recipient, AnswerOffer(offer=offer.id, accept=True)) == "OFFER-CLOSED"


@pytest.mark.parametrize("entry", OFFERING)
@pytest.mark.parametrize("note", ["x" * (offers.MAX_NOTE_LENGTH + 1), "two\nlines", "\x1b[2J", "\u202e"])
def test_OFFER_NOTE_when_an_offer_carries_a_note_too_long_or_not_printable_then_it_is_refused(entry: RulesetUnderTest, note: str) -> None:
    game = ready(entry)
    game.collect_events()
    seat, proposal = scenario(entry).propose(game, note)

    assert refusal(game, seat, proposal) == "OFFER-NOTE"


@pytest.mark.parametrize("entry", OFFERING)
def test_OFFER_NOTE_when_an_offer_carries_200_printable_characters_then_it_is_made_with_them(entry: RulesetUnderTest) -> None:
    note = "é" * offers.MAX_NOTE_LENGTH

    _, offer = offered(entry, note=note)

    assert offer.note == note


@pytest.mark.parametrize("entry", OFFERING)
def test_OFFER_VISIBLE_given_an_open_offer_then_its_two_seats_see_it_and_others_as_the_ruleset_says(entry: RulesetUnderTest) -> None:
    game, offer = offered(entry, note="seen")

    for viewer in [*range(len(game.seats())), None]:
        shown = offer in game.view(viewer).offers
        if viewer in (offer.proposer, offer.recipient) or scenario(entry).public:
            assert shown, f"viewer {viewer} does not see offer {offer}"
        else:
            assert not shown, f"viewer {viewer} sees offer {offer}"


def _proposal(game: AnyGame, *, entry: RulesetUnderTest, note: str) -> tuple[int, Any]:
    return scenario(entry).propose(game, note)


class FakeClock:
    def __init__(self) -> None:
        self.time = T0

    def now(self) -> datetime:
        return self.time


@pytest.mark.parametrize("entry", OFFERING)
def test_OFFER_SHAPE_given_a_served_game_with_an_offer_withdrawn_and_one_timed_out_then_its_record_verifies(
    entry: RulesetUnderTest,
) -> None:
    """The engine stores a proposer's unasked withdrawal and a recipient's timeout as any
    command, and ``verify`` re-runs both to the same events."""
    clock = FakeClock()
    games = GameService(clock=clock.now)
    try:
        seats = entry.seat_counts[0]
        served = games.create_game(ruleset=entry.rules.name, seats=seats, seed="served offers", clock=CLOCK)
        for seat in range(seats):
            games.join(served, NAMES[seat])
        games.start(served)
        for close in ("withdraw", "time out"):
            # Each step before an offer may be made is a command of its own, as a seat's would be.
            while (step := games.read(served, scenario(entry).ready)) is not None:
                games.perform(served, *step)
            seat, proposal = games.read(served, partial(_proposal, entry=entry, note=close))
            games.perform(served, seat, proposal)
            [offer] = games.read(served, lambda game: list(game.open_offers()))
            clock.time += timedelta(seconds=CLOCK.decision_seconds + CLOCK.reserve_seconds)
            if close == "withdraw":
                games.perform(served, offer.proposer, WithdrawOffer(offer=offer.id))
            else:
                games.time_out(served, offer.recipient)
            assert games.read(served, lambda game: list(game.open_offers())) == []

        verdict = verify(served, games.records(served))
        assert verdict.ok, verdict.describe()
    finally:
        games.close()
