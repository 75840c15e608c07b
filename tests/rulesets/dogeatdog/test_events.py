"""Dog Eat Dog's events: every class round-trips through JSON by its topic unchanged (tuples stay
tuples, enums stay enums), every topic is ``dogeatdog.<Name>`` and collides with no other game's,
and the settings hold the original's options and our variants within their bounds (RULES.md
sections 19 and 20; chance recorded as results, [SETUP-RANDOM], [RNG-STEPS], [RNG-PUBLIC])."""

from __future__ import annotations

import msgspec
import pytest
from domain.dogeatdog.ruleset import DOGEATDOG
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    EVENT_TYPES,
    BriberyOccasion,
    DogEatDogAcquisitionLetPass,
    DogEatDogAcquisitionOffered,
    DogEatDogDiceRolled,
    DogEatDogDivisionChosen,
    DogEatDogGameEnded,
    DogEatDogGameOpened,
    DogEatDogGameStarted,
    DogEatDogGenevaReached,
    DogEatDogKitReceived,
    DogEatDogMovedToSwiss,
    DogEatDogOfficialDealt,
    DogEatDogOfficialLaidOut,
    DogEatDogRedTapeShuffled,
    DogEatDogRollOffWon,
    DogEatDogRoundBegan,
    DogEatDogRoundEnded,
    DogEatDogRunnerMoved,
    DogEatDogSeatTaken,
    DogEatDogSettings,
    DogEatDogStepBegan,
    DogEatDogStepEnded,
    DogEatDogTaxPaid,
    DogEatDogTurnBegan,
    DogEatDogTurnEnded,
    DogEatDogWindowClosed,
    DogEatDogWindowOpened,
    DogEatDogWindowPassed,
    DogEatDogWindowWentOn,
    RollPurpose,
    ShuffleReason,
    Step,
    StrikeChoice,
    bribery,
    economy,
    embezzle,
    honour,
    laws,
    redtape,
    trade,
)
from domain.registry import default_registry, topic_of

VARIANTS = DogEatDogSettings(
    target=250,
    round_limit=6,
    old_boys=True,
    long_term=True,
    honour=True,
    wm_own_squares=True,
    kickback=True,
    auction_sealed=True,
    embezzle_own_turn=True,
    open_info=True,
)

#: One event of every class of the economy, in the order of its module.
ECONOMY_SAMPLES: tuple[DomainEvent, ...] = (
    economy.DogEatDogStrikeCalled(seat=1, space=10),
    economy.DogEatDogStrikeEnded(seat=1, choice=StrikeChoice.WALKOUT),
    economy.DogEatDogAuctionCalled(seat=2, square="K", bidders=(2, 3, 0)),
    economy.DogEatDogBidMade(seat=3, amount=9),
    economy.DogEatDogBidPassed(seat=0, could_not_raise=True),
    economy.DogEatDogAuctionWon(seat=3, square="K", amount=9, fee=5),
    economy.DogEatDogSealedBidMade(seat=3, amount=4),
    economy.DogEatDogSealedBidsRevealed(bids=((2, 1), (3, 4), (0, 0))),
    economy.DogEatDogDiceBidOffered(seat=2, square="A", offer=7),
    economy.DogEatDogDiceBidWon(seat=2, square="A", amount=7, fee=5),
    economy.DogEatDogDiceBidFailed(seat=2, square="B"),
    economy.DogEatDogSquareReleased(seat=2, square="F"),
    economy.DogEatDogPriceRolled(seat=1, good="pollution", price=8, sellers=(1, 2)),
    economy.DogEatDogGoodsSold(seat=2, good="steel", count=3, amount=87, fee=6),
    economy.DogEatDogSaleDeclined(seat=0),
    economy.DogEatDogSellingStopped(seat=1),
    economy.DogEatDogWagesPaid(seat=1, amount=4),
    economy.DogEatDogWorkersHired(seat=1, count=2, amount=4),
    economy.DogEatDogWorkersFired(seat=1, count=1, amount=2),
    economy.DogEatDogInsolvent(seat=1, paid=3, waived=2),
    economy.DogEatDogWentBankrupt(seat=1),
    economy.DogEatDogReorganised(seat=2),
    economy.DogEatDogProductMade(seat=4, product="recyclable", inputs=("oil",), pollution=2),
    economy.DogEatDogProductionStopped(seat=4),
    economy.DogEatDogPollutionOwed(seat=3, count=2),
    economy.DogEatDogPollutionPlaced(seat=3, square="D"),
    economy.DogEatDogPollutionLapsed(seat=3, count=1),
    economy.DogEatDogSquareDegraded(square="D", stage=3),
    economy.DogEatDogRawExtracted(seat=3, square="K", raw="coal", fee=1),
    economy.DogEatDogMarkerCollected(seat=4, square="D"),
    economy.DogEatDogMarketBought(seat=4, good="pollution", amount=9),
    economy.DogEatDogExploitingStopped(seat=4),
    economy.DogEatDogBonusRoundBegan(reason="END-STALL", order=(2, 3, 0, 1)),
)

#: One event of every class, each field away from its default where it has one.
REDTAPE_SAMPLES: tuple[DomainEvent, ...] = (
    redtape.DogEatDogRedTapeDrawn(seat=0, card="CE04"),
    redtape.DogEatDogCardDiscarded(card="CE04"),
    redtape.DogEatDogCardKept(seat=0, card="CE01"),
    redtape.DogEatDogCardChoiceOffered(seat=0, card="CE13", space=9),
    redtape.DogEatDogCardChoiceMade(seat=0, card="CE13", choice=("iron", "iron")),
    redtape.DogEatDogPaidToBank(seat=0, amount=5, reason="CE06", waived=1),
    redtape.DogEatDogPaidByBank(seat=0, amount=5, reason="CE04"),
    redtape.DogEatDogPaidToPlayer(seat=1, to=0, amount=1, reason="CE26", waived=0),
    redtape.DogEatDogKickbackOffered(seat=0, amount=3, space=9),
    redtape.DogEatDogKickbackTaken(seat=0, amount=2),
    redtape.DogEatDogCardSold(seat=0, goods=("steel",), amount=35),
    redtape.DogEatDogRawTaken(seat=0, raw="coal"),
    redtape.DogEatDogMarkersRemoved(seat=0, squares=("A", "B"), kept=True),
    redtape.DogEatDogWorkersLost(seat=0, count=1),
    redtape.DogEatDogWorkersGained(seat=0, count=1),
    redtape.DogEatDogLoanTaken(seat=0, amount=3),
    redtape.DogEatDogLoanRepaid(seat=0, amount=6),
)

BRIBERY_SAMPLES: tuple[DomainEvent, ...] = (
    bribery.DogEatDogBriberyOffered(card=None, occasion=BriberyOccasion.LOBBYIST, seats=(2,), space=7),
    bribery.DogEatDogBribeDeclined(seat=3),
    bribery.DogEatDogBribeAttempted(seat=2, card="CO4", offer=6),
    bribery.DogEatDogOfficialBribed(seat=2, card="CO4", from_seat=1),
    bribery.DogEatDogBribeFailed(seat=2, card="CO4"),
    bribery.DogEatDogBriberyEnded(card="CO4"),
)

EMBEZZLE_SAMPLES: tuple[DomainEvent, ...] = (
    embezzle.DogEatDogEmbezzlementDeclared(seat=1, amount=7, asked=(2, 0)),
    embezzle.DogEatDogInvestigationDeclined(seat=2),
    embezzle.DogEatDogInvestigationPlayed(seat=0, card="CE02"),
    embezzle.DogEatDogEmbezzlementStopped(seat=1, amount=7, speaker=2),
    embezzle.DogEatDogEmbezzlementSucceeded(seat=3, amount=12),
    embezzle.DogEatDogBonusSalesEnded(),
    embezzle.DogEatDogBonusEmbezzleDeclined(seat=2),
    honour.DogEatDogComplianceAsked(seat=2, question="wages", rule="CO1", due=4, lawful=2),
    honour.DogEatDogComplianceAnswered(seat=2, question="wages", rule="CO1", turn=3, shortfall=2),
    honour.DogEatDogViolationDenounced(seat=0, violator=2, rule="CO1", turn=3, shortfall=2, paid=12, waived=0, bounty=3),
    honour.DogEatDogViolationReported(seat=2, rule="PRODUCE-POLLUTE", turn=3, shortfall=1, paid=0, waived=0),
    honour.DogEatDogViolationExpired(seat=2, rule="CO9", turn=3, shortfall=4),
)

LAW_SAMPLES: tuple[DomainEvent, ...] = (
    laws.DogEatDogInvocationOffered(seat=3, card="CO9", target=2, space=11),
    laws.DogEatDogLawInvoked(seat=0, card="CO1", target=2),
    laws.DogEatDogInvocationDeclined(seat=1, card="CO2", target=2),
    laws.DogEatDogInvocationResolved(card="CO1", target=2, applies=True),
    laws.DogEatDogInstructionGiven(seat=3, card="CO9", target=2, invoke=False),
    laws.DogEatDogInstructionWithdrawn(seat=3, card="CO9", target=2),
)

TRADE_SAMPLES: tuple[DomainEvent, ...] = (
    trade.DogEatDogTradeProposed(
        offer=1,
        proposer=2,
        recipient=0,
        gives=trade.DogEatDogTradeSide(money=3, goods=(("wood", 2),), squares=("B2",)),
        asks=trade.DogEatDogTradeSide(cards=("CE01",), officials=("CO9",), pollution_markers=1),
        note="and I will not bid next turn",
    ),
    trade.DogEatDogTradeAccepted(offer=1, fees=((0, 5),)),
    trade.DogEatDogTradeRejected(offer=2),
    trade.DogEatDogTradeWithdrawn(offer=3),
    trade.DogEatDogTradeLapsed(offer=4),
)

SAMPLES: tuple[DomainEvent, ...] = (
    DogEatDogGameOpened(seats=5, settings=VARIANTS, seed="s33d", rules_version="dogeatdog-draft-0.2"),
    DogEatDogSeatTaken(seat=4, name="Eve", bot="random"),
    DogEatDogGameStarted(seats=5, divisions=("georgia_horrific", "waste_mismanagement")),
    DogEatDogRedTapeShuffled(cards=("CE04", "CO1"), size=2, reason=ShuffleReason.RESHUFFLE),
    DogEatDogOfficialLaidOut(card="CO3", turned_up=("CE01", "CE29")),
    DogEatDogOfficialDealt(seat=2, card="CO7"),
    DogEatDogDiceRolled(seat=1, dice=(3, 6), purpose=RollPurpose.START_PLAYER),
    DogEatDogRollOffWon(seat=1, purpose=RollPurpose.DIVISION_ORDER),
    DogEatDogDivisionChosen(seat=3, division="dk_mart", by_default=True),
    DogEatDogKitReceived(
        seat=0,
        corporate=25,
        workers=2,
        goods=(("timber", 1), ("coal", 1)),
        pollution_markers=2,
        square="F",
        runner=2,
    ),
    DogEatDogRoundBegan(round=7),
    DogEatDogTurnBegan(seat=2, turn=13, round=7),
    DogEatDogWindowOpened(seat=2, after=Step.PAYROLL, speaker=4),
    DogEatDogWindowPassed(seat=3, speaker=0),
    DogEatDogWindowWentOn(speaker=1),
    DogEatDogWindowClosed(),
    DogEatDogStepBegan(seat=2, step=Step.EXPLOIT),
    DogEatDogStepEnded(seat=2, step=Step.HIRE),
    DogEatDogRunnerMoved(seat=2, from_space=18, to_space=5),
    DogEatDogTaxPaid(seat=2, amount=13),
    DogEatDogAcquisitionOffered(seat=1, space=2),
    DogEatDogAcquisitionLetPass(seat=1, space=2),
    DogEatDogGenevaReached(seat=0),
    DogEatDogMovedToSwiss(seat=0, amount=7),
    DogEatDogTurnEnded(seat=2),
    DogEatDogRoundEnded(round=7),
    DogEatDogGameEnded(reason="END-LIMIT"),
    *ECONOMY_SAMPLES,
    *REDTAPE_SAMPLES,
    *BRIBERY_SAMPLES,
    *EMBEZZLE_SAMPLES,
    *LAW_SAMPLES,
    *TRADE_SAMPLES,
)


def test_given_the_samples_then_they_cover_every_event_class_setup_random() -> None:
    assert [type(event) for event in SAMPLES] == list(EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda event: type(event).__name__)
def test_given_an_event_when_encoded_and_decoded_by_its_topic_then_unchanged_rng_steps(
    event: DomainEvent,
) -> None:
    by_topic = {topic_of(kind): kind for kind in EVENT_TYPES}

    decoded = msgspec.json.decode(msgspec.json.encode(event), type=by_topic[topic_of(type(event))])

    assert decoded == event
    assert type(decoded) is type(event)
    for field in msgspec.structs.fields(event):
        assert type(getattr(decoded, field.name)) is type(getattr(event, field.name))


def test_given_every_event_class_then_its_topic_is_dogeatdog_and_its_name_without_the_prefix() -> None:
    for kind in EVENT_TYPES:
        assert kind.__name__.startswith("DogEatDog")
        assert topic_of(kind) == f"dogeatdog.{kind.__name__.removeprefix('DogEatDog')}"


def test_given_the_installed_games_then_each_topic_of_ours_is_dogeatdogs_and_no_other_games() -> None:
    installed = default_registry()
    ours = {topic_of(kind) for kind in EVENT_TYPES}
    assert len(ours) == len(EVENT_TYPES)
    assert installed.get("dogeatdog") is DOGEATDOG  # registered (pyproject.toml)
    assert all(installed.of_topic(topic) is DOGEATDOG for topic in ours)  # no other game's


def test_given_a_roll_then_its_total_is_the_sum_of_two_dice_comp_dice_rng_public() -> None:
    roll = DogEatDogDiceRolled(seat=0, dice=(6, 5), purpose=RollPurpose.MOVE)
    assert roll.total == 11


def test_given_no_options_then_the_seeds_standard_game_end_swiss_150_turn_order() -> None:
    switches = msgspec.structs.asdict(DogEatDogSettings())
    assert (switches.pop("target"), switches.pop("round_limit")) == (150, None)
    assert set(switches.values()) == {False}


@pytest.mark.parametrize(
    "settings",
    [
        {"target": 250},  # OPT-LONG-GAME
        {"target": 100},  # OPT-SHORT-TARGET
        {"round_limit": 6},  # OPT-SHORT-ROUNDS
        {"old_boys": True, "long_term": True},  # OPT-OLD-BOYS, OPT-LONG-TERM
        {"honour": True, "wm_own_squares": True, "kickback": True},
        {"auction_sealed": True, "embezzle_own_turn": True, "open_info": True},
    ],
)
def test_given_the_options_and_variants_when_decoded_then_accepted_opt_long_game_opt_short_target_opt_short_rounds_opt_old_boys_opt_long_term(
    settings: dict[str, object],
) -> None:
    # VAR-HONOUR, VAR-WM-OWN-SQUARES, VAR-KICKBACK, VAR-AUCTION-SEALED, VAR-EMBEZZLE-OWN-TURN, VAR-OPEN-INFO
    decoded = msgspec.json.decode(msgspec.json.encode(settings), type=DogEatDogSettings)
    assert msgspec.structs.asdict(decoded) | settings == msgspec.structs.asdict(decoded)


@pytest.mark.parametrize(
    "settings",
    [{"target": 200}, {"round_limit": 5}, {"round_limit": 0}, {"honour": "yes"}, {"dice": 3}],
)
def test_given_settings_out_of_bounds_when_decoded_then_refused_opt_short_rounds_end_swiss_150(
    settings: dict[str, object],
) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(msgspec.json.encode(settings), type=DogEatDogSettings)
