"""The facts of embezzlement (RULES.md section 15): a declaration with its amount committed
secretly, each Internal Investigation holder's answer, and the outcome.

The amount is private to the embezzler until the end ([SEE-PRIVATE]): ``event_view`` blanks it
to ``"?"`` for every other seat and for spectators, in the declaration and in both outcomes, so
a stopped embezzlement's amount is never shown to anyone else; with [VAR-OPEN-INFO] each event
says so (``public``) and nothing is blanked. Everything else is public: who
embezzles, who is asked, who played a card ([EMBEZZLE-DECLARE])."""

from __future__ import annotations

from domain.events.base import DomainEvent
from domain.events.dogeatdog.values import Hidden


class DogEatDogEmbezzlementDeclared(DomainEvent, frozen=True, tag="dogeatdog.EmbezzlementDeclared"):
    """``seat`` declares an embezzlement of ``amount`` $M (private, [EMBEZZLE-AMOUNT]); the
    holders of an Internal Investigation in ``asked`` are offered to stop it, in that order
    ([EMBEZZLE-DECLARE]). ``bonus``: the bonus round's, which uses up nothing
    ([END-BONUS-EMBEZZLE])."""

    seat: int
    amount: int | Hidden
    asked: tuple[int, ...] = ()
    bonus: bool = False
    public: bool = False  # [VAR-OPEN-INFO]: the amount is shown to all


class DogEatDogInvestigationDeclined(
    DomainEvent, frozen=True, tag="dogeatdog.InvestigationDeclined"
):
    """``seat`` did not play an Internal Investigation against the embezzlement under way."""

    seat: int


class DogEatDogInvestigationPlayed(DomainEvent, frozen=True, tag="dogeatdog.InvestigationPlayed"):
    """``seat`` played ``card``, an Internal Investigation, which goes to the discard pile."""

    seat: int
    card: str


class DogEatDogEmbezzlementStopped(DomainEvent, frozen=True, tag="dogeatdog.EmbezzlementStopped"):
    """``seat``'s embezzlement of ``amount`` $M (private) was stopped: the money stays in the
    corporate account. ``speaker`` is who is asked next in the open window (None: nobody)."""

    seat: int
    amount: int | Hidden
    speaker: int | None = None
    public: bool = False  # [VAR-OPEN-INFO]: the amount is shown to all


class DogEatDogEmbezzlementSucceeded(
    DomainEvent, frozen=True, tag="dogeatdog.EmbezzlementSucceeded"
):
    """``amount`` $M (private) moved from ``seat``'s corporate to his Swiss account
    ([EMBEZZLE-SUCCEED]). ``speaker`` is who is asked next in the open window (None: nobody)."""

    seat: int
    amount: int | Hidden
    speaker: int | None = None
    public: bool = False  # [VAR-OPEN-INFO]: the amount is shown to all


class DogEatDogBonusSalesEnded(DomainEvent, frozen=True, tag="dogeatdog.BonusSalesEnded"):
    """Every type held was priced and sold in the bonus round ([END-BONUS-SELL]): its part 3,
    the embezzlement, follows ([END-BONUS-EMBEZZLE])."""


class DogEatDogBonusEmbezzleDeclined(
    DomainEvent, frozen=True, tag="dogeatdog.BonusEmbezzleDeclined"
):
    """``seat`` embezzles nothing in the bonus round ([END-BONUS-EMBEZZLE])."""

    seat: int


EMBEZZLE_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogEmbezzlementDeclared,
    DogEatDogInvestigationDeclined,
    DogEatDogInvestigationPlayed,
    DogEatDogEmbezzlementStopped,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogBonusSalesEnded,
    DogEatDogBonusEmbezzleDeclined,
)

#: The events whose amount only the embezzler may see ([SEE-PRIVATE]).
PRIVATE_AMOUNT_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementStopped,
    DogEatDogEmbezzlementSucceeded,
)
