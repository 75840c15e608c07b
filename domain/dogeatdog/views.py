"""What one seat may see of a game of Dog Eat Dog (RULES.md section 21): for now its events, each
judged alone; the view of the state comes with the ruleset (``docs/dogeatdog/DESIGN.md``).

Hidden values are blanked, never dropped: a blanked shuffle still says that it happened and how
many cards it holds ([RNG-PUBLIC]). Once the game has ended everything is shown ([SEE-END]).
"""

from __future__ import annotations

from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    HIDDEN,
    HIDDEN_EVENTS,
    DogEatDogGameOpened,
    DogEatDogRedTapeShuffled,
)
from domain.redaction import blanked


def event_view(event: DomainEvent, viewer: int | None, *, game_ended: bool) -> DomainEvent:
    """``event`` as ``viewer`` (a seat, or None for a spectator) may see it."""
    if game_ended or not isinstance(event, HIDDEN_EVENTS):
        return event
    if isinstance(event, DogEatDogGameOpened):
        return blanked(event, seed=HIDDEN)
    if isinstance(event, DogEatDogRedTapeShuffled):
        # The deck's order is secret to all, its size public ([SEE-SECRET], [RNG-PUBLIC]).
        return blanked(event, cards=())
    return event
