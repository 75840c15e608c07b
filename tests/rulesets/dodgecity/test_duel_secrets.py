"""What the duel round's automatic moves tell others ([DUEL-COMMIT], [DUEL-CHAIN], [DUEL-NO-INDIAN],
[SEE-PRIVATE]): differential tests of twin games that differ only in one seat's hidden cards.

Seat 0 holds an Indian in one twin and an ordinary card in the other; everything else is the
same, down to the draw pile after the deal (the exchanged card waits on top of it in the other
twin). Every other seat and a spectator must be shown both twins byte for byte alike after every
command: the events it recorded (so the automatic moves happen at the same moments), the view,
the words, and their own legal actions. Games of rules 1.0 still play the old way, which told.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import pytest
from domain.dodgecity.actions import Action, Pass
from domain.dodgecity.rules.versions import RULES_1_0
from domain.dodgecity.ruleset import DODGECITY, RULES_VERSION, DodgeCityGame
from domain.events.dodgecity import DomainEvent, Variants

from tests.builders import BANDIT_5, GUNMAN_5, INDIAN_1, INDIAN_2, LADY_5, LADY_6, QUESTION_1, SHERIFF_5, when
from tests.rulesets.dodgecity.test_duel_round import E05_EXTRA_CARD, duel_game, play_to_duel_round, share

#: What a viewer is shown after a command: the events it recorded, the view, the events in words,
#: and the viewer's legal actions.
Seen = tuple[bytes, bytes, str, bytes]

VIEWERS: tuple[int | None, ...] = (0, 1, 2, None)

#: A command of the script: a seat and its action, or None for its first legal action.
Step = tuple[int, Action | None]


def seen(game: DodgeCityGame, events: Sequence[DomainEvent], viewer: int | None) -> Seen:
    names = [seat.name for seat in game.seats()]
    shown = [DODGECITY.event_view(event, viewer, game_ended=False) for event in events]
    return (
        msgspec.json.encode(shown),
        msgspec.json.encode(game.view(viewer)),
        " ".join(DODGECITY.describe(event, names, game.state.variants) for event in shown),
        msgspec.json.encode([] if viewer is None else game.legal_actions(viewer)),
    )


def watched(game: DodgeCityGame, script: Sequence[Step]) -> dict[int | None, list[Seen]]:
    """What every viewer is shown after each command: the setting rounds, then ``script``."""
    shown: dict[int | None, list[Seen]] = {viewer: [] for viewer in VIEWERS}

    def record(events: Sequence[DomainEvent]) -> None:
        for viewer in VIEWERS:
            shown[viewer].append(seen(game, events, viewer))

    record(play_to_duel_round(game))
    for seat, action in script:
        record(when(game, seat, game.legal_actions(seat)[0] if action is None else action))
    assert game.state.pass_number == 2  # the duel round is over and the next pass dealt
    return shown


def first_difference(mine: list[Seen], theirs: list[Seen]) -> str | None:
    aspects = ("events", "view", "words", "legal actions")
    for command, (one, other) in enumerate(zip(mine, theirs, strict=True)):
        for aspect, a, b in zip(aspects, one, other, strict=True):
            if a != b:
                return f"{aspect} after command {command}:\n{a!r}\n{b!r}"
    return None


def forced_indian_twins(rules_version: str) -> tuple[DodgeCityGame, DodgeCityGame]:
    """Seat 0's last card is an Indian, so a forced Indian, or Lady 5; seats 0 and 1 share the
    Saloon, so seat 0 could challenge; a player may pass ([VAR] ``challenge_optional``)."""
    twins = []
    for duel_card, on_top in ((INDIAN_1, LADY_5), (LADY_5, INDIAN_1)):
        game = duel_game(
            {0: duel_card, 1: GUNMAN_5, 2: SHERIFF_5},
            draw_next=[on_top],
            variants=Variants(challenge_optional=True),
            rules_version=rules_version,
        )
        share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
        twins.append(game)
    return twins[0], twins[1]


#: Seat 0's two cards in the duel round, and the card on top of the draw pile after them: the
#: same three cards in either twin, so everything else is the same.
TwoCards = tuple[str, str, str]
#: Only Indians, or an Indian and one other card: either way only one kind of card may be
#: committed, which rules 1.0 committed at once.
ALL_INDIANS: TwoCards = (INDIAN_1, INDIAN_2, LADY_6)
INDIAN_AND_LADY: TwoCards = (INDIAN_1, LADY_6, INDIAN_2)
#: The same Indian and Lady, their twin without an Indian (two Ladies: a free choice).
INDIAN_AND_LADY_6: TwoCards = (INDIAN_1, LADY_6, LADY_5)
TWO_LADIES: TwoCards = (LADY_5, LADY_6, INDIAN_1)


def two_card_hand_game(cards: TwoCards, rules_version: str) -> DodgeCityGame:
    """Seat 0 reaches the duel round with two cards (the second drawn for a "?" event); seats 0
    and 1 share the Saloon; a player may pass."""
    duel_card, drawn, on_top = cards
    game = duel_game(
        {0: duel_card, 1: GUNMAN_5, 2: SHERIFF_5},
        setting={0: (QUESTION_1, BANDIT_5)},
        events=[E05_EXTRA_CARD],
        draw_next=[drawn, on_top],
        variants=Variants(challenge_optional=True),
        rules_version=rules_version,
    )
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    return game


#: Seat 0 passes its turn in the chain (its only answer when holding a forced Indian), so does
#: seat 1; seat 2 shares nothing and passes for want of an opponent.
CHAIN_PASSES: list[Step] = [(0, Pass()), (1, Pass())]


@pytest.mark.rule("DUEL-NO-INDIAN")
@pytest.mark.rule("DUEL-CHAIN")
@pytest.mark.rule("SEE-PRIVATE")
def test_DUEL_NO_INDIAN_given_twins_differing_only_in_a_forced_indian_when_the_chain_runs_then_others_and_spectators_see_them_byte_for_byte_alike() -> (
    None
):
    indian, lady = forced_indian_twins(RULES_VERSION)
    assert indian.state.variants.challenge_optional

    with_indian, with_lady = watched(indian, CHAIN_PASSES), watched(lady, CHAIN_PASSES)

    assert first_difference(with_indian[0], with_lady[0]) is not None  # the twins really differ
    for viewer in (1, 2, None):
        assert first_difference(with_indian[viewer], with_lady[viewer]) is None, viewer


@pytest.mark.rule("DUEL-COMMIT")
@pytest.mark.rule("DUEL-NO-INDIAN")
@pytest.mark.rule("SEE-PRIVATE")
@pytest.mark.parametrize(
    ("one", "other"),
    [(ALL_INDIANS, INDIAN_AND_LADY), (INDIAN_AND_LADY_6, TWO_LADIES)],
    ids=["indians-or-indian-and-lady", "indian-and-lady-or-two-ladies"],
)
def test_DUEL_COMMIT_given_twins_differing_only_in_an_indian_in_a_two_card_hand_when_the_duel_round_runs_then_others_and_spectators_see_them_byte_for_byte_alike(
    one: TwoCards, other: TwoCards
) -> None:
    script: list[Step] = [(0, None), *CHAIN_PASSES]  # seat 0 commits the first card it may

    seen_one = watched(two_card_hand_game(one, RULES_VERSION), script)
    seen_other = watched(two_card_hand_game(other, RULES_VERSION), script)

    assert first_difference(seen_one[0], seen_other[0]) is not None  # the twins really differ
    for viewer in (1, 2, None):
        assert first_difference(seen_one[viewer], seen_other[viewer]) is None, viewer


@pytest.mark.rule("DUEL-NO-INDIAN")
def test_DUEL_NO_INDIAN_given_twin_games_of_rules_1_0_when_the_chain_reaches_the_forced_indian_then_they_still_play_the_old_way_and_others_tell_them_apart() -> (
    None
):
    indian, lady = forced_indian_twins(RULES_1_0)
    # 1.0 passed the forced Indian over by itself, so seat 0 is asked in one twin only.
    with_indian = watched(indian, [(1, Pass())])
    with_lady = watched(lady, CHAIN_PASSES)

    assert indian.state.rules_version == lady.state.rules_version == RULES_1_0
    for viewer in (1, 2, None):
        assert first_difference(with_indian[viewer][:1], with_lady[viewer][:1]) is not None


@pytest.mark.rule("DUEL-COMMIT")
def test_DUEL_COMMIT_given_twin_games_of_rules_1_0_when_the_duel_round_begins_then_an_indian_and_one_other_card_is_still_committed_at_once_and_others_tell_them_apart() -> (
    None
):
    # 1.0 committed the hand of an Indian and Lady 6 at once, and asked the seat with two Ladies.
    committed_at_once = watched(two_card_hand_game(INDIAN_AND_LADY_6, RULES_1_0), CHAIN_PASSES)
    asked = watched(two_card_hand_game(TWO_LADIES, RULES_1_0), [(0, None), *CHAIN_PASSES])

    for viewer in (1, 2, None):
        assert first_difference(committed_at_once[viewer][:1], asked[viewer][:1]) is not None
