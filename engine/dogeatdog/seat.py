"""The heuristic player's seat in one view of Dog Eat Dog: what it holds and what the table
shows, and what things are worth to it there (``engine/dogeatdog/valuation.py``). Everything
it reads is in the seat's view: its own accounts, everyone's public holdings ([SEE-PUBLIC])."""

from __future__ import annotations

from domain.dogeatdog.catalog import cards, squares
from domain.dogeatdog.effects import CancelEmbezzlement
from domain.dogeatdog.views import DogEatDogSeatView, DogEatDogView
from engine.dogeatdog.valuation import RESERVE, good_worth, makeable, square_worth


def holds_investigation(seat: DogEatDogSeatView) -> bool:
    return any(
        isinstance(effect, CancelEmbezzlement)
        for card in seat.current_events
        for effect in getattr(cards()[card], "effects", ())
    )


class Seat:
    """The bot's seat in one view: what it holds and what the table shows."""

    def __init__(self, view: DogEatDogView, me: int) -> None:
        self.view = view
        self.me = me
        self.own = view.seats[me]

    @property
    def corporate(self) -> int:
        return self.own.corporate or 0

    @property
    def division(self) -> str | None:
        return self.own.division

    def spare(self) -> int:
        """Corporate money above the reserve for wages and hiring."""
        return self.corporate - RESERVE - self.own.workers

    def stage(self, square: str) -> int:
        return next((s.stage for s in self.view.squares if s.id == square), 1)

    def square_value(self, square: str) -> float:
        return square_worth(self.division, square, self.stage(square))

    def good_value(self, good: str) -> float:
        return good_worth(self.division, good, self.own.goods)

    def rivals_investigate(self) -> bool:
        """Whether another player in the game holds an Internal Investigation (public)."""
        return any(
            seat.seat != self.me and seat.in_game and holds_investigation(seat)
            for seat in self.view.seats
        )

    def jobs(self) -> int:
        """Workers it has use for this turn: products it could make, icons it could extract."""
        icons = sum(
            len(squares()[square].icons.at(self.stage(square))) for square in self.own.squares
        )
        return makeable(self.division, self.own.goods) + icons
