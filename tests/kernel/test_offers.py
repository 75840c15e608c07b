"""The kernel's offers (docs/OFFERS.md), on toy poker's trades: one test or more per rule id, times
given by the test. The same rules are checked for every ruleset that makes offers by
``tests/conformance/test_offer_conformance.py``."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

import msgspec
import pytest
from domain import offers
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.kernel import DecisionTimedOut
from domain.offers import ANSWER, AnswerOffer, Offer, WithdrawOffer
from domain.table import ClockSettings

from tests.kernel.toy.actions import ToyMove, ToyPropose
from tests.kernel.toy.builders import CHECK, GAME_ID, NAMES, Arranged, ToyGame, names, refused, started, view, when
from tests.kernel.toy.events import DECK, ToyOfferMade, ToySettings
from tests.kernel.toy.rules import TOY

ROOT = Path(__file__).parents[2]
T0 = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
CLOCK = ClockSettings(decision_seconds=60, reserve_seconds=30, bot_after_timeouts=3)
GIFT = ToyPropose(gives=1, asks=0)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def clocked() -> ToyGame:
    """Ann and Bob seated and started at T0, on a clock of 60 seconds a decision and 30 of reserve."""
    game = cast(
        ToyGame,
        ToyGame.create(
            GAME_ID,
            TOY,
            seed="toy",
            seats=2,
            settings=ToySettings(),
            random_factory=lambda _: Arranged(DECK),
            clock=CLOCK,
            stand_in="random",
            at=T0,
        ),
    )
    for name in NAMES:
        game.join(name, at=T0)
    game.start(at=T0)
    game.collect_events()
    return game


def offered(game: ToyGame | None = None, *, note: str = "") -> ToyGame:
    """Ann (seat 0) has offered Bob (seat 1) a chip for nothing: offer 1, open."""
    game = started() if game is None else game
    when(game, 0, ToyPropose(gives=1, asks=0, note=note))
    return game


# -- [OFFER-SHAPE] --------------------------------------------------------------------------------


def test_OFFER_SHAPE_given_an_offer_made_then_the_game_lists_it_open_with_its_id_seats_sides_and_note() -> None:
    game = offered(note="no strings")

    assert game.open_offers() == [Offer(id=1, proposer=0, recipient=1, proposer_gives=1, recipient_gives=0, note="no strings")]


def test_OFFER_SHAPE_given_a_ruleset_that_makes_no_offers_then_it_has_none_open() -> None:
    class NoOffers:
        pass

    assert offers.open_offers(NoOffers(), object()) == ()


def test_OFFER_SHAPE_given_offers_in_a_view_then_they_round_trip_through_json_with_the_rulesets_items() -> None:
    shown = view(offered(note="é ✓"), None)

    assert msgspec.json.decode(msgspec.json.encode(shown), type=TOY.view_type) == shown


# -- [OFFER-NOTE] ---------------------------------------------------------------------------------


@pytest.mark.parametrize("note", ["x" * 201, "line\nbreak", "\x1b[31mred", "\u202eevil", "private \ue000", "lone \ud800"])
def test_OFFER_NOTE_when_an_offer_carries_a_note_too_long_or_not_printable_then_it_is_refused(note: str) -> None:
    assert refused(started(), 0, ToyPropose(gives=1, asks=0, note=note)) == "OFFER-NOTE"
    with pytest.raises(RuleViolation, match=r"\[OFFER-NOTE\]"):
        offers.check_note(note)


@pytest.mark.parametrize("note", ["", "x" * 200, "Deal? 🤝 ¡sí!", "two  spaces"])
def test_OFFER_NOTE_when_an_offer_carries_printable_text_of_at_most_200_characters_then_it_is_made(note: str) -> None:
    game = offered(note=note)

    assert [offer.note for offer in game.open_offers()] == [note]
    offers.check_note(note)


# -- [OFFER-ASKED] --------------------------------------------------------------------------------


def test_OFFER_ASKED_given_an_open_offer_then_its_recipient_is_asked_to_answer_with_a_deadline_and_the_proposer_is_asked_nothing() -> None:
    game = clocked()
    game.act(0, GIFT, at=at(10))

    assert game.asked() == {1: ANSWER}
    assert game.table.deadline(1) == at(10 + 60 + 30)
    assert game.table.deadline(0) is None
    assert game.legal_actions(1)[:2] == offers.answers(game.open_offers()[0])


# -- [OFFER-ANSWER] -------------------------------------------------------------------------------


def test_OFFER_ANSWER_given_an_open_offer_when_anyone_but_its_recipient_answers_then_it_is_refused() -> None:
    game = offered()

    assert refused(game, 0, AnswerOffer(offer=1, accept=True)) == "OFFER-ANSWER"
    assert refused(game, 0, AnswerOffer(offer=1, accept=False)) == "OFFER-ANSWER"


def test_OFFER_ANSWER_given_an_open_offer_when_its_recipient_answers_then_it_is_closed() -> None:
    game = offered()

    assert names(when(game, 1, AnswerOffer(offer=1, accept=True))) == ["ToyOfferAnswered"]
    assert game.open_offers() == []


# -- [OFFER-DEFAULT] ------------------------------------------------------------------------------


def test_OFFER_DEFAULT_given_an_open_offer_when_the_recipients_time_runs_out_then_it_is_rejected_as_if_he_had_rejected_it() -> None:
    game = clocked()
    game.act(0, GIFT, at=at(10))
    game.collect_events()
    chosen = clocked()
    chosen.act(0, GIFT, at=at(10))
    chosen.act(1, AnswerOffer(offer=1, accept=False), at=at(20))
    answered = chosen.collect_events()[-1]

    game.time_out(1, at=at(100))

    timed_out, *rest = game.collect_events()
    assert isinstance(timed_out, DecisionTimedOut)
    assert (timed_out.seat, timed_out.decision) == (1, ANSWER)
    assert rest == [msgspec.structs.replace(answered, originator_version=timed_out.originator_version + 1)]
    assert game.open_offers() == []
    assert offers.default_answer(Offer(id=7, proposer=1, recipient=0, proposer_gives=(), recipient_gives=())) == AnswerOffer(
        offer=7, accept=False
    )


# -- [OFFER-WITHDRAW] -----------------------------------------------------------------------------


def test_OFFER_WITHDRAW_given_an_open_offer_when_its_proposer_withdraws_it_unasked_then_it_is_closed_and_none_of_his_time_is_counted() -> (
    None
):
    game = clocked()
    game.act(0, GIFT, at=at(10))
    reserve = game.table.reserve_left(0)

    assert 0 not in game.asked()
    assert WithdrawOffer(offer=1) not in game.legal_actions(0)
    assert game.withdrawals(0) == [WithdrawOffer(offer=1)]
    game.act(0, WithdrawOffer(offer=1), at=at(500))

    assert names(game.collect_events()[-1:]) == ["ToyOfferWithdrawn"]
    assert game.open_offers() == []
    assert game.table.reserve_left(0) == reserve
    # Both are asked to commit again, the proposer from his withdrawal on.
    assert game.asked() == {0: "commit", 1: "commit"}
    assert game.table.deadline(0) == at(500 + 60 + 30)


def test_OFFER_WITHDRAW_given_a_withdrawal_and_a_timed_out_answer_when_replayed_command_by_command_as_stored_then_the_clock_is_the_live_ones() -> (
    None
):
    """The engine stores a withdrawal as any action of its seat (``engine.records.decider``)."""
    live = clocked()
    commands: list[tuple[list[DomainEvent], datetime, int | None, bool]] = [(live.everything(), T0, None, True)]

    def step(call: Callable[[], object], stamp: datetime, actor: int, by_itself: bool) -> None:
        call()
        commands.append((live.collect_events(), stamp, actor, by_itself))

    step(lambda: live.act(0, GIFT, at=at(10)), at(10), 0, True)
    step(lambda: live.act(0, WithdrawOffer(offer=1), at=at(500)), at(500), 0, True)
    step(lambda: live.act(0, GIFT, at=at(520)), at(520), 0, True)
    step(lambda: live.time_out(1, at=at(700)), at(700), 1, False)
    replayed = ToyGame(GAME_ID, TOY)
    for events, stamp, actor, by_itself in commands:
        replayed.replay(events, at=stamp, actor=actor, by_itself=by_itself)

    assert replayed.version == live.version
    assert replayed.table == live.table
    assert replayed.clock_view() == live.clock_view()


def test_OFFER_WITHDRAW_given_an_open_offer_when_anyone_but_its_proposer_withdraws_it_then_it_is_refused() -> None:
    game = offered()

    assert game.withdrawals(1) == []
    assert refused(game, 1, WithdrawOffer(offer=1)) == "OFFER-WITHDRAW"


# -- [OFFER-LAPSE] --------------------------------------------------------------------------------


def test_OFFER_LAPSE_given_an_open_offer_when_the_rules_say_it_lapses_then_it_is_closed() -> None:
    game = offered()

    assert names(when(game, 1, CHECK)) == ["ToyChoiceCommitted", "ToyOfferLapsed"]
    assert game.open_offers() == []
    assert game.withdrawals(0) == []


# -- [OFFER-CLOSED] -------------------------------------------------------------------------------


@pytest.mark.parametrize("close", ["accept", "reject", "withdraw", "lapse"])
def test_OFFER_CLOSED_given_an_offer_closed_when_it_is_answered_or_withdrawn_then_it_is_refused(close: str) -> None:
    game = offered()
    closings: dict[str, tuple[int, ToyMove]] = {
        "accept": (1, AnswerOffer(offer=1, accept=True)),
        "reject": (1, AnswerOffer(offer=1, accept=False)),
        "withdraw": (0, WithdrawOffer(offer=1)),
        "lapse": (1, CHECK),
    }
    when(game, *closings[close])

    assert refused(game, 0, WithdrawOffer(offer=1)) == "OFFER-CLOSED"
    assert refused(game, 1, AnswerOffer(offer=1, accept=True)) == "OFFER-CLOSED"


def test_OFFER_CLOSED_given_no_offer_of_that_id_when_it_is_answered_or_withdrawn_then_it_is_refused() -> None:
    game = offered()

    assert refused(game, 0, WithdrawOffer(offer=2)) == "OFFER-CLOSED"
    assert refused(game, 1, AnswerOffer(offer=0, accept=False)) == "OFFER-CLOSED"


# -- [OFFER-VISIBLE] ------------------------------------------------------------------------------


def test_OFFER_VISIBLE_given_an_open_offer_then_its_two_seats_see_it_in_their_views_and_the_toy_shows_it_to_spectators_too() -> None:
    game = offered()
    [offer] = game.open_offers()

    for viewer in (0, 1, None):
        assert view(game, viewer).offers == (offer,)
    made = next(event for event in game.everything() if isinstance(event, ToyOfferMade))
    assert TOY.event_view(made, None, game_ended=False) == made


# -- every rule id named --------------------------------------------------------------------------


def test_given_the_offers_rules_then_every_rule_id_is_named_by_a_test() -> None:
    ids = set(re.findall(r"\[(OFFER-[A-Z0-9-]+)\]", (ROOT / "docs" / "OFFERS.md").read_text(encoding="utf-8")))
    source = Path(__file__).read_text(encoding="utf-8")

    assert len(ids) >= 9
    assert sorted(rule for rule in ids if f"def test_{rule.replace('-', '_')}_" not in source) == []
