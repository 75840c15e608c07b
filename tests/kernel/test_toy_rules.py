"""Toy poker, rule by rule (tests/kernel/toy/RULES.md): a test named after and marked with each rule
id, every one driven through the kernel's generic ``Game``."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest
from domain.aggregates.game import Game, project_game
from domain.errors import RuleViolation
from domain.offers import AnswerOffer, Offer, WithdrawOffer
from domain.random_source import RandomSource
from domain.ruleset import GameStatus

from tests.kernel.toy.actions import ACTION_TYPE, ToyCall, ToyCommit, ToyDecision, ToyDecisionKind, ToyFold, ToyPropose
from tests.kernel.toy.builders import BET, CHECK, GAME_ID, committed, names, opened, refused, started, view, when
from tests.kernel.toy.events import (
    HIDDEN,
    Card,
    ToyCardDealt,
    ToyCardSetAside,
    ToyChoiceCommitted,
    ToyChoicesRevealed,
    ToyEndReason,
    ToyGameEnded,
    ToyGameOpened,
    ToyGameStarted,
    ToyOfferAnswered,
    ToyOfferLapsed,
    ToyOfferMade,
    ToyOfferWithdrawn,
    ToyPursesFilled,
    ToySeatTaken,
    ToySettings,
)
from tests.kernel.toy.rules import TOY
from tests.kernel.toy.views import ToyView

TOY_RULES = Path(__file__).parent / "toy" / "RULES.md"


class Raise(msgspec.Struct, frozen=True, tag_field="kind", tag="raise"):
    """An action of some other game: toy poker has no raise."""

    chips: int


# -- [TOY-SEATS] --------------------------------------------------------------------------------


@pytest.mark.rule("TOY-SEATS")
def test_TOY_SEATS_given_an_open_game_when_two_players_join_then_they_take_seats_0_and_1_in_order() -> None:
    game = opened()
    game.collect_events()

    seats = [game.join(" Ann "), game.join("Bob", bot="random")]

    assert seats == [0, 1]
    assert [(e.seat, e.name, e.bot) for e in game.collect_events() if isinstance(e, ToySeatTaken)] == [
        (0, "Ann", None),
        (1, "Bob", "random"),
    ]
    assert [(s.name, s.bot) for s in game.seats()] == [("Ann", None), ("Bob", "random")]


@pytest.mark.rule("TOY-SEATS")
@pytest.mark.parametrize("seats", [1, 3])
def test_TOY_SEATS_when_opening_a_game_of_other_than_two_seats_then_it_is_refused(seats: int) -> None:
    with pytest.raises(RuleViolation) as refusal:
        Game.create(GAME_ID, TOY, seed="s", seats=seats)

    assert refusal.value.rule == "TOY-SEATS"


@pytest.mark.rule("TOY-SEATS")
@pytest.mark.parametrize("name", ["", "   ", "x" * 41])
def test_TOY_SEATS_when_joining_with_an_empty_or_too_long_name_then_it_is_refused(name: str) -> None:
    game = opened()

    with pytest.raises(RuleViolation) as refusal:
        game.join(name)

    assert refusal.value.rule == "TOY-SEATS"
    assert game.seats() == ()


@pytest.mark.rule("TOY-SEATS")
def test_TOY_SEATS_when_joining_with_attributes_then_it_is_refused_for_a_toy_seat_has_none() -> None:
    game = opened()

    with pytest.raises(RuleViolation) as refusal:
        game.join("Ann", "red")

    assert refusal.value.rule == "TOY-SEATS"


@pytest.mark.rule("TOY-SEATS")
def test_TOY_SEATS_given_both_seats_taken_when_a_third_player_joins_then_it_is_refused() -> None:
    game = opened()
    game.join("Ann")
    game.join("Bob")

    with pytest.raises(RuleViolation) as refusal:
        game.join("Cid")

    assert refusal.value.rule == "TOY-SEATS"


@pytest.mark.rule("TOY-SEATS")
@pytest.mark.parametrize("seat", [-1, 2])
def test_TOY_SEATS_given_a_started_game_when_a_seat_that_does_not_exist_acts_then_it_is_refused(seat: int) -> None:
    game = started()

    assert game.legal_actions(seat) == []
    assert refused(game, seat, CHECK) == "TOY-SEATS"


# -- [TOY-ANTE] ---------------------------------------------------------------------------------


@pytest.mark.rule("TOY-ANTE")
def test_TOY_ANTE_given_an_ante_of_3_when_the_game_starts_then_each_seat_puts_3_chips_in_the_pot() -> None:
    game = started(ante=3)

    assert [e.ante for e in game.everything() if isinstance(e, ToyGameStarted)] == [3]
    assert [s.stake for s in view(game, None).seats] == [3, 3]
    assert view(game, None).pot == 6


@pytest.mark.rule("TOY-ANTE")
@pytest.mark.parametrize("ante", [0, -1, 101])
def test_TOY_ANTE_when_opening_with_an_ante_out_of_bounds_then_it_is_refused(ante: int) -> None:
    with pytest.raises(RuleViolation) as refusal:
        Game.create(GAME_ID, TOY, seed="s", seats=2, settings=ToySettings(ante=ante))

    assert refusal.value.rule == "TOY-ANTE"


@pytest.mark.rule("TOY-ANTE")
@pytest.mark.parametrize("text", [b'{"ante": 0}', b'{"ante": 101}', b'{"ante": 1, "blinds": 2}'])
def test_TOY_ANTE_when_decoding_settings_out_of_bounds_or_unknown_then_they_are_refused(text: bytes) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(text, type=TOY.settings_type)


@pytest.mark.rule("TOY-ANTE")
def test_TOY_ANTE_when_opening_without_settings_then_the_ante_is_1_and_recorded_in_the_first_event() -> None:
    game = Game.create(GAME_ID, TOY, seed="s", seats=2)

    [first] = game.collect_events()

    assert isinstance(first, ToyGameOpened)
    assert TOY.opening(first).settings == ToySettings(ante=1)
    assert TOY.opening(first).rules_version == TOY.rules_version


# -- [TOY-START] --------------------------------------------------------------------------------


@pytest.mark.rule("TOY-START")
def test_TOY_START_given_one_seat_taken_when_starting_then_it_is_refused() -> None:
    game = opened()
    game.join("Ann")

    with pytest.raises(RuleViolation) as refusal:
        game.start()

    assert refusal.value.rule == "TOY-START"
    assert game.status is GameStatus.LOBBY


@pytest.mark.rule("TOY-START")
def test_TOY_START_given_a_started_game_when_starting_again_then_it_is_refused() -> None:
    game = started()

    with pytest.raises(RuleViolation) as refusal:
        game.start()

    assert refusal.value.rule == "TOY-START"


@pytest.mark.rule("TOY-START")
def test_TOY_START_given_the_lobby_when_a_seated_player_acts_then_it_is_refused_and_nothing_is_awaited() -> None:
    game = opened()
    game.join("Ann")
    game.join("Bob")

    assert game.pending() == []
    assert refused(game, 0, BET) == "TOY-START"


# -- [TOY-DEAL] ---------------------------------------------------------------------------------


@pytest.mark.rule("TOY-DEAL")
def test_TOY_DEAL_when_the_game_starts_then_each_seat_is_dealt_one_card_and_the_third_is_set_aside() -> None:
    game = opened(deal=("Q", "K", "J"))
    game.join("Ann")
    game.join("Bob")
    game.collect_events()

    game.start()

    recorded = game.collect_events()
    assert names(recorded) == ["ToyGameStarted", "ToyCardDealt", "ToyCardDealt", "ToyCardSetAside", "ToyPursesFilled"]
    assert [(e.seat, e.card) for e in recorded if isinstance(e, ToyCardDealt)] == [(0, "Q"), (1, "K")]
    assert [e.card for e in recorded if isinstance(e, ToyCardSetAside)] == ["J"]


@pytest.mark.rule("TOY-DEAL")
@pytest.mark.parametrize("seed", ["a", "b", "c", "d", "e", "f"])
def test_TOY_DEAL_given_a_seed_when_the_game_starts_then_the_deal_is_the_seeds_and_replays_without_chance(seed: str) -> None:
    games = [Game.create(GAME_ID, TOY, seed=seed, seats=2) for _ in range(2)]
    for game in games:
        game.join("Ann")
        game.join("Bob")
        game.start()
    recorded = [game.collect_events() for game in games]

    def no_chance(_seed: str) -> RandomSource:
        raise AssertionError("a replay drew at random")

    replayed = project_game(Game(GAME_ID, TOY, random_factory=no_chance), recorded[0])
    assert recorded[0] == recorded[1]
    assert sorted([*games[0].state.cards.values(), str(games[0].state.set_aside)]) == ["J", "K", "Q"]
    assert replayed.state == games[0].state


# -- [TOY-ACTIONS] ------------------------------------------------------------------------------


@pytest.mark.rule("TOY-ACTIONS")
def test_TOY_ACTIONS_given_a_started_game_when_a_seat_sends_another_games_action_then_it_is_refused() -> None:
    game = started()

    assert refused(game, 0, Raise(chips=2)) == "TOY-ACTIONS"


@pytest.mark.rule("TOY-ACTIONS")
@pytest.mark.parametrize("text", [b'{"kind": "raise"}', b'{"kind": "commit", "choice": "raise"}', b'{"kind": "fold", "why": "bored"}'])
def test_TOY_ACTIONS_when_decoding_an_action_of_no_known_kind_then_it_is_refused(text: bytes) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(text, type=TOY.action_type)


@pytest.mark.rule("TOY-ACTIONS")
def test_TOY_ACTIONS_when_decoding_each_listed_action_from_json_then_it_is_the_action_listed() -> None:
    game = started()

    for action in game.legal_actions(0):
        assert msgspec.json.decode(msgspec.json.encode(action), type=ACTION_TYPE) == action


# -- [TOY-COMMIT] -------------------------------------------------------------------------------


@pytest.mark.rule("TOY-COMMIT")
def test_TOY_COMMIT_given_a_started_game_then_both_seats_are_asked_at_once_to_bet_or_check() -> None:
    game = started()

    assert game.pending() == [ToyDecision(seat=0, kind=ToyDecisionKind.COMMIT), ToyDecision(seat=1, kind=ToyDecisionKind.COMMIT)]
    assert all(TOY.simultaneous(d) for d in game.pending())
    for seat in (0, 1):
        committing = [action for action in game.legal_actions(seat) if isinstance(action, ToyCommit)]
        assert committing == [BET, CHECK]
        assert all(isinstance(action, ToyCommit | ToyPropose) for action in game.legal_actions(seat))


@pytest.mark.rule("TOY-COMMIT")
def test_TOY_COMMIT_given_a_started_game_when_seat_1_commits_first_then_nothing_is_revealed_and_seat_0_is_still_asked() -> None:
    game = started()

    recorded = when(game, 1, BET)

    assert names(recorded) == ["ToyChoiceCommitted"]
    assert game.pending() == [ToyDecision(seat=0, kind=ToyDecisionKind.COMMIT)]
    assert game.legal_actions(1) == []
    assert view(game, 0).seats[1].committed is True
    assert view(game, 0).seats[1].choice is None


@pytest.mark.rule("TOY-COMMIT")
def test_TOY_COMMIT_given_a_seat_has_committed_when_it_commits_again_then_it_is_refused() -> None:
    game = started()
    when(game, 0, CHECK)

    assert refused(game, 0, BET) == "TOY-COMMIT"
    assert refused(game, 0, CHECK) == "TOY-COMMIT"


@pytest.mark.rule("TOY-COMMIT")
def test_TOY_COMMIT_when_a_seat_commits_to_neither_bet_nor_check_then_it_is_refused() -> None:
    game = started()

    assert refused(game, 0, ToyCommit(choice="raise")) == "TOY-COMMIT"  # type: ignore[arg-type]


@pytest.mark.rule("TOY-COMMIT")
def test_TOY_COMMIT_given_one_commitment_when_the_second_arrives_then_both_are_revealed_in_seat_order_and_each_bet_costs_a_chip() -> None:
    game = started()
    when(game, 1, CHECK)

    recorded = when(game, 0, BET)

    assert names(recorded) == ["ToyChoiceCommitted", "ToyChoicesRevealed"]
    assert [e.choices for e in recorded if isinstance(e, ToyChoicesRevealed)] == [("bet", "check")]
    assert [s.stake for s in view(game, None).seats] == [2, 1]


@pytest.mark.rule("TOY-COMMIT")
def test_TOY_COMMIT_given_the_other_seat_committed_since_a_seat_read_the_game_then_its_stale_read_is_tolerated() -> None:
    game = started()
    since = when(game, 1, BET)

    assert TOY.tolerates_stale(game.state, 0, since) is True
    assert TOY.tolerates_stale(game.state, 1, since) is False  # its own commitment changed what it may do
    assert TOY.tolerates_stale(game.state, 0, []) is False


@pytest.mark.rule("TOY-COMMIT")
def test_TOY_COMMIT_given_the_choices_were_revealed_since_a_seat_read_the_game_then_its_stale_read_is_not_tolerated() -> None:
    game = started()
    since = committed(game, {1: BET, 0: CHECK})

    assert TOY.tolerates_stale(game.state, 0, since) is False
    assert TOY.tolerates_stale(game.state, 0, since[:1]) is False


# -- [TOY-REACT] --------------------------------------------------------------------------------


@pytest.mark.rule("TOY-REACT")
@pytest.mark.parametrize(("bettor", "checker"), [(0, 1), (1, 0)])
def test_TOY_REACT_given_exactly_one_bet_then_only_the_seat_that_checked_is_asked_to_call_or_fold(bettor: int, checker: int) -> None:
    game = started()

    committed(game, {bettor: BET, checker: CHECK})

    assert game.pending() == [ToyDecision(seat=checker, kind=ToyDecisionKind.REACT)]
    assert not TOY.simultaneous(game.pending()[0])
    assert game.legal_actions(checker) == [ToyCall(), ToyFold()]
    assert game.legal_actions(bettor) == []
    assert refused(game, bettor, ToyCall()) == "TOY-REACT"
    assert refused(game, bettor, ToyFold()) == "TOY-REACT"
    assert refused(game, checker, CHECK) == "TOY-COMMIT"


@pytest.mark.rule("TOY-REACT")
def test_TOY_REACT_given_the_commitments_are_awaited_when_a_seat_calls_or_folds_then_it_is_refused() -> None:
    game = started()

    assert refused(game, 0, ToyCall()) == "TOY-REACT"
    assert refused(game, 1, ToyFold()) == "TOY-REACT"


@pytest.mark.rule("TOY-REACT")
def test_TOY_REACT_given_a_bet_when_the_checker_calls_then_it_puts_a_chip_in_and_the_showdown_follows() -> None:
    game = started(deal=("J", "K", "Q"))
    committed(game, {0: BET, 1: CHECK})

    recorded = when(game, 1, ToyCall())

    assert names(recorded) == ["ToyCalled", "ToyGameEnded"]
    assert [(e.winner, e.reason, e.pot) for e in recorded if isinstance(e, ToyGameEnded)] == [(1, ToyEndReason.SHOWDOWN, 4)]


# -- [TOY-FOLD] ---------------------------------------------------------------------------------


@pytest.mark.rule("TOY-FOLD")
def test_TOY_FOLD_given_a_bet_when_the_checker_folds_then_the_bettor_wins_the_pot_without_a_showdown() -> None:
    game = started(deal=("J", "K", "Q"))  # the folder held the better card
    committed(game, {0: BET, 1: CHECK})

    recorded = when(game, 1, ToyFold())

    assert names(recorded) == ["ToyFolded", "ToyGameEnded"]
    assert [(e.winner, e.reason, e.pot, e.shown) for e in recorded if isinstance(e, ToyGameEnded)] == [(0, ToyEndReason.FOLD, 3, ())]
    outcome = game.outcome()
    assert outcome is not None
    assert [(r.seat, r.won, r.score) for r in outcome.results] == [(0, True, 1), (1, False, -1)]


# -- [TOY-SHOWDOWN] -----------------------------------------------------------------------------


@pytest.mark.rule("TOY-SHOWDOWN")
@pytest.mark.parametrize(
    ("deal", "choice", "winner", "pot"),
    [
        (("K", "Q", "J"), CHECK, 0, 2),
        (("J", "Q", "K"), CHECK, 1, 2),
        (("Q", "J", "K"), BET, 0, 4),
        (("J", "K", "Q"), BET, 1, 4),
    ],
)
def test_TOY_SHOWDOWN_given_both_seats_chose_alike_when_the_second_commits_then_the_higher_card_wins_the_pot(
    deal: tuple[Card, Card, Card], choice: ToyCommit, winner: int, pot: int
) -> None:
    game = started(deal=deal)

    recorded = committed(game, {0: choice, 1: choice})

    assert names(recorded) == ["ToyChoiceCommitted", "ToyChoiceCommitted", "ToyChoicesRevealed", "ToyGameEnded"]
    [ended] = [e for e in recorded if isinstance(e, ToyGameEnded)]
    assert (ended.winner, ended.reason, ended.pot, ended.shown) == (winner, ToyEndReason.SHOWDOWN, pot, deal[:2])
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (winner,)


# -- [TOY-END] ----------------------------------------------------------------------------------


@pytest.mark.rule("TOY-END")
def test_TOY_END_given_an_ended_game_then_nothing_is_awaited_and_every_action_is_refused() -> None:
    game = started()
    committed(game, {0: CHECK, 1: CHECK})

    assert game.is_over
    assert game.pending() == []
    for seat in (0, 1):
        assert game.legal_actions(seat) == []
        for action in (BET, CHECK, ToyCall(), ToyFold()):
            assert refused(game, seat, action) == "TOY-END"


@pytest.mark.rule("TOY-END")
@pytest.mark.parametrize("ante", [1, 5])
def test_TOY_END_given_a_called_bet_then_the_winner_ranks_first_and_scores_what_the_loser_staked(ante: int) -> None:
    game = started(ante=ante, deal=("K", "J", "Q"))
    assert game.outcome() is None
    committed(game, {0: CHECK, 1: BET})
    when(game, 0, ToyCall())

    outcome = game.outcome()

    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ((0,), "showdown")
    assert [(r.seat, r.won, r.rank, r.score, r.eliminated) for r in outcome.results] == [
        (0, True, 1, ante + 1, False),
        (1, False, 2, -(ante + 1), False),
    ]
    assert sum(r.score or 0 for r in outcome.results) == 0
    assert TOY.eliminated(game.state) == frozenset()


# -- [TOY-SEE-*] --------------------------------------------------------------------------------


@pytest.mark.rule("TOY-SEE-PUBLIC")
def test_TOY_SEE_PUBLIC_given_a_bet_and_a_check_then_everyone_sees_the_names_stakes_choices_and_whom_the_game_awaits() -> None:
    game = started(ante=2)
    committed(game, {0: BET, 1: CHECK})

    for viewer in (0, 1, None):
        seen = view(game, viewer)
        assert [(s.name, s.stake, s.committed, s.choice) for s in seen.seats] == [("Ann", 3, True, "bet"), ("Bob", 2, True, "check")]
        assert (seen.pot, seen.status, seen.settings) == (5, GameStatus.RUNNING, ToySettings(ante=2))
        assert seen.awaiting == (ToyDecision(seat=1, kind=ToyDecisionKind.REACT),)


@pytest.mark.rule("TOY-SEE-PRIVATE")
def test_TOY_SEE_PRIVATE_given_a_deal_then_each_seat_sees_its_own_card_only_and_a_spectator_none() -> None:
    game = started(deal=("Q", "K", "J"))

    assert [s.card for s in view(game, 0).seats] == ["Q", None]
    assert [s.card for s in view(game, 1).seats] == [None, "K"]
    assert [s.card for s in view(game, None).seats] == [None, None]


@pytest.mark.rule("TOY-SEE-PRIVATE")
def test_TOY_SEE_PRIVATE_given_a_deal_and_a_commitment_then_the_events_show_them_to_their_seat_only() -> None:
    game = started(deal=("Q", "K", "J"))
    when(game, 0, CHECK)
    recorded = [e for e in game.everything() if isinstance(e, ToyCardDealt | ToyChoiceCommitted)]

    def seen(viewer: int | None) -> list[str]:
        seated = [seat.name for seat in game.seats()]
        return [TOY.describe(TOY.event_view(e, viewer, game_ended=False), seated, ToySettings()) for e in recorded]

    assert seen(0) == ["Ann was dealt the Queen.", "Bob was dealt a card face down.", "Ann committed to check."]
    assert seen(1) == ["Ann was dealt a card face down.", "Bob was dealt the King.", "Ann committed a choice face down."]
    assert seen(None) == ["Ann was dealt a card face down.", "Bob was dealt a card face down.", "Ann committed a choice face down."]
    assert view(game, 1).seats[0].choice is None
    assert view(game, 0).seats[0].choice == "check"


@pytest.mark.rule("TOY-SEE-SECRET")
def test_TOY_SEE_SECRET_given_a_running_game_then_nobody_sees_the_card_set_aside_or_the_seed() -> None:
    game = started(deal=("J", "Q", "K"))
    committed(game, {0: BET, 1: CHECK})

    for viewer in (0, 1, None):
        assert (view(game, viewer).set_aside, view(game, viewer).seed) == (None, None)
        hidden = [TOY.event_view(e, viewer, game_ended=False) for e in game.everything()]
        assert [e.card for e in hidden if isinstance(e, ToyCardSetAside)] == [HIDDEN]
        assert [e.seed for e in hidden if isinstance(e, ToyGameOpened)] == [HIDDEN]
        seen = [msgspec.json.encode(view(game, viewer)), *map(msgspec.json.encode, hidden)]
        assert not any(b'"K"' in text or b'"toy"' in text for text in seen)


@pytest.mark.rule("TOY-SEE-END")
def test_TOY_SEE_END_given_an_ended_game_then_everyone_sees_every_card_the_seed_and_every_event_whole() -> None:
    game = started(deal=("K", "J", "Q"))
    committed(game, {0: BET, 1: CHECK})
    when(game, 1, ToyFold())

    for viewer in (0, 1, None):
        seen = view(game, viewer)
        assert [s.card for s in seen.seats] == ["K", "J"]
        assert (seen.set_aside, seen.seed) == ("Q", "toy")
        assert all(TOY.event_view(e, viewer, game_ended=True) == e for e in game.everything())


@pytest.mark.rule("TOY-SEE-END")
def test_TOY_SEE_END_given_an_earlier_step_of_an_ended_game_when_shown_with_reveal_all_then_everything_is_shown() -> None:
    game = started(deal=("K", "J", "Q"))

    seen: ToyView = TOY.view(game.state, game.version, None, reveal_all=True)

    assert [s.card for s in seen.seats] == ["K", "J"]
    assert seen.set_aside == "Q"


@pytest.mark.rule("TOY-DEFAULT")
def test_TOY_DEFAULT_given_an_offer_a_commitment_or_a_bet_to_face_then_the_default_rejects_checks_or_folds_whatever_the_card() -> None:
    for deal in (("J", "Q", "K"), ("K", "J", "Q")):
        game = started(deal=deal)
        assert TOY.default_action(game.state, 0, game.pending()) == CHECK
        when(game, 1, ToyPropose(gives=2, asks=0))
        assert TOY.default_action(game.state, 0, game.pending()) == AnswerOffer(offer=1, accept=False)
        when(game, 0, AnswerOffer(offer=1, accept=False))
        when(game, 0, CHECK)
        when(game, 1, BET)
        assert TOY.default_action(game.state, 0, game.pending()) == ToyFold()
        assert TOY.is_legal(game.state, 0, ToyFold(), game.pending())


# -- [TOY-PURSE] ---------------------------------------------------------------------------------


@pytest.mark.rule("TOY-PURSE")
def test_TOY_PURSE_given_a_started_game_then_each_seat_has_a_purse_of_2_chips_that_everyone_sees() -> None:
    game = started()

    assert [(s.seat, s.purse) for s in view(game, None).seats] == [(0, 2), (1, 2)]
    assert next(e for e in game.everything() if isinstance(e, ToyPursesFilled)).chips == 2


@pytest.mark.rule("TOY-PURSE")
def test_TOY_PURSE_given_a_game_of_rules_version_1_then_it_starts_without_purses_and_makes_no_offers() -> None:
    game = Game.create(GAME_ID, TOY, seed="old", seats=2, rules_version="1")
    game.join("Ann")
    game.join("Bob")
    game.start()

    assert "ToyPursesFilled" not in names(game.collect_events())
    assert game.legal_actions(0) == [BET, CHECK]
    with pytest.raises(RuleViolation) as refusal:
        game.act(0, ToyPropose(gives=1, asks=0))
    assert refusal.value.rule == "TOY-OFFER"


@pytest.mark.rule("TOY-PURSE")
def test_TOY_PURSE_given_a_trade_then_the_scores_count_the_chips_it_moved_and_still_add_up_to_0() -> None:
    game = started(deal=("K", "J", "Q"))
    when(game, 0, ToyPropose(gives=0, asks=2))
    when(game, 1, AnswerOffer(offer=1, accept=True))
    committed(game, {0: CHECK, 1: CHECK})

    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (0,)
    assert [r.score for r in outcome.results] == [1 + 2, -1 - 2]


# -- [TOY-OFFER] ---------------------------------------------------------------------------------


@pytest.mark.rule("TOY-OFFER")
def test_TOY_OFFER_given_a_seat_asked_to_commit_when_it_offers_then_the_recipient_is_asked_to_answer_first_and_the_proposer_waits() -> None:
    game = started()

    recorded = when(game, 0, ToyPropose(gives=1, asks=2, note="a chip for two"))

    assert recorded == [
        ToyOfferMade(
            originator_id=GAME_ID,
            originator_version=game.version,
            offer=1,
            proposer=0,
            recipient=1,
            proposer_gives=1,
            recipient_gives=2,
            note="a chip for two",
        )
    ]
    assert game.pending() == [ToyDecision(seat=1, kind=ToyDecisionKind.ANSWER, offer=1), ToyDecision(seat=1, kind=ToyDecisionKind.COMMIT)]
    assert game.asked() == {1: "answer_offer"}
    assert game.legal_actions(0) == []
    assert game.legal_actions(1) == [AnswerOffer(offer=1, accept=True), AnswerOffer(offer=1, accept=False), BET, CHECK]
    assert game.withdrawals(0) == [WithdrawOffer(offer=1)]
    assert refused(game, 0, CHECK) == "TOY-OFFER"


@pytest.mark.rule("TOY-OFFER")
@pytest.mark.parametrize(
    "offer",
    [ToyPropose(gives=0, asks=0), ToyPropose(gives=3, asks=0), ToyPropose(gives=0, asks=3), ToyPropose(gives=-1, asks=1)],
)
def test_TOY_OFFER_when_a_seat_offers_nothing_for_nothing_or_more_than_a_purse_holds_then_it_is_refused(offer: ToyPropose) -> None:
    assert refused(started(), 0, offer) == "TOY-OFFER"


@pytest.mark.rule("TOY-OFFER")
def test_TOY_OFFER_given_an_open_offer_when_the_recipient_offers_back_then_it_is_refused_until_it_is_answered() -> None:
    game = started()
    when(game, 0, ToyPropose(gives=1, asks=0))

    assert refused(game, 1, ToyPropose(gives=0, asks=1)) == "TOY-OFFER"
    when(game, 1, AnswerOffer(offer=1, accept=False))
    assert when(game, 1, ToyPropose(gives=0, asks=1))


@pytest.mark.rule("TOY-OFFER")
def test_TOY_OFFER_given_a_seat_made_two_offers_when_it_offers_a_third_then_it_is_refused() -> None:
    game = started()
    for offer in (1, 2):
        when(game, 0, ToyPropose(gives=1, asks=0))
        when(game, 0, WithdrawOffer(offer=offer))

    assert not [a for a in game.legal_actions(0) if isinstance(a, ToyPropose)]
    assert refused(game, 0, ToyPropose(gives=1, asks=0)) == "TOY-OFFER"


@pytest.mark.rule("TOY-OFFER")
def test_TOY_OFFER_given_a_seat_committed_when_it_offers_then_it_is_refused() -> None:
    game = started()
    when(game, 0, CHECK)

    assert refused(game, 0, ToyPropose(gives=1, asks=0)) == "TOY-OFFER"


# -- [TOY-ACCEPT] --------------------------------------------------------------------------------


@pytest.mark.rule("TOY-ACCEPT")
def test_TOY_ACCEPT_given_an_open_offer_when_the_recipient_accepts_then_the_chips_change_purses_and_the_proposer_commits_again() -> None:
    game = started()
    when(game, 0, ToyPropose(gives=2, asks=1))

    assert names(when(game, 1, AnswerOffer(offer=1, accept=True))) == ["ToyOfferAnswered"]
    assert [s.purse for s in view(game, 0).seats] == [1, 3]
    assert game.open_offers() == []
    assert game.asked() == {0: "commit", 1: "commit"}


@pytest.mark.rule("TOY-ACCEPT")
def test_TOY_ACCEPT_given_an_open_offer_when_the_recipient_rejects_then_nothing_changes_hands() -> None:
    game = started()
    when(game, 1, ToyPropose(gives=0, asks=2))

    [answered] = when(game, 0, AnswerOffer(offer=1, accept=False))

    assert isinstance(answered, ToyOfferAnswered)
    assert not answered.accepted
    assert [s.purse for s in view(game, 1).seats] == [2, 2]
    assert game.asked() == {0: "commit", 1: "commit"}


# -- [TOY-LAPSE] ---------------------------------------------------------------------------------


@pytest.mark.rule("TOY-LAPSE")
def test_TOY_LAPSE_given_an_open_offer_when_its_recipient_commits_then_it_lapses_and_the_proposer_is_asked_to_commit() -> None:
    game = started()
    when(game, 0, ToyPropose(gives=1, asks=0))

    recorded = when(game, 1, BET)

    assert names(recorded) == ["ToyChoiceCommitted", "ToyOfferLapsed"]
    assert isinstance(recorded[1], ToyOfferLapsed)
    assert recorded[1].offer == 1
    assert game.open_offers() == []
    assert game.asked() == {0: "commit"}
    assert refused(game, 0, WithdrawOffer(offer=1)) == "OFFER-CLOSED"


@pytest.mark.rule("TOY-LAPSE")
def test_TOY_LAPSE_given_an_offer_to_a_seat_that_had_committed_then_the_offer_is_all_it_is_asked_and_answering_lets_the_proposer_commit() -> (
    None
):
    game = started()
    when(game, 1, CHECK)
    when(game, 0, ToyPropose(gives=0, asks=1))

    assert game.pending() == [ToyDecision(seat=1, kind=ToyDecisionKind.ANSWER, offer=1)]
    when(game, 1, AnswerOffer(offer=1, accept=True))
    assert game.asked() == {0: "commit"}
    assert [s.purse for s in view(game, 1).seats] == [3, 1]


@pytest.mark.rule("TOY-SEE-PUBLIC")
def test_TOY_SEE_PUBLIC_given_an_open_offer_then_both_seats_and_a_spectator_see_it_and_its_events_whole() -> None:
    game = started()
    made = when(game, 0, ToyPropose(gives=1, asks=1, note="even"))
    expected = Offer(id=1, proposer=0, recipient=1, proposer_gives=1, recipient_gives=1, note="even")

    for viewer in (0, 1, None):
        assert view(game, viewer).offers == (expected,)
        assert TOY.event_view(made[0], viewer, game_ended=False) == made[0]
    withdrawn = when(game, 0, WithdrawOffer(offer=1))
    assert isinstance(withdrawn[0], ToyOfferWithdrawn)
    assert view(game, None).offers == ()


# -- every rule is tested ------------------------------------------------------------------------


def test_given_toy_rules_md_then_every_rule_id_is_named_by_a_test_marked_with_it() -> None:
    ids = set(re.findall(r"\[([A-Z]+(?:-[A-Z0-9]+)*)\]", TOY_RULES.read_text(encoding="utf-8")))
    source = Path(__file__).read_text(encoding="utf-8")
    marked = set(re.findall(r'@pytest\.mark\.rule\("([A-Z0-9-]+)"\)', source))
    named = {rule for rule in ids if re.search(rf"def test_{rule.replace('-', '_')}_", source)}

    assert len(ids) >= 10
    assert ids - marked == set()
    assert ids - named == set()
    assert marked - ids == set()
