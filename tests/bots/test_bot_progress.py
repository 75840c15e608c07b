"""Every kind of bot makes progress (issue 29 item 11): from a state it has acted from in this
turn it never chooses the same action again, and a random bot ends its turn once it has passed
that up too often; simulations cap a seat's actions in one turn as the server does."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from domain.aggregates.game import AnyGame
from domain.bang.catalog import Role, deck
from domain.dodgecity.actions import EndTurn
from domain.dodgecity.decisions import DecisionKind
from domain.dodgecity.views import game_view
from engine.bang.heuristic import HeuristicPlayer as BangHeuristic
from engine.bang.kit import KIT as BANG_KIT
from engine.dodgecity.heuristic import HeuristicPlayer as DodgeCityHeuristic
from engine.dodgecity.kit import KIT as DODGECITY_KIT
from engine.kit import Player
from engine.players import TURN_CAP, ProgressCheck, RandomPlayer
from engine.simulation import play_game, play_on

from tests.rulesets.bang.builders import BangTestGame, arrange, table

#: Far more actions than any real turn (about 30 at most): a bot past it is looping.
LOOPING = 1000
STAGECOACH, WELLS_FARGO, LAST_DISCARD = "stagecoach-9s", "wells-fargo-3h", "bang-2c"
CHARACTERS = ("elena-fuente", "herb-hunter", "sean-mallory", "greg-digger", "herb-hunter", "greg-digger", "herb-hunter")


def hoarded_deal() -> BangTestGame:
    """Issue 29's table: seven players, Sean Mallory (no hand limit) holds nearly every card, the
    draw pile is empty, the discard pile holds one card, and Elena Fuente, the Sheriff whose turn
    it is, holds Stagecoach and Wells Fargo."""
    game = table(7, roles=(Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE, Role.DEPUTY, Role.OUTLAW, Role.DEPUTY), chars=CHARACTERS)
    rest = [c for c in deck() if c not in {STAGECOACH, WELLS_FARGO, LAST_DISCARD}]
    others = {seat: [rest.pop() for _ in range(2)] for seat in (1, 3, 4, 5, 6)}
    return arrange(game, hands={0: [STAGECOACH, WELLS_FARGO], 2: rest, **others}, discard=[LAST_DISCARD])


def play_own_turn(game: AnyGame, player: Player, seat: int = 0) -> int:
    """``player`` plays ``seat``'s turn, which nobody else is asked anything in; returns its
    actions, stopping a player that loops after :data:`LOOPING`."""
    turn = game.state.turn.number
    acted = 0
    while game.state.turn.number == turn:
        assert game.pending()[0].seat == seat
        game.act(seat, player.choose(game, seat))
        acted += 1
        assert acted <= LOOPING, f"the bot is still in its turn after {acted} actions"
    return acted


def test_given_the_hoarded_deal_then_the_piles_are_as_the_issue_found_them() -> None:
    game = hoarded_deal()
    state = game.state
    assert state.draw_pile == []
    assert state.discard_pile == [LAST_DISCARD]
    assert len(state.players[2].hand) == 80 - 3 - 10
    assert state.players[0].character == "elena-fuente"
    assert state.turn.seat == 0


def test_given_the_hoarded_deal_when_the_heuristic_bot_plays_its_turn_then_it_ends_it() -> None:
    """Without the cap: its progress check alone ends the Stagecoach–Wells Fargo cycle."""
    game = hoarded_deal()
    acted = play_own_turn(game, BangHeuristic("hoard"))
    assert acted < 20
    assert game.state.turn.seat == 1


class Unchecked(ProgressCheck[Any]):
    """A progress check that lets every choice through: a bot as it was before the check."""

    def steer(self, choice: Any, actions: Sequence[Any], state: bytes | None = None) -> Any:
        return choice


class Counting:
    """Counts the choices ``player`` makes in each turn."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.per_turn: Counter[int] = Counter()

    def choose(self, game: AnyGame, seat: int) -> Any:
        self.per_turn[game.state.turn.number] += 1
        return self.player.choose(game, seat)


@pytest.mark.parametrize("checked", [True, False], ids=["progress-check", "cap-only"])
def test_given_the_hoarded_deal_when_simulated_then_the_turn_passes_within_the_cap(checked: bool) -> None:
    game = hoarded_deal()
    turn = game.state.turn.number
    looper = Counting(BangHeuristic("hoard", None if checked else Unchecked()))
    others: list[Player] = [BangHeuristic(f"seat{seat}") for seat in range(1, 7)]
    _, error = play_on(BANG_KIT, game, [looper, *others], random.Random("order"), max_actions=3 * TURN_CAP)
    assert error is None or error.startswith("no end after"), error
    assert game.state.turn.number > turn, "the game went on"
    # With its check the bot ends the turn itself; without, the cap ends it after its choices.
    assert looper.per_turn[turn] < 20 if checked else looper.per_turn[turn] == TURN_CAP


class Buying:
    """A heuristic player that keeps the first view it chose to buy a stone from."""

    def __init__(self, seed: str) -> None:
        self.player = DodgeCityHeuristic(seed)
        self.kept: tuple[Any, list[Any]] | None = None

    def choose(self, game: AnyGame, seat: int) -> Any:
        view = game_view(game.state, game.version, seat, awaiting=game.pending())
        actions = game.legal_actions(seat)
        chosen = self.player.decide(view, actions) if len(actions) > 1 else actions[0]
        asked = game.pending()[0].kind
        if self.kept is None and asked is DecisionKind.BUY_STONES and chosen != EndTurn():
            self.kept = (view, actions)
        return chosen


def test_given_a_dodgecity_state_acted_from_when_shown_again_in_the_turn_then_the_bot_ends_its_turn() -> None:
    """The check in Dodge City's bot: the same view twice (as if buying had changed nothing)
    gets the end of the turn the second time, where it bought a stone the first time."""
    buyer = Buying("progress")
    play_game(DODGECITY_KIT, 3, "progress", seats=[buyer, RandomPlayer(1), RandomPlayer(2)])
    assert buyer.kept is not None
    view, actions = buyer.kept
    bot = DodgeCityHeuristic("progress")
    first = bot.decide(view, actions)
    assert first != EndTurn()
    assert bot.decide(view, actions) == EndTurn()


def test_given_a_random_bot_with_patience_when_it_keeps_passing_up_the_end_then_it_ends() -> None:
    """The random bot reads no view: its check counts the decisions in a row that offered the
    end and took something else, and ends once it has passed the end up ``patience`` times."""
    check: ProgressCheck[str] = ProgressCheck(lambda actions: "end" if "end" in actions else None, patience=3)
    player = RandomPlayer("patience", check)
    chosen = [player.decide(None, ["a", "b", "c", "end"]) for _ in range(200)]
    runs = "".join("e" if c == "end" else "x" for c in chosen).split("e")
    assert max(len(run) for run in runs) == 3
    unchecked = RandomPlayer("patience")  # no ending known: uniform as ever
    assert (
        max(
            len(run)
            for run in "".join("e" if unchecked.decide(None, ["a", "b", "c", "end"]) == "end" else "x" for _ in range(200)).split("e")
        )
        > 3
    )
