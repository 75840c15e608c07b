"""Opening a game, taking seats and the setup (RULES.md section 4): the first public law, the
Old Boys deal, the roll-off and the choice of divisions, the kits, the start player and the
start of round 1."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.catalog import Raw, board, divisions, home_space, red_tape
from domain.dogeatdog.rules.dice import roll_off
from domain.dogeatdog.state import MAX_PLAYERS, MIN_PLAYERS, DogEatDogState
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    DogEatDogDivisionChosen,
    DogEatDogGameOpened,
    DogEatDogGameStarted,
    DogEatDogKitReceived,
    DogEatDogOfficialDealt,
    DogEatDogOfficialLaidOut,
    DogEatDogRedTapeShuffled,
    DogEatDogRoundBegan,
    DogEatDogSeatTaken,
    DogEatDogSettings,
    DogEatDogTurnBegan,
    Good,
    RollPurpose,
    ShuffleReason,
)
from domain.events.dogeatdog.values import ROUND_LIMITS, TARGETS
from domain.ruleset import GameStatus

#: The rules new games are played by: the data files' version.
RULES_VERSION = "dogeatdog-draft-0.2"
#: Raw materials as the goods a kit names, in ``board.json``'s order.
RAWS: tuple[Good, ...] = ("iron", "timber", "coal", "chemicals", "oil")


def check_settings(settings: DogEatDogSettings) -> None:
    """msgspec checks the bounds only when it decodes settings: a settings object built in code
    is checked here."""
    if settings.target not in TARGETS:
        raise RuleViolation("END-SWISS-150", f"the Swiss target is one of {TARGETS}")
    if settings.round_limit not in ROUND_LIMITS:
        raise RuleViolation("OPT-SHORT-ROUNDS", "a short game lasts 6 rounds")


def open_game(
    ctx: Context[DogEatDogState], *, seats: int, settings: DogEatDogSettings, seed: str
) -> None:
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise RuleViolation("SETUP-PLAYERS", f"{MIN_PLAYERS} to {MAX_PLAYERS} players play")
    check_settings(settings)
    ctx.emit(
        DogEatDogGameOpened(seats=seats, settings=settings, seed=seed, rules_version=RULES_VERSION)
    )


def take_seat(ctx: Context[DogEatDogState], name: str, bot: str | None) -> int:
    state = ctx.state
    if state.status is not GameStatus.LOBBY or len(state.players) >= state.seats_wanted:
        raise RuleViolation("SETUP-PLAYERS", f"the table has {state.seats_wanted} seats")
    seat = len(state.players)
    ctx.emit(DogEatDogSeatTaken(seat=seat, name=name, bot=bot))
    return seat


def start(ctx: Context[DogEatDogState]) -> None:
    """Lay out the first law, deal the Old Boys' officials, shuffle the deck and roll off for
    the first choice of a division, who is then asked to choose."""
    state = ctx.state
    if state.status is not GameStatus.LOBBY or len(state.players) != state.seats_wanted:
        raise RuleViolation("SETUP-PLAYERS", f"the game needs {state.seats_wanted} players")
    seats = len(state.players)
    in_game = tuple(d.id for d in board().divisions if seats >= d.players_min)  # [SETUP-WM]
    ctx.emit(DogEatDogGameStarted(seats=seats, divisions=in_game))
    _lay_out_first_law(ctx)
    if state.settings.old_boys:
        _deal_old_boys(ctx)
    ctx.emit(
        DogEatDogRedTapeShuffled(
            cards=tuple(ctx.rng.shuffled(state.deck)),
            size=len(state.deck),
            reason=ShuffleReason.SETUP,
        )
    )
    roll_off(ctx, range(seats), RollPurpose.DIVISION_ORDER)


def _lay_out_first_law(ctx: Context[DogEatDogState]) -> None:
    """[SETUP-LAW]: the first official of the shuffled 40 becomes the first public law."""
    officials = {card.id for card in red_tape().corrupt_officials}
    searched = tuple(ctx.rng.shuffled(red_tape().card_ids()))
    ctx.emit(
        DogEatDogRedTapeShuffled(cards=searched, size=len(searched), reason=ShuffleReason.SEARCH)
    )
    first = next(index for index, card in enumerate(searched) if card in officials)
    ctx.emit(DogEatDogOfficialLaidOut(card=searched[first], turned_up=searched[:first]))


def _deal_old_boys(ctx: Context[DogEatDogState]) -> None:
    """[OPT-OLD-BOYS]: one of the eight other officials to each player, at random, face up."""
    officials = {card.id for card in red_tape().corrupt_officials}
    left = [card for card in red_tape().card_ids() if card in officials and card in ctx.state.deck]
    for seat, card in zip(ctx.state.in_game(), ctx.rng.shuffled(left), strict=False):
        ctx.emit(DogEatDogOfficialDealt(seat=seat, card=card))


# -- choosing divisions ---------------------------------------------------------------------


def chooser(state: DogEatDogState) -> int | None:
    """The seat asked to choose a division now, clockwise from the roll-off's winner
    ([SETUP-DIVISIONS]); None before the roll-off and once all have chosen."""
    if state.first_chooser is None or state.round > 0:
        return None
    waiting = state.clockwise_from(state.first_chooser)
    return next((seat for seat in waiting if state.players[seat].division is None), None)


def default_division(state: DogEatDogState) -> str:
    """The first free card in ``board.json`` order ([TURN-DECISIONS]): public grounds only."""
    return state.free_divisions()[0]


def check_division(state: DogEatDogState, seat: int, division: str) -> None:
    """Refuse ``seat`` choosing ``division`` now, naming the rule, unless he may."""
    if chooser(state) != seat:
        raise RuleViolation("SETUP-DIVISIONS", "divisions are chosen in turn, clockwise")
    if division in divisions() and division not in state.divisions:
        raise RuleViolation("SETUP-WM", "Waste Mismanagement plays only with 5 or 6 players")
    if division not in state.free_divisions():
        raise RuleViolation("SETUP-DIVISIONS", f"{division!r} is not a free division card")


def choose_division(
    ctx: Context[DogEatDogState], seat: int, division: str, *, by_default: bool = False
) -> None:
    state = ctx.state
    check_division(state, seat, division)
    ctx.emit(DogEatDogDivisionChosen(seat=seat, division=division, by_default=by_default))
    if chooser(state) is None:
        _finish_setup(ctx)


def _finish_setup(ctx: Context[DogEatDogState]) -> None:
    state = ctx.state
    for player in state.players:
        if player.division is not None:
            ctx.emit(kit(player.seat, player.division))
    start_player = roll_off(ctx, state.in_game(), RollPurpose.START_PLAYER)
    ctx.emit(DogEatDogRoundBegan(round=1))
    ctx.emit(DogEatDogTurnBegan(seat=start_player, turn=1, round=1))


def kit(seat: int, division: str) -> DogEatDogKitReceived:
    """[SETUP-KIT]: $25M, 2 workers, the division's goods and start square, the runner home."""
    data, economy = divisions()[division], board().economy
    goods = tuple((raw, data.start_raw.of(Raw(raw))) for raw in RAWS if data.start_raw.of(Raw(raw)))
    return DogEatDogKitReceived(
        seat=seat,
        corporate=economy.start_money,
        workers=economy.start_workers,
        goods=goods,
        pollution_markers=data.start_pollution_markers,
        square=data.start_square,
        runner=home_space(division),
    )
