"""The machine-readable effects printed on Dog Eat Dog's Red Tape cards (``cards.json``
``op_vocabulary``): one small frozen struct per ``op``, decoded by that tag.

A Corrupt Official's law is one of ``SetRate``, ``ExtraFee`` or ``PerUnitFee``; a Current Event
carries any of them in order ([REDTAPE-CE]). What each does is decided by the rules that resolve a
card; these structs only say what the card says, so that a misspelt ``op`` or a missing amount is
refused when the catalog loads, not when the card is first drawn.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

import msgspec


class Rate(StrEnum):
    """The rates a law or a card may set ([LAW-COMPOSE] decides between several)."""

    WAGE_PER_WORKER = "wage_per_worker"  # [PAY-WAGES]
    HIRE_COST = "hire_cost"  # [HIRE-COST]
    FIRE_COST = "fire_cost"  # [FIRE-FREE]
    MARKETPLACE_BUY_PRICE = "marketplace_buy_price"  # [BUY-MARKET]
    PRODUCTS_PER_POLLUTION_MARKER = "products_per_pollution_marker"  # [PRODUCE-POLLUTE]
    TAX_THRESHOLD = "tax_threshold"  # [TAX-PASS]


class FeeOn(StrEnum):
    """What a law's fee is charged on."""

    GAIN_SQUARE = "gain_square"
    SELL_PRODUCT = "sell_product"
    EXPLOIT_RAW = "exploit_raw"


#: The only duration a card names: to the end of the drawer's turn ([REDTAPE-CE]).
ThisTurn = Literal["this_turn"]


class _Effect(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="op"
):
    pass


class SetRate(_Effect, frozen=True, tag="set_rate"):
    rate: Rate
    value: int
    duration: ThisTurn | None = None  # None: as long as the law is in force


class ExtraFee(_Effect, frozen=True, tag="extra_fee"):
    on: FeeOn
    value: int


class PerUnitFee(_Effect, frozen=True, tag="per_unit_fee"):
    on: FeeOn
    value: int


class CancelEmbezzlement(_Effect, frozen=True, tag="cancel_embezzlement"):
    pass


class Gain(_Effect, frozen=True, tag="gain"):
    amount: int


class Pay(_Effect, frozen=True, tag="pay"):
    amount: int


class TaxNow(_Effect, frozen=True, tag="tax_now"):
    pass


class GenevaNow(_Effect, frozen=True, tag="geneva_now"):
    optional: bool


class SellNow(_Effect, frozen=True, tag="sell_now"):
    what: Literal["product", "raw"]
    max: int
    price: int
    optional: bool


class GainRaw(_Effect, frozen=True, tag="gain_raw"):
    n: int
    choice: bool


class LoseWorkers(_Effect, frozen=True, tag="lose_workers"):
    n: int


class GainWorkers(_Effect, frozen=True, tag="gain_workers"):
    n: int


class Waive(_Effect, frozen=True, tag="waive"):
    what: Literal["payroll"]
    duration: ThisTurn


class Forbid(_Effect, frozen=True, tag="forbid"):
    what: Literal["produce"]
    duration: ThisTurn


class ExtraJobs(_Effect, frozen=True, tag="extra_jobs"):
    n: int
    duration: ThisTurn


class Pollute(_Effect, frozen=True, tag="pollute"):
    n: int


class RemovePollution(_Effect, frozen=True, tag="remove_pollution"):
    max: int
    wm_may_keep: bool


class AcquisitionNow(_Effect, frozen=True, tag="acquisition_now"):
    optional: bool


class BribePublicLaw(_Effect, frozen=True, tag="bribe_public_law"):
    optional: bool


class RichestPay(_Effect, frozen=True, tag="richest_pay"):
    amount: int


class CollectFromEachOpponent(_Effect, frozen=True, tag="collect_from_each_opponent"):
    amount: int


class PriceDelta(_Effect, frozen=True, tag="price_delta"):
    what: Literal["product"]
    delta: int
    duration: ThisTurn


class PayPerSquare(_Effect, frozen=True, tag="pay_per_square"):
    amount: int


class StrikeNow(_Effect, frozen=True, tag="strike_now"):
    pass


#: A law: what a Corrupt Official does when its trigger occurs ([LAW-PUBLIC], [LAW-OWNED]).
LawEffect = SetRate | ExtraFee | PerUnitFee

#: Anything a Red Tape card may do.
Effect = (
    SetRate
    | ExtraFee
    | PerUnitFee
    | CancelEmbezzlement
    | Gain
    | Pay
    | TaxNow
    | GenevaNow
    | SellNow
    | GainRaw
    | LoseWorkers
    | GainWorkers
    | Waive
    | Forbid
    | ExtraJobs
    | Pollute
    | RemovePollution
    | AcquisitionNow
    | BribePublicLaw
    | RichestPay
    | CollectFromEachOpponent
    | PriceDelta
    | PayPerSquare
    | StrikeNow
)
