"""A game told in plain words: every event class has a sentence, redacted events read naturally and
give nothing away, whole games narrate, and the public summary shows every player and building."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from typing import Any
from uuid import uuid4

import msgspec.inspect as mi
import pytest
from domain.dodgecity.catalog import BUILDINGS, CardKind, deck
from domain.dodgecity.evolve import evolve
from domain.dodgecity.narration import (
    END_WORDS,
    FORMATTERS,
    OUTCOME_WORDS,
    PASS_WORDS,
    STAGE_WORDS,
    SUMMARY_POINTS,
    describe,
    narrate,
    public_summary,
)
from domain.dodgecity.ruleset import open_game
from domain.dodgecity.state import GameState, Status
from domain.dodgecity.views import event_view, game_view
from domain.events.dodgecity import (
    ALL_EVENT_TYPES,
    CardPlayed,
    CardsDealt,
    DomainEvent,
    DrawPileShuffled,
    EffectOutcome,
    EndReason,
    GameEnded,
    PassReason,
    Stage,
    StoneBought,
    StoneRemoved,
)
from engine.players import RandomPlayer

from tests.conformance.tense import tense_faults

NAMES = ("Anna", "Bob", "Carla", "Dan", "Eve")
SUMMARY_INDENT = " " * 6

#: Realistic text for string fields, by field name, so sentences use real cards and buildings.
SAMPLE_TEXT = {
    "building": "saloon",
    "buildings": "hotel",
    "event": "E13",
    "card": "C03",
    "cards": "C17",
    "order": "C05",
    "challenger_card": "C29",
    "opponent_card": "C26",
    "cause": "C16",
    "name": "Anna",
    "seed": "secret-seed",
    "rules_version": "1.0",
}


def sample_value(info: mi.Type, field: str) -> Any:
    """A value of a msgspec type; ints are 1, so seat fields name Bob and seat 0 is an outsider."""
    if isinstance(info, mi.UnionType):
        return sample_value(next(t for t in info.types if not isinstance(t, mi.NoneType)), field)
    if isinstance(info, mi.BoolType):
        return True
    if isinstance(info, mi.IntType):
        return 1
    if isinstance(info, mi.StrType):
        return SAMPLE_TEXT.get(field, "x")
    if isinstance(info, mi.EnumType):
        return list(info.cls)[-1]
    if isinstance(info, mi.VarTupleType):
        return (sample_value(info.item_type, field),)
    if isinstance(info, mi.TupleType):
        return tuple(sample_value(t, field) for t in info.item_types)
    if isinstance(info, mi.StructType):
        return info.cls()
    raise NotImplementedError(info)


def sample_event(cls: type[DomainEvent]) -> DomainEvent:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    fields = {f.name: sample_value(f.type, f.name) for f in info.fields if f.name not in ("originator_id", "originator_version")}
    return cls(**fields)


def texts_in(value: Any) -> set[str]:
    """Every string inside a field value, nested tuples included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, tuple):
        return set().union(*(texts_in(v) for v in value))
    return set()


def play_events(players: int, seed: str, *, until: Callable[[GameState], bool] | None = None) -> list[DomainEvent]:
    """A random game played as engine.simulation does, returning its events as stored."""
    game = open_game(uuid4(), seed=seed, max_players=players)
    for seat in range(players):
        game.join(NAMES[seat])
    game.start()
    events = game.collect_events()
    seats = [RandomPlayer(f"{seed}/seat{seat}") for seat in range(players)]
    order = random.Random(f"{seed}/order")
    while not game.is_over and not (until and until(game.state)):
        seat = order.choice(game.pending()).seat
        game.act(seat, seats[seat].choose(game, seat))
        events += game.collect_events()
    return events


def fold(events: Iterable[DomainEvent]) -> GameState:
    state = GameState()
    for event in events:
        evolve(state, event)
    return state


def card_patterns(card_id: str) -> list[str]:
    """How a card could show in text: its id, and for number and picture cards (each unique in
    the deck) its printed face, e.g. "Lady 7" or "Lady picture 2"."""
    card = deck("default_32")[card_id]
    patterns = [rf"\b{card_id}\b"]
    if card.figure is not None:
        picture = " picture" if card.kind is CardKind.PICTURE else ""
        patterns.append(rf"\b{card.figure.value.capitalize()}{picture} {card.value}\b")
    return patterns


def private_cards_of_others(state: GameState, viewer: int | None) -> set[str]:
    """Cards only their owner may see: hands, unrevealed commitments, face-down discards."""
    others = [p for p in state.players if p.seat != viewer]
    cards = {card for player in others for card in player.hand}
    cards |= {card for seat, card in state.commitments.items() if seat != viewer and seat not in state.revealed}
    cards |= {d.card for d in state.discard if not d.face_up and d.owner != viewer}
    return cards


# -- one sentence per event -----------------------------------------------------------------


def test_every_event_class_has_a_formatter() -> None:
    assert set(FORMATTERS) == set(ALL_EVENT_TYPES)


def test_every_enum_value_events_carry_has_words() -> None:
    assert set(STAGE_WORDS) == set(Stage)
    assert set(END_WORDS) == set(EndReason)
    assert set(PASS_WORDS) == set(PassReason)
    assert set(OUTCOME_WORDS) == set(EffectOutcome)


def test_given_an_event_class_without_formatter_when_described_then_a_loud_error() -> None:
    class Unheard(DomainEvent, frozen=True):
        pass

    with pytest.raises(LookupError, match="Unheard"):
        describe(Unheard(), NAMES)


@pytest.mark.parametrize("cls", ALL_EVENT_TYPES, ids=lambda cls: cls.__name__)
def test_given_any_event_when_described_openly_then_one_plain_line(cls: type[DomainEvent]) -> None:
    text = describe(sample_event(cls), NAMES)

    assert text.strip()
    assert "\n" not in text
    assert "hidden" not in text.lower()
    assert not re.search(r"<|\bNone\b|\w\.[A-Z_]{3,}", text), f"a Python repr in {text!r}"


def test_given_every_event_class_when_described_then_each_sentence_is_in_the_past_tense_as_in_every_game() -> None:
    told = [describe(sample_event(cls), NAMES) for cls in ALL_EVENT_TYPES]
    told += [describe(event_view(sample_event(cls), None, game_ended=False), NAMES) for cls in ALL_EVENT_TYPES]

    assert tense_faults(told) == []  # docs/WIRE.md


@pytest.mark.parametrize("viewer", [0, None])
@pytest.mark.parametrize("cls", ALL_EVENT_TYPES, ids=lambda cls: cls.__name__)
def test_given_any_event_when_described_for_an_outsider_then_no_redacted_value_shows(cls: type[DomainEvent], viewer: int | None) -> None:
    event = sample_event(cls)
    shown = event_view(event, viewer, game_ended=False)

    text = describe(shown, NAMES)

    assert text.strip()
    assert "hidden" not in text.lower()
    redacted = [f for f in event.__struct_fields__ if getattr(event, f) != getattr(shown, f)]
    for field in redacted:
        for secret in texts_in(getattr(event, field)):
            assert secret not in text, f"{field}={secret!r} leaked into {text!r}"


def test_given_a_deal_when_described_for_an_outsider_then_only_the_count_shows() -> None:
    event = CardsDealt(seat=1, cards=("C03", "C17", "C29"))

    assert describe(event_view(event, 0, game_ended=False), NAMES) == "Bob was dealt 3 cards"
    assert describe(event, NAMES) == "Bob was dealt 3 cards: Lady 7 [C03], Lady picture 3 [C17], ? [C29]"


def test_given_a_stone_event_then_the_building_name_and_cell_are_shown() -> None:
    bought = StoneBought(seat=0, building="post", cell=(1, 2), price=300)
    removed = StoneRemoved(by=1, owner=0, building="hotel", cell=(4, 0), cause="duel")

    assert describe(bought, NAMES) == "Anna bought a stone for $300: the Post Office at (1, 2)"
    assert describe(removed, NAMES) == "Bob removed Anna's stone (the duel): the Hotel at (4, 0)"


def test_given_a_seat_without_a_name_when_described_then_the_seat_number_stands_in() -> None:
    bought = StoneBought(seat=7, building="post", cell=(1, 2), price=300)

    assert describe(bought, NAMES[:2]).startswith("seat 8 bought")  # seat 7, counted from 1


def test_given_the_variant_deck_when_a_card_is_described_then_its_face_comes_from_that_deck() -> None:
    played = CardPlayed(seat=0, card="C05")

    assert describe(played, NAMES) == "Anna played Gunman 6 [C05]"
    assert describe(played, NAMES, deck_name="variant_44") == "Anna played Lady 8 [C05]"


# -- whole games ----------------------------------------------------------------------------


def split_narration(lines: list[str]) -> tuple[list[str], list[list[str]]]:
    """Event lines, and the summary block that follows each of them (empty when none does)."""
    event_lines: list[str] = []
    summaries: list[list[str]] = []
    for line in lines:
        if line.startswith(SUMMARY_INDENT):
            summaries[-1].append(line.removeprefix(SUMMARY_INDENT))
        else:
            event_lines.append(line)
            summaries.append([])
    return event_lines, summaries


@pytest.mark.parametrize(("players", "viewer"), [(2, 0), (5, None), (5, 3)])
def test_given_a_finished_game_when_narrated_then_one_line_per_event_and_the_end_is_told(players: int, viewer: int | None) -> None:
    events = play_events(players, f"narrate-{players}")
    assert isinstance(events[-1], GameEnded)

    event_lines, summaries = split_narration(list(narrate(events, viewer, reveal_all=True)))

    assert len(event_lines) == len(events)
    assert [int(line.split()[0]) for line in event_lines] == list(range(1, len(events) + 1))
    assert event_lines[-1].split(maxsplit=1)[1].startswith("The game ended")
    assert summaries[-1][0].startswith("Game over")
    assert all("hidden" not in line.lower() for line in event_lines)


def test_given_a_finished_game_when_narrated_then_summaries_close_each_run_of_turn_stage_and_pass_events() -> None:
    events = play_events(3, "summaries")

    _lines, summaries = split_narration(list(narrate(events, None, reveal_all=True)))

    for index, (event, summary) in enumerate(zip(events, summaries, strict=True)):
        following = events[index + 1] if index + 1 < len(events) else None
        closes_a_run = isinstance(event, SUMMARY_POINTS) and not isinstance(following, SUMMARY_POINTS)
        assert bool(summary) == (closes_a_run or following is None), f"version {event.originator_version}"


@pytest.mark.parametrize(("players", "viewer"), [(3, 0), (4, None), (5, 2)])
def test_given_a_running_game_when_narrated_for_a_seat_then_no_private_card_of_another_seat_shows(players: int, viewer: int | None) -> None:
    events = play_events(players, f"secret-{players}", until=lambda s: s.pass_number == 3)
    # Up to the first reshuffle every card has one history, so a card private now was never shown.
    reshuffles = [i for i, e in enumerate(events) if isinstance(e, DrawPileShuffled) and e.from_discard]
    events = events[: reshuffles[0]] if reshuffles else events
    state = fold(events)
    assert state.status is Status.RUNNING
    secret_cards = private_cards_of_others(state, viewer)
    assert len(secret_cards) >= players - 1

    told = "\n".join(narrate(events, viewer, reveal_all=False))
    revealed = "\n".join(narrate(events, viewer, reveal_all=True))

    for card in secret_cards:
        for pattern in card_patterns(card):
            assert not re.search(pattern, told), f"{card} ({pattern}) shown to {viewer}"
    assert any(re.search(rf"\b{card}\b", revealed) for card in secret_cards)  # the check can see a leak
    assert "hidden" not in told.lower()


# -- the public summary ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_given_a_running_game_when_summarised_then_every_player_and_building_is_named(players: int) -> None:
    events = play_events(players, f"summary-{players}", until=lambda s: s.pass_number == 2 and s.stage is Stage.SETTING_ROUND_2)
    state = fold(events)
    viewer = 1

    summary = public_summary(game_view(state, len(events), viewer))

    text = "\n".join(summary)
    assert len(summary) <= 12
    for player in state.players:
        assert player.name in text
    for building_id in state.buildings:
        assert BUILDINGS[building_id].name in text
    assert text.startswith("Pass 2, setting round 2")


def test_given_a_viewer_when_summarised_then_his_hand_shows_and_no_other_hand_does() -> None:
    events = play_events(4, "hands", until=lambda s: s.stage is Stage.SETTING_ROUND_1)
    state = fold(events)
    viewer = 2

    summary = public_summary(game_view(state, len(events), viewer))

    own_line = next(line for line in summary if line.startswith(state.players[viewer].name))
    assert state.players[viewer].hand
    for card in state.players[viewer].hand:
        assert f"[{card}]" in own_line
    for card in private_cards_of_others(state, viewer):
        assert f"[{card}]" not in "\n".join(summary)
