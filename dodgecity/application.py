"""The application service: the only code that talks to the eventsourcing library.

It loads a game, lets the aggregate decide, and saves the new events. Storage is chosen by the
library's environment (in memory by default).
"""

from __future__ import annotations

import secrets
from uuid import UUID, uuid4

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import Mapper

from dodgecity.serialization import MsgspecMapper
from domain.actions import Action
from domain.aggregates.game import Game, project_game
from domain.events import Colour, DomainEvent, Variants


class GameNotFoundError(LookupError):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"no game {game_id}")
        self.game_id = game_id


class DodgeCityApplication(Application[UUID]):
    name = "DodgeCity"

    def construct_mapper(self) -> Mapper[UUID]:
        return MsgspecMapper()

    def create_game(
        self, *, max_players: int = 5, variants: Variants | None = None, seed: str | None = None
    ) -> UUID:
        game = Game.create(
            uuid4(), seed=seed or secrets.token_hex(16), max_players=max_players, variants=variants
        )
        self.save(game)
        return game.id

    def join(self, game_id: UUID, name: str, colour: Colour | None = None) -> int:
        game = self.game(game_id)
        seat = game.join(name, colour)
        self.save(game)
        return seat

    def start(self, game_id: UUID) -> None:
        game = self.game(game_id)
        game.start()
        self.save(game)

    def act(self, game_id: UUID, seat: int, action: Action) -> Game:
        game = self.game(game_id)
        game.act(seat, action)
        self.save(game)
        return game

    def game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game, at its latest version or at ``version``."""
        try:
            game: Game | None = self.repository.get(
                game_id, version=version, projector_func=project_game
            )
        except AggregateNotFoundError:
            raise GameNotFoundError(game_id) from None
        if game is None:
            raise GameNotFoundError(game_id)
        return game

    def history(self, game_id: UUID) -> list[DomainEvent]:
        return list(self.events.get(game_id))  # type: ignore[arg-type]
