"""The listed legal actions and the rule guards agree: during random games, random actions of
every kind (most of them nonsense) are accepted exactly when they are listed as legal; a refused one
names a rule id of RULES.md and records nothing."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from uuid import UUID

import pytest
from domain.dodgecity.actions import (
    Action,
    BuyStone,
    Challenge,
    ChooseRecipient,
    CommitCard,
    Done,
    EndTurn,
    GiveStone,
    Pass,
    PlaceStone,
    PlayCard,
    RemoveStone,
    SellStone,
)
from domain.dodgecity.catalog import BUILDING_ORDER, deck
from domain.dodgecity.figures import Figure
from domain.dodgecity.ruleset import DodgeCityGame, open_game
from domain.errors import RuleViolation
from domain.events.dodgecity import Variants
from engine.players import RandomPlayer

RULE_IDS = set(re.findall(r"\[([A-Z]+(?:-[A-Z0-9]+)*)\]", (Path(__file__).parents[2] / "docs/RULES.md").read_text()))


def random_action(rng: random.Random, game: DodgeCityGame) -> Action:
    """Any kind of action with arbitrary, often impossible, arguments."""
    building = rng.choice([*BUILDING_ORDER, "jail"])
    row, col = rng.randint(-1, 6), rng.randint(-1, 8)
    figure = rng.choice([None, *Figure])
    card = rng.choice([*deck(game.state.variants.deck), "C99"])
    seat = rng.randint(-1, 5)
    return rng.choice(
        [
            CommitCard(card=card),
            PlayCard(card=card),
            BuyStone(building=building, row=row, col=col, figure=figure),
            PlaceStone(building=building, row=row, col=col, figure=figure),
            RemoveStone(building=building, row=row, col=col),
            GiveStone(building=building, row=row, col=col),
            SellStone(building=building, row=row, col=col),
            ChooseRecipient(seat=seat),
            Challenge(opponent=seat, building=building),
            Pass(),
            Done(),
            EndTurn(),
        ]
    )


def plausible_action(rng: random.Random, game: DodgeCityGame, seat: int) -> Action:
    """A legal action with one argument changed: close to legal, so guards get exercised."""
    legal = game.legal_actions(seat)
    if not legal:
        return random_action(rng, game)
    action = rng.choice(legal)
    if isinstance(action, BuyStone | PlaceStone):
        return type(action)(
            building=action.building,
            row=action.row + rng.choice([-1, 0, 1]),
            col=action.col + rng.choice([-1, 0, 1]),
            figure=rng.choice([None, *Figure]),
        )
    return random_action(rng, game)


@pytest.mark.parametrize(
    ("players", "variants"),
    [
        (2, Variants()),
        (3, Variants(challenge_optional=True, picture_may_claim=True)),
        (4, Variants(landmarks_bridge=False)),
        (5, Variants(deck="variant_44")),
    ],
)
@pytest.mark.parametrize("seed", range(6))
def test_given_random_games_when_trying_arbitrary_actions_then_accepted_exactly_when_legal(
    players: int, variants: Variants, seed: int
) -> None:
    rng = random.Random(seed * 10 + players)
    game = open_game(UUID(int=seed + 1), seed=f"fuzz{seed}", max_players=players, variants=variants)
    for s in range(players):
        game.join(f"p{s}")
    game.start()
    chooser = RandomPlayer(seed)
    refusals = 0
    while not game.is_over:
        seat = rng.choice(game.pending()).seat if rng.random() < 0.9 else rng.randint(0, players - 1)
        near_legal = rng.random() < 0.5
        action = plausible_action(rng, game, seat) if near_legal else random_action(rng, game)
        if game.is_legal(seat, action):
            game.act(seat, action)
            continue
        game.collect_events()
        before_state, before_version = copy.deepcopy(game.state), game.version
        with pytest.raises(RuleViolation) as refusal:
            game.act(seat, action)
        assert refusal.value.rule in RULE_IDS, refusal.value
        assert game.version == before_version
        assert game.state == before_state
        assert game.collect_events() == []
        refusals += 1
        pending = game.pending()
        if pending:
            decider = rng.choice(pending).seat
            game.act(decider, chooser.choose(game, decider))
    assert refusals > 0
